// Package ll905 reports a batch job that copies a live table of small files
// through narrow transformations, and so writes small files too.
package ll905

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/rules/rule"
	"github.com/lakelint/lakelint/stats/health"
)

var Doc = &rule.Doc{
	Code:     "LL905",
	Name:     "small-file-passthrough",
	Severity: finding.Warning,
	Summary:  "A batch write copies a table whose live files are small through narrow transformations only (select, filter, withColumn..., or a SQL SELECT ... FROM t WHERE ...), so the target gets small files too.",
	Why: `Without a shuffle a job writes one file per read task, and a read task takes whole
files: Spark packs small files into one task only up to spark.sql.files.maxPartitionBytes
(128 MB), counting spark.sql.files.openCostInBytes (4 MB) for every file it opens. A
DataFrame read from a table and written after select, filter, withColumn and the like
(nothing joined, aggregated, made distinct, sorted or repartitioned) keeps that layout, and
so does SQL's INSERT INTO t SELECT ... FROM src [WHERE ...] or CREATE TABLE t AS SELECT
... FROM src (in a .sql file or spark.sql) whose query only picks, filters and computes
columns (no join, aggregate, DISTINCT, sort, window, set operation, LIMIT, subquery or
partitioning hint). A source of 1 MB files then comes out as files of at most about 25 MB, however large the
table. The small files of the source are copied into the target, which then needs its
own compaction. With live stats configured, the rule reads the source table's file count
and size: it reports a batch write of such a copy when the source averages under
stats.small-file-threshold (32 MB) over more than stats.min-files files and even a full
read task would write a file under the threshold. A write with optimized writes on is
not reported: they shuffle before writing. Without live stats for the source the rule
says nothing.`,
	Lang: "python",
	Example: `# main.raw.clicks: 40,000 files averaging 900 KB
clicks = spark.read.table("main.raw.clicks")
clicks.filter("country = 'DE'").select("ts", "url").write.mode("overwrite").saveAsTable("main.web.clicks_de")`,
	Better: `clicks = spark.read.table("main.raw.clicks")
(clicks.filter("country = 'DE'").select("ts", "url")
    .repartition(16)  # or turn on optimized writes
    .write.mode("overwrite").saveAsTable("main.web.clicks_de"))`,
	Options: []string{"stats.small-file-threshold", "stats.min-files", "stats.tables", "stats.file", "stats.databricks"},
}

var Rule = rule.New(Doc, check)

// Spark's defaults for how a file scan packs files into read tasks.
const (
	confMaxPartitionBytes = "spark.sql.files.maxPartitionBytes"
	confOpenCost          = "spark.sql.files.openCostInBytes"
	defaultMaxPartition   = 128 << 20
	defaultOpenCost       = 4 << 20
)

func check(p *rule.Pass) {
	for _, w := range p.Facts.Writes {
		if w.CopyOf != nil && !w.API.Rewrites() {
			checkCopy(p, w, w.CopyOf)
		}
	}
	for _, d := range p.Facts.Tables {
		if d.CopyOf != nil {
			checkCopy(p, definitionWrite(d), d.CopyOf)
		}
	}
}

// definitionWrite is what a CREATE TABLE ... AS SELECT writes, as a write
// of the table it defines: its settings, properties and schedule are the
// write's.
func definitionWrite(d *facts.TableDef) *facts.Write {
	return &facts.Write{API: facts.SQLInsert, Lang: d.Lang, Span: d.Span, At: d.At, Sink: "CREATE TABLE AS SELECT",
		Format: d.Format, Target: facts.Target{Table: d.Name, Path: d.Location}, Properties: d.Properties, Transforms: d.Transforms}
}

// checkCopy reports write w when it copies the files of r's table.
func checkCopy(p *rule.Pass, w *facts.Write, r *facts.Read) {
	src := p.Table(r.Target)
	if src == nil || src.Live == nil {
		return
	}
	e, small := health.CheckSmallFiles(src.Live, p.Config.Stats)
	if !small || e.Average <= 0 {
		return
	}
	if on, _ := p.OptimizedWrites(w); on {
		return
	}
	perTask, ok := packed(p, w, e.Average)
	if !ok || perTask >= e.Threshold {
		return
	}
	p.ReportRelated(w.At, fmt.Sprintf("%s copies %s (%s averaging %s, under %s) through %s: nothing shuffles, so each task writes the few files it read, %s at most; %s, sized to files of 128 MB or more, or turn on optimized writes (delta.autoOptimize.optimizeWrite)%s",
		writeName(w), rule.TableOf(src), health.Plural(e.Files, "file", "files"), health.Bytes(e.Average), health.Bytes(e.Threshold),
		chain(w), health.Bytes(perTask), remedy(w), p.FrequencyNote(w)),
		[]rule.Related{{At: r.At, Message: "the read of " + rule.TableOf(src)}})
}

// remedy is how the code in w's language makes the write shuffle.
func remedy(w *facts.Write) string {
	if w.Lang == document.SQL {
		return "add a /*+ REPARTITION(n) */ hint to the SELECT"
	}
	return "add .repartition(n) before the write"
}

// writeName names the write for the message: "The write to main.web.clicks_de".
func writeName(w *facts.Write) string {
	return "The write to " + rule.TargetName(w.Target)
}

// chain says what lies between the read and the write.
func chain(w *facts.Write) string {
	if w.Lang == document.SQL {
		return "a query that only picks, filters and computes columns"
	}
	if len(w.Transforms) == 0 {
		return "no transformation"
	}
	names := make([]string, 0, len(w.Transforms))
	for _, t := range w.Transforms {
		if n := t.Name + "()"; len(names) == 0 || names[len(names)-1] != n {
			names = append(names, n)
		}
	}
	return "narrow transformations only (" + strings.Join(names, ", ") + ")"
}

// packed is the most data one read task of the copy holds, and so the
// largest file it writes: as many whole files of the average size as fit in
// a split, each counted with the open cost. False when the session sets
// either size to something not understood.
func packed(p *rule.Pass, w *facts.Write, avg int64) (int64, bool) {
	maxBytes, ok1 := sizeSetting(p, w, confMaxPartitionBytes, defaultMaxPartition)
	openCost, ok2 := sizeSetting(p, w, confOpenCost, defaultOpenCost)
	if !ok1 || !ok2 || maxBytes <= 0 {
		return 0, false
	}
	files := maxBytes / (avg + openCost)
	if files < 1 {
		files = 1
	}
	return files * avg, true
}

// sizeSetting is the session's value of a size setting before the write,
// else def.
func sizeSetting(p *rule.Pass, w *facts.Write, key string, def int64) (int64, bool) {
	s, ok := p.Facts.SettingBefore(key, w.Span.Start)
	if !ok {
		return def, true
	}
	switch s.Value.Kind {
	case facts.Int:
		return s.Value.Int, true
	case facts.String:
		n, err := config.ParseSize(s.Value.Str)
		return n, err == nil
	}
	return 0, false
}
