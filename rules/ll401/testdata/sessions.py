# Every way code gets a Spark session: a VACUUM on each is read.
from pyspark.sql import SparkSession
from delta import configure_spark_with_delta_pip
from databricks.connect import DatabricksSession
from lib.sessions import get_spark  # a module of the project, not linted here

builder = SparkSession.builder.appName("x").config("spark.sql.extensions", "io.delta.sql.DeltaSparkSessionExtension")
a = configure_spark_with_delta_pip(builder).getOrCreate()
a.sql("VACUUM t1 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
b = DatabricksSession.builder.profile("dev").getOrCreate()
b.sql("VACUUM t2 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
c = SparkSession.active()
c.sql("VACUUM t3 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
d = SparkSession.getActiveSession()
d.sql("VACUUM t4 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
e = spark.read.table("x").sparkSession
e.sql("VACUUM t5 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
f = get_spark()
f.sql("VACUUM t6 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
def make():
    return SparkSession.builder.getOrCreate()
g = make()
g.sql("VACUUM t7 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
def run(ss: SparkSession):
    ss.sql("VACUUM t8 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
def run2(spark_session):
    spark_session.sql("VACUUM t9 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
h = something.getOrCreate()
h.sql("VACUUM t10 RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"

# negatives: retention kept, and a name that is not a session
a.sql("VACUUM t1 RETAIN 168 HOURS")
report = make_report()
report.sql("VACUUM t11 RETAIN 0 HOURS")
