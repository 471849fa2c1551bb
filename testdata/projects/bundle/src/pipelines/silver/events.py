import dlt

@dlt.table
def silver():
    return dlt.read_stream("bronze")
