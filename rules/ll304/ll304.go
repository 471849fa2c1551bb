// Package ll304 suggests liquid clustering for new partitioned Delta tables.
package ll304

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL304",
	Name:     "prefer-liquid-clustering",
	Severity: finding.Information,
	Off:      true,
	Summary:  "A new Delta table is partitioned where liquid clustering would serve better.",
	Why: `Partitioning fixes the data layout at creation: a column with too many values makes
small files, one with too few makes huge ones, and changing it means rewriting the
table. Liquid clustering (CLUSTER BY) keeps files near their target size whatever the
column's cardinality, lets OPTIMIZE cluster incrementally, and its columns can be
changed later with ALTER TABLE ... CLUSTER BY. It is the recommended layout for new
Delta tables; partitioning still pays off only for very large tables queried by a
low-cardinality column.`,
	Lang:    "sql",
	Example: `CREATE TABLE main.sales.events (id BIGINT, event_date DATE) PARTITIONED BY (event_date);`,
	Better:  `CREATE TABLE main.sales.events (id BIGINT, event_date DATE) CLUSTER BY (event_date);`,
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, d := range p.Facts.Tables {
		if d.PartitionBy == nil || len(d.PartitionBy.Columns) == 0 || p.DefFormat(d) != "delta" {
			continue
		}
		cols := strings.Join(d.PartitionBy.Names(), ", ")
		p.Report(d.PartitionBy.Span, fmt.Sprintf("%s is partitioned by %s; consider liquid clustering (CLUSTER BY (%s)), which keeps file sizes healthy and can be changed later", rule.KindLabel("new Delta table", d.Name, d.Location), cols, cols))
	}
}
