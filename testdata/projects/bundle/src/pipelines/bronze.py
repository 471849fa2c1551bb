import dlt

@dlt.table
def bronze():
    return spark.readStream.table("raw.events")
