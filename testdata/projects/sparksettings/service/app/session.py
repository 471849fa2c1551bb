from pyspark.sql import SparkSession


def session(conf):
    return SparkSession.builder.config(conf=conf).getOrCreate()


def session_from(settings):
    builder = SparkSession.builder
    for k, v in settings.items():
        builder = builder.config(k, v)
    return builder.getOrCreate()
