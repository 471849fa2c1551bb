# Partition columns filled with a value new on every run.
import uuid
from uuid import uuid4

from deltalake import write_deltalake
from pyspark.sql import functions as F

schedule_id = uuid4().hex
pdf["schedule_id"] = schedule_id
write_deltalake("s3://lake/schedules", pdf, partition_by=["schedule_id", "run_date"], mode="append")  # want: LL103 "`schedule_id` .* takes a new value on every run \(a uuid, line 8\)"

batch = str(uuid.uuid4())
runs = spark.read.table("main.raw.runs").withColumn("batch", F.lit(batch))
runs.write.partitionBy("batch").mode("append").saveAsTable("main.ops.runs")  # want: LL103 "`batch` .* new value on every run"

# near misses: a uuid5 is the same for the same name, and a per-run value
# kept as a column but not partitioned by
tenant = uuid.uuid5(uuid.NAMESPACE_DNS, "acme").hex
tagged = spark.read.table("main.raw.runs").withColumn("tenant", F.lit(tenant)).withColumn("load_id", F.lit(batch))
tagged.write.partitionBy("tenant", "run_date").mode("append").saveAsTable("main.ops.tagged")
