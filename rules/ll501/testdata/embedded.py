# Des requêtes SQL dans des chaînes Python — é, 日本
KEY = "spark.sql.adaptive.enabled"
OFF = "false"

spark.sql("SET spark.sql.adaptive.enabled = false")  # want: LL501
spark.sql("""
    -- é — 日本
    SET spark.sql.adaptive.enabled = false -- want: LL501
""")
spark.sql(r"SET spark.sql.adaptive.enabled=false")  # want: LL501
spark.sql("SET spark.sql.adaptive.enabled "  # want: LL501
          "= false")
spark.sql(f"SET {KEY} = false")  # want: LL501
spark.sql("SET {} = {}".format(KEY, OFF))  # want: LL501
spark.sql("SET %s = false" % KEY)  # want: LL501
spark.sql("SELECT 'é\t日本'; SET spark.sql.adaptive.enabled = false")  # want: LL501

# negatives
spark.sql("SET spark.sql.adaptive.enabled = true")
spark.sql("SET spark.sql.adaptive.enabled = false")  # noqa: LL501
