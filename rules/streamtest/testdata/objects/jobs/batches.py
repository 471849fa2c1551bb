"""foreachBatch functions given as lambdas, partials and parameters."""
import functools
from functools import partial

updates = spark.readStream.format("kafka").option("subscribe", "order-updates").load()


def append_to(batch_df, batch_id, table):
    batch_df.write.format("delta").mode("append").saveAsTable(table)


def to_kafka(batch_df, batch_id, topic):
    batch_df.write.format("kafka").option("topic", topic).save()


def squeeze_into(batch_df, batch_id, table):
    batch_df.coalesce(1).write.format("delta").mode("append").saveAsTable(table)  # want: LL102 "makes one task write all of the target"


updates.writeStream.foreachBatch(lambda df, i: append_to(df, i, "main.sales.audit")).option("checkpointLocation", "/chk/l").start()  # want: LL202 "main.sales.audit \(through append_to\)" LL302 "main.sales.audit makes a commit per micro-batch"
updates.writeStream.foreachBatch(functools.partial(append_to, table="main.sales.audit")).trigger(processingTime="10 seconds").start()  # want: LL201 "main.sales.audit \(through append_to\)" LL302 "8,640 commits a day"
updates.writeStream.foreachBatch(partial(squeeze_into, table="main.sales.squeezed")).trigger(availableNow=True).start()
updates.writeStream.foreachBatch(lambda df, i: to_kafka(df, i, "echo")).trigger(processingTime="1 second").start()
updates.writeStream.foreachBatch(partial(to_kafka, topic="echo")).start()
updates.writeStream.foreachBatch(lambda df, i: print(i)).start()


def start(stream, fn):
    return stream.writeStream.foreachBatch(fn).trigger(processingTime="30 seconds").start()  # want: LL201 "main.sales.audit \(through fn\)" LL302 "2,880 commits a day"


start(updates, functools.partial(append_to, table="main.sales.audit"))
start(updates, partial(to_kafka, topic="echo"))


def write_partitioned(df, cols):
    df.write.partitionBy(*cols).saveAsTable("main.web.by_cols")


def run(df, sink, cols):
    sink(df, cols)


events = spark.read.table("main.raw.events")
run(events, write_partitioned, ["user_id"])  # want: LL103 "user_id"
run(events, write_partitioned, ["event_date"])
