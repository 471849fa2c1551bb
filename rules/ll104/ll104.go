// Package ll104 reports a partitioned write to a file format without a
// repartition by the partition columns.
package ll104

import (
	"slices"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL104",
	Name:     "partitioned-write-without-shuffle",
	Severity: finding.Warning,
	Summary:  "A `partitionBy` write to Parquet, ORC or another file format, or to Delta without optimized writes, is not repartitioned by its partition columns first.",
	Why: `Without a shuffle, every task holds rows of many partition values and writes one file
for each value it holds: 200 tasks times 365 dates is up to 73,000 files per run, most of
them tiny. Repartitioning by the partition columns first sends each value's rows to one
task, so each partition directory gets one file per run. Delta tables can do this for
you with optimized writes; plain file formats cannot. A Delta write is reported when
optimized writes are known to be off: the session or the table turns them off, or the
code runs on open-source Delta (platform: oss, or evidence such as
configure_spark_with_delta_pip) where they are off unless turned on. On Databricks, or
when the platform is unknown, the compute may turn them on, so such writes are left alone.

A write that a repartition or coalesce to a number of partitions reaches — on the same
line, through a variable, a helper's return value or parameter, or on any arm of an if —
is never reported: a known number of tasks writes then, and LL102 judges the case of a
single one. Nor is a write repartitioned by a column held in a parameter or variable
(repartition(date_col)): that may be the partition column, and lakelint does not guess.
Rows grouped by some of the partition columns on the way reach the write one value per
task too: an aggregation grouped by them (groupBy(...).agg, .count()), dropDuplicates of
them, or a column computed over a window partitioned by them
(withColumn("rn", F.row_number().over(Window.partitionBy("day")))); a window with no
partitionBy puts every row in one task, and one over rows a repartition clustered by some of its
partitionBy columns adds no shuffle of its own, so that repartition decides. A write whose partition columns are each given one
value on the way (withColumn("import_date", F.lit(today)), F.current_date(), a withColumns
dict of such values, or a select of F.lit(x).alias("d")) fills one partition, and is not
reported either. Nor is a table rewritten from its own read through
narrow steps only (a schema migration: read it, cast or drop columns, overwrite it by the
same columns): each file read holds one partition's rows, so the rewrite writes no more
files than it read. It is reported when the project's definition, or the live table, is
partitioned by other columns than the rewrite.

Narrow steps on one arm of an if or in a loop (if flag: df = df.withColumn(...)) leave what
came before them in force: a repartition before the if still reaches the write. A
repartition by the partition columns on every arm counts as one; on some arms only, the
write is reported with the condition under which it goes unshuffled ("when big is
false").

A partitioned stream into a file sink is judged the same way: each micro-batch is a write
of its own, so without a repartition every task writes a file into every partition it holds
with each micro-batch, and the fix inserts the repartition before .writeStream.

An AWS Glue job's write_dynamic_frame.from_options(frame=DynamicFrame.fromDF(df, ...),
connection_type="s3", connection_options={"partitionKeys": [...]}) is such a write too: an
append of df's rows, partitioned by the keys; so is a sink made with
getSink(connection_type="s3", partitionKeys=[...]) and written with writeFrame.

A DataFrame that a helper of another module of the project gives back (df =
add_columns(df), then written) is judged at the write with the helper's steps, as one
of the same file is: a helper that only adds columns (withColumn("import_timestamp",
F.current_timestamp())) leaves the write reported, one that repartitions by the
partition columns, coalesces or repartitions to a count, or gives the partition column
one value leaves it alone, and a join or aggregation in it ends what came before. So do
helpers that call helpers of a third module, and helpers called one after the other.
What a helper lakelint cannot follow gives back (a library's helper, or one whose result
is not a DataFrame whose steps it knows) is not judged at the write: it may have been
repartitioned there. A join or an aggregation after it is judged as usual.

A helper that partitions by a column its caller names (a parameter, an object's
attribute such as fg.partition_key) is reported at each call that names a known column,
and not at calls whose column is unknown.

A write whose columns are not known where it is written (partitionBy(*cols),
partitionBy(self.partition_by), a value taken from a settings dict) is reported when its own
code makes the DataFrame, the format is a file format (or Delta with optimized writes known
off) and no repartition or coalesce, aggregation grouped by columns, window or dropDuplicates of
some, is on the way: whatever the columns are,
the write does not shuffle by them. The message quotes the columns' code and no fix is offered.`,
	Lang:    "python",
	Example: `daily.write.mode("append").partitionBy("event_date", "country").parquet(path)`,
	Better: `(daily.repartition("event_date", "country")
    .write.mode("append").partitionBy("event_date", "country").parquet(path))`,
	Fix:       rule.UnsafeFix,
	FixSafety: "The fix inserts `.repartition(<partition columns>)` before `.write`. The rows written are the same, but the write gains a shuffle, and a heavily skewed partition value lands on one task; review it on large or skewed data.",
	Options:   []string{"default-format", "platform", "assume-optimized-writes"},
}

var Rule = rule.New(Doc, check)

var fileFormats = map[string]bool{"parquet": true, "orc": true, "csv": true, "json": true, "text": true, "avro": true}

func check(p *rule.Pass) {
	seen := map[facts.Span]bool{}
	for _, w := range p.Facts.Writes {
		part := w.PartitionBy
		// a helper's write of the DataFrame it is given is judged at each
		// call, where what shaped the DataFrame is known; one a helper not
		// followed (a library's) returns may have been shuffled there
		if part == nil || w.API != facts.DataFrameWriter && w.API != facts.DataStreamWriter || w.FrameFromCaller || w.FrameFromHelper {
			continue
		}
		format := p.Format(w)
		if part.Dynamic || len(part.Names()) < len(part.Columns) {
			unknownColumns(p, w, format, seen)
			continue
		}
		if len(part.Columns) == 0 {
			continue
		}
		if shuffledBy(w, part.Names()) || w.CountShuffled() || constant(w, part.Names()) || rewritesItsRead(p, w, part.Names()) {
			continue
		}
		var why string
		var related []rule.Related
		switch {
		case fileFormats[format]:
		case format == "delta":
			// optimized writes shuffle by the partition columns themselves
			off, reason, rel := p.OptimizedWritesOff(w)
			if !off {
				continue
			}
			why, related = " ("+reason+")", rel
		default:
			continue
		}
		cols := part.Names()
		quoted := make([]string, len(cols))
		for i, c := range cols {
			quoted[i] = `"` + c + `"`
		}
		call := ".repartition(" + strings.Join(quoted, ", ") + ")"
		writer, each := ".write", ""
		if w.API == facts.DataStreamWriter {
			writer, each = ".writeStream", " with each micro-batch" // a stream's repartition runs per micro-batch
		}
		advice := "add " + call + " before " + writer
		if w.WriterAt <= 0 {
			advice = "repartition the DataFrame by " + strings.Join(quoted, ", ") + " before it is written" // a Glue sink has no .write
		}
		msg := "partitioned " + format + " write without a shuffle by " + strings.Join(cols, ", ") + unshuffledWhen(w, cols) + why +
			": every task writes a file into every partition it holds" + each + "; " + advice + p.FrequencyNote(w)
		at := part.Span
		if w.Via != nil && (at.Foreign() || columnsFromCall(part)) {
			// a helper in another file writes the DataFrame this call
			// passes, or this call names the partition columns: the
			// finding is the call's, the fix the caller's to make
			at = w.Via.Call
			related = append(related, rule.Related{At: part.Span, Message: "the helper's partitioned write"})
			msg = "partitioned " + format + " write (in the helper this call runs) without a shuffle by " +
				strings.Join(cols, ", ") + why + ": every task writes a file into every partition it holds; repartition by " +
				strings.Join(quoted, ", ") + " before it is written"
			p.ReportRelated(at, msg, related)
			continue
		}
		if seen[at] {
			continue // a helper's write applied at several calls in its own file
		}
		seen[at] = true
		var fixes []rule.Fix
		// the repartition goes where .write is; in a helper of another
		// file, it would change the helper for every caller
		if w.WriterAt > 0 && (w.WriterIn == "" || w.WriterIn == p.Facts.Path) {
			fixes = append(fixes, rule.Fix{Title: "Insert " + call + " before " + writer,
				Edits: []facts.Edit{{Span: facts.Span{Start: w.WriterAt, End: w.WriterAt}, NewText: call}}})
		}
		p.ReportRelated(at, msg, related, fixes...)
	}
}

// unknownColumns judges a partitioned write whose columns are not known
// here (partitionBy(*cols), partitionBy(self.partition_by)): to a file
// format, or to Delta with optimized writes known off, the write does not
// shuffle by them whatever they are. Any repartition or coalesce on the way,
// or ways through the code that meet before it, may be by those columns, so
// they silence it; the message names the columns' code and offers no fix.
func unknownColumns(p *rule.Pass, w *facts.Write, format string, seen map[facts.Span]bool) {
	part := w.PartitionBy
	// a copy at a call whose columns are still not known stays with its
	// helper's own write; one whose columns its caller names is judged there
	if w.Via != nil || w.PartitionFromCaller || part.Expr == "" || part.Span.End <= part.Span.Start || part.Origin != "" {
		return
	}
	for i := range w.Transforms {
		if t := &w.Transforms[i]; t.IsShuffle() || t.Windowed || t.Name == facts.Branches || facts.Groupings[t.Name] || facts.Deduplications[t.Name] {
			return // what groups the rows may be the partition columns
		}
	}
	var why string
	var related []rule.Related
	switch {
	case fileFormats[format]:
	case format == "delta":
		off, reason, rel := p.OptimizedWritesOff(w)
		if !off {
			return
		}
		why, related = " ("+reason+")", rel
	default:
		return
	}
	at := part.Span
	what := "partitioned " + format + " write by `" + part.Expr + "`"
	if seen[at] {
		return
	}
	seen[at] = true
	p.ReportRelated(at, what+" without a shuffle"+why+": whatever columns it names, every task writes a file into every partition it holds; repartition by those columns before it is written"+p.FrequencyNote(w), related)
}

// columnsFromCall reports whether a helper's partitionBy takes its columns
// from the call it is applied at (a parameter, an object's attribute): they
// are written outside the clause. Each call then partitions by its own.
func columnsFromCall(part *facts.Partitioning) bool {
	for _, c := range part.Columns {
		if c.Span.File != part.Span.File || c.Span.Start < part.Span.Start || c.Span.End > part.Span.End {
			return true
		}
	}
	return false
}

// constant reports whether the write's rows get every partition column
// from a withColumn of one value (lit(now), current_date()): the write
// fills one partition, as an unpartitioned write fills the table, and a
// repartition by it would funnel it through one task.
func constant(w *facts.Write, cols []string) bool {
	for _, c := range cols {
		set := false
		for i := range w.Transforms {
			t := &w.Transforms[i]
			switch {
			case t.Name == "withColumn" && len(t.Columns) > 0 && strings.EqualFold(t.Columns[0].Name, c):
				set = t.Constant // the last withColumn of the name decides
			case t.Constant && t.Name != "withColumn" && slices.ContainsFunc(t.Columns, func(k facts.Column) bool { return strings.EqualFold(k.Name, c) }):
				set = true // withColumns({c: lit(x)}), select(lit(x).alias(c))
			}
		}
		if !set {
			return false
		}
	}
	return len(cols) > 0
}

// shuffledBy reports whether the rows reach the write grouped by some of
// the partition columns (and nothing else), so that each partition value
// sits in one task: a repartition by them, an aggregation grouped by them
// (groupBy(...).agg/count/...), dropDuplicates of them, or a column
// computed over a window partitioned by them, followed only by steps that
// keep the partitioning. A repartition by a column that is
// not written as a literal (a parameter, a variable) counts: it may well be
// the partition column, and LL104 says nothing it cannot show.
func shuffledBy(w *facts.Write, cols []string) bool {
	want := map[string]bool{}
	for _, c := range cols {
		want[strings.ToLower(c)] = true
	}
	within := func(cols []facts.Column, unnamed bool) bool {
		if len(cols) == 0 {
			return false
		}
		for _, c := range cols {
			if c.Name == "" && !unnamed || c.Name != "" && !want[strings.ToLower(c.Name)] {
				return false
			}
		}
		return true
	}
	aggregated := false // an aggregation of grouped rows, read back to its groupBy
	for i := len(w.Transforms) - 1; i >= 0; i-- {
		t := &w.Transforms[i]
		switch name := t.Name; {
		case facts.KeepsShuffle(w.Transforms, i):
			// the window computes over the repartition before it
		case strings.HasPrefix(strings.ToLower(name), "repartition"), name == facts.Branches && t.Repartitioned:
			return within(t.Columns, true)
		case t.IsShuffle():
			return false
		case t.Windowed && !aggregated:
			// a window with no partitionBy puts every row in one task
			return len(t.WindowBy) == 0 || within(t.WindowBy, true)
		case facts.Groupings[name]:
			return aggregated && within(t.Columns, false)
		case facts.Aggregations[name] && !aggregated:
			aggregated = true
		case facts.Deduplications[name] && !aggregated:
			return within(t.Columns, false)
		case aggregated || !t.IsNarrow():
			return false
		}
	}
	return false
}

// unshuffledWhen is " when <condition>" where the ways through the code
// that made the DataFrame meet, one of them repartitions by the partition
// columns and the other, running under the condition, does not; "" else.
func unshuffledWhen(w *facts.Write, cols []string) string {
	for i := len(w.Transforms) - 1; i >= 0; i-- {
		t := &w.Transforms[i]
		if t.IsNarrow() {
			continue
		}
		if t.Name != facts.Branches || t.UnshuffledWhen == "" {
			return ""
		}
		for _, c := range t.Columns {
			if c.Name != "" && !slices.ContainsFunc(cols, func(p string) bool { return strings.EqualFold(p, c.Name) }) {
				return "" // the other way shuffles by other columns: no way does by these
			}
		}
		return " when " + t.UnshuffledWhen
	}
	return ""
}

// rewritesItsRead reports whether the DataFrame is the table it is written
// back to, read through narrow steps only (a schema migration, a clean-up).
// Each file read holds one partition's rows, so the rewrite writes no more
// files than it read, unless it changes the table's partitioning, which the
// project's definition or the live table shows.
func rewritesItsRead(p *rule.Pass, w *facts.Write, cols []string) bool {
	r := w.CopyOf
	if r == nil || !sameTarget(r.Target, w.Target) {
		return false
	}
	if t := p.Table(w.Target); t != nil {
		for i := len(t.Defs) - 1; i >= 0; i-- {
			if d := t.Defs[i].Fact; d.Partitioned {
				return slices.Equal(d.Partitions, cols)
			}
		}
		if t.Live != nil {
			return slices.Equal(t.Live.PartitionColumns, cols)
		}
	}
	return true
}

// sameTarget reports whether a read and a write name the same table: the
// same name or path, or, when neither is known, the same code in one scope.
func sameTarget(a, b facts.Target) bool {
	if a.Known() || b.Known() {
		return rule.SameTable(a, b)
	}
	return a.Expr != "" && a.Expr == b.Expr
}
