# Databricks notebook source
# Shared setup for the ingestion notebooks
LANDING = "/landing/events"

def append_events(df, table):
    df.write.mode("append").saveAsTable(table)
