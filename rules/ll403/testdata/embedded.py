# Des requêtes SQL dans des chaînes Python — é, 日本
TABLE = "main.crm.calls"
COLUMN = "agent_id"

spark.sql("CREATE TABLE main.crm.calls (call_id BIGINT, agent_id BIGINT, call_date DATE) USING DELTA PARTITIONED BY (call_date)")

spark.sql("OPTIMIZE main.crm.calls WHERE agent_id = 1")  # want: LL403
spark.sql("""
    -- é — 日本
    OPTIMIZE main.crm.calls
    WHERE call_id > 5 -- want: LL403
""")
spark.sql(r"OPTIMIZE main.crm.calls WHERE agent_id = 2")  # want: LL403
spark.sql("OPTIMIZE main.crm.calls "
          "WHERE agent_id = 3")  # want: LL403
spark.sql(f"OPTIMIZE {TABLE} WHERE {COLUMN} = 4")  # want: LL403
spark.sql("OPTIMIZE {} WHERE agent_id = 5".format(TABLE))  # want: LL403
spark.sql("OPTIMIZE %s WHERE agent_id = 6" % TABLE)  # want: LL403
spark.sql("SELECT 'é\t日本'; OPTIMIZE main.crm.calls WHERE agent_id = 7")  # want: LL403

# negatives
spark.sql("OPTIMIZE main.crm.calls WHERE call_date = '2024-06-01'")
spark.sql("OPTIMIZE main.crm.calls WHERE agent_id = 8")  # noqa: LL403
spark.sql("""
    OPTIMIZE main.crm.calls
    WHERE agent_id = 9 -- noqa: LL403
""")
