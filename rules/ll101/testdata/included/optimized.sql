-- Databricks notebook source
SET spark.databricks.delta.optimizeWrite.enabled = true;
