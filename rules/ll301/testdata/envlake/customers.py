import os

LAKE = os.getenv("LAKE")
TABLE = os.getenv("TABLE")
spark.sql(f"CREATE TABLE IF NOT EXISTS bronze.{TABLE} (id BIGINT) USING DELTA LOCATION '{LAKE}/bronze/customers'")  # want: LL301 "Delta table `bronze.\{TABLE\}` is created"
spark.sql("CREATE TABLE IF NOT EXISTS bronze.shared (id BIGINT) USING DELTA")
