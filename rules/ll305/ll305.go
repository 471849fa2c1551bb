// Package ll305 reports dbt incremental models that append to a table of
// a file format other than Delta.
package ll305

import (
	"fmt"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL305",
	Name:     "incremental-model-not-delta",
	Severity: finding.Information,
	Summary:  "A dbt incremental model appends to a Parquet (or other non-Delta) table on every run.",
	Why: `Each run of an incremental model with incremental_strategy 'append' adds the new rows
as new files, at least one per task that writes, however few the rows. On Delta, auto
compaction merges them after the write and OPTIMIZE compacts them later; a Parquet, ORC,
CSV, JSON, text or Avro table has neither, so the files of a model run every hour pile up
for good, and every query lists and opens them all. dbt-spark's own default file_format
is Parquet, so a model that names none is such a table on open-source Spark (on
Databricks the default is Delta). Iceberg and Hudi tables, which compact themselves, and
insert_overwrite models, which replace what they write, are not reported, nor is a model
whose format or strategy is not known.`,
	Lang: "sql",
	Example: `{{ config(materialized='incremental', incremental_strategy='append', file_format='parquet') }}
select * from {{ source('raw', 'events') }}`,
	Better: `{{ config(materialized='incremental', incremental_strategy='append', file_format='delta',
          tblproperties={'delta.autoOptimize.autoCompact': 'true'}) }}
select * from {{ source('raw', 'events') }}`,
	Options: []string{"default-format", "platform"},
}

var Rule = rule.New(Doc, check)

// compacting are the non-Delta formats whose tables are compacted by their own maintenance.
var compacting = map[string]bool{"delta": true, "iceberg": true, "hudi": true, "unknown": true, "": true}

func check(p *rule.Pass) {
	for _, d := range p.Facts.Tables {
		if d.Kind != facts.DbtModel || d.Strategy != "append" {
			continue
		}
		format := p.DefFormat(d)
		if compacting[format] {
			continue
		}
		how := "file_format '" + format + "'"
		if d.Format == "" {
			how = "no file_format: dbt-spark's default, " + format + ", on open-source Spark"
		}
		p.Report(d.At, fmt.Sprintf("dbt model %s appends to a %s table on every run (%s): each run adds files that nothing merges, since only Delta has auto compaction and OPTIMIZE; set file_format='delta' in its config (the existing table then needs a --full-refresh)",
			d.Name, format, how))
	}
}
