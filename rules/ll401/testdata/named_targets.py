"""VACUUM of tables whose path or name is code: the messages name the code."""
import os

from delta.tables import DeltaTable

ROOT = os.environ["LAKE_ROOT"]


def _table(spark, path):
    return DeltaTable.forPath(spark, path)


class Job:
    def __init__(self, spark, uri):
        self.spark = spark
        self.uri = uri

    def table(self):
        return DeltaTable.forPath(self.spark, self.uri)

    def by_path(self, path):
        return DeltaTable.forPath(self.spark, path)

    def clean(self):
        self.table().vacuum(0)  # want: LL401 "VACUUM of the target given as `self.uri` retains 0 hours"
        DeltaTable.forName(self.spark, f"{self.catalog}.events").vacuum(0)  # want: LL401 "the target given as `f\"\{self.catalog\}.events\"` retains"
        DeltaTable.forPath(self.spark, os.path.join(self.root, "bronze", "events", "by_day", "v2", "raw")).vacuum(0)  # want: LL401 "the target given as `os.path.join.self.root, \"bronze\", \"events\", \"by_day\", \"v2\", \"…` retains"
        # an f-string of one name is that name written out: the message says the name
        DeltaTable.forPath(self.spark, f'{self.uri}').vacuum(0)  # want: LL401 "the target given as `self.uri` retains"
        DeltaTable.forPath(self.spark, f"{path_of(self.uri)}").vacuum(0)  # want: LL401 "the target given as `f\"\{path_of.self.uri.\}\"` retains"
        DeltaTable.forPath(self.spark, f"{self.uri}/raw").vacuum(0)  # want: LL401 "the target given as `f\"\{self.uri\}/raw\"` retains"
        t = DeltaTable.forPath(
            self.spark,
            os.path.join(self.root,
                         "silver"),
        )
        t.vacuum(0)  # want: LL401 "the target given as `os.path.join.self.root, \"silver\".` retains"


_table(spark, ROOT + "/gold").vacuum(0)  # want: LL401 "the target given as `ROOT \+ \"/gold\"`"
Job(spark, ROOT).by_path(ROOT + "/x").vacuum(0)  # want: LL401 "the target given as `ROOT \+ \"/x\"`"
Job(spark, ROOT).table().vacuum(0)  # want: LL401 "the target given as `Job.spark, ROOT..table..` retains"
