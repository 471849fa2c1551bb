"""Streams whose micro-batches a helper of another module hands on."""
from pkg.batch_helpers import appending, handing_to, logging


def merge_batch(batch_df, batch_id):
    batch_df.write.format("delta").mode("append").saveAsTable("main.raw.merged")


def run(events):
    appending(events.writeStream).start()  # want: LL202 "main.raw.appended .through append_batch. sets no trigger"
    handing_to(events.writeStream, merge_batch).start()  # want: LL202 "main.raw.merged .through merge_batch. sets no trigger"
    # near misses: the caller sets the trigger, the function writes no files
    appending(events.writeStream).trigger(availableNow=True).start()
    handing_to(events.writeStream.trigger(processingTime="10 minutes"), merge_batch).start()
    logging(events.writeStream).start()
