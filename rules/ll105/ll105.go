// Package ll105 reports appends to one table made on every iteration of a loop.
package ll105

import (
	"strconv"

	"github.com/lakelint/lakelint/facts"
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
list of paths or a glob) or union the DataFrames, and write once.

A MERGE in a loop is reported the same way: each is a commit that rewrites the files its
matches touch. So is an INSERT or MERGE run through spark.sql in a loop, when the statement
names its table in full (not main.bronze.{name}, which may change with the item). So is a method called for each instance of a registry
(for m in MITIGATORS: m.save()) whose body appends or merges into one table; when the
loop goes over a list written out or such a registry, the message says how many times it
runs. A call in the loop of a function that appends counts, however many functions deep
the append is, in this module or another (add_error_entry calls update_table(df, t,
"append")). A table whose name is not known is the same on every iteration when the code
that names it reads no variable: a constant, or a function called with literals
(saveAsTable(full_name("table_log"))); one named by a variable, an f-string or a call
given the loop's item is left alone. A while loop (a poller that appends what it fetched each time round) has no inputs
to read at once: the message asks to gather several iterations' rows before writing, or
to read the source as a stream, and to turn on auto compaction.

Not reported: a loop whose iterations write different tables or paths named in the code
(for name in ["orders", "items"]: ... saveAsTable(f"main.bronze.{name}")), each written
once per run, as separate statements would; a loop over rows collected from a DataFrame
that filters and writes each value to a path of its own (partitionBy written by hand):
each task writes a file for each value it holds either way, so the loop makes no more
files than partitionBy would, only more jobs; a loop that collects DataFrames and writes
their union once after it; a loop that breaks or returns right after the write (a retry:
try: write, then break), which writes once for the loop; overwrites, which replace
rather than add.`,
	Lang: "python",
	Example: `for path in files:
    spark.read.json(path).write.mode("append").saveAsTable("main.raw.events")`,
	Better: `spark.read.json(files).write.mode("append").saveAsTable("main.raw.events")`,
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, w := range p.Facts.Writes {
		if w.Loop.End == 0 {
			continue
		}
		switch {
		// a target known inside the loop, or code that reads no variable
		// (facts.Target.Fixed), is the same on every iteration: one that
		// varies with the loop's item does not resolve
		case w.Target.Fixed() && w.Accumulates():
			verb, what := "appends to ", "each append is a commit of small files; read all inputs at once (a list of paths, or a union) and write once"
			switch {
			case w.API.Rewrites():
				verb, what = "merges into ", "each MERGE is a commit that rewrites the files it touches; merge the union of the iterations' rows once"
			case w.API == facts.SQLInsert:
				// the rows may be built in the loop (VALUES), not read from inputs
				verb, what = "inserts into ", "each INSERT is a commit of small files; insert every iteration's rows with one statement (a union of the inputs, or one VALUES list) or one DataFrame write"
			}
			if w.LoopWhile {
				// a poller's inputs arrive over time: there is no "all at once"
				what = "each one is a commit of small files for as long as the loop runs; gather several iterations' rows before writing (or read the source as a stream with a trigger of minutes), and turn on auto compaction (delta.autoOptimize.autoCompact) for the table"
			}
			p.Report(w.Loop, "this loop "+verb+rule.TargetName(w.Target)+" on every iteration"+iterations(w)+": "+what+p.FrequencyNote(w))
		}
	}
}

// iterations says how many times the loop runs, when its iterable says.
func iterations(w *facts.Write) string {
	if w.LoopItems <= 0 {
		return ""
	}
	if w.LoopItems == 1 {
		return " (1 iteration)"
	}
	return " (" + strconv.Itoa(w.LoopItems) + " iterations)"
}
