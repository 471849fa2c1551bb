# Des requêtes SQL dans des chaînes Python — é, 日本
FSTRING_TARGET = "main.crm.visits_fstring"
TARGET = "main.crm.visits_fmt"

spark.sql("CREATE TABLE main.crm.visits_plain (visit_date DATE) PARTITIONED BY (visit_date)")  # want: LL304
spark.sql("""
    -- é — 日本
    CREATE TABLE main.crm.visits_triple (visit_date DATE)
    PARTITIONED BY (visit_date) -- want: LL304
""")
spark.sql(r"CREATE TABLE main.crm.visits_raw (visit_date DATE) PARTITIONED BY (visit_date)")  # want: LL304
spark.sql("CREATE TABLE main.crm.visits_concat (visit_date DATE) "
          "PARTITIONED BY (visit_date)")  # want: LL304
spark.sql(f"CREATE TABLE {FSTRING_TARGET} (visit_date DATE) PARTITIONED BY (visit_date)")  # want: LL304
spark.sql("CREATE TABLE {} (visit_date DATE) PARTITIONED BY (visit_date)".format(TARGET))  # want: LL304
spark.sql("CREATE TABLE %s (visit_date DATE) PARTITIONED BY (visit_date)" % "main.crm.visits_pct")  # want: LL304
spark.sql("SELECT 'é\t日本'; CREATE TABLE main.crm.visits_escaped (visit_date DATE) PARTITIONED BY (visit_date)")  # want: LL304

# negatives
spark.sql("CREATE TABLE main.crm.visits_clustered (visit_date DATE) CLUSTER BY (visit_date)")
spark.sql("CREATE TABLE main.crm.visits_kept (visit_date DATE) PARTITIONED BY (visit_date)")  # noqa: LL304
