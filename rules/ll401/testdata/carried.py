# VACUUM handed to something other than spark.sql to run: a Databricks SQL
# cursor, a scheduler's task, a job's command line.
from databricks import sql

retention_hours = 24 * 2
path = "s3://lake/budget/metric=spend"
vacuum_sql = f"VACUUM delta.`{path}` RETAIN {retention_hours} HOURS;"  # want: LL401 "48 hours"
task = PySparkSqlTask(name="vacuum", sql_query=vacuum_sql)
job = PythonTask(args=["--query", "VACUUM main.ops.audit RETAIN 1 HOURS"])  # want: LL401 "1 hours"

with sql.connect(server_hostname="h", http_path="p") as conn:
    with conn.cursor() as cur:
        cur.execute("VACUUM main.sales.events RETAIN 0 HOURS")  # want: LL401 "0 hours"

# near misses: other statements, other flags, a safe retention
cur.execute("SELECT * FROM t WHERE note = 'VACUUM x RETAIN 0 HOURS'")
task = PySparkSqlTask(name="insert", sql_query="INSERT INTO t SELECT 1")
job = PythonTask(args=["--name", "VACUUM main.ops.audit RETAIN 1 HOURS"])
cur.execute("VACUUM main.sales.events RETAIN 168 HOURS")
cur.execute("OPTIMIZE TABLE events FINAL")
