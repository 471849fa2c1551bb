# Databricks notebook source
# MAGIC %md Upserts from Kafka through a writer class, in a notebook

# COMMAND ----------

from delta.tables import DeltaTable


class Merger:
    def __init__(self, table, trigger="2 seconds"):  # want: LL201 "a trigger of `2 seconds`"
        self.table = table
        self.trigger = trigger

    def merge(self, batch_df, batch_id):
        (DeltaTable.forName(spark, self.table).alias("t")
            .merge(batch_df.alias("s"), "t.id = s.id")
            .whenMatchedUpdateAll()
            .execute())

    def start(self, stream):
        return stream.writeStream.foreachBatch(self.merge).trigger(processingTime=self.trigger).start()

# COMMAND ----------

updates = spark.readStream.format("kafka").option("subscribe", "orders").load()
Merger("main.sales.orders").start(updates)
Merger("main.sales.orders_slow", trigger="10 minutes").start(updates)
Merger("main.sales.orders_fast", "1 second").start(updates)  # want: LL201 "a trigger of `1 second` passed to a stream into main.sales.orders_fast \(through self.merge\)"
updates.writeStream.foreachBatch(lambda df, i: Merger("main.sales.orders_l").merge(df, i)).trigger(processingTime="3 seconds").start()  # want: LL201 "main.sales.orders_l"
