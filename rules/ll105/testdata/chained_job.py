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
