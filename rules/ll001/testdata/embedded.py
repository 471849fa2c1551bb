# Suppressions inside spark.sql strings — é, 日本
spark.sql("SET spark.sql.adaptive.enabled = false -- noqa: LL501")
spark.sql("SET spark.sql.shuffle.partitions = 8 -- noqa: LL501")  # want: LL001
spark.sql("""
    -- é — 日本
    SET spark.sql.adaptive.enabled = false -- noqa: LL501
""")
spark.sql("""
    SET spark.sql.shuffle.partitions = 16 -- want: LL001 -- noqa: LL501
""")
spark.sql("SET spark.sql.adaptive.enabled = false")  # noqa: LL501
spark.sql("SET spark.sql.adaptive.enabled = true")  # want: LL001 # noqa: LL501
