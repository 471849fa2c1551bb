// Package ll103 reports partition columns likely to have many distinct values.
package ll103

import (
	"fmt"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL103",
	Name:     "high-cardinality-partition-column",
	Severity: finding.Warning,
	Summary:  "A table is partitioned by a column that looks high-cardinality (ids, raw timestamps), or by too many columns.",
	Why: `Every distinct partition value is a directory, and every write task writes at least one
file into each directory it touches. Partitioning by a user id or a raw timestamp makes
millions of directories of tiny files: 200 tasks writing 365 values already make up to
73,000 files in one run. Reads then spend their time listing and opening files.
Partition by a date at most, or leave the table unpartitioned and use liquid
clustering (CLUSTER BY), which clusters on high-cardinality columns without the
directory explosion.`,
	Lang:    "python",
	Example: `events.write.partitionBy("user_id").saveAsTable("main.web.events")`,
	Better: `(events.writeTo("main.web.events")
    .clusterBy("user_id")
    .create())`,
	Options: []string{"high-cardinality-patterns", "low-cardinality-patterns", "max-partition-columns"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	// writeTo(...).create() is both a write and a definition: report it
	// once. A helper's partitioning applied at several calls is one clause
	// with each call's columns: the columns tell the calls apart.
	seen := map[partKey]bool{}
	for _, w := range p.Facts.Writes {
		checkPartitioning(p, w.PartitionBy, rule.TargetName(w.Target), seen)
	}
	for _, d := range p.Facts.Tables {
		checkPartitioning(p, d.PartitionBy, d.Name, seen)
	}
}

type partKey struct{ clause, first facts.Span }

func checkPartitioning(p *rule.Pass, part *facts.Partitioning, table string, seen map[partKey]bool) {
	if part == nil || part.Dynamic {
		return
	}
	k := partKey{clause: part.Span}
	if len(part.Columns) > 0 {
		k.first = part.Columns[0].Span
	}
	if seen[k] {
		return
	}
	seen[k] = true
	for _, c := range part.Columns {
		if c.Name != "" && p.Config.HighCardinality(c.Name) {
			p.Report(c.Span, "partition column "+rule.Quote(c.Name)+" of "+table+
				" looks high-cardinality: each value becomes a directory of small files; partition by a date-level column or use liquid clustering (CLUSTER BY "+c.Name+")")
		}
	}
	if max := p.Config.Rules.MaxPartitionColumns; max > 0 && len(part.Columns) > max {
		p.Report(part.Span, fmt.Sprintf(
			"%s is partitioned by %d columns (more than max-partition-columns = %d): every combination of values is a directory of small files; keep one date-level column or use liquid clustering",
			table, len(part.Columns), max))
	}
}
