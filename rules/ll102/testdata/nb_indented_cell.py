# Databricks notebook source
events = spark.read.table("main.raw.events")

# COMMAND ----------

  # a cell whose first line is indented: IPython takes the indentation off
  daily = events.where("day = current_date()")
  daily.coalesce(1).write.mode("append").saveAsTable("main.web.daily")  # want: LL102

# COMMAND ----------

 recent = spark.sql("""
 select * from main.raw.events where day > current_date() - 7
 """)

recent.coalesce(1).write.mode("append").saveAsTable("main.web.recent")  # want: LL102
