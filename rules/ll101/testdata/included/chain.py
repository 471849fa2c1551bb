# Databricks notebook source
# MAGIC %run ./optimized
