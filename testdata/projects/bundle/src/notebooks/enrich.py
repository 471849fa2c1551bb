# Databricks notebook source
df = spark.read.table("main.silver.events")
df.write.mode("append").saveAsTable("main.gold.enriched")
