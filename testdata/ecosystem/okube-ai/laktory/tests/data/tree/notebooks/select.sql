-- Databricks notebook source
SELECT * FROM some_table
