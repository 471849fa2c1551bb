# Des requêtes SQL dans des chaînes Python — é, 日本
HOURS = 12
TABLE = "main.crm.tickets_fmt"

spark.sql("VACUUM main.crm.tickets_plain RETAIN 24 HOURS")  # want: LL401
spark.sql("""
    -- é — 日本
    VACUUM main.crm.tickets_triple
    RETAIN 36 HOURS -- want: LL401
""")
spark.sql(r"VACUUM main.crm.tickets_raw RETAIN 48 HOURS")  # want: LL401
spark.sql("VACUUM main.crm.tickets_concat "
          "RETAIN 60 HOURS")  # want: LL401
spark.sql(f"VACUUM main.crm.tickets_fstring RETAIN {HOURS} HOURS")  # want: LL401 "retains 12 hours"
spark.sql("VACUUM {} RETAIN 72 HOURS".format(TABLE))  # want: LL401
spark.sql("VACUUM %s RETAIN 84 HOURS" % "main.crm.tickets_pct")  # want: LL401
spark.sql("SELECT 'é\t日本'; VACUUM main.crm.tickets_escaped RETAIN 96 HOURS")  # want: LL401

# negatives, and suppressions in both comment styles
spark.sql("VACUUM main.crm.tickets_plain RETAIN 168 HOURS")
spark.sql("VACUUM main.crm.tickets_plain")
spark.sql("VACUUM main.crm.tickets_kept RETAIN 1 HOURS")  # noqa: LL401
spark.sql("""
    VACUUM main.crm.tickets_kept
    RETAIN 2 HOURS -- noqa: LL401
""")
spark.sql("VACUUM main.crm.tickets_kept RETAIN 3 HOURS -- noqa: LL401")
