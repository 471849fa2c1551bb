# An f-string placeholder of one character — é, 日本.
# The fix must replace the whole placeholder, braces included.
H = 1
spark.sql(f"VACUUM main.crm.tickets_short RETAIN {H} HOURS")  # want: LL401 "retains 1 hours"
