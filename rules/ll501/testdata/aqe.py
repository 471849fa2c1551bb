from pyspark.sql import SparkSession

spark = (SparkSession.builder
         .appName("nightly")
         .config("spark.sql.adaptive.enabled", "false")  # want: LL501
         .getOrCreate())
spark.conf.set("spark.sql.adaptive.enabled", False)  # want: LL501
spark.conf.set("spark.sql.adaptive.enabled", "true")
spark.conf.set("spark.sql.shuffle.partitions", "64")
# Spark reads keys as written: this sets a key nothing reads (LL502 says so)
spark.conf.set("spark.sql.Adaptive.enabled", "false")
