// Package ll405 reports a whole-table OPTIMIZE of a table that a stream
// rewrites with MERGE, UPDATE or DELETE.
package ll405

import (
	"fmt"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL405",
	Name:     "whole-table-optimize-beside-stream",
	Severity: finding.Warning,
	Summary:  "OPTIMIZE compacts a whole table that a stream (or a job run more often than hourly) MERGEs into, UPDATEs or DELETEs from.",
	Why: `OPTIMIZE rewrites the files it compacts, and so does a MERGE, UPDATE or DELETE: when both
touch the same files, the one that commits second fails with a concurrent modification
error (ConcurrentDeleteReadException, ConcurrentDeleteDeleteException). A stream runs all
the time, so an OPTIMIZE of the whole table always overlaps it: either the stream fails
and restarts, or the OPTIMIZE fails and the table is never compacted. Optimizing only the
partitions the stream no longer writes (OPTIMIZE ... WHERE on the partition column) keeps
the two apart; auto compaction (delta.autoOptimize.autoCompact) compacts within the
writer's own commits and conflicts with nothing. foreachBatch functions count as the
stream's writers, as often as its trigger starts a micro-batch. A stream run with
trigger(availableNow=True) or once stops when it has caught up, so it counts only as
often as a schedule the project holds runs it. The rule looks at every file of the
project and cites the writer.`,
	Lang: "sql",
	Example: `OPTIMIZE main.sales.orders;
-- elsewhere: a stream's foreachBatch MERGEs into main.sales.orders`,
	Better:  `OPTIMIZE main.sales.orders WHERE order_date < current_date();`,
	Options: []string{},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, m := range p.Facts.Maintenance {
		if m.Kind != facts.Optimize || len(m.WhereColumns) > 0 {
			continue
		}
		t := p.Table(m.Target)
		if t == nil {
			continue
		}
		w, f := p.Catalog.Busiest(t, "rewrites", func(w *catalog.Writer) bool { return w.API.Rewrites() })
		if w == nil {
			continue
		}
		msg := fmt.Sprintf("OPTIMIZE compacts all of %s while %s %s it (%s): the two rewrite the same files and one of them fails with a concurrent modification error; %s, or turn on auto compaction (delta.autoOptimize.autoCompact) instead",
			rule.TableOf(t), who(w), verb(w.Fact.API), describe(f), advice(t))
		p.ReportRelated(m.At, msg, []rule.Related{{At: w.Cite(), Message: "the table is " + past(w.Fact.API) + " here"}})
	}
}

// who names the writer: a stream, or a scheduled job.
func who(w *catalog.Ref[*catalog.Writer]) string {
	if w.Fact.Stream {
		return "a stream in " + w.Path
	}
	return "a job in " + w.Path + " run more often than hourly"
}

func verb(api facts.API) string {
	switch api {
	case facts.DeltaTableUpdate, facts.SQLUpdate:
		return "UPDATEs"
	case facts.DeltaTableDelete, facts.SQLDelete:
		return "DELETEs from"
	}
	return "MERGEs into"
}

func past(api facts.API) string {
	switch api {
	case facts.DeltaTableUpdate, facts.SQLUpdate:
		return "updated"
	case facts.DeltaTableDelete, facts.SQLDelete:
		return "deleted from"
	}
	return "merged into"
}

func describe(f catalog.Frequency) string {
	if f.Known {
		return fmt.Sprintf("%.0f times a day, %s", f.RunsPerDay, f.Source)
	}
	return f.Source
}

// advice names the partition column to restrict the OPTIMIZE by, when known.
func advice(t *catalog.Table) string {
	if cols, ok := t.PartitionColumns(); ok && len(cols) > 0 {
		return fmt.Sprintf("optimize only the partitions it no longer writes (OPTIMIZE %s WHERE %s < ...)", rule.TableOf(t), cols[0])
	}
	return "optimize only the partitions it no longer writes (OPTIMIZE ... WHERE on a partition column)"
}
