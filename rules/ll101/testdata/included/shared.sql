-- Databricks notebook source
SET spark.databricks.delta.autoCompact.enabled = true;
