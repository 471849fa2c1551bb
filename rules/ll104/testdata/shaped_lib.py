# Helpers that give back the DataFrame they are handed, shaped.
from pyspark.sql import functions as F


def few(df):
    return df.coalesce(2)


def stamped(df):
    return df.withColumn("import_date", F.lit("20250101"))
