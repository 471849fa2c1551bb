# Partitioned Delta tables created from Python — é, 日本
from delta.tables import DeltaTable
import dlt

(DeltaTable.createIfNotExists(spark)
    .tableName("main.sales.returns")
    .addColumn("return_date", "DATE")
    .partitionedBy("return_date")  # want: LL304 "CLUSTER BY \(return_date\)"
    .execute())
spark.read.table("main.raw.refunds").writeTo("main.sales.refunds").partitionedBy("refund_date").create()  # want: LL304


@dlt.table(name="main.sales.discounts", partition_cols=["discount_date"])  # want: LL304
def discounts():
    return spark.readStream.table("main.raw.discounts")


# negatives: clustered, and a plain file format
(DeltaTable.createIfNotExists(spark)
    .tableName("main.sales.returns_clustered")
    .addColumn("return_date", "DATE")
    .clusterBy("return_date")
    .execute())
spark.read.table("main.raw.refunds").writeTo("main.sales.refunds_parquet").using("parquet").partitionedBy("refund_date").create()
