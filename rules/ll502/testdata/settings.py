from pyspark.sql import SparkSession

spark = SparkSession.builder.getOrCreate()
spark.conf.set("spark.databricks.delta.optimizeWrites.enabled", "true")  # want: LL502 "did you mean `spark.databricks.delta.optimizeWrite.enabled`"
spark.conf.set("spark.databricks.delta.autocompact.enable", "true")  # want: LL502 "autoCompact.enabled"
spark.conf.set("databricks.delta.optimizeWrite.enabled", "true")  # want: LL502 "lacks the key's prefix"
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
spark.conf.set("spark.sql.shuffle.partitions", "64")
spark.conf.set("spark.app.name", "x")  # a real key lakelint does not read: not reported
spark.conf.set("fs.azure.account.key.lake.dfs.core.windows.net", "k")


class Writer:
    def __init__(self, spark):
        self.spark = spark

    def tune(self):
        # the helper's f-string kept its own attribute name in the key
        self.spark.sql("SET self.spark.databricks.delta.optimizeWrite.enabled = true")  # want: LL502 "stray prefix"


# Spark reads keys as written: case and blanks make another key
spark.conf.set("spark.Sql.shuffle.partitions", 200)  # want: LL502 "differs in case: did you mean `spark.sql.shuffle.partitions`"
spark.conf.set("spark.Sql.streaming.noDataMicroBatches.enabled ", "false")  # want: LL502 "blanks included"
spark.conf.set("spark.sql.streaming.noDataMicroBatches.enabled", "false")
# a properties default names a Delta property, or gives no default
spark.conf.set("spark.databricks.delta.properties.defaults.optimizedWrite", "true")  # want: LL502 "no Delta table property, so it gives new tables no default: did you mean `spark.databricks.delta.properties.defaults.autoOptimize.optimizeWrite`"
spark.conf.set("spark.databricks.delta.properties.defaults.autoOptimize.optimizeWrite", "true")
spark.conf.set("spark.databricks.delta.properties.defaults.enableChangeDataFeed", "true")  # a property lakelint does not read
spark.conf.set("spark.databricks.delta.properties.defaults.targetFileSize", "128mb")
