// Package ll101 reports a manual repartition or coalesce that feeds a Delta
// write while optimized writes are on.
package ll101

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL101",
	Name:     "repartition-before-optimized-write",
	Severity: finding.Warning,
	Summary:  "A `.coalesce(n)`, `.repartition(n)` or REPARTITION/COALESCE hint feeds a Delta write while optimized writes are on.",
	Why: `Optimized writes add their own shuffle before a Delta write so that each table partition
gets a few files of about 128 MB. A manual coalesce or repartition to a fixed number of
partitions runs first and fixes the write's parallelism by hand: the number that was right
for last month's volume makes too many small files (or too few, slow tasks) this month,
and the extra shuffle costs time. Let optimized writes size the files.

lakelint reports this only when it knows optimized writes are on: the session sets
spark.databricks.delta.optimizeWrite.enabled, the table (as defined in the project, or
live) has delta.autoOptimize.optimizeWrite, the statement is a MERGE, UPDATE or DELETE on
Databricks (always optimized there; on open-source Delta only when optimized writes are
turned on), or the configuration sets assume-optimized-writes. The DataFrame a MERGE
reads as its source is never reported: MERGE joins it with the target, so its
partitioning does not decide the files written.`,
	Lang: "python",
	Example: `spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
daily = events.repartition(8)
daily.write.format("delta").mode("append").saveAsTable("main.sales.events")`,
	Better: `spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
daily = events
daily.write.format("delta").mode("append").saveAsTable("main.sales.events")`,
	Fix:       rule.SafeFix,
	FixSafety: "The fix removes the repartition or coalesce call (or the hint). Optimized writes already shuffle the data before the write, so the rows written and their partitioning stay the same; only the number of files changes, for the better.",
	Options:   []string{"assume-optimized-writes", "default-format", "platform"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, w := range p.Facts.Writes {
		t := w.Feeding()
		if t == nil || !fightsOptimizedWrite(t) || p.Format(w) != "delta" {
			continue
		}
		on, why, related := p.OptimizedWritesCited(w)
		if !on {
			continue
		}
		title, text := rule.RemoveTransform(t)
		if at, rel, helper := rule.StepAt(w, t, "the helper's "+text); helper {
			// the helper of another file this call runs gives it back so
			msg := text + " in the helper this call runs (" + p.PlaceOf(t.Span) + ") before the write to " + rule.TargetName(w.Target) + " fights optimized writes (" + why + "); remove it there and let optimized writes size the files" + p.FrequencyNote(w)
			p.ReportRelated(at, msg, append(rel, related...))
			continue
		}
		msg := text + " before the write to " + rule.TargetName(w.Target) + " fights optimized writes (" + why + "); remove it and let optimized writes size the files" + p.FrequencyNote(w)
		p.ReportRelated(t.Span, msg, related, rule.Fix{Title: title, Edits: t.Removal})
	}
}

// fightsOptimizedWrite: a coalesce, a repartition to a fixed count, or a
// REPARTITION/COALESCE hint. A repartition by columns alone, and REBALANCE,
// work with optimized writes rather than against them.
func fightsOptimizedWrite(t *facts.Transform) bool {
	switch t.Name {
	case "coalesce", "COALESCE", "REPARTITION":
		return true
	case "repartition", "repartitionByRange":
		return t.HasNum
	}
	return false
}
