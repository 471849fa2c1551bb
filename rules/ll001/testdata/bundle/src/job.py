spark.range(10).write.format("delta").mode("append").save("/mnt/lake/x")
