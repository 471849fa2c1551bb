# Helpers that give back the DataFrame they are handed, shaped; the job
# that writes what they give back is returned_job.py.
from pyspark.sql import functions as F

from returned_deep import stamp


def add_timestamp_column(df):
    return df.withColumn("import_timestamp", F.current_timestamp())


def few(df):
    return df.coalesce(2)


def by_date(df):
    return df.repartition("import_date")


def dated(df, today):
    return df.withColumn("import_date", F.lit(today))


def with_dims(df, dims):
    return df.join(dims, "id")


def stamped(df):
    # a helper of a third module, then a step of its own
    return stamp(df).withColumn("source", F.lit("api"))


def spread_out(df):
    return stamp(df.repartition(8))


def landed(spark):
    return spark.read.json("s3://landing/other/").select("id", "day")
