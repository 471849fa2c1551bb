"""Writer helpers of the same file that hand the micro-batches on."""


def append_batch(batch_df, batch_id):
    batch_df.write.format("delta").mode("append").saveAsTable("main.raw.appended")


def merge_batch(batch_df, batch_id):
    batch_df.write.format("delta").mode("append").saveAsTable("main.raw.merged")


def appending(w):
    return w.option("checkpointLocation", "/chk/appended").foreachBatch(append_batch)


def handing_to(w, fn):
    return w.option("checkpointLocation", "/chk/handed").foreachBatch(fn)


def run(events):
    appending(events.writeStream).start()  # want: LL202 "main.raw.appended .through append_batch. sets no trigger"
    handing_to(events.writeStream, merge_batch).start()  # want: LL202 "main.raw.merged .through merge_batch. sets no trigger"
    # near misses: the caller sets the trigger, before or after the helper
    appending(events.writeStream).trigger(availableNow=True).start()
    handing_to(events.writeStream.trigger(availableNow=True), merge_batch).start()
