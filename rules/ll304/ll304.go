// Package ll304 suggests liquid clustering for new partitioned Delta tables.
package ll304

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
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
low-cardinality column. A dbt model on Databricks is reported too, for its partition_by
(liquid_clustered_by is dbt-databricks' config for clustering): in its config() or in YAML.`,
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
		if d.Kind == facts.DbtModel {
			model(p, d, cols)
			continue
		}
		p.Report(d.PartitionBy.Span, fmt.Sprintf("%s is partitioned by %s; consider liquid clustering (CLUSTER BY (%s)), which keeps file sizes healthy and can be changed later", rule.KindLabel("new Delta table", d.Name, d.Location), cols, cols))
	}
}

// model suggests liquid_clustered_by for a dbt model partitioned by cols:
// a dbt-databricks config, so on Databricks only, and not for a model
// whose clustering is set already (the adapter refuses both).
func model(p *rule.Pass, d *facts.TableDef, cols string) {
	if p.Platform != config.PlatformDatabricks || len(d.ClusterBy) > 0 || d.ClusterByAuto {
		return
	}
	quoted := "'" + strings.Join(d.PartitionBy.Names(), "', '") + "'"
	where := ""
	if o := d.PartitionBy.Origin; o != "" {
		where = " (partitioned in " + o + ")"
	}
	p.Report(d.PartitionBy.Span, fmt.Sprintf("dbt model %s%s is partitioned by %s; consider liquid_clustered_by=[%s] instead of partition_by, which keeps file sizes healthy and can be changed later", d.Name, where, cols, quoted))
}
