# The stream that commits into main.web.orders_silver writes through
# foreachBatch, so the project has only this batch write to the table.
def upsert(batch, epoch_id):
    batch.write.mode("append").saveAsTable("main.web.orders_silver")  # want: LL903 "if this write runs inside the stream \(foreachBatch\), enable optimized writes and enable auto compaction"


spark.readStream.table("main.web.orders_bronze").writeStream.foreachBatch(upsert).start()
