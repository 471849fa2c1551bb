# A hint whose partition count is an f-string placeholder — é, 日本.
# Removing the hint must remove the placeholder with it.
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
PARTS = 16
spark.sql(f"INSERT INTO main.crm.contacts_parts SELECT /*+ REPARTITION({PARTS}) */ * FROM main.raw.crm_contacts")  # want: LL101
