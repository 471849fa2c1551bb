# A DataFrame writer creates the table when the table is new: saveAsTable in
# its default mode (errorifexists) always does.
LAKE = "abfss://lake@acct.dfs.core.windows.net"
BY = "region"

orders = spark.read.parquet(f"{LAKE}/landing/orders")

(orders.write.format("delta")
    .option("path", f"{LAKE}/silver/orders")
    .partitionBy(BY)
    .saveAsTable("orders_ext"))  # want: LL301

orders.write.format("delta").option("path", f"{LAKE}/silver/returns").mode("error").saveAsTable("returns_ext")  # want: LL301

# near misses: the table exists already or may (append, overwrite), is not
# Delta, gets its properties from the writer or the session, is defined
# by DDL of its own, or is a managed table the platform tunes
orders.write.format("delta").option("path", f"{LAKE}/silver/a").mode("append").saveAsTable("appended_ext")
orders.write.format("delta").option("path", f"{LAKE}/silver/o").mode("overwrite").saveAsTable("overwritten_ext")
orders.write.format("parquet").option("path", f"{LAKE}/silver/p").saveAsTable("parquet_ext")
(orders.write.format("delta")
    .option("path", f"{LAKE}/silver/tuned")
    .option("delta.autoOptimize.optimizeWrite", "true")
    .option("delta.autoOptimize.autoCompact", "true")
    .saveAsTable("tuned_ext"))
spark.sql("""CREATE TABLE defined_ext (id BIGINT) USING DELTA LOCATION 'abfss://lake@acct.dfs.core.windows.net/silver/d'
TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true')""")
orders.write.format("delta").option("path", f"{LAKE}/silver/d").saveAsTable("defined_ext")
orders.write.format("delta").saveAsTable("main.sales.managed")


def save(df, mode):
    # a mode the caller gives is not known here
    df.write.format("delta").option("path", f"{LAKE}/silver/m").mode(mode).saveAsTable("moded_ext")


def first_load(df, table, where, mode="errorifexists"):
    # the table and its place come from each call
    df.write.format("delta").option("path", where).mode(mode).saveAsTable(table)  # want: LL301


first_load(orders, "first_ext", f"{LAKE}/silver/first")
first_load(orders, "again_ext", f"{LAKE}/silver/again", mode="append")
