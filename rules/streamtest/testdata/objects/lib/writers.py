"""Writers held as classes, the way production code keeps its settings."""
from delta.tables import DeltaTable


class TableWriter:
    """Settings from the constructor; the trigger has a default."""

    def __init__(self, table, partitions, trigger="10 seconds"):  # want: LL201 "a trigger of `10 seconds` passed to a stream means up to 8,640"
        self.table = table
        self.partitions = partitions
        self.trigger = trigger

    def write(self, df):
        df.write.format("delta").mode("append").partitionBy(*self.partitions).saveAsTable(self.table)

    def stream(self, df):
        return df.writeStream.trigger(processingTime=self.trigger).toTable(self.table)


class EventsWriter:
    """Settings written in __init__: a problem there is reported there, once."""

    def __init__(self):
        self.table = "main.web.events"
        self.partitions = ["user_id"]  # want: LL103 "user_id"

    def run(self, df):
        df.write.mode("append").partitionBy(*self.partitions).saveAsTable(self.table)


class Retargeted:
    """An attribute another method changes is not known."""

    def __init__(self):
        self.partitions = ["user_id"]

    def narrow(self):
        self.partitions = ["event_date"]

    def run(self, df):
        df.write.mode("append").partitionBy(*self.partitions).saveAsTable("main.web.retargeted")


class Upserter:
    """A foreachBatch MERGE writer whose table is a constructor argument."""

    def __init__(self, table, key):
        self.table = table
        self.key = key

    def upsert(self, batch_df, batch_id):
        (DeltaTable.forName(spark, self.table).alias("t")
            .merge(batch_df.alias("s"), "t.id = s.id")
            .whenMatchedUpdateAll()
            .whenNotMatchedInsertAll()
            .execute())

    def append(self, batch_df, batch_id):
        batch_df.write.format("delta").mode("append").saveAsTable(self.table)

    def start(self, stream):
        return stream.writeStream.foreachBatch(self.append).trigger(availableNow=True).start()

    def start_each(self, stream):
        # the lambda closes over self, as pipeline frameworks write it
        return stream.writeStream.foreachBatch(lambda df, _: self.append(df, _)).trigger(availableNow=True).start()
