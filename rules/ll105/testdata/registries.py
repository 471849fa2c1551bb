# Loops over registries, nested loops and collected rows.
from pyspark.sql import functions as F


class Mitigator:
    def __init__(self, name):
        self.name = name

    def save(self):
        spark.sql("MERGE INTO main.ops.mitigations t USING staged s ON t.id = s.id WHEN MATCHED THEN UPDATE SET * WHEN NOT MATCHED THEN INSERT *")


class Exporter:
    def __init__(self, table):
        self.table = table

    def save(self, df):
        df.write.mode("append").saveAsTable(self.table)


MITIGATORS = [Mitigator("latency"), Mitigator("errors"), Mitigator("cost")]

for m in MITIGATORS:  # want: LL105 "merges into main.ops.mitigations on every iteration \(3 iterations\)"
    m.save()

for day in ["2024-01-01", "2024-01-02"]:  # want: LL105 "appends to main.raw.days on every iteration \(2 iterations\)"
    spark.read.json("/landing/" + day).write.mode("append").saveAsTable("main.raw.days")


def load(target, days, regions):
    for d in days:
        for r in regions:  # want: LL105 "appends to main.raw.loaded"
            spark.read.table("main.raw.src").filter(F.col("region") == r).write.mode("append").saveAsTable(target)


load("main.raw.loaded", ["2024-01-01"], ["eu", "us"])

generated = spark.read.table("main.raw.generated")
# collected rows, each value appended to its own path: as many files as
# partitionBy would make (one per task per value), so not reported
for row in generated.select("region").distinct().collect():
    name = row["region"]
    generated.filter(F.col("region") == name).write.mode("append").parquet(f"/mnt/out/region_{name}/2024-01-01")

# near misses: instances that each write their own table, one write of the
# union after the loop, and collected rows each overwriting their own path
EXPORTERS = [Exporter("main.out.a"), Exporter("main.out.b")]
for e in EXPORTERS:
    e.save(generated)

frames = []
for day in ["2024-01-01", "2024-01-02"]:
    frames.append(spark.read.json("/landing/" + day))
union = frames[0].unionByName(frames[1])
union.write.mode("append").saveAsTable("main.raw.days_once")

for row in generated.select("region").distinct().collect():
    generated.filter(F.col("region") == row[0]).write.mode("overwrite").parquet(f"/mnt/snap/{row[0]}")
