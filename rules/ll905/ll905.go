// Package ll905 reports a batch job that copies a live table of small files
// through narrow transformations, and so writes small files too.
package ll905

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
	"github.com/lakelint/lakelint/stats/health"
)

var Doc = &rule.Doc{
	Code:     "LL905",
	Name:     "small-file-passthrough",
	Severity: finding.Warning,
	Summary:  "A batch write copies a table whose live files are small through narrow transformations only (select, filter, withColumn...), so the target gets small files too.",
	Why: `Without a shuffle a job writes one file per read task, and a read task takes whole
files: Spark packs small files into one task only up to spark.sql.files.maxPartitionBytes
(128 MB), counting spark.sql.files.openCostInBytes (4 MB) for every file it opens. A
DataFrame read from a table and written after select, filter, withColumn and the like
(nothing joined, aggregated, made distinct, sorted or repartitioned) keeps that layout,
so a source of 1 MB files comes out as files of at most about 25 MB, however large the
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
	confMaxPartitionBytes = "spark.sql.files.maxpartitionbytes"
	confOpenCost          = "spark.sql.files.opencostinbytes"
	defaultMaxPartition   = 128 << 20
	defaultOpenCost       = 4 << 20
)

func check(p *rule.Pass) {
	for _, w := range p.Facts.Writes {
		r := w.CopyOf
		if r == nil || w.API.Rewrites() {
			continue
		}
		src := p.Table(r.Target)
		if src == nil || src.Live == nil {
			continue
		}
		e, small := health.CheckSmallFiles(src.Live, p.Config.Stats)
		if !small || e.Average <= 0 {
			continue
		}
		if on, _ := p.OptimizedWrites(w); on {
			continue
		}
		perTask, ok := packed(p, w, e.Average)
		if !ok || perTask >= e.Threshold {
			continue
		}
		p.ReportRelated(w.At, fmt.Sprintf("%s copies %s (%s averaging %s, under %s) through %s: nothing shuffles, so each task writes the few files it read, %s at most; add .repartition(n) before the write, sized to files of 128 MB or more, or turn on optimized writes (delta.autoOptimize.optimizeWrite)%s",
			writeName(w), rule.TableOf(src), health.Plural(e.Files, "file", "files"), health.Bytes(e.Average), health.Bytes(e.Threshold),
			chain(w), health.Bytes(perTask), p.FrequencyNote(w)),
			[]rule.Related{{At: r.At, Message: "the read of " + rule.TableOf(src)}})
	}
}

// writeName names the write for the message: "The write to main.web.clicks_de".
func writeName(w *facts.Write) string {
	return "The write to " + rule.TargetName(w.Target)
}

// chain says what lies between the read and the write.
func chain(w *facts.Write) string {
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
