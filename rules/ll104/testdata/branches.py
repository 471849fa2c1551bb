"""Ways through the code that repartition on one arm only say when the write goes unshuffled."""
from pyspark.sql import functions as F

df = spark.read.table("raw.events")
if big:
    df = df.repartition("event_date")
df.write.mode("append").partitionBy("event_date").parquet("/lake/a")  # want: LL104 "without a shuffle by event_date when `big` is false"

g = spark.read.table("raw.events")
if not small:
    g = g.repartition(F.col("event_date"))
else:
    g = g.filter("amount > 0")
g.write.mode("append").partitionBy("event_date").parquet("/lake/b")  # want: LL104 "by event_date when `small` is true"

# the other way repartitions by another column: no way shuffles by the
# partition column, so the message names no condition
e = spark.read.table("raw.events")
if big:
    e = e.repartition("customer_id")
e.write.mode("append").partitionBy("event_date").parquet("/lake/c")  # want: LL104 "by event_date: every task"

# near misses: both ways repartition by it; one way to a count
both = spark.read.table("raw.events")
if big:
    both = both.filter("amount > 0").repartition("event_date")
else:
    both = both.repartition("event_date")
both.write.mode("append").partitionBy("event_date").parquet("/lake/d")
counted = spark.read.table("raw.events")
if big:
    counted = counted.coalesce(8)
counted.write.mode("append").partitionBy("event_date").parquet("/lake/e")
mixed = spark.read.table("raw.events")
if big:
    mixed = mixed.repartition("event_date")
else:
    mixed = mixed.repartition("customer_id")
mixed.write.mode("append").partitionBy("event_date").parquet("/lake/f")  # want: LL104 "by event_date: every task"
