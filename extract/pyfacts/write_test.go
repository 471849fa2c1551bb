package pyfacts

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

func TestWrites(t *testing.T) {
	tests := []struct {
		name, src string
		api       facts.API
		sink      string
		at        string // text of Write.At
		format    string
		fmtUnk    bool
		table     string
		path      string
		mode      string
		part      []string
		dynamic   bool
		options   map[string]string
	}{
		{
			name: "chain saveAsTable",
			src:  `df.write.format("Delta").mode("append").partitionBy("a", "b").option("mergeSchema", True).saveAsTable("main.s.t")`,
			api:  facts.DataFrameWriter, sink: "saveAsTable", at: `saveAsTable("main.s.t")`, format: "delta",
			table: "main.s.t", mode: "append", part: []string{"a", "b"}, options: map[string]string{"mergeschema": "true"},
		},
		{
			name: "partitionBy list and save path",
			src:  `df.write.partitionBy(["d"]).save("/mnt/x")`,
			api:  facts.DataFrameWriter, sink: "save", at: `save("/mnt/x")`, path: "/mnt/x", part: []string{"d"},
		},
		{
			name: "partitionBy splat is dynamic",
			src:  `df.write.partitionBy(*cols).save(p)`,
			api:  facts.DataFrameWriter, sink: "save", at: "save(p)", dynamic: true,
		},
		{
			name: "partitionBy splat of a constant list",
			src:  "COLS = ['y', 'm']\ndf.write.partitionBy(*COLS).save('/p')",
			api:  facts.DataFrameWriter, sink: "save", at: "save('/p')", path: "/p", part: []string{"y", "m"}, // a list known whole gives its names
		},
		{
			name: "partitionBy splat of a list with a splat",
			src:  "COLS = ['y', *more]\ndf.write.partitionBy(*COLS).save('/p')",
			api:  facts.DataFrameWriter, sink: "save", at: "save('/p')", path: "/p", part: []string{"y"}, dynamic: true, // not known whole; its known names are kept
		},
		{
			name: "keyword forms of saveAsTable",
			src:  `df.write.saveAsTable(name="t", format="parquet", mode="overwrite", partitionBy=["p"], maxRecordsPerFile=1000)`,
			api:  facts.DataFrameWriter, sink: "saveAsTable", format: "parquet", table: "t", mode: "overwrite",
			part: []string{"p"}, options: map[string]string{"maxrecordsperfile": "1000"},
		},
		{
			name: "positional save",
			src:  `df.write.save("/out", "json", "overwrite", "d")`,
			api:  facts.DataFrameWriter, sink: "save", path: "/out", format: "json", mode: "overwrite", part: []string{"d"},
		},
		{
			name: "parquet sink with keywords",
			src:  `df.write.parquet("/p", mode="append", partitionBy="d")`,
			api:  facts.DataFrameWriter, sink: "parquet", format: "parquet", path: "/p", mode: "append", part: []string{"d"},
		},
		{
			name: "csv options",
			src:  `df.write.csv("/c", header=True, mode="overwrite")`,
			api:  facts.DataFrameWriter, sink: "csv", format: "csv", path: "/c", mode: "overwrite",
			options: map[string]string{"header": "true"},
		},
		{
			name: "orc json text",
			src:  `df.write.orc("/o")`,
			api:  facts.DataFrameWriter, sink: "orc", format: "orc", path: "/o",
		},
		{
			name: "jdbc",
			src:  `df.write.jdbc(url, "public.events", mode="append", properties=props)`,
			api:  facts.DataFrameWriter, sink: "jdbc", format: "jdbc", table: "public.events", mode: "append",
		},
		{
			name: "insertInto overwrite",
			src:  `df.write.insertInto("db.t", overwrite=True)`,
			api:  facts.DataFrameWriter, sink: "insertInto", table: "db.t", mode: "overwrite",
		},
		{
			name: "options forms",
			src:  `df.write.options(a="1", B=2).options(**{"c": "x"}).options({"d": False}).format(fmt).save(p)`,
			api:  facts.DataFrameWriter, sink: "save", fmtUnk: true,
			options: map[string]string{"a": "1", "b": "2", "c": "x", "d": "false"},
		},
		{
			name: "constants resolve",
			src:  "T = 'main.' + 'x'\nFMT = 'DELTA'\nM = 'overwrite'\ndf.write.format(FMT).mode(M).saveAsTable(T)",
			api:  facts.DataFrameWriter, sink: "saveAsTable", format: "delta", table: "main.x", mode: "overwrite",
		},
		{
			name: "f-string path",
			src:  "BASE = '/mnt/lake'\ndf.write.save(f'{BASE}/out')",
			api:  facts.DataFrameWriter, sink: "save", path: "/mnt/lake/out",
		},
		{
			name: "unresolved target stays unknown",
			src:  "df.write.saveAsTable(f'{env}.t')",
			api:  facts.DataFrameWriter, sink: "saveAsTable",
		},
		{
			name: "writer bound to a name",
			src:  "w = df.write.format('delta').mode('append')\nw.save('/x')",
			api:  facts.DataFrameWriter, sink: "save", format: "delta", path: "/x", mode: "append",
		},
		{
			name: "writeTo append",
			src:  `df.writeTo("main.t").using("delta").option("k", "v").append()`,
			api:  facts.DataFrameWriterV2, sink: "append", at: "append()", format: "delta", table: "main.t", mode: "append",
			options: map[string]string{"k": "v"},
		},
		{
			name: "writeTo overwrite partitions",
			src:  `df.writeTo("t").partitionedBy(F.col("d"), col("e"), "f").overwritePartitions()`,
			api:  facts.DataFrameWriterV2, sink: "overwritePartitions", table: "t", mode: "overwrite", part: []string{"d", "e", "f"},
		},
		{
			name: "writeTo overwrite with condition",
			src:  `df.writeTo("t").overwrite(F.col("d") == "x")`,
			api:  facts.DataFrameWriterV2, sink: "overwrite", table: "t", mode: "overwrite",
		},
		{
			name: "writeTo partition transforms",
			src:  `df.writeTo("t").partitionedBy(F.days("ts"), bucket(4, "id")).create()`,
			api:  facts.DataFrameWriterV2, sink: "create", table: "t", part: []string{}, // transforms have no name, as in SQL: they are not the columns
		},
		{
			name: "stream toTable",
			src:  `df.writeStream.format("delta").outputMode("append").option("checkpointLocation", "/cp").partitionBy("d").toTable("main.t")`,
			api:  facts.DataStreamWriter, sink: "toTable", format: "delta", table: "main.t", mode: "append",
			part: []string{"d"}, options: map[string]string{"checkpointlocation": "/cp"},
		},
		{
			name: "stream start path",
			src:  `df.writeStream.start("/out", format="parquet", outputMode="complete", checkpointLocation="/cp")`,
			api:  facts.DataStreamWriter, sink: "start", path: "/out", format: "parquet", mode: "complete",
			options: map[string]string{"checkpointlocation": "/cp"},
		},
		{
			name: "stream foreachBatch",
			src:  "def upsert(b, i):\n    pass\ndf.writeStream.foreachBatch(upsert).start()",
			api:  facts.DataStreamWriter, sink: "start", format: "foreachbatch",
		},
		{
			name: "statement inside a function, parenthesised and multi-line",
			src:  "def run(df):\n    (df.write\n        .format('delta')\n        .saveAsTable('t'))\n",
			api:  facts.DataFrameWriter, sink: "saveAsTable", format: "delta", table: "t",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, doc := extract(t, tt.src)
			w := oneWrite(t, f)
			if w.API != tt.api || w.Sink != tt.sink {
				t.Errorf("api %q sink %q, want %q %q", w.API, w.Sink, tt.api, tt.sink)
			}
			if tt.at != "" && textOf(doc, w.At) != tt.at {
				t.Errorf("At %q, want %q", textOf(doc, w.At), tt.at)
			}
			if w.Format != tt.format || w.FormatUnknown != tt.fmtUnk {
				t.Errorf("format %q unknown=%v, want %q %v", w.Format, w.FormatUnknown, tt.format, tt.fmtUnk)
			}
			if w.Target.Table != tt.table || w.Target.Path != tt.path {
				t.Errorf("target %+v, want table %q path %q", w.Target, tt.table, tt.path)
			}
			if w.Mode.Str != tt.mode {
				t.Errorf("mode %q, want %q", w.Mode.Str, tt.mode)
			}
			if tt.part != nil || tt.dynamic {
				if w.PartitionBy == nil {
					t.Fatal("no partitioning")
				}
				if !slices.Equal(w.PartitionBy.Names(), tt.part) || w.PartitionBy.Dynamic != tt.dynamic {
					t.Errorf("partitionBy %v dynamic=%v, want %v %v", w.PartitionBy.Names(), w.PartitionBy.Dynamic, tt.part, tt.dynamic)
				}
			} else if w.PartitionBy != nil {
				t.Errorf("unexpected partitionBy %v", w.PartitionBy.Names())
			}
			got := map[string]string{}
			for k, v := range w.Options {
				got[k] = v.Text()
			}
			if !maps.Equal(got, tt.options) && (len(got) > 0 || len(tt.options) > 0) {
				t.Errorf("options %v, want %v", got, tt.options)
			}
			if w.Lang != 1 || w.Span.Start > w.At.Start || w.At.End > w.Span.End {
				t.Errorf("lang %v span %+v at %+v", w.Lang, w.Span, w.At)
			}
		})
	}
}

func TestWriteSpans(t *testing.T) {
	src := "x = 1\n(df.repartition(8)\n   .write.format('delta')\n   .saveAsTable('t'))\n"
	f, doc := extract(t, src)
	w := oneWrite(t, f)
	if got := textOf(doc, w.Span); got != "df.repartition(8)\n   .write.format('delta')\n   .saveAsTable('t')" {
		t.Errorf("span %q", got)
	}
	if got := src[w.WriterAt:]; got[:6] != ".write" {
		t.Errorf("WriterAt at %q", got)
	}
	if got := textOf(doc, w.FormatSpan); got != "'delta'" {
		t.Errorf("format span %q", got)
	}
	if got := textOf(doc, w.Target.Span); got != "'t'" {
		t.Errorf("target span %q", got)
	}
}

func TestTriggers(t *testing.T) {
	tests := []struct {
		src     string
		kind    facts.TriggerKind
		seconds float64
	}{
		{`processingTime="30 seconds"`, facts.TriggerProcessingTime, 30},
		{`processingTime='1 minute'`, facts.TriggerProcessingTime, 60},
		{`processingTime="5 minutes"`, facts.TriggerProcessingTime, 300},
		{`processingTime="1 hour"`, facts.TriggerProcessingTime, 3600},
		{`processingTime="500 milliseconds"`, facts.TriggerProcessingTime, 0.5},
		{`processingTime="500 ms"`, facts.TriggerProcessingTime, 0}, // Spark refuses abbreviations
		{`processingTime="interval 1 minute 30 seconds"`, facts.TriggerProcessingTime, 90},
		{`processingTime="10s"`, facts.TriggerProcessingTime, 0},
		{`"2 minutes"`, facts.TriggerUnknown, 0}, // PySpark's trigger takes keywords only
		{`**{"processingTime": "2 minutes"}`, facts.TriggerProcessingTime, 120},
		{`processingTime=INTERVAL`, facts.TriggerProcessingTime, 45},
		{`processingTime=interval`, facts.TriggerProcessingTime, 0},
		{`once=True`, facts.TriggerOnce, 0},
		{`availableNow=True`, facts.TriggerAvailableNow, 0},
		{`continuous="1 second"`, facts.TriggerContinuous, 1},
		{`**kw`, facts.TriggerUnknown, 0},
		{`once=flag`, facts.TriggerUnknown, 0},
	}
	for _, tt := range tests {
		src := "INTERVAL = '45 seconds'\ndf.writeStream.trigger(" + tt.src + ").toTable('t')"
		f, doc := extract(t, src)
		w := oneWrite(t, f)
		if !w.HasTrigger || w.Trigger == nil {
			t.Errorf("%s: no trigger", tt.src)
			continue
		}
		if w.Trigger.Kind != tt.kind || w.Trigger.Seconds != tt.seconds {
			t.Errorf("%s: trigger %q %v, want %q %v", tt.src, w.Trigger.Kind, w.Trigger.Seconds, tt.kind, tt.seconds)
		}
		if got := textOf(doc, w.Trigger.Span); got != "trigger("+tt.src+")" {
			t.Errorf("%s: span %q", tt.src, got)
		}
	}
	f, _ := extract(t, "df.writeStream.toTable('t')")
	if w := oneWrite(t, f); w.HasTrigger || w.Trigger != nil {
		t.Error("a stream without trigger has one")
	}
}

// TestOptionChains checks that chained options keep the newest value of a
// key, that chains sharing a prefix do not see each other's options, and
// that options given without any known one leave an empty map, not nil.
func TestOptionChains(t *testing.T) {
	f, _ := extract(t, "w = df.write.option('a', 1)\n"+
		"w.option('b', 2).option('a', 3).save('/p')\n"+
		"w.options(c=4).save('/q')\n"+
		"df.write.options().save('/r')\n"+
		"df.write.save('/s')\n"+
		"spark.read.option('k').load('/t')\n")
	if len(f.Writes) != 4 || len(f.Reads) != 1 {
		t.Fatalf("%d writes, %d reads", len(f.Writes), len(f.Reads))
	}
	keys := func(m map[string]facts.Value) string {
		var out []string
		for k, v := range m {
			out = append(out, k+"="+v.Text())
		}
		slices.Sort(out)
		return strings.Join(out, ",")
	}
	if got := keys(f.Writes[0].Options); got != "a=3,b=2" {
		t.Errorf("first write options %s", got)
	}
	if got := keys(f.Writes[1].Options); got != "a=1,c=4" {
		t.Errorf("second write options %s", got)
	}
	if o := f.Writes[2].Options; o == nil || len(o) != 0 {
		t.Errorf(".options() gave %v, want an empty map", o)
	}
	if o := f.Writes[3].Options; o != nil {
		t.Errorf("no options gave %v, want nil", o)
	}
	if o := f.Reads[0].Options; o == nil || len(o) != 0 {
		t.Errorf(".option(key) gave %v, want an empty map", o)
	}
}
