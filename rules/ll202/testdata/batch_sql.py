"""foreachBatch functions that write through SQL or module-level tables."""
from delta.tables import DeltaTable

spark.sql("CREATE TABLE IF NOT EXISTS main.sales.batch_audit (id BIGINT) USING DELTA")
spark.sql("CREATE TABLE IF NOT EXISTS main.sales.batch_audit2 (id BIGINT) USING DELTA")
orders = DeltaTable.forName(spark, "main.sales.batch_orders")


def merge_sql(batch_df, batch_id):
    batch_df.createOrReplaceTempView("updates")
    batch_df.sparkSession.sql("MERGE INTO main.sales.batch_orders t USING updates s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *")


def insert_jvm(batch_df, batch_id):
    batch_df._jdf.sparkSession().sql("INSERT INTO main.sales.batch_audit SELECT * FROM updates")


def insert_global(batch_df, batch_id):
    spark.sql("INSERT INTO main.sales.batch_audit2 SELECT * FROM updates")


def merge_global(batch_df, batch_id):
    orders.alias("t").merge(batch_df.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute()


def only_reads(batch_df, batch_id):
    spark.sql("SELECT count(*) FROM main.sales.batch_orders").collect()


source = spark.readStream.table("main.raw.batch_events")
source.writeStream.foreachBatch(merge_sql).start()  # want: LL202 "main.sales.batch_orders \(through merge_sql\)"
source.writeStream.foreachBatch(insert_jvm).start()  # want: LL202 "main.sales.batch_audit \(through insert_jvm\)"
source.writeStream.foreachBatch(insert_global).start()  # want: LL202 "main.sales.batch_audit2"
source.writeStream.foreachBatch(merge_global).start()  # want: LL202 "through merge_global"

# near misses: a trigger is set; the function writes nothing
source.writeStream.foreachBatch(merge_sql).trigger(availableNow=True).start()
source.writeStream.foreachBatch(only_reads).start()
