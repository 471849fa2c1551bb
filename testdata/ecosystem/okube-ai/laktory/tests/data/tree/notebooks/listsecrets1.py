# Databricks notebook source
dbutils.secrets.listScopes()
