from pyspark.sql import SparkSession


class LocalSession:
    # a class keeps its session's settings; a class method applies them
    settings = {"spark.sql.adaptive.enabled": "false", "spark.sql.shuffle.partitions": 8}

    @classmethod
    def build(cls, name):
        b = SparkSession.builder.appName(name)
        for key, value in cls.settings.items():
            b = b.config(key, value)  # want: LL501
        return b.getOrCreate()


class Tuned:
    settings = {"spark.sql.adaptive.enabled": "true"}

    @classmethod
    def build(cls):
        b = SparkSession.builder
        for key, value in cls.settings.items():
            b = b.config(key, value)
        return b.getOrCreate()


class Unused:
    settings = {"spark.sql.adaptive.enabled": "false"}

    @classmethod
    def build(cls):
        # never called here: a setting is judged where it is written all the same
        b = SparkSession.builder
        for key, value in cls.settings.items():
            b = b.config(key, value)  # want: LL501
        return b.getOrCreate()


spark = LocalSession.build("nightly")
other = Tuned.build()
