"""Sessions made with a SparkConf that a function of another module returns."""
from conf.built import compacting_conf, plain_conf
from pyspark.sql import SparkSession

# positive: the conf says nothing of compaction
plain = SparkSession.builder.config(conf=plain_conf()).getOrCreate()
events = plain.readStream.format("kafka").option("subscribe", "clicks").load()
events.writeStream.trigger(processingTime="10 seconds").start("/mnt/lake/built_plain")  # want: LL406 "/mnt/lake/built_plain is written often"

# negative: the conf turns auto compaction on before the stream starts
conf = compacting_conf()
spark = SparkSession.builder.config(conf=conf).getOrCreate()
events.writeStream.trigger(processingTime="10 seconds").start("/mnt/lake/built")
