# Databricks notebook source
spark.read.table("lake.events").write.mode("append").saveAsTable("lake.enriched")
