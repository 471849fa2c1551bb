import os

events = spark.read.table("raw.events")
keys = os.environ["PARTITION_KEYS"].split(",")

# open-source Delta leaves optimized writes off: the columns need not be known
events.write.format("delta").mode("append").partitionBy(*keys).save("/data/lake/by_keys")  # want: LL104 "delta write by `\*keys` without a shuffle \(open-source Delta"

# near misses: turned on by the write, or repartitioned first
events.write.format("delta").option("optimizeWrite", "true").partitionBy(*keys).save("/data/lake/on")
events.repartition(*keys).write.format("delta").partitionBy(*keys).save("/data/lake/shuffled")
