# A helper the helpers of returned_lib.py call.
from pyspark.sql import functions as F


def stamp(df):
    return df.withColumn("stamp", F.current_timestamp())
