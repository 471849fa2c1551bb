// Package ll102 reports coalesce(1) or repartition(1) before a table write.
package ll102

import (
	"fmt"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL102",
	Name:     "single-file-table-write",
	Severity: finding.Warning,
	Summary:  "`coalesce(1)` or `repartition(1)` funnels a table write through a single task.",
	Why: `One partition means one task writes every row: the write runs on one core however big
the cluster, the task may run out of memory, and each run adds one file per table
partition it touches. A table written this way every hour ends up with thousands of
files of whatever size each run happened to be, and reads of it pay for every one.
Exports meant as one file (CSV, JSON, text) are not reported, nor is a DataFrame used as
the source of a MERGE: MERGE joins it with the target, so its partitioning does not decide
the files written, nor a non-Delta write to a path the code (or, for a helper, its
caller) does not name, which is as often a one-file hand-off to another tool as a table.
Nor is a Delta write with optimized writes on (a session or job-cluster setting, a table
property): they shuffle the rows again before writing, and LL101 reports the coalesce.
Nor is an overwrite (mode("overwrite"), INSERT OVERWRITE, writeTo(...).overwrite): it
replaces what the table held, so each run leaves one file per partition it writes and
none of the last run's; the single task may be slow, but its files are not small, and
without optimized writes dropping the call would make more files, not fewer. The same
holds for a write in the default mode (errorifexists) or mode("ignore"), which makes its
table once, and for one whose mode is not known where it is written (mode(cfg.mode)):
only an append (mode("append"), insertInto, writeTo(...).append, a stream) adds a run's
file beside the last run's. An append to a table the same file deletes from first
(DELETE FROM t WHERE day = d, or DeltaTable.delete, then the day's rows) is the way a job
replaces what it reruns, and is not reported either.

A helper of another module that gives the DataFrame back funnelled (def one(df): return
df.coalesce(1), then one(df).write.mode("append")...) is reported at the call, the
helper's coalesce cited: the fix is the helper's to make, for every caller. So is a write
helper of another module that funnels what it is given in a format or mode the call passes
(to_files(df, path, "parquet")): the helper alone cannot be judged. One whose format and mode
are its own is reported once, in the helper.

A DataFrame funnelled through one task and named as a temporary view
(df.coalesce(1).createOrReplaceTempView("v")) is reported when spark.sql creates a
table from it (CREATE TABLE t AS SELECT * FROM v) or inserts it (INSERT INTO t SELECT *
FROM v): a query that only picks and filters the view's rows writes its single
partition. A join, an aggregation or a sort in the query shuffles again, and is not
reported.`,
	Lang:    "python",
	Example: `orders.coalesce(1).write.mode("append").saveAsTable("main.sales.orders")`,
	Better: `orders.write.mode("append").saveAsTable("main.sales.orders")
# and let optimized writes / auto compaction size the files`,
	Fix:       rule.UnsafeFix,
	FixSafety: "The fix removes the call. The same rows are written, in more files when the data is large; code that relies on the table having a single file per run (a downstream job reading one file, say) would change, so the fix is unsafe.",
	Options:   []string{"default-format"},
}

var Rule = rule.New(Doc, check)

// exportFormats are usually meant to land as one file.
var exportFormats = map[string]bool{"csv": true, "json": true, "text": true, "xml": true}

func check(p *rule.Pass) {
	// a helper's write and its copies applied at calls in the same file
	// share the transform: it is reported once, as the helper's
	seen := map[facts.Span]bool{}
	for _, w := range p.Facts.Writes {
		t := w.Feeding()
		if t == nil || !single(t) || seen[t.Span] {
			continue
		}
		format := p.Format(w)
		if exportFormats[format] || w.FormatUnknown || format == "console" || format == "memory" || format == "jdbc" {
			continue
		}
		if !w.Target.Known() && !w.TargetFromCaller && format != "delta" {
			continue // an unnamed path may be a one-file hand-off to another tool, not a table
		}
		if w.Overwrites() {
			continue // one file per partition replaces the last run's: no small files pile up
		}
		if deletedFirst(p, w) {
			continue // DELETE ... WHERE day = d, then the day's rows: a replace, as an overwrite is
		}
		if w.API != facts.DataStreamWriter && !w.Appends() {
			// errorifexists (the default), ignore, or a mode not known: the
			// write makes its table once, or may, and piles up nothing
			continue
		}
		if on, _ := p.OptimizedWrites(w); on && format == "delta" {
			continue // optimized writes shuffle again before writing: LL101 reports the coalesce
		}
		at, related, helper := rule.StepAt(w, t, "the helper's "+rule.TransformText(t))
		if !helper && t.Span.Foreign() && w.Via != nil && callerDecides(w) {
			// a helper of another file funnels and writes what this call
			// passes, in a format or mode the call gives: the helper alone
			// could not be judged, so the call is
			at, related, helper = w.Via.Call, []rule.Related{{At: t.Span, Message: "the helper's " + rule.TransformText(t)}}, true
		}
		if helper {
			// a helper of another file gives the DataFrame back funnelled:
			// reported at each call, the helper for its author to change
			if seen[at] {
				continue
			}
			seen[at] = true
			msg := fmt.Sprintf("%s in the helper this call runs (%s) makes one task write all of %s; drop it there and let the writer (or optimized writes) size the files%s",
				rule.TransformText(t), p.PlaceOf(t.Span), rule.TargetName(w.Target), p.FrequencyNote(w))
			p.ReportRelated(at, msg, related)
			continue
		}
		seen[t.Span] = true
		msg := fmt.Sprintf("%s makes one task write all of %s; drop it and let the writer (or optimized writes) size the files%s",
			rule.TransformText(t), rule.TargetName(w.Target), p.FrequencyNote(w))
		p.Report(t.Span, msg, rule.Fix{Title: "Remove " + rule.TransformText(t), Edits: t.Removal})
	}
	checkViewTables(p, seen)
}

// callerDecides reports whether the write's format or mode is written in
// this file, at a call of the helper of another file that writes.
func callerDecides(w *facts.Write) bool {
	here := func(sp facts.Span) bool { return sp != (facts.Span{}) && !sp.Foreign() }
	return here(w.FormatSpan) || here(w.Mode.Span)
}

// checkViewTables reports a CREATE TABLE ... AS SELECT from a temporary
// view made of a DataFrame funnelled through one task: the statement
// inherits the view's single partition.
func checkViewTables(p *rule.Pass, seen map[facts.Span]bool) {
	for _, d := range p.Facts.Tables {
		t := facts.Feeding(d.Transforms)
		if t == nil || !single(t) || seen[t.Span] {
			continue
		}
		if format := p.DefFormat(d); exportFormats[format] {
			continue
		}
		if on, _ := d.Properties["delta.autooptimize.optimizewrite"].Truth(); on {
			continue // the table shuffles again before writing
		}
		seen[t.Span] = true
		msg := fmt.Sprintf("%s makes one task write all of %s: the temporary view it feeds is read by CREATE TABLE ... AS SELECT (%s), which writes the view's single partition; drop it and let the writer (or optimized writes) size the files",
			rule.TransformText(t), rule.TableLabel(d.Name, d.Location), p.Place(d.At.Start))
		p.ReportRelated(t.Span, msg, []rule.Related{{At: d.At, Message: "the CREATE TABLE ... AS SELECT that writes the view"}},
			rule.Fix{Title: "Remove " + rule.TransformText(t), Edits: t.Removal})
	}
}

// deletedFirst reports whether the file deletes from the write's table
// before the write appends to it: DELETE FROM t WHERE day = d, then an
// INSERT of that day's rows, is how a job replaces what it reruns, so each
// run leaves its file in place of the last run's.
func deletedFirst(p *rule.Pass, w *facts.Write) bool {
	if !w.Target.Known() || w.At.Foreign() {
		return false
	}
	for _, d := range p.Facts.Writes {
		if d.API != facts.SQLDelete && d.API != facts.DeltaTableDelete || d.At.Foreign() || d.At.Start >= w.At.Start {
			continue
		}
		if rule.SameTable(d.Target, w.Target) {
			return true
		}
	}
	return false
}

func single(t *facts.Transform) bool {
	if !t.IsShuffle() || !t.HasNum || t.NumPartitions.Kind != facts.Int {
		return false
	}
	return t.NumPartitions.Int == 1
}
