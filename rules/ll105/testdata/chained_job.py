from chained_lib import add_error_entry, replace_summary, update_table

for file_path in files:  # want: LL105 "appends to main.ops.error_log on every iteration"
    add_error_entry(spark, file_path, "unreadable")

def retry_all(spark, paths):
    for p in paths:  # want: LL105 "appends to main.ops.error_log"
        add_error_entry(spark, p, "retried")

# near misses: an overwrite repeated is one table's content, and a call out of any loop
for batch in batches:
    replace_summary(spark, batch)
add_error_entry(spark, "/landing/x.csv", "once")

from chained_lib import add_table_log_entry, full_name

for t in tables:  # want: LL105 "appends to the target given as `full_name\(\"table_log\"\)` on every iteration"
    add_table_log_entry(spark, t)
for t in tables:  # want: LL105 "appends to the target given as `full_name\(\"all_rows\"\)`"
    spark.read.table(t).write.mode("append").saveAsTable(full_name("all_rows"))

# near misses: a name made of the loop's item, a variable, a call with no argument
for t in tables:
    spark.read.table(t).write.mode("append").saveAsTable(full_name(t))
for t in tables:
    target = pick(t)
    spark.read.table(t).write.mode("append").saveAsTable(target)
for t in tables:
    spark.read.table(t).write.mode("append").saveAsTable(next_name())
