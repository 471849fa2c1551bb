// Package corpusgen makes deterministic, varied PySpark source for benchmarks:
// jobs with session builders, conf settings, reads, transform chains, writes of
// every kind, DeltaTable maintenance, pipeline tables, spark.sql strings,
// helper functions, classes and comments. The same seed gives the same bytes.
package corpusgen

import (
	"bytes"
	"fmt"
	"math/rand/v2"
)

// Files returns generated Python files whose sizes add up to at least total bytes.
func Files(seed uint64, total int) [][]byte {
	g := &gen{r: rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))}
	var out [][]byte
	for n := 0; n < total; {
		g.idx = len(out)
		f := g.file()
		out = append(out, f)
		n += len(f)
	}
	return out
}

type gen struct {
	r   *rand.Rand
	b   bytes.Buffer
	seq int
	idx int // the file being made: WriteDir names it pkg<idx/100>/job_<idx>.py
}

// helperEvery makes every helperEvery-th file a module of helpers that the
// jobs after it import and call.
const helperEvery = 10

// module is the import name of file i as WriteDir lays it out.
func module(i int) string { return fmt.Sprintf("pkg%02d.job_%04d", i/100, i) }

func (g *gen) pick(xs ...string) string { return xs[g.r.IntN(len(xs))] }

func (g *gen) line(indent int, format string, args ...any) {
	for range indent {
		g.b.WriteString("    ")
	}
	fmt.Fprintf(&g.b, format, args...)
	g.b.WriteByte('\n')
}

func (g *gen) name(prefix string) string {
	g.seq++
	return fmt.Sprintf("%s_%d", prefix, g.seq)
}

func (g *gen) table() string {
	return g.pick("main", "hive_metastore", "dev", "prod") + "." +
		g.pick("sales", "ops", "bronze", "silver", "gold", "raw") + "." +
		g.pick("events", "orders", "customers", "clicks", "sessions", "payments", "devices", "logs")
}

func (g *gen) path() string {
	return g.pick("/mnt/", "s3://bucket/", "abfss://lake@acct.dfs.core.windows.net/", "dbfs:/tmp/") +
		g.pick("raw", "bronze", "silver", "gold") + "/" + g.pick("events", "orders", "clicks", "audit")
}

func (g *gen) col() string {
	return g.pick("event_date", "country", "customer_id", "ts", "amount", "status", "region", "device_id", "year", "month", "day", "hour")
}

func (g *gen) file() []byte {
	g.b.Reset()
	if g.idx%helperEvery == 0 {
		g.helpers()
		return bytes.Clone(g.b.Bytes())
	}
	if g.r.IntN(4) == 0 {
		g.line(0, "# Databricks notebook source")
	}
	g.line(0, `"""%s job: loads, cleans and publishes %s."""`, g.pick("Nightly", "Hourly", "Streaming", "Backfill"), g.table())
	g.imports()
	if g.r.IntN(2) == 0 {
		g.builder()
	}
	g.constants()
	sections := 6 + g.r.IntN(10)
	for range sections {
		switch g.r.IntN(13) {
		case 0, 1:
			g.function()
		case 2:
			g.class()
		case 3:
			g.confs(0)
		case 4:
			g.readAndWrite(0)
		case 5:
			g.streaming(0)
		case 6:
			g.delta(0)
		case 7:
			g.pipeline()
		case 8:
			g.sqlCalls(0)
		case 9:
			g.plainPython(0)
		case 10:
			g.writerV2(0)
		case 11:
			g.lookalikes(0)
		case 12:
			g.loop()
		}
		if g.r.IntN(3) == 0 {
			g.line(0, "")
			g.line(0, "# COMMAND ----------")
		}
		g.line(0, "")
	}
	g.helperCalls()
	g.line(0, `if __name__ == "__main__":`)
	g.line(1, "main()")
	return bytes.Clone(g.b.Bytes())
}

// helpers writes a module of the helpers real projects share.
func (g *gen) helpers() {
	g.line(0, `"""Shared writers and maintenance."""`)
	g.line(0, "from delta.tables import DeltaTable")
	g.line(0, "")
	g.line(0, "DEFAULT_TABLE = %q", g.table())
	g.line(0, "PARTITIONS = [%q]", g.col())
	g.line(0, "")
	g.line(0, "")
	g.line(0, `def write_table(df, table, partition_cols, mode="append"):`)
	g.line(1, `df.write.format("delta").mode(mode).partitionBy(*partition_cols).saveAsTable(table)`)
	g.line(0, "")
	g.line(0, "")
	g.line(0, `def write_stream(df, table, trigger="1 minute"):`)
	g.line(1, `return df.writeStream.trigger(processingTime=trigger).toTable(table)`)
	g.line(0, "")
	g.line(0, "")
	g.line(0, "def vacuum_table(spark, table, hours=168):")
	g.line(1, "DeltaTable.forName(spark, table).vacuum(hours)")
	g.line(0, "")
	g.line(0, "")
	g.line(0, "def land(spark, path, table):")
	g.line(1, `spark.read.json(path).write.mode("append").saveAsTable(table)`)
	g.line(0, "")
	g.line(0, "")
	g.line(0, "def publish(df, table):")
	g.line(1, "write_table(df, table, PARTITIONS)")
}

// helperCalls imports the latest helper module and calls its helpers.
func (g *gen) helperCalls() {
	h := g.idx - g.idx%helperEvery
	g.line(0, "from %s import write_table, write_stream, vacuum_table, land, publish, DEFAULT_TABLE", module(h))
	g.line(0, "import %s as helpers", module(h))
	g.line(0, "")
	g.line(0, `staged = spark.read.table(%q).repartition(%d)`, g.table(), 1+g.r.IntN(64))
	g.line(0, `write_table(staged, %q, [%q, %q])`, g.table(), g.col(), g.col())
	g.line(0, `helpers.write_table(staged, table=DEFAULT_TABLE, partition_cols=[%q], mode="overwrite")`, g.col())
	g.line(0, `publish(staged, %q)`, g.table())
	g.line(0, `write_stream(spark.readStream.table(%q), %q)`, g.table(), g.table())
	g.line(0, `vacuum_table(spark, %q, %d)`, g.table(), 24*g.r.IntN(14))
	g.line(0, "for path in [%q, %q]:", g.path(), g.path())
	g.line(1, `land(spark, path, %q)`, g.table())
	g.line(0, "")
}

func (g *gen) imports() {
	g.line(0, "import os")
	g.line(0, "import sys")
	g.line(0, "from datetime import datetime, timedelta")
	g.line(0, "from pyspark.sql import SparkSession, DataFrame, Window")
	g.line(0, "from pyspark.sql import functions as F")
	g.line(0, "from pyspark.sql.functions import col, lit, coalesce")
	g.line(0, "from pyspark.sql.types import StructType, StructField, StringType, LongType")
	if g.r.IntN(2) == 0 {
		g.line(0, "from delta.tables import DeltaTable")
	}
	if g.r.IntN(3) == 0 {
		g.line(0, "import dlt")
	}
	g.line(0, "")
}

func (g *gen) builder() {
	g.line(0, "spark = (")
	g.line(1, "SparkSession.builder")
	g.line(1, `.appName("%s")`, g.name("app"))
	for range 1 + g.r.IntN(4) {
		g.line(1, `.config("%s", "%s")`, g.confKey(), g.confVal())
	}
	g.line(1, ".getOrCreate()")
	g.line(0, ")")
	g.line(0, "")
}

func (g *gen) confKey() string {
	return g.pick("spark.sql.shuffle.partitions", "spark.databricks.delta.optimizeWrite.enabled",
		"spark.databricks.delta.autoCompact.enabled", "spark.sql.adaptive.enabled",
		"spark.sql.files.maxRecordsPerFile", "spark.sql.sources.partitionOverwriteMode")
}

func (g *gen) confVal() string { return g.pick("true", "false", "200", "8", "dynamic", "1000000") }

func (g *gen) constants() {
	g.line(0, `TABLE = "%s"`, g.table())
	g.line(0, `BASE_PATH = "%s"`, g.path())
	g.line(0, `CHECKPOINT = BASE_PATH + "/_checkpoints/%s"`, g.name("cp"))
	g.line(0, "NUM_FILES = %d", 1+g.r.IntN(64))
	g.line(0, `RUN_DATE = os.environ.get("RUN_DATE", "2024-01-01")`)
	g.line(0, `FMT = "%s"`, g.pick("delta", "parquet", "delta"))
	g.line(0, "")
}

func (g *gen) confs(ind int) {
	for range 1 + g.r.IntN(3) {
		switch g.r.IntN(3) {
		case 0:
			g.line(ind, `spark.conf.set("%s", "%s")`, g.confKey(), g.confVal())
		case 1:
			g.line(ind, `spark.conf.set("%s", %s)`, g.confKey(), g.pick("True", "False", "64", "NUM_FILES"))
		default:
			g.line(ind, `spark.sql("SET %s = %s")`, g.confKey(), g.confVal())
		}
	}
}

func (g *gen) source(ind int, v string) {
	switch g.r.IntN(6) {
	case 0:
		g.line(ind, `%s = spark.read.table(TABLE)`, v)
	case 1:
		g.line(ind, `%s = spark.read.format("%s").option("header", "true").load("%s")`, v, g.pick("csv", "json", "parquet"), g.path())
	case 2:
		g.line(ind, `%s = spark.table("%s")`, v, g.table())
	case 3:
		g.line(ind, `%s = spark.sql("SELECT * FROM %s WHERE %s = '{}'".format(RUN_DATE))`, v, g.table(), g.col())
	case 4:
		g.line(ind, `%s = (`, v)
		g.line(ind+1, "spark.read")
		g.line(ind+1, `.format("delta")`)
		g.line(ind+1, `.load(f"{BASE_PATH}/%s")`, g.pick("events", "orders"))
		g.line(ind, ")")
	default:
		g.line(ind, `%s = spark.read.parquet(BASE_PATH)`, v)
	}
}

func (g *gen) transforms(ind int, dst, src string) {
	for range 1 + g.r.IntN(5) {
		switch g.r.IntN(9) {
		case 0:
			g.line(ind, `%s = %s.filter(F.col("%s").isNotNull())`, dst, src, g.col())
		case 1:
			g.line(ind, `%s = %s.withColumn("%s", F.to_date("ts"))`, dst, src, g.col())
		case 2:
			g.line(ind, `%s = %s.select("%s", "%s", "%s")`, dst, src, g.col(), g.col(), g.col())
		case 3:
			g.line(ind, `%s = %s.join(%s_dim, on="%s", how="left")`, dst, src, src, g.col())
		case 4:
			g.line(ind, `%s = %s.groupBy("%s").agg(F.sum("amount").alias("total"), F.count("*").alias("n"))`, dst, src, g.col())
		case 5:
			g.line(ind, `%s = %s.repartition(%s)`, dst, src, g.pick("8", "NUM_FILES", `"event_date"`, `200, "country"`))
		case 6:
			g.line(ind, `%s = %s.coalesce(%s)`, dst, src, g.pick("1", "4", "NUM_FILES"))
		case 7:
			g.line(ind, `%s = %s.dropDuplicates(["%s"])`, dst, src, g.col())
		default:
			g.line(ind, `%s = %s.withColumnRenamed("%s", "%s_old")`, dst, src, g.col(), g.col())
		}
		src = dst
	}
}

func (g *gen) readAndWrite(ind int) {
	v := g.name("df")
	g.source(ind, v)
	out := g.name("out")
	g.transforms(ind, out, v)
	g.write(ind, out)
}

func (g *gen) write(ind int, v string) {
	switch g.r.IntN(9) {
	case 0:
		g.line(ind, `%s.write.format("delta").mode("%s").saveAsTable("%s")`, v, g.pick("append", "overwrite"), g.table())
	case 1:
		g.line(ind, `(%s.write`, v)
		g.line(ind+1, `.format(FMT)`)
		g.line(ind+1, `.mode("overwrite")`)
		g.line(ind+1, `.partitionBy("%s", "%s")`, g.col(), g.col())
		g.line(ind+1, `.option("overwriteSchema", "true")`)
		g.line(ind+1, `.save(BASE_PATH + "/%s"))`, g.pick("out", "agg"))
	case 2:
		g.line(ind, `%s.repartition(%d).write.mode("append").partitionBy("%s").parquet("%s")`, v, 1+g.r.IntN(16), g.col(), g.path())
	case 3:
		g.line(ind, `%s.coalesce(1).write.csv("%s", header=True, mode="overwrite")  # noqa: LL101`, v, g.path())
	case 4:
		g.line(ind, `%s.write.insertInto("%s", overwrite=True)`, v, g.table())
	case 5:
		g.line(ind, `%s.write.saveAsTable(TABLE, format="delta", mode="append", partitionBy=["%s"])`, v, g.col())
	case 6:
		g.line(ind, `%s.write.options(**{"mergeSchema": "true", "maxRecordsPerFile": 100000}).format("delta").save(f"{BASE_PATH}/%s")`, v, g.pick("x", "y"))
	case 7:
		g.line(ind, `%s.write.jdbc(url, "%s", mode="append", properties=props)`, v, g.pick("public.events", "dbo.orders"))
	default:
		g.line(ind, `%s.write.mode("append").json("%s")`, v, g.path())
	}
}

func (g *gen) writerV2(ind int) {
	v := g.name("df")
	g.source(ind, v)
	switch g.r.IntN(3) {
	case 0:
		g.line(ind, `%s.writeTo("%s").using("delta").partitionedBy(F.days("ts")).tableProperty("delta.autoOptimize.optimizeWrite", "true").createOrReplace()`, v, g.table())
	case 1:
		g.line(ind, `%s.writeTo(TABLE).append()`, v)
	default:
		g.line(ind, `(%s.writeTo("%s")`, v, g.table())
		g.line(ind+1, `.option("mergeSchema", "true")`)
		g.line(ind+1, `.overwrite(F.col("%s") == RUN_DATE))`, g.col())
	}
}

func (g *gen) streaming(ind int) {
	v := g.name("stream")
	g.line(ind, "%s = (", v)
	g.line(ind+1, "spark.readStream")
	g.line(ind+1, `.format("%s")`, g.pick("delta", "cloudFiles", "kafka"))
	g.line(ind+1, `.option("skipChangeCommits", "true")`)
	g.line(ind+1, `.table("%s")`, g.table())
	g.line(ind, ")")
	g.line(ind, `%s = %s.withWatermark("ts", "10 minutes").dropDuplicates(["event_id"])`, v, v)
	g.line(ind, "query = (")
	g.line(ind+1, "%s.writeStream", v)
	g.line(ind+1, `.format("delta")`)
	g.line(ind+1, `.outputMode("append")`)
	g.line(ind+1, `.option("checkpointLocation", CHECKPOINT)`)
	switch g.r.IntN(4) {
	case 0:
		g.line(ind+1, `.trigger(processingTime="%s")`, g.pick("10 seconds", "1 minute", "5 minutes", "500 ms"))
	case 1:
		g.line(ind+1, ".trigger(availableNow=True)")
	case 2:
		g.line(ind+1, ".trigger(once=True)")
	}
	if g.r.IntN(3) == 0 {
		g.line(ind+1, ".foreachBatch(upsert_batch)")
		g.line(ind+1, ".start()")
	} else {
		g.line(ind+1, `.toTable("%s")`, g.table())
	}
	g.line(ind, ")")
	g.line(ind, "query.awaitTermination()")
}

func (g *gen) delta(ind int) {
	switch g.r.IntN(5) {
	case 0:
		g.line(ind, `target = DeltaTable.forName(spark, "%s")`, g.table())
		g.line(ind, "(")
		g.line(ind+1, `target.alias("t")`)
		g.line(ind+1, `.merge(updates.alias("s"), "t.id = s.id")`)
		g.line(ind+1, ".whenMatchedUpdateAll()")
		g.line(ind+1, ".whenNotMatchedInsertAll()")
		g.line(ind+1, ".execute()")
		g.line(ind, ")")
	case 1:
		g.line(ind, `DeltaTable.forPath(spark, BASE_PATH).optimize().where("%s = '2024-01-01'").executeZOrderBy("%s")`, g.col(), g.col())
	case 2:
		g.line(ind, `DeltaTable.forName(spark, TABLE).vacuum(%s)`, g.pick("", "168", "24", "1"))
	case 3:
		g.line(ind, "(")
		g.line(ind+1, "DeltaTable.createIfNotExists(spark)")
		g.line(ind+1, `.tableName("%s")`, g.table())
		g.line(ind+1, `.addColumn("id", "BIGINT")`)
		g.line(ind+1, `.addColumn("%s", "DATE")`, g.col())
		g.line(ind+1, `.partitionedBy("%s")`, g.col())
		g.line(ind+1, `.property("delta.enableChangeDataFeed", "true")`)
		g.line(ind+1, ".execute()")
		g.line(ind, ")")
	default:
		g.line(ind, `DeltaTable.forName(spark, TABLE).delete(F.col("%s") < "2020-01-01")`, g.col())
	}
}

func (g *gen) pipeline() {
	switch g.r.IntN(3) {
	case 0:
		g.line(0, "@dlt.table(")
		g.line(1, `name="%s",`, g.name("tbl"))
		g.line(1, `comment="Cleaned rows",`)
		g.line(1, `partition_cols=["%s"],`, g.col())
		g.line(1, `table_properties={"quality": "silver"},`)
		g.line(0, ")")
	case 1:
		g.line(0, "@dlt.table")
	default:
		g.line(0, `@dlt.expect_or_drop("valid_id", "id IS NOT NULL")`)
		g.line(0, `@dlt.materialized_view(cluster_by=["%s"])`, g.col())
	}
	g.line(0, "def %s():", g.name("pipeline_tbl"))
	g.line(1, `return dlt.read_stream("%s").where("%s IS NOT NULL")`, g.name("src"), g.col())
	g.line(0, "")
	if g.r.IntN(2) == 0 {
		g.line(0, `dlt.create_streaming_table("%s", comment="raw feed")`, g.name("feed"))
	}
}

func (g *gen) sqlCalls(ind int) {
	switch g.r.IntN(7) {
	case 0:
		g.line(ind, `spark.sql("OPTIMIZE %s ZORDER BY (%s)")`, g.table(), g.col())
	case 1:
		g.line(ind, `spark.sql(f"VACUUM {TABLE} RETAIN %d HOURS")`, 1+g.r.IntN(200))
	case 2:
		g.line(ind, `spark.sql("""`)
		g.line(ind+1, "CREATE TABLE IF NOT EXISTS %s (", g.table())
		g.line(ind+2, "id BIGINT,")
		g.line(ind+2, "%s STRING", g.col())
		g.line(ind+1, ") USING DELTA")
		g.line(ind+1, "PARTITIONED BY (%s)", g.col())
		g.line(ind+1, "TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true')")
		g.line(ind, `""")`)
	case 3:
		g.line(ind, `query = "INSERT INTO %s SELECT /*+ REPARTITION(8) */ * FROM staging"`, g.table())
		g.line(ind, "spark.sql(query)")
	case 4:
		g.line(ind, `spark.sql("MERGE INTO %s t USING updates s ON t.id = s.id " "WHEN MATCHED THEN UPDATE SET * " "WHEN NOT MATCHED THEN INSERT *")`, g.table())
	case 5:
		g.line(ind, `spark.sql("ALTER TABLE %%s SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true')" %% TABLE)`)
	default:
		g.line(ind, `display(spark.sql(f"SELECT count(*) FROM {TABLE} WHERE event_date = '{RUN_DATE}'"))`)
	}
}

func (g *gen) plainPython(ind int) {
	g.line(ind, "# Plain helpers that touch no table.")
	g.line(ind, "items = [x * 2 for x in range(10) if x %% 3]")
	g.line(ind, `lookup = {"a": 1, "b": 2, "c": [1, 2, 3]}`)
	g.line(ind, "for key, value in sorted(lookup.items()):")
	g.line(ind+1, `print(f"{key}={value!r}")`)
	g.line(ind, "try:")
	g.line(ind+1, "total = sum(items) / len(items)")
	g.line(ind, "except ZeroDivisionError as exc:")
	g.line(ind+1, `raise RuntimeError("no items") from exc`)
	g.line(ind, "finally:")
	g.line(ind+1, "pass")
	g.line(ind, `message = "rows: %%d" %% len(items)`)
	g.line(ind, "started = datetime.now() - timedelta(days=1)")
}

func (g *gen) lookalikes(ind int) {
	g.line(ind, `w = Window.partitionBy("%s").orderBy(F.desc("ts"))`, g.col())
	g.line(ind, `ranked = events.withColumn("rn", F.row_number().over(w)).withColumn("v", F.coalesce(col("a"), col("b")))`)
	g.line(ind, "pairs = sc.parallelize(range(100)).map(lambda x: (x %% 10, x)).partitionBy(8, lambda k: k)")
	g.line(ind, "cached = ranked.repartition(16).cache()")
	g.line(ind, "joined = ranked.repartition(32).join(other, \"id\")")
}

func (g *gen) function() {
	fn := g.name("load")
	g.line(0, "def %s(spark: SparkSession, run_date: str, n: int = 8) -> DataFrame:", fn)
	g.line(1, `"""Load one day of data and write it out."""`)
	g.line(1, `path = f"{BASE_PATH}/date={run_date}"`)
	g.source(1, "df")
	g.transforms(1, "df", "df")
	if g.r.IntN(2) == 0 {
		g.line(1, "if df.isEmpty():")
		g.line(2, "return df")
		g.write(1, "df")
	} else {
		g.line(1, `df = df.repartition(n)`)
		g.line(1, `df.write.mode("overwrite").format("delta").save(path)`)
	}
	g.line(1, "return df")
	g.line(0, "")
	g.line(0, "")
}

func (g *gen) class() {
	cls := g.name("Job")
	g.line(0, "class %s:", cls)
	g.line(1, `"""A small job object."""`)
	g.line(0, "")
	g.line(1, "def __init__(self, spark, table=TABLE):")
	g.line(2, "self.spark = spark")
	g.line(2, "self.table = table")
	g.line(0, "")
	g.line(1, "def run(self):")
	g.line(2, `self.spark.conf.set("spark.sql.shuffle.partitions", "%d")`, 8+g.r.IntN(400))
	g.line(2, `df = self.spark.sql(f"SELECT * FROM {self.table}")`)
	g.line(2, `df = df.dropna()`)
	g.line(2, `df.write.mode("append").saveAsTable(self.table + "_clean")`)
	g.line(0, "")
	g.line(1, "@staticmethod")
	g.line(1, "def describe():")
	g.line(2, `return "%s"`, cls)
	g.line(0, "")
}

func (g *gen) loop() {
	g.line(0, `for day in ["2024-01-01", "2024-01-02", "2024-01-03"]:`)
	g.line(1, `part = spark.read.table(TABLE).where(F.col("event_date") == day)`)
	g.line(1, "if part.count() > 0:")
	g.line(2, `part.coalesce(2).write.mode("append").partitionBy("event_date").saveAsTable("%s")`, g.table())
	g.line(1, "else:")
	g.line(2, `print("empty", day)`)
	g.line(0, "")
	g.line(0, "with open(\"/tmp/report.txt\", \"w\") as fh:")
	g.line(1, `fh.write("done\n")`)
}
