# A helper that writes the DataFrame it is given: judged at each call.


def export_by_day(df, target):
    df.write.partitionBy("export_date").parquet(target)
