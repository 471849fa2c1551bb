"""Write helpers that funnel what they are given, called by writer_job.py."""


def to_files(df, target, file_format):
    # the format is the caller's: judged at each call
    df.coalesce(1).write.partitionBy("year").mode("append").format(file_format).save(target)


def to_parquet(df, target):
    df.coalesce(1).write.mode("append").parquet(target)  # want: LL102 "all of the target given as `target`"


def export(df, target, file_format):
    df.coalesce(1).write.mode("overwrite").format(file_format).save(target)
