"""The project root is this directory: ../conf/spark-defaults.conf is not in
its tree, so its settings are not this job's, and nothing is reported there."""
spark.range(10).write.format("delta").mode("append").save("/mnt/lake/outside")
