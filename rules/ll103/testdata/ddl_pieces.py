# DDL built from pieces: joined lists of columns and clauses.

cols = ["event_date", "user_id"]  # want: LL103 "`user_id` of main.web.joined"
spark.sql(
    "CREATE TABLE main.web.joined (x INT, event_date DATE, user_id STRING) USING DELTA PARTITIONED BY ("
    + ", ".join(cols)
    + ")"
)

parts = ("USING DELTA", "PARTITIONED BY (session_id)")
spark.sql(f"CREATE TABLE main.web.fstring (x INT, session_id STRING) {' '.join(parts)}")  # want: LL103 "`session_id` of main.web.fstring"

clauses = [
    "CREATE TABLE main.web.clauses (x INT, customer_id STRING)",
    "USING DELTA",
    "PARTITIONED BY (customer_id)",  # want: LL103 "`customer_id` of main.web.clauses"
]
spark.sql("\n".join(clauses))

spark.sql("CREATE TABLE main.web.percent (x INT, order_id STRING) USING DELTA PARTITIONED BY (%s)" % ", ".join(["order_id"]))  # want: LL103 "`order_id`"

# near misses: date-level columns, and a list with an item not known
day_cols = ["event_date", "country"]
spark.sql("CREATE TABLE main.web.daily (x INT) USING DELTA PARTITIONED BY (" + ", ".join(day_cols) + ")")
spark.sql("CREATE TABLE main.web.unknown (x INT) USING DELTA PARTITIONED BY (" + ", ".join([pick(), "user_id"]) + ")")
