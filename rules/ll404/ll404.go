// Package ll404 reports ZORDER BY on a partition column or a clustered table.
package ll404

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL404",
	Name:     "zorder-by-partition-column",
	Severity: finding.Error,
	Summary:  "OPTIMIZE ... ZORDER BY names a partition column, or the table uses liquid clustering.",
	Why: `Within one partition a partition column has a single value, so Z-ordering by it does
nothing, and Delta rejects the statement. On a table with liquid clustering ZORDER is
not allowed at all: OPTIMIZE alone clusters by the clustering columns. Either way the
maintenance job fails and the small files stay.`,
	Lang: "sql",
	Example: `-- main.sales.events is PARTITIONED BY (event_date)
OPTIMIZE main.sales.events ZORDER BY (event_date, customer_id);`,
	Better: `OPTIMIZE main.sales.events ZORDER BY (customer_id);`,
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, m := range p.Facts.Maintenance {
		if m.Kind != facts.Optimize || len(m.ZOrderBy) == 0 {
			continue
		}
		t := p.Table(m.Target)
		if cl, known := t.ClusteringColumns(); known && len(cl) > 0 {
			p.Report(m.ZOrderBy[0].Span, fmt.Sprintf("%s uses liquid clustering (CLUSTER BY %s): ZORDER BY is not allowed; run OPTIMIZE without it",
				rule.TargetName(m.Target), strings.Join(cl, ", ")))
			continue
		}
		parts, known := t.PartitionColumns()
		if !known {
			continue
		}
		for _, c := range m.ZOrderBy {
			for _, pc := range parts {
				if strings.EqualFold(pc, c.Name) {
					p.Report(c.Span, fmt.Sprintf("ZORDER BY partition column %s of %s: it has one value per partition, so Z-ordering by it is rejected; Z-order by other columns",
						rule.Quote(c.Name), rule.TargetName(m.Target)))
				}
			}
		}
	}
}
