package ledger

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
)

// TestBuild puts each writer, statement and finding under its table, with
// file:line places, and turns a schedule plugged into the catalog into
// runs and files a day.
func TestBuild(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "job.py")
	src := "df = spark.read.table('raw')\n" +
		"df.repartition(4).write.mode('append').saveAsTable('main.a.events')\n" +
		"spark.sql('OPTIMIZE main.a.events')\n"
	if err := os.WriteFile(job, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	at := func(s string) facts.Span {
		i := strings.Index(src, s)
		return facts.Span{Start: i, End: i + len(s)}
	}
	tg := facts.Target{Table: "main.a.events"}
	f := &facts.File{Path: job,
		Writes: []*facts.Write{{API: facts.DataFrameWriter, Sink: "saveAsTable", Mode: facts.Value{Kind: facts.String, Str: "append"}, Target: tg,
			Span: at("df.repartition"), At: at("saveAsTable"),
			Transforms: []facts.Transform{{Name: "repartition", NumPartitions: facts.Value{Kind: facts.Int, Int: 4}, HasNum: true}}}},
		Maintenance: []*facts.Maintenance{{Kind: facts.Optimize, Target: tg, At: at("OPTIMIZE")}},
		Reads:       []*facts.Read{{Kind: facts.BatchRead, Target: facts.Target{Table: "raw"}, At: at("spark.read")}},
	}
	cat := catalog.Build([]*facts.File{f})
	cat.SetSchedules(func(path string) (catalog.Frequency, bool) {
		return catalog.Frequency{RunsPerDay: 96, Known: true, Source: "job ingest in resources/ingest.yml"}, path == job
	})
	findings := []finding.Finding{
		{Path: job, Code: "LL101", Start: finding.Position{Line: 2}, Subject: "main.a.events", Message: "by subject"},
		{Path: job, Code: "LL406", Start: finding.Position{Line: 2}, Message: "by place"},
		{Path: job, Code: "LL000", Start: finding.Position{Line: 1}, Message: "on no table"},
	}
	l := Build(cat, findings)
	if len(l.Tables) != 1 {
		t.Fatalf("tables = %d, want only the written one", len(l.Tables))
	}
	tb := l.Tables[0]
	if tb.Name != "main.a.events" || len(tb.Writers) != 1 || len(tb.Maintenance) != 1 {
		t.Fatalf("table = %+v", tb)
	}
	w := tb.Writers[0]
	if w.At != job+":2" || w.Frequency != "job ingest in resources/ingest.yml" || w.RunsPerDay == nil || *w.RunsPerDay != 96 ||
		w.FilesPerDay == nil || *w.FilesPerDay != 384 || tb.FilesPerDay == nil || *tb.FilesPerDay != 384 {
		t.Errorf("writer = %+v", w)
	}
	if tb.Maintenance[0].At != job+":3" || tb.Maintenance[0].Statement != "OPTIMIZE" {
		t.Errorf("maintenance = %+v", tb.Maintenance)
	}
	if len(tb.Findings) != 2 || tb.Findings[0].Message != "by subject" || tb.Findings[1].Message != "by place" {
		t.Errorf("findings = %+v", tb.Findings)
	}
}

// TestLookups finds a table by the name code writes and by the line of
// its writer, definition or reader, and renders its block alone.
func TestLookups(t *testing.T) {
	one := 1.0
	l := &Ledger{Tables: []*Table{
		{Name: "main.a.events", Writers: []Writer{{At: "jobs/a.py:7", API: "DataFrameWriter", Frequency: "job `a`", RunsPerDay: &one}}, Readers: []Reader{{At: "jobs/b.py:3", Kind: "batch"}}},
		{Location: "s3://lake/raw", DefinedAt: []string{"sql/raw.sql:1"}},
	}}
	for _, name := range []string{"main.a.events", "MAIN.A.EVENTS", "`main`.`a`.`events`", " main.a.events "} {
		if got := l.Named(name); got != l.Tables[0] {
			t.Errorf("Named(%q) = %v", name, got)
		}
	}
	if l.Named("s3://lake/raw") != l.Tables[1] || l.Named("main.a") != nil || l.Named("") != nil || l.Named("S3://LAKE/RAW") != nil {
		t.Error("Named: a location is matched exactly, and nothing else")
	}
	if l.WrittenAt("jobs/a.py", 0, 7) != l.Tables[0] || l.WrittenAt("jobs/b.py", 0, 3) != l.Tables[0] || l.WrittenAt("sql/raw.sql", 0, 1) != l.Tables[1] {
		t.Error("WrittenAt misses a writer, reader or definition")
	}
	if l.WrittenAt("jobs/a.py", 0, 8) != nil {
		t.Error("WrittenAt found a table on a line with none")
	}
	got := l.Tables[0].Text()
	want := "main.a.events\n  defined      not in the project\n  format       not said\n  writer       jobs/a.py:7 DataFrameWriter; job `a` (1 run a day)\n  reader       jobs/b.py:3 batch\n  maintenance  no OPTIMIZE or VACUUM in the project\n"
	if got != want {
		t.Errorf("Text:\n%s\nwant:\n%s", got, want)
	}
}
