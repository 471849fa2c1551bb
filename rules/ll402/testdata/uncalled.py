# A maintenance module's helper, called from outside the project (an
# entry point, a scheduler): the check switched off is judged where it is
# written, whether a call in the project runs it or not.
from delta.tables import DeltaTable


def maintain(spark, path, hours):
    spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")  # want: LL402
    DeltaTable.forPath(spark, path).vacuum(hours)


def called(spark):
    spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")  # want: LL402


called(spark)


def restore(spark):
    spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "true")
