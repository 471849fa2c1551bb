package pyfacts

import (
	"maps"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/parsers/python"
)

// text returns the source text of a name (see intern).
func (x *extractor) text(n python.Node) string { return x.intern(n.Text()) }

// maxInterned is the longest text intern keeps: names and short literals
// repeat within a file, long strings (SQL) hardly ever.
const maxInterned = 64

// internSlots is the size of the table of texts (a power of two).
const internSlots = 2048

// intern returns b as a string, mostly the same string for the same short
// text: a file uses its names and keys again and again, and the files of a
// project each other's, and one copy of each costs fewer allocations than a
// copy per use. The table remembers one text per slot, by hash, from one
// extraction to the next; it starts with the Spark and Python names nearly
// every file uses. A text whose slot another took is copied again, which
// only costs a little memory. Each copy is its own allocation, not a piece of
// a shared block: what a run keeps of a file (a table's name in the catalog)
// then holds that text alone, not the block and the texts of other files.
func (x *extractor) intern(b []byte) string {
	if len(b) > maxInterned {
		return string(b)
	}
	slot := &x.work.names[textHash(b)&(internSlots-1)]
	if !slot.holds(b) {
		slot.set(string(b))
	}
	return slot.s
}

// internSlot is a text of the table with, when it is short, a copy of its
// bytes next to it: comparing with those reads no memory but the slot's,
// where the text itself lies anywhere in the heap.
type internSlot struct {
	s   string
	key [slotKey]byte
}

// slotKey is the longest text a slot keeps a copy of.
const slotKey = 24

func (sl *internSlot) holds(b []byte) bool {
	if len(sl.s) != len(b) {
		return false
	}
	if len(b) <= slotKey {
		return string(sl.key[:len(b)]) == string(b)
	}
	return sl.s == string(b)
}

func (sl *internSlot) set(s string) {
	sl.s = s
	copy(sl.key[:], s)
}

// textHash is the FNV-1a hash of b.
func textHash(b []byte) uint32 {
	h := uint32(2166136261)
	for _, c := range b {
		h = (h ^ uint32(c)) * 16777619
	}
	return h
}

// commonSlots are the common names by hash, which a new table of texts
// starts with; of names that share a slot, the first in sorted order has
// it. It is never changed after init.
var commonSlots = func() *[internSlots]internSlot {
	names := slices.Sorted(maps.Keys(internTable()))
	t := new([internSlots]internSlot)
	for _, n := range names {
		if i := textHash([]byte(n)) & (internSlots - 1); t[i].s == "" {
			t[i].set(n)
		}
	}
	return t
}()

// internTable holds the names of the PySpark API, of the methods this
// package reads and of Python's most used builtins.
func internTable() map[string]string {
	t := make(map[string]string)
	add := func(names ...string) {
		for _, n := range names {
			t[n] = n
		}
	}
	for _, m := range []map[string]bool{notFrames, shuffles, v2Sinks, formatSinks, partitionTransforms, pipelineTables} {
		for n := range m {
			add(n)
		}
	}
	for _, m := range []map[string][]string{v1Sinks, streamSinks} {
		for n, params := range m {
			add(n)
			add(params...)
		}
	}
	for n := range readerSinks {
		add(n)
	}
	add(
		// sessions, readers and writers
		"spark", "sc", "sqlContext", "SparkSession", "SparkContext", "builder", "appName", "master",
		"config", "getOrCreate", "enableHiveSupport", "conf", "set", "get", "sql", "table", "read",
		"readStream", "sparkContext", "createDataFrame", "range", "stop", "udf", "catalog", "format",
		"option", "options", "load", "schema", "using", "tableProperty", "partitionedBy", "clusterBy",
		"bucketBy", "sortBy", "trigger", "processingTime", "once", "availableNow", "continuous",
		"awaitTermination", "key", "value", "map", "header",
		// DataFrame methods
		"select", "selectExpr", "filter", "where", "withColumn", "withColumns", "withColumnRenamed",
		"drop", "dropDuplicates", "distinct", "dropna", "fillna", "na", "fill", "groupBy", "agg",
		"join", "crossJoin", "union", "unionByName", "orderBy", "sort", "limit", "alias", "cache",
		"persist", "unpersist", "withWatermark", "sample", "columns", "dtypes", "rdd", "toDF",
		"transform", "checkpoint", "hint", "parallelize", "on", "how", "writeTo", "foreachBatch",
		"foreach", "df", "DataFrame", "Row",
		// pyspark.sql.functions and Window
		"F", "functions", "col", "column", "lit", "when", "otherwise", "expr", "sum", "avg", "max",
		"min", "count", "countDistinct", "current_timestamp", "current_date", "to_date",
		"to_timestamp", "date_format", "concat", "concat_ws", "upper", "lower", "trim", "row_number",
		"rank", "dense_rank", "over", "desc", "asc", "isNull", "isNotNull", "cast", "explode",
		"broadcast", "Window", "rowsBetween", "partitioning", "StructType", "StructField",
		"StringType", "IntegerType", "LongType", "DoubleType", "BooleanType", "DateType",
		"TimestampType",
		// Delta Lake and pipelines
		"DeltaTable", "forName", "forPath", "merge", "whenMatchedUpdate", "whenMatchedUpdateAll",
		"whenMatchedDelete", "whenNotMatchedInsert", "whenNotMatchedInsertAll", "execute", "update",
		"delete", "optimize", "executeCompaction", "executeZOrderBy", "vacuum", "history", "detail",
		"createIfNotExists", "addColumn", "property", "location", "comment", "tableOrViewName",
		"identifier", "source", "retentionHours", "partitionFilter", "dlt", "dp", "view", "expect",
		"expect_or_drop", "expect_or_fail", "create_streaming_table", "create_target_table", "read_stream",
		"partition_cols", "cluster_by", "table_properties", "name",
		// Python
		"self", "cls", "print", "len", "str", "int", "float", "bool", "list", "dict", "tuple",
		"isinstance", "enumerate", "zip", "sorted", "open", "super", "__name__", "os", "sys", "json",
		"datetime", "timedelta", "date", "logging", "logger", "info", "warning", "error", "Exception",
		"ValueError", "RuntimeError", "KeyError", "join", "split", "strip", "replace", "items", "keys",
		"values", "append", "extend", "now", "today", "strftime", "environ", "getenv", "main", "path",
		"staticmethod", "classmethod", "property", "display", "__init__", "ZeroDivisionError",
		// modules
		"pyspark", "pyspark.sql", "pyspark.sql.functions", "pyspark.sql.types", "pyspark.sql.window",
		"delta", "delta.tables",
	)
	return t
}

// join is a + "." + b, interned.
func (x *extractor) join(a, b string) string {
	q := append(append(append(x.work.scratch[:0], a...), '.'), b...)
	x.work.scratch = q
	return x.intern(q)
}

// lower is strings.ToLower(s), interned, without allocating for the ASCII
// text nearly all names and keys are.
func (x *extractor) lower(s string) string {
	upper := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= 0x80:
			return strings.ToLower(s)
		case 'A' <= c && c <= 'Z':
			upper = true
		}
	}
	if !upper {
		return s
	}
	b := x.work.lowerBuf[:0]
	for i := 0; i < len(s); i++ {
		c := s[i]
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		b = append(b, c)
	}
	x.work.lowerBuf = b
	return x.intern(b)
}

// containsLower reports whether strings.ToLower(s) contains sub, which is
// lower-case ASCII, without allocating when s is ASCII.
func containsLower(s, sub string) bool {
	for i := 0; i < len(s); i++ {
		if s[i] >= 0x80 {
			return strings.Contains(strings.ToLower(s), sub)
		}
	}
	for i := 0; i+len(sub) <= len(s); i++ {
		j := 0
		for j < len(sub) && lowerASCII(s[i+j]) == sub[j] {
			j++
		}
		if j == len(sub) {
			return true
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if 'A' <= c && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}
