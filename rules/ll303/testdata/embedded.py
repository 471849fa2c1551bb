# Des requêtes SQL dans des chaînes Python — é, 日本
KEY = "spark.databricks.delta.optimizeWrite.enabled"
TABLE = "main.crm.notes_fmt"

spark.sql("SET spark.databricks.delta.optimizeWrite.enabled = false")  # want: LL303
spark.sql("""
    -- é — 日本
    ALTER TABLE main.crm.notes_triple SET TBLPROPERTIES (
      'delta.autoOptimize.autoCompact' = 'false' -- want: LL303
    )
""")
spark.sql(r"SET spark.databricks.delta.autoCompact.enabled = false")  # want: LL303
spark.sql("ALTER TABLE main.crm.notes_concat SET TBLPROPERTIES "
          "('delta.autoOptimize.optimizeWrite' = 'false')")  # want: LL303
spark.sql(f"SET {KEY} = false")  # want: LL303
spark.sql("ALTER TABLE {} SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false')".format(TABLE))  # want: LL303
spark.sql("ALTER TABLE %s SET TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'false')" % "main.crm.notes_pct")  # want: LL303
spark.sql("SELECT 'é\t日本'; SET spark.databricks.delta.autoCompact.enabled = false")  # want: LL303

# negatives
spark.sql("SET spark.databricks.delta.optimizeWrite.enabled = true")
spark.sql("SET spark.databricks.delta.autoCompact.enabled = false")  # noqa: LL303
