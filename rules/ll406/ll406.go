// Package ll406 reports tables that receive frequent small writes and are
// never compacted.
package ll406

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL406",
	Name:     "table-never-compacted",
	Severity: finding.Warning,
	Summary:  "A Delta table receives frequent small writes (a stream) and nothing compacts it: no auto compaction, and no OPTIMIZE of it anywhere in the project.",
	Why: `Every commit of a stream adds files, and a micro-batch holds little data: at a trigger of
ten seconds a table gains thousands of small files a day. Something has to merge them,
or every query lists, opens and reads the footers of all of them, and the Delta log
grows with each file. Two things do: auto compaction (delta.autoOptimize.autoCompact, or
spark.databricks.delta.autoCompact.enabled in the writer's session), which compacts
right after the writes, and an OPTIMIZE of the table run on a schedule (SQL, spark.sql,
DeltaTable.optimize(), delta-rs optimize.compact()). The rule looks at the whole
project: it reports a table only when none of its writers' sessions, none of its
properties and no OPTIMIZE statement in any file compacts it, and, when live stats give
the table's history, none of its recent commits was an OPTIMIZE. It reports once per
table, at its busiest writer (the shortest trigger), and cites the others. Unity
Catalog managed tables on Databricks are compacted by predictive optimization and are
left alone; so are MERGEs on Databricks, which always compact. Batch jobs count once
their schedules are known to run more often than hourly. A table whose path is a value
computed at run time is followed as one table where one variable, assigned once, gives
it to the code that defines it and to the writes (through the helpers it is passed
to); it is reported only when nothing in the project compacts a table it cannot name
(an OPTIMIZE of a table not known, or of a path nothing writes, may be of it).`,
	Lang: "python",
	Example: `(events.writeStream.format("delta")
    .trigger(processingTime="10 seconds")
    .start("/mnt/lake/clicks"))
# no OPTIMIZE of /mnt/lake/clicks anywhere in the project`,
	Better: `(events.writeStream.format("delta")
    .trigger(processingTime="10 seconds")
    .start("/mnt/lake/clicks"))
# in the nightly maintenance job:
spark.sql("OPTIMIZE delta.` + "`/mnt/lake/clicks`" + `")`,
	Options: []string{"platform", "unity-catalog-auto-tuning", "default-format"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	var seen []*catalog.Table
	for _, w := range p.Facts.Writes {
		t := p.Table(w.Target)
		if t == nil || slices.Contains(seen, t) {
			continue
		}
		seen = append(seen, t)
		// addsFiles reads the platform and the default format, and nothing else of the pass
		key := "LL406 " + string(p.Platform) + " " + p.DefaultFormat()
		busiest, freq := p.Catalog.Busiest(t, key, func(wr *catalog.Writer) bool { return addsFiles(p, t, wr) })
		if busiest == nil || busiest.Path != p.Facts.Path || busiest.At.Foreign() || compacted(p, t) {
			continue
		}
		msg := fmt.Sprintf("%s is written often (%s) and never compacted: no OPTIMIZE of it in the project, and neither its properties nor its writers' sessions turn on auto compaction, "+
			"so every write's small files stay; run %s on a schedule, or set delta.autoOptimize.autoCompact = true on the table",
			rule.TableOf(t), describe(freq), rule.OptimizeStatement(t))
		var related []rule.Related
		for i := range t.Statements.Writers {
			o := &t.Statements.Writers[i]
			if o == busiest || !addsFiles(p, t, o.Fact) {
				continue
			}
			if f := p.Catalog.Frequency(o); f.Frequent() {
				related = append(related, rule.Related{At: o.Cite(), Message: "also written often here (" + describe(f) + ")"})
			}
		}
		if at := t.DefinedAt(); at != (facts.Span{}) {
			related = append(related, rule.Related{At: at, Message: "the table is defined here, without auto compaction"})
		}
		p.ReportRelated(busiest.At, msg, related)
	}
}

// describe says how often a writer runs: "up to 8,640 commits a day, a
// trigger of 10 seconds".
func describe(f catalog.Frequency) string {
	if f.Known {
		return fmt.Sprintf("up to %s commits a day, %s", rule.Count(int64(f.RunsPerDay)), f.Source)
	}
	return f.Source
}

// addsFiles reports whether a write adds small files to Delta table t: not
// an UPDATE or DELETE, which rewrite what is there, nor on Databricks a
// MERGE, which always compacts there.
func addsFiles(p *rule.Pass, t *catalog.Table, w *catalog.Writer) bool {
	switch w.API {
	case facts.DeltaTableUpdate, facts.DeltaTableDelete, facts.SQLUpdate, facts.SQLDelete:
		return false
	case facts.DeltaTableMerge, facts.SQLMerge:
		return p.Platform != config.PlatformDatabricks
	}
	format := w.Format
	if format == "" {
		format = t.Format()
	}
	if format == "" {
		format = p.TableDefaultFormat(t.Name)
	}
	return strings.EqualFold(format, "delta")
}

// compacted reports whether anything compacts the table: an OPTIMIZE in
// the project or in its live history, auto compaction on the table or in
// a writer's session, or Databricks' predictive optimization of a Unity
// Catalog managed table.
func compacted(p *rule.Pass, t *catalog.Table) bool {
	if len(t.Optimizes()) > 0 || p.Catalog.MayCompact(t) {
		return true
	}
	if v, ok := t.Property(rule.PropAutoCompact); ok && !isFalse(v.Text()) {
		return true
	}
	for _, w := range t.Statements.Writers {
		for _, s := range w.Fact.Session {
			if s.Key == rule.ConfAutoCompact && !isFalse(s.Value) {
				return true
			}
		}
	}
	if t.Live != nil && t.Live.History != nil && t.Live.History.LastOptimize != nil {
		return true
	}
	return p.TunedByUnityCatalog(&facts.TableDef{Name: t.Name, Location: t.Path})
}

// isFalse: auto compaction takes true, false, auto and legacy; only false is off.
func isFalse(v string) bool { return strings.EqualFold(strings.TrimSpace(v), "false") }
