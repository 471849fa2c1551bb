# Des requêtes SQL dans des chaînes Python — é, 日本
FSTRING_TARGET = "main.crm.leads_fstring"
TARGET = "main.crm.leads_fmt"

spark.sql("CREATE TABLE main.crm.leads_plain (lead_id BIGINT) PARTITIONED BY (lead_id)")  # want: LL103
spark.sql("""
    -- é — 日本
    CREATE TABLE main.crm.leads_triple (lead_id BIGINT, email STRING)
    PARTITIONED BY (email) -- want: LL103 "email"
""")
spark.sql(r"CREATE TABLE main.crm.leads_raw (lead_id BIGINT) PARTITIONED BY (lead_id)")  # want: LL103
spark.sql("CREATE TABLE main.crm.leads_concat (lead_id BIGINT, user_id STRING) "
          "PARTITIONED BY (user_id)")  # want: LL103
spark.sql(f"CREATE TABLE {FSTRING_TARGET} (lead_id BIGINT) PARTITIONED BY (lead_id)")  # want: LL103
spark.sql("CREATE TABLE {} (lead_id BIGINT) PARTITIONED BY (lead_id)".format(TARGET))  # want: LL103
spark.sql("CREATE TABLE %s (lead_id BIGINT) PARTITIONED BY (lead_id)" % "main.crm.leads_pct")  # want: LL103
spark.sql("SELECT 'é\t日本'; CREATE TABLE main.crm.leads_escaped (lead_id BIGINT) PARTITIONED BY (lead_id)")  # want: LL103

# negatives
spark.sql("CREATE TABLE main.crm.leads_daily (lead_id BIGINT, lead_date DATE) PARTITIONED BY (lead_date)")
spark.sql("CREATE TABLE main.crm.leads_kept (lead_id BIGINT) PARTITIONED BY (lead_id)")  # noqa: LL103
