# Two jobs name their tables from the environment: bronze.{TABLE} here is
# not the bronze.{TABLE} of customers.py, and this job's ALTER TABLE does
# not set the properties of that one.
import os

LAKE = os.environ["LAKE"]
TABLE = os.environ["TABLE"]
spark.sql(f"CREATE TABLE IF NOT EXISTS bronze.{TABLE} (id BIGINT) USING DELTA LOCATION '{LAKE}/bronze/orders'")
spark.sql(f"ALTER TABLE bronze.{TABLE} SET TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true')")
# a name the code spells out is one table wherever it is written
spark.sql("ALTER TABLE bronze.shared SET TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true')")
