# A helper that gives back the DataFrame it is handed, repartitioned;
# returned_job.py writes what it gives back.


def spread(df):
    return df.repartition(8)
