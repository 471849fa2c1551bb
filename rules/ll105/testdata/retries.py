"""Loops that leave after the write: a retry runs the write once per loop."""
import time

files = spark.conf.get("ingest.files").split(",")
batch = spark.read.json(files)


def save_with_retries(df, attempts=3):
    for attempt in range(attempts):
        try:
            df.write.mode("append").saveAsTable("main.raw.retried")
            break
        except Exception:
            time.sleep(2**attempt)


def save_or_give_up(df):
    for attempt in range(5):
        try:
            df.write.mode("append").saveAsTable("main.raw.returned")
            return True
        except Exception:
            continue
    return False


def merge_until_it_holds(df):
    while True:
        try:
            spark.sql("MERGE INTO main.raw.merged t USING staged s ON t.id = s.id WHEN MATCHED THEN UPDATE SET *")
            break
        except Exception:
            time.sleep(5)


def store(df):
    df.write.mode("append").saveAsTable("main.raw.stored")


def store_with_retries(df):
    for attempt in range(3):
        try:
            store(df)
            return
        except Exception:
            pass


def first_file(paths):
    for path in paths:
        if path.endswith(".json"):
            spark.read.json(path).write.mode("append").saveAsTable("main.raw.first_only")
            break


save_with_retries(batch)
save_or_give_up(batch)
merge_until_it_holds(batch)
store_with_retries(batch)
first_file(files)


# near misses: the loop goes on after the write
def every_file(paths):
    for path in paths:  # want: LL105 "main.raw.every_file"
        try:
            spark.read.json(path).write.mode("append").saveAsTable("main.raw.every_file")
        except Exception:
            break


def skip_then_stop(paths):
    for path in paths:  # want: LL105 "main.raw.skip_then_stop"
        spark.read.json(path).write.mode("append").saveAsTable("main.raw.skip_then_stop")
        if path.endswith("last.json"):
            break


def continue_first(paths):
    for path in paths:  # want: LL105 "main.raw.continue_first"
        spark.read.json(path).write.mode("append").saveAsTable("main.raw.continue_first")
        continue
        break


def retry_each_file(paths):
    # the break leaves the retry loop only: the loop over files repeats the append
    for path in paths:  # want: LL105 "main.raw.retry_each_file"
        for attempt in range(3):
            try:
                spark.read.json(path).write.mode("append").saveAsTable("main.raw.retry_each_file")
                break
            except Exception:
                time.sleep(1)
