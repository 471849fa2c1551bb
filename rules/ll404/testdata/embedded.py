# Des requêtes SQL dans des chaînes Python — é, 日本
TABLE = "main.crm.emails"
COLUMN = "sent_date"

spark.sql("CREATE TABLE main.crm.emails (email_id BIGINT, contact_id BIGINT, sent_date DATE) USING DELTA PARTITIONED BY (sent_date)")

spark.sql("OPTIMIZE main.crm.emails ZORDER BY (sent_date)")  # want: LL404
spark.sql("""
    -- é — 日本
    OPTIMIZE main.crm.emails
    ZORDER BY (contact_id, sent_date) -- want: LL404
""")
spark.sql(r"OPTIMIZE main.crm.emails ZORDER BY (sent_date)")  # want: LL404
spark.sql("OPTIMIZE main.crm.emails "
          "ZORDER BY (sent_date)")  # want: LL404
spark.sql(f"OPTIMIZE {TABLE} ZORDER BY ({COLUMN})")  # want: LL404
spark.sql("OPTIMIZE {} ZORDER BY (sent_date)".format(TABLE))  # want: LL404
spark.sql("OPTIMIZE %s ZORDER BY (sent_date)" % TABLE)  # want: LL404
spark.sql("SELECT 'é\t日本'; OPTIMIZE main.crm.emails ZORDER BY (sent_date)")  # want: LL404

# negatives
spark.sql("OPTIMIZE main.crm.emails ZORDER BY (contact_id)")
spark.sql("OPTIMIZE main.crm.emails ZORDER BY (sent_date)")  # noqa: LL404
