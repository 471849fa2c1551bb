from delta.tables import DeltaTable
import dlt

(DeltaTable.createIfNotExists(spark)  # want: LL301
    .tableName("main.sales.built")
    .addColumn("id", "BIGINT")
    .execute())

spark.sql("CREATE TABLE main.sales.embedded (id BIGINT) USING DELTA")  # want: LL301

spark.conf.set("spark.databricks.delta.properties.defaults.autoOptimize.optimizeWrite", "true")
spark.conf.set("spark.databricks.delta.properties.defaults.autoOptimize.autoCompact", "true")
spark.sql("CREATE TABLE main.sales.defaulted (id BIGINT)")


@dlt.table(name="main.sales.pipeline")
def pipeline():
    return spark.readStream.table("main.raw.events")
