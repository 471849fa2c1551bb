"""Near misses: a value the caller passes, a conf without the setting, a
conf the caller switches off after the call."""
from conflib.confs import conf_for, optimized_conf, plain_conf
from pyspark.sql import SparkSession

spark = SparkSession.builder.config(conf=conf_for(dbutils.widgets.get("optimize"))).getOrCreate()
spark.read.table("main.raw.d").repartition(8).write.mode("append").saveAsTable("main.imp.d")
plain = SparkSession.builder.config(conf=plain_conf()).getOrCreate()
plain.read.table("main.raw.e").repartition(8).write.mode("append").saveAsTable("main.imp.e")
c = optimized_conf()
c.set("spark.databricks.delta.optimizeWrite.enabled", "false")
changed = SparkSession.builder.config(conf=c).getOrCreate()
changed.read.table("main.raw.f").repartition(8).write.mode("append").saveAsTable("main.imp.f")
