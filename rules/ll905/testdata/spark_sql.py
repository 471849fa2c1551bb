# spark.sql runs the same statements
spark.sql("INSERT INTO main.web.py_copy SELECT ts, url FROM main.raw.clicks WHERE country = 'FR'")  # want: LL905 "The write to main.web.py_copy copies main.raw.clicks"
spark.sql("CREATE TABLE main.web.py_ctas AS SELECT * FROM main.raw.clicks")  # want: LL905 "copies main.raw.clicks"

# negatives: a join, an aggregate
spark.sql("INSERT INTO main.web.py_joined SELECT * FROM main.raw.clicks c JOIN main.raw.orders o USING (user_id)")
spark.sql("CREATE TABLE main.web.py_agg AS SELECT url, max(ts) AS ts FROM main.raw.clicks GROUP BY url")
