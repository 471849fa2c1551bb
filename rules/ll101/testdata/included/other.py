# Databricks notebook source
# negative: a notebook that does not %run the setup has no such setting
df.repartition(32).write.format("delta").mode("append").saveAsTable("main.sales.other")
