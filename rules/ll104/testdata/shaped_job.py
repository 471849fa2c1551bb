from shaped_lib import few, stamped

landed = spark.read.json("s3://landing/events/")
# what a helper of another module gives back is judged with its steps: a
# coalesce to a count, a partition column given one value, leave it alone
few(landed).write.mode("append").partitionBy("day").parquet("s3://raw/few/")
stamped(landed)[["id", "import_date"]].write.mode("append").partitionBy("import_date").parquet("s3://raw/stamped/")
# a join after it reshapes the rows again: judged
few(landed).join(spark.read.parquet("s3://raw/dims/"), "id").write.mode("append").partitionBy("day").parquet("s3://raw/joined/")  # want: LL104
# df[[cols]] of the file's own DataFrame keeps its history
landed[["id", "day"]].write.mode("append").partitionBy("day").parquet("s3://raw/picked/")  # want: LL104
