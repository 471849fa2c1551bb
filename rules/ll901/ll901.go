// Package ll901 reports writes to a table whose live state is mostly small files.
package ll901

import (
	"fmt"
	"github.com/lakelint/lakelint/stats/health"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL901",
	Name:     "small-files-in-target-table",
	Severity: finding.Warning,
	Summary:  "Code writes to a table whose live stats show many files with a small average or median size.",
	Why: `This rule looks at the table, not only the code: with live stats configured (a stats
snapshot, a table location, or a Databricks workspace) lakelint reads how many data
files the table has and how big they are. Every file costs a listing entry, an open
and a footer read on each query, and per-file overhead in the Delta log; a table of
hundreds of thousands of files under a few megabytes reads many times slower than the
same data in files of 128 MB to 1 GB, and its log and checkpoints grow with every file.
The code that writes the table is where the files come from: a stream committing every
few seconds, a batch job writing without optimized writes, a table that is never
compacted. The finding is reported at each write to the table, with a remedy that
fits the kind of write. Without live stats for the table the rule says nothing.`,
	Lang: "python",
	Example: `# main.web.clicks_bronze: 150 files, median 40 KB
(clicks.writeStream.format("delta")
    .trigger(processingTime="5 seconds")
    .toTable("main.web.clicks_bronze"))`,
	Better: `spark.sql("""ALTER TABLE main.web.clicks_bronze SET TBLPROPERTIES (
    'delta.autoOptimize.autoCompact' = 'true')""")
(clicks.writeStream.format("delta")
    .trigger(availableNow=True)  # run on a schedule
    .toTable("main.web.clicks_bronze"))`,
	Options: []string{"stats.small-file-threshold", "stats.min-files", "stats.tables", "stats.file", "stats.databricks"},
}

var Rule = rule.New(Doc, check, rule.LiveWrites)

func check(p *rule.Pass) {
	for _, lw := range p.ResultOf[rule.LiveWrites].([]rule.LiveWrite) {
		w, t := lw.Write, lw.Table
		e, small := health.CheckSmallFiles(t.Live, p.Config.Stats)
		if !small {
			continue
		}
		p.ReportRelated(w.At, evidence(t, e)+": "+remedy(p, w, t), p.AutoCompactionOffAt(w))
	}
}

// evidence reads like "main.web.clicks has 150 files with a median of 40 KB (100% under 32 MB)".
func evidence(t *catalog.Table, e health.SmallFiles) string {
	msg := fmt.Sprintf("%s has %s", rule.TableOf(t), health.Plural(e.Files, "file", "files"))
	switch {
	case e.Median > 0 && e.SmallShare >= 0:
		msg += fmt.Sprintf(" with a median of %s (%s under %s)", health.Bytes(e.Median), health.Percent(e.SmallShare), health.Bytes(e.Threshold))
	case e.Median > 0:
		msg += fmt.Sprintf(" with a median of %s (under %s)", health.Bytes(e.Median), health.Bytes(e.Threshold))
	default:
		msg += fmt.Sprintf(" averaging %s (under %s)", health.Bytes(e.Average), health.Bytes(e.Threshold))
	}
	if h := t.Live.History; h != nil && h.Commits > 0 && h.LastOptimize == nil {
		msg += fmt.Sprintf(", and none of its last %s ran OPTIMIZE", health.Plural(int64(h.Commits), "commit", "commits"))
	}
	return msg
}

// remedy suits the kind of write: a stream commits less often, a batch job
// writes fewer, larger files, and anything can be compacted afterwards.
func remedy(p *rule.Pass, w *facts.Write, t *catalog.Table) string {
	optimize := "run " + optimizeStatement(t) + " on a schedule"
	compact := "enable auto compaction (delta.autoOptimize.autoCompact)"
	switch on, where := autoCompaction(p, w, t); {
	case on:
		compact = optimize // already compacting after writes: compact more
	case where != "":
		compact = "turn auto compaction back on (it is disabled " + where + ")"
	}
	switch {
	case w.API == facts.DataStreamWriter:
		if w.Trigger != nil && (w.Trigger.Kind == facts.TriggerAvailableNow || w.Trigger.Kind == facts.TriggerOnce) {
			return "each run of this stream adds small files; " + compact + ", or run it less often"
		}
		return "this stream commits small files; use a longer trigger interval, or trigger(availableNow=True) on a schedule, and " + compact
	case w.API.Rewrites():
		if compact == optimize {
			return optimize
		}
		return compact + ", or " + optimize
	}
	if on, _ := p.OptimizedWrites(w); on {
		return "optimized writes are on, yet the files stay small; " + optimize
	}
	return "enable optimized writes (delta.autoOptimize.optimizeWrite) so each write makes fewer, larger files, and " + optimize
}

// autoCompaction says whether auto compaction is known to be on for the
// write; when it is known to be off, where says where ("on line 5").
func autoCompaction(p *rule.Pass, w *facts.Write, t *catalog.Table) (on bool, where string) {
	if s, ok := p.Facts.SettingBefore(rule.ConfAutoCompact, w.Span.Start); ok {
		if v, known := s.Value.Truth(); known {
			if v {
				return true, ""
			}
			return false, fmt.Sprintf("on %s", p.PlaceOf(s.At))
		}
	}
	if v, ok := t.Property(rule.PropAutoCompact); ok {
		if on, known := v.Truth(); known {
			if on {
				return true, ""
			}
			return false, "in the table's properties"
		}
	}
	return false, ""
}

// optimizeStatement is the OPTIMIZE that compacts the table.
func optimizeStatement(t *catalog.Table) string {
	if t.Name != "" {
		return "OPTIMIZE " + t.Name
	}
	return "OPTIMIZE delta.`" + t.Path + "`"
}
