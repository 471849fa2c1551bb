// Package ll105 reports appends to one table made on every iteration of a loop.
package ll105

import (
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL105",
	Name:     "write-in-loop",
	Severity: finding.Warning,
	Summary:  "A loop appends to the same table on every iteration (one write per input file, say).",
	Why: `Every append is a commit of its own, with at least one new file per task that writes:
an ingestion loop over 500 input files makes 500 commits of a few small files each, and
the table's log and file count grow with every run. Reads then open thousands of small
files, and OPTIMIZE has to rewrite them all. Read every input at once (a reader takes a
list of paths or a glob) or union the DataFrames, and write once.`,
	Lang: "python",
	Example: `for path in files:
    spark.read.json(path).write.mode("append").saveAsTable("main.raw.events")`,
	Better: `spark.read.json(files).write.mode("append").saveAsTable("main.raw.events")`,
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, w := range p.Facts.Writes {
		// a target known inside the loop is the same on every iteration:
		// one that varies with the loop's item does not resolve
		if w.Loop.End == 0 || !w.Target.Known() || !w.Appends() {
			continue
		}
		p.Report(w.Loop, "this loop appends to "+rule.TargetName(w.Target)+
			" on every iteration: each append is a commit of small files; read all inputs at once (a list of paths, or a union) and write once"+p.FrequencyNote(w))
	}
}
