"""Sessions that a helper of another module sets up."""
from conf.sessions import compacting, not_compacting

events = spark.readStream.format("kafka").option("subscribe", "clicks").load()

# negative: the helper turns auto compaction on before the stream starts
compacting(spark)
events.writeStream.trigger(processingTime="10 seconds").start("/mnt/lake/helped")

# positive: this helper turns it off
not_compacting(spark)
events.writeStream.trigger(processingTime="10 seconds").start("/mnt/lake/unhelped")  # want: LL406 "/mnt/lake/unhelped is written often"
