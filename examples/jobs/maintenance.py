"""Weekly maintenance of the sales tables."""
from delta.tables import DeltaTable
from pyspark.sql import SparkSession

spark = SparkSession.builder.appName("maintenance").getOrCreate()

# Someone needed space back quickly, once, and the settings stayed.
spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")

orders = DeltaTable.forName(spark, "main.sales.orders")
orders.optimize().executeCompaction()
orders.vacuum(24)

DeltaTable.forName(spark, "main.sales.customer_profiles").vacuum()
