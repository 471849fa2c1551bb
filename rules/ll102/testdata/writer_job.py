from writer_lib import export, to_files, to_parquet

events = spark.read.json("s3://landing/events/")
to_files(events, "s3://lake/events/", "parquet")  # want: LL102 "in the helper this call runs \(line 6 of .*writer_lib.py\) makes one task write all of s3://lake/events/"

# near misses: the helper's own write is judged in the helper, once; an
# overwrite replaces; a format meant to land as one file
to_parquet(events, "s3://lake/parquet/")
export(events, "s3://lake/export/", "parquet")
to_files(events, "s3://lake/csv/", "csv")
