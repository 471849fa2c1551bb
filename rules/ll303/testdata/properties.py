# Table properties set from Python — é, 日本
from delta.tables import DeltaTable
import dlt

(DeltaTable.create(spark)
    .tableName("main.sales.builder_off")
    .addColumn("id", "BIGINT")
    .property("delta.autoOptimize.autoCompact", "false")  # want: LL303
    .execute())
spark.read.table("main.raw.orders").writeTo("main.sales.writer_off").tableProperty("delta.autoOptimize.optimizeWrite", "false").create()  # want: LL303


@dlt.table(name="main.sales.pipeline_off", table_properties={"delta.autoOptimize.autoCompact": "false"})  # want: LL303
def pipeline_off():
    return spark.readStream.table("main.raw.orders")


# negatives
(DeltaTable.create(spark)
    .tableName("main.sales.builder_on")
    .property("delta.autoOptimize.autoCompact", "true")
    .execute())
spark.read.table("main.raw.orders").writeTo("main.sales.writer_on").tableProperty("delta.appendOnly", "false").create()
