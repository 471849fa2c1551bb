"""INSERT and MERGE run through spark.sql in a loop: each is a commit."""
LOG = "main.ops.load_log"
sources = spark.conf.get("ingest.sources").split(",")

for src in sources:  # want: LL105 "inserts into main.raw.landed on every iteration"
    spark.sql(f"INSERT INTO main.raw.landed SELECT * FROM json.`{src}`")

for src in sources:  # want: LL105 "merges into main.ops.load_log on every iteration"
    spark.sql(f"MERGE INTO {LOG} t USING (SELECT '{src}' AS src) s ON t.src = s.src WHEN NOT MATCHED THEN INSERT *")


def record_each(names):
    for name in names:  # want: LL105 "inserts into main.ops.names on every iteration"
        spark.sql("INSERT INTO main.ops.names SELECT :n", args={"n": name})


record_each(sources)

# near misses: the table changes with the item, the statement does not add
# rows, or the loop leaves after it
for name in ["orders", "items"]:
    spark.sql(f"INSERT INTO main.bronze.{name} SELECT * FROM main.raw.{name}")

for name in sources:
    spark.sql(f"MERGE INTO {name} t USING staged s ON t.id = s.id WHEN MATCHED THEN UPDATE SET *")

for name in sources:
    spark.sql("INSERT INTO IDENTIFIER(:t) SELECT 1", args={"t": name})

for src in sources:
    spark.sql("INSERT OVERWRITE main.gold.latest SELECT * FROM main.raw.landed")
    spark.sql(f"OPTIMIZE main.raw.landed WHERE src = '{src}'")

for attempt in range(3):
    try:
        spark.sql("INSERT INTO main.ops.once SELECT 1")
        break
    except Exception:
        pass
