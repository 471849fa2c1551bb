# Des requêtes SQL dans des chaînes Python — é, 日本
FSTRING_TARGET = "main.crm.accounts_fstring"
TARGET = "main.crm.accounts_fmt"

spark.sql("CREATE TABLE main.crm.accounts_plain (id BIGINT) USING DELTA")  # want: LL301
spark.sql("""
    -- é — 日本
    CREATE TABLE main.crm.accounts_triple ( -- want: LL301
      id BIGINT
    )
    USING DELTA
""")
spark.sql(r"CREATE TABLE main.crm.accounts_raw (id BIGINT) USING DELTA")  # want: LL301
spark.sql("CREATE TABLE main.crm.accounts_concat (id BIGINT) "  # want: LL301
          "USING DELTA")
spark.sql(f"CREATE TABLE {FSTRING_TARGET} (id BIGINT) USING DELTA")  # want: LL301
spark.sql("CREATE TABLE {} (id BIGINT) USING DELTA".format(TARGET))  # want: LL301
spark.sql("CREATE TABLE %s (id BIGINT) USING DELTA" % "main.crm.accounts_pct")  # want: LL301
spark.sql("SELECT 'é\t日本'; CREATE TABLE main.crm.accounts_escaped (id BIGINT) USING DELTA")  # want: LL301
spark.sql("CREATE TABLE main.crm.accounts_half (id BIGINT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true')")  # want: LL301 "autoCompact"
# at a location: no ALTER TABLE can follow inside spark.sql, so no fix
spark.sql("CREATE TABLE main.crm.accounts_external (id BIGINT) USING DELTA LOCATION '/mnt/crm/accounts_external'")  # want: LL301

# negatives
spark.sql("CREATE TABLE main.crm.accounts_ok (id BIGINT) USING DELTA TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true')")
spark.sql("CREATE TABLE main.crm.accounts_kept (id BIGINT) USING DELTA")  # noqa: LL301
spark.sql("""
    CREATE TABLE main.crm.accounts_kept_triple (id BIGINT) -- noqa: LL301
    USING DELTA
""")
