// Package ll204 reports streams that read a Delta table the project or its
// history rewrites, without skipChangeCommits.
package ll204

import (
	"fmt"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
	"github.com/lakelint/lakelint/stats/health"
)

var Doc = &rule.Doc{
	Code:     "LL204",
	Name:     "stream-source-rewritten",
	Severity: finding.Warning,
	Summary:  "A stream reads a Delta table that is MERGEd into, UPDATEd or DELETEd from, without skipChangeCommits.",
	Why: `A Delta table read as a stream is expected to be append-only. A MERGE, UPDATE or DELETE
commits by removing files and adding rewritten ones, and the stream stops with an error
at the first such commit: the pipeline halts until someone restarts it from a new
checkpoint or changes the read. skipChangeCommits tells the stream to skip commits that
rewrite files (it replaces ignoreChanges, which re-emitted whole rewritten files as
duplicates). lakelint knows a table is rewritten when a file of the project MERGEs into,
UPDATEs or DELETEs from it, or, with live stats, when its history shows such commits.`,
	Lang: "python",
	Example: `# elsewhere: DeltaTable.forName(spark, "main.sales.orders").merge(...).execute()
orders = spark.readStream.table("main.sales.orders")`,
	Better: `orders = (spark.readStream
    .option("skipChangeCommits", "true")
    .table("main.sales.orders"))`,
	Fix: rule.UnsafeFix,
	FixSafety: `The fix adds .option("skipChangeCommits", "true") to the read. The stream then no
longer fails on rewrites, but it also does not see what they changed: updated and deleted
rows are not streamed. When downstream needs those changes, read the table's change data
feed (readChangeFeed) instead, so the fix is applied only with --unsafe-fixes.`,
	Options: []string{"default-format", "stats.tables", "stats.file", "stats.databricks"},
}

var Rule = rule.New(Doc, check)

// exemptions are the read options that make a rewrite harmless to the
// stream, or whose effect lakelint does not judge, when set to true.
var exemptions = []string{"skipchangecommits", "ignorechanges", "ignoredeletes", "readchangefeed"}

func check(p *rule.Pass) {
	for _, r := range p.Facts.Reads {
		if r.Kind != facts.StreamRead || !r.Target.Known() || exempt(r) {
			continue
		}
		t := p.Table(r.Target)
		if t == nil || !delta(p, r, t) {
			continue
		}
		why := rewrittenBy(t)
		if why == "" {
			continue
		}
		var related []rule.Related
		if at := t.Use.RewriteAt(); at != (facts.Span{}) {
			related = []rule.Related{{At: at, Message: "the table's files are rewritten here"}}
		}
		msg := "this stream reads " + rule.TableOf(t) + ", which " + why + ": a Delta stream fails at the first commit that rewrites files; " +
			`add .option("skipChangeCommits", "true") to skip such commits, or read the change data feed when their changes matter`
		var fixes []rule.Fix
		if v, ok := r.Options["skipchangecommits"]; ok {
			// set to false: turn it on where it is
			if !v.ReadOnly && v.Span.End > v.Span.Start {
				text := `"true"`
				if v.Kind == facts.Bool {
					text = "True"
				}
				fixes = append(fixes, rule.Fix{Title: "Skip commits that rewrite files", Edits: []facts.Edit{{Span: v.Span, NewText: text}}})
			}
		} else if r.Insert != nil {
			fixes = append(fixes, rule.Fix{Title: "Skip commits that rewrite files", Edits: []facts.Edit{{
				Span:    facts.Span{Start: r.Insert.At, End: r.Insert.At},
				NewText: r.Insert.Newline + `.option("skipChangeCommits", "true")`,
			}}})
		}
		p.ReportRelated(r.At, msg, related, fixes...)
	}
}

// exempt: an option that handles rewrites is set, or set to a value not known.
func exempt(r *facts.Read) bool {
	for _, k := range exemptions {
		v, ok := r.Options[k]
		if !ok {
			continue
		}
		if on, known := v.Truth(); !known || on {
			return true
		}
	}
	return false
}

// delta reports whether the read is of a Delta table: said so, or a table
// (or path with no format) whose format is Delta by definition or default.
func delta(p *rule.Pass, r *facts.Read, t *catalog.Table) bool {
	switch r.Format {
	case "delta":
		return true
	case "":
		f := t.Format()
		if f == "" {
			f = p.TableDefaultFormat(t.Name)
		}
		return f == "delta"
	}
	return false
}

// rewrittenBy says who rewrites the table: a file of the project, or its history.
func rewrittenBy(t *catalog.Table) string {
	if t.Use.Rewrites > 0 {
		return t.Use.RewrittenIn + " MERGEs into, UPDATEs or DELETEs from"
	}
	if n := health.Rewrites(t.Live); n > 0 {
		return fmt.Sprintf("has %s in its recent history", health.Plural(int64(n), "MERGE, UPDATE or DELETE commit", "MERGE, UPDATE or DELETE commits"))
	}
	return ""
}
