# A method calls a helper the module defines further down: Python looks the
# name up when the call runs, so the helper's write is the caller's.


class Loader:
    def run(self, df):
        persist(df, "/mnt/out/events", "event_date")


def load_all(df):
    persist(df, "/mnt/out/all", "region")


def persist(df, path, col):
    df.write.format("parquet").mode("append").partitionBy(col).save(path)


# near miss: a name the function binds itself is not the module's helper
def local_only(df):
    persist = print
    persist(df, "/mnt/out/other", "region")


events = spark.read.table("main.raw.events")
Loader().run(events)  # want: LL104 "by event_date"
load_all(events)  # want: LL104 "by region"
local_only(events)
