"""Streams on open-source Delta; maintenance.sql, maint.py and other.py hold the rest."""
from delta.tables import DeltaTable

events = spark.readStream.format("kafka").option("subscribe", "clicks").load()

# positives: nothing compacts these tables
events.writeStream.format("delta").trigger(processingTime="10 seconds").start("/mnt/lake/clicks")  # want: LL406 "/mnt/lake/clicks is written often \(up to 8,640 commits a day, a trigger of 10 seconds\) and never compacted"
events.writeStream.toTable("main.web.views")  # want: LL406 "no trigger: a micro-batch as soon as the last ends.*run OPTIMIZE main.web.views on a schedule"
events.writeStream.trigger(processingTime="59 minutes").toTable("main.web.hourly_ish")  # want: LL406 "up to 24 commits a day"


def upsert(batch, batch_id):
    (DeltaTable.forPath(spark, "/mnt/lake/upserts").alias("t")
        .merge(batch.alias("s"), "t.id = s.id").whenMatchedUpdateAll().execute())  # want: LL406 "up to 2,880 commits a day, a foreachBatch function of a stream with a trigger of 30 seconds"


events.writeStream.foreachBatch(upsert).trigger(processingTime="30 seconds").start()

# negatives: compacted somewhere in the project, or not frequent, or not Delta
events.writeStream.trigger(processingTime="10 seconds").start("/mnt/lake/optimized")  # OPTIMIZE in maintenance.sql
events.writeStream.trigger(processingTime="10 seconds").start("/mnt/lake/dt")  # DeltaTable.optimize() in maint.py
events.writeStream.trigger(processingTime="10 seconds").start("/mnt/lake/rs")  # delta-rs compact() in maint.py
events.writeStream.trigger(processingTime="10 seconds").toTable("main.web.compacted")  # its definition compacts
events.writeStream.trigger(availableNow=True).start("/mnt/lake/scheduled")
events.writeStream.trigger(processingTime="1 hour").start("/mnt/lake/hourly")
events.writeStream.format("parquet").trigger(processingTime="10 seconds").start("/mnt/lake/pq")
spark.read.table("main.web.raw").write.mode("append").save("/mnt/lake/batch")
