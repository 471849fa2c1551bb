"""Writer helpers that hand the micro-batches to a function."""


def append_batch(batch_df, batch_id):
    batch_df.write.format("delta").mode("append").saveAsTable("main.raw.appended")


def log_batch(batch_df, batch_id):
    print(batch_id, batch_df.count())


def appending(w):
    return w.option("checkpointLocation", "/chk/appended").foreachBatch(append_batch)


def logging(w):
    return w.foreachBatch(log_batch)


def handing_to(w, fn):
    return w.option("checkpointLocation", "/chk/handed").foreachBatch(fn)
