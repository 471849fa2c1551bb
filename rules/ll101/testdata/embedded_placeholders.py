# Hints whose partition count is a string placeholder — é, 日本.
# Removing the hint must remove the placeholder with it: a part of it left
# behind ("}", "PARTS", "n") breaks the SQL or the Python string.
spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
PARTS = 16
N = 8
spark.sql(f"INSERT INTO main.crm.contacts_parts SELECT /*+ REPARTITION({PARTS}) */ * FROM main.raw.crm_contacts")  # want: LL101
spark.sql(f"INSERT INTO main.crm.contacts_n SELECT /*+ REPARTITION({N}) */ * FROM main.raw.crm_contacts")  # want: LL101
spark.sql("INSERT INTO main.crm.contacts_fmt_pos SELECT /*+ REPARTITION({}) */ * FROM main.raw.crm_contacts".format(8))  # want: LL101
spark.sql("INSERT INTO main.crm.contacts_fmt_kw SELECT /*+ COALESCE({n}) */ * FROM main.raw.crm_contacts".format(n=16))  # want: LL101
