# Databricks notebook source
# the session settings the loop notebooks apply: a dict, set by nothing here
SPARK_SETTINGS = {
    "spark.databricks.delta.optimizeWrite.enabled": "true",
    "spark.sql.shuffle.partitions": "64",
}
