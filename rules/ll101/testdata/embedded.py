# Des requêtes SQL dans des chaînes Python — é, 日本
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
TARGET = "main.crm.contacts_fmt"
FSTRING_TARGET = "main.crm.contacts_fstring"

spark.sql("INSERT INTO main.crm.contacts_plain SELECT /*+ REPARTITION(8) */ * FROM main.raw.crm_contacts")  # want: LL101
spark.sql("""
    -- é — 日本
    INSERT INTO main.crm.contacts_triple
    SELECT /*+ COALESCE(4) */ * FROM main.raw.crm_contacts -- want: LL101
""")
spark.sql(r"INSERT INTO main.crm.contacts_raw SELECT /*+ REPARTITION(2) */ * FROM main.raw.crm_contacts")  # want: LL101
spark.sql("INSERT INTO main.crm.contacts_concat "
          "SELECT /*+ COALESCE(6) */ * FROM main.raw.crm_contacts")  # want: LL101
spark.sql(f"INSERT INTO {FSTRING_TARGET} SELECT /*+ REPARTITION(3) */ * FROM main.raw.crm_contacts")  # want: LL101
spark.sql("INSERT INTO {} SELECT /*+ COALESCE(3) */ * FROM main.raw.crm_contacts".format(TARGET))  # want: LL101
spark.sql("INSERT INTO %s SELECT /*+ REPARTITION(5) */ * FROM main.raw.crm_contacts" % "main.crm.contacts_pct")  # want: LL101

# negatives: REBALANCE, and suppressed hints (a Python comment, a SQL comment inside the string)
spark.sql("INSERT INTO main.crm.contacts_plain SELECT /*+ REBALANCE */ * FROM main.raw.crm_contacts")
spark.sql("INSERT INTO main.crm.contacts_kept SELECT /*+ REPARTITION(8) */ * FROM main.raw.crm_contacts")  # noqa: LL101
spark.sql("""
    INSERT INTO main.crm.contacts_kept
    SELECT /*+ COALESCE(4) */ * FROM main.raw.crm_contacts -- noqa: LL101
""")

# escapes and non-ASCII text before the hint on the same line
spark.sql("SELECT 'é\t日本'; INSERT INTO main.crm.contacts_escaped SELECT /*+ REPARTITION(8) */ * FROM main.raw.crm_contacts")  # want: LL101
