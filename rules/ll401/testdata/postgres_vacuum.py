# PostgreSQL's VACUUM, run on a warehouse from a Spark job's tail: its
# options come before the table, so it is no Delta VACUUM and no LL401.
import psycopg2

conn = psycopg2.connect("dbname=warehouse")
cur = conn.cursor()
cur.execute("VACUUM (VERBOSE, ANALYZE) public.events")
cur.execute("VACUUM ANALYZE public.events")
cur.execute("VACUUM FULL public.events")
spark.sql("VACUUM ANALYZE events RETAIN 0 HOURS")

# Delta's VACUUM puts FULL after the table
spark.sql("VACUUM main.web.events FULL RETAIN 0 HOURS")  # want: LL401 "retains 0 hours"
