# Iceberg tables get Iceberg's remedies: it has no liquid clustering.
spark.sql("CREATE TABLE IF NOT EXISTS lake.iot.security_events (id STRING, site STRING, zone STRING, kind STRING, grade STRING, day DATE) USING iceberg PARTITIONED BY (site, zone, kind, grade)")  # want: LL103 "partitioned by 4 columns .*; keep one date-level column or use an Iceberg transform$"
# the parts of a date make one directory per hour, as one column would
spark.sql("CREATE TABLE IF NOT EXISTS lake.iot.hourly (id STRING, year INT, month INT, day INT, hour INT) USING iceberg PARTITIONED BY (year, month, day, hour)")

events = spark.table("lake.iot.raw")
events.writeTo("lake.iot.by_device").using("iceberg").partitionedBy("device_id").create()  # want: LL103 "use an Iceberg transform \(bucket\(16, device_id\)"
events.write.format("iceberg").partitionBy("device_id").save("lake.iot.by_device2")  # want: LL103 "bucket\(16, device_id\)"

# near misses: a Delta table keeps liquid clustering as its remedy, and a date is fine
events.write.format("delta").partitionBy("device_id").saveAsTable("lake.iot.delta_by_device")  # want: LL103 "liquid clustering \(CLUSTER BY device_id\)"
events.writeTo("lake.iot.by_day").using("iceberg").partitionedBy("event_date").create()
# partition transforms: a day, an hour or a bucket of a column has few values
from pyspark.sql.functions import bucket, days, hours

events.writeTo("lake.iot.daily").using("iceberg").partitionedBy(days("event_timestamp")).create()
events.writeTo("lake.iot.hourly2").using("iceberg").partitionedBy(hours("event_ts"), bucket(16, "device_id")).create()
events.writeTo("lake.iot.daily2").using("iceberg").partitionedBy("days(event_timestamp)").create()
events.writeTo("lake.iot.raw_ts").using("iceberg").partitionedBy("event_timestamp").create()  # want: LL103 "event_timestamp"
