# Des requêtes SQL dans des chaînes Python — é, 日本
TARGET = "main.billing.refunds_fmt"
FSTRING_TARGET = "main.billing.refunds_fstring"

spark.sql("INSERT INTO main.billing.refunds_plain SELECT /*+ COALESCE(1) */ * FROM main.raw.refunds")  # want: LL102
spark.sql("""
    -- é — 日本
    INSERT INTO main.billing.refunds_triple
    SELECT /*+ REPARTITION(1) */ * FROM main.raw.refunds -- want: LL102
""")
spark.sql(r"INSERT INTO main.billing.refunds_raw SELECT /*+ COALESCE(1) */ * FROM main.raw.refunds")  # want: LL102
spark.sql("INSERT INTO main.billing.refunds_concat "
          "SELECT /*+ COALESCE(1) */ * FROM main.raw.refunds")  # want: LL102
spark.sql(f"INSERT INTO {FSTRING_TARGET} SELECT /*+ COALESCE(1) */ * FROM main.raw.refunds")  # want: LL102
spark.sql("INSERT INTO {} SELECT /*+ REPARTITION(1) */ * FROM main.raw.refunds".format(TARGET))  # want: LL102
spark.sql("INSERT INTO %s SELECT /*+ COALESCE(1) */ * FROM main.raw.refunds" % "main.billing.refunds_pct")  # want: LL102
spark.sql("SELECT 'é\t日本'; INSERT INTO main.billing.refunds_escaped SELECT /*+ COALESCE(1) */ * FROM main.raw.refunds")  # want: LL102

# negatives
spark.sql("INSERT INTO main.billing.refunds_plain SELECT /*+ COALESCE(6) */ * FROM main.raw.refunds")
spark.sql("INSERT INTO main.billing.refunds_kept SELECT /*+ COALESCE(1) */ * FROM main.raw.refunds")  # noqa: LL102
spark.sql("""
    INSERT INTO main.billing.refunds_kept
    SELECT /*+ REPARTITION(1) */ * FROM main.raw.refunds -- noqa: LL102
""")
