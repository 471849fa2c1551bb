// Package ll403 reports OPTIMIZE ... WHERE on columns that are not partition columns.
package ll403

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL403",
	Name:     "optimize-where-non-partition-column",
	Severity: finding.Error,
	Summary:  "An OPTIMIZE ... WHERE predicate uses a column that is not a partition column of the table.",
	Why: `OPTIMIZE can only restrict its work to whole partitions: a WHERE on any other column
makes the statement fail at run time, so the scheduled compaction silently never
happens and small files pile up. lakelint knows the table's partitioning from its
definition in the project, else from the partitionBy of a write into it (or from live
table stats), and reports this at review time. A CREATE TABLE ... LOCATION with neither
columns nor a query only registers the table already there, so it does not say the
table is unpartitioned.`,
	Lang: "sql",
	Example: `-- main.sales.events is PARTITIONED BY (event_date)
OPTIMIZE main.sales.events WHERE customer_id = 42;`,
	Better: `OPTIMIZE main.sales.events WHERE event_date >= current_date() - INTERVAL 1 DAY;`,
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, m := range p.Facts.Maintenance {
		if m.Kind != facts.Optimize || len(m.WhereColumns) == 0 {
			continue
		}
		parts, known := p.Table(m.Target).PartitionColumns()
		if !known {
			continue
		}
		for _, c := range m.WhereColumns {
			if contains(parts, c.Name) {
				continue
			}
			what := "is not partitioned"
			if len(parts) > 0 {
				what = "is partitioned by " + strings.Join(parts, ", ")
			}
			p.Report(c.Span, fmt.Sprintf("OPTIMIZE ... WHERE may use partition columns only, but %s %s: the statement fails and the table is never compacted",
				rule.TargetName(m.Target), what+" and "+rule.Quote(c.Name)+" is not one of them"))
		}
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
