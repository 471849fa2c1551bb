import dlt

events = spark.read.table("main.raw.events")
events.write.partitionBy("user_id").saveAsTable("main.web.events")  # want: LL103 "user_id"
events.write.partitionBy("event_date", "event_ts").parquet("/mnt/lake/e")  # want: LL103 "event_ts"
events.write.partitionBy(["country", "device", "channel", "year", "month"]).saveAsTable("main.web.deep")  # want: LL103 "5 columns"
events.write.saveAsTable("main.web.kw", partitionBy=["session_id"])  # want: LL103
events.writeTo("main.web.v2").partitionedBy("created_at").create()  # want: LL103
# a camelCase schema (Scala and Java pipelines name columns so)
events.write.partitionBy("studyLocusId").parquet("/mnt/lake/loci")  # want: LL103 "studyLocusId"

(DeltaTable.create(spark)
    .tableName("main.web.built")
    .addColumn("email", "STRING")
    .partitionedBy("email")  # want: LL103
    .execute())


@dlt.table(partition_cols=["device_uuid"])  # want: LL103
def devices():
    return spark.readStream.table("main.raw.devices")


# negatives
events.write.partitionBy("event_date", "country").saveAsTable("main.web.ok")
events.write.partitionBy("year", "month").saveAsTable("main.web.ok2")
# a date split into its parts is one key, beside a small one
events.write.partitionBy("source", "year", "month", "day", "hour").saveAsTable("main.web.hourly")
events.write.partitionBy("import_year", "import_month", "import_day", "import_date").parquet("/mnt/lake/imports")
events.write.partitionBy("eventDate", "countryId").parquet("/mnt/lake/camel_ok")
cols = partition_columns_from_config()
events.write.partitionBy(*cols).saveAsTable("main.web.dynamic")
events.repartition("user_id").write.saveAsTable("main.web.ok3")
rdd = events.rdd.partitionBy(10, lambda k: hash(k))

# the key of a small dimension has as few values as the dimension
emps.write.partitionBy("department_id").parquet("/data/emps_by_dept")
# and so has what a platform runs: its pipelines and jobs, but not their runs
audit.write.partitionBy("pipeline_id").parquet("/data/audit_by_pipeline")
audit.write.partitionBy("job_id", "stage").parquet("/data/audit_by_job")
audit.write.partitionBy("job_run_id").parquet("/data/audit_by_run")  # want: LL103 "`job_run_id`"
