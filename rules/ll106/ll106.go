// Package ll106 reports batch writes into Delta tables that a schedule of
// the project runs so often that their small files pile up.
package ll106

import (
	"fmt"
	"time"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL106",
	Name:     "frequent-small-batch-write",
	Severity: finding.Warning,
	Summary:  "A batch job that a bundle or DAG schedules more often than min-batch-interval (default 15 minutes) appends to or merges into a Delta table with neither optimized writes nor auto compaction.",
	Why: `Every run of a batch job commits at least one new file per task that writes, however
little data it brings. A job scheduled every 5 minutes commits 288 times a day; with 8
tasks that is 2,304 files a day into one table, and a year of them makes reads slow and
OPTIMIZE long. Optimized writes make each run's files fewer and larger, and auto
compaction merges the small ones after each write. lakelint reads how often a file runs
from the project's Databricks Asset Bundles (databricks.yml, its includes, targets and
Python resources), Terraform databricks_job resources and Airflow DAGs; a file no
schedule names is not reported. On Databricks MERGE, UPDATE
and DELETE always use optimized writes, and Unity Catalog managed tables tune their
files themselves: those are not reported, nor is a write whose optimized writes or
auto compaction may be on (the compute or the table can turn them on): only what is
known to be off, by a setting or by open-source Delta's defaults.

dbt incremental models are batch writers too: a model a bundle dbt_task, an Airflow
DbtRunOperator or a BashOperator running dbt run (all models, or the model by name) runs
more often than min-batch-interval is reported when it appends (incremental_strategy
'append', dbt-spark's default) or, on open-source Delta, merges, and its tblproperties leave
both optimized writes and auto compaction off (not set, on open-source Delta, or false).`,
	Lang: "python",
	Example: `# run every 5 minutes by resources/ingest.yml
events.write.format("delta").mode("append").save("s3://lake/bronze/events")`,
	Better: `spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")
spark.conf.set("spark.databricks.delta.autoCompact.enabled", "true")
events.write.format("delta").mode("append").save("s3://lake/bronze/events")`,
	Options: []string{"min-batch-interval", "platform"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	s := p.Schedule
	if s == nil || s.RunsPerDay <= 0 {
		return
	}
	limit := p.Config.Rules.MinBatchInterval
	if limit <= 0 || time.Duration(float64(24*time.Hour)/s.RunsPerDay) >= limit {
		return
	}
	for _, w := range p.Facts.Writes {
		if !frequentBatch(p, w) {
			continue
		}
		off, why, related := p.OptimizedWritesOff(w)
		if !off || !p.AutoCompactionOff(w) {
			continue
		}
		files := "each run commits new small files"
		if n, ok := p.FilesPerRun(w); ok {
			files = fmt.Sprintf("about %s files a day", rule.Count(int64(float64(n)*s.RunsPerDay+0.5)))
		}
		msg := fmt.Sprintf("%s into %s %s: %s, and neither optimized writes nor auto compaction is on (%s); turn both on for the table, or run the job less often than every %s",
			what(w), rule.TargetName(w.Target), s.Cite(), files, why, rule.SparkInterval(limit))
		p.ReportRelated(w.At, msg, related)
	}
	models(p, s, limit)
}

// models reports the dbt incremental models the schedule runs that add
// files to a Delta table each run (append, or merge where MERGE is no
// optimized write) with optimized writes and auto compaction known to be
// off: open-source Delta's defaults, or tblproperties set to false.
func models(p *rule.Pass, s *rule.Schedule, limit time.Duration) {
	for _, d := range p.Facts.Tables {
		adds, merges := p.ModelAddsFiles(d)
		if !adds {
			continue
		}
		how := "appends to its Delta table (incremental_strategy 'append')"
		if merges {
			how = "merges into its Delta table (incremental_strategy 'merge')"
		}
		if !modelOff(p, d, rule.PropOptimizeWrite) || !modelOff(p, d, rule.PropAutoCompact) {
			continue
		}
		msg := fmt.Sprintf("dbt model %s %s and the job %s: each run commits new small files, and neither optimized writes nor auto compaction is on; "+
			"set delta.autoOptimize.optimizeWrite and delta.autoOptimize.autoCompact in the model's tblproperties config, or run the job less often than every %s",
			d.Name, how, s.Cite(), rule.SparkInterval(limit))
		p.Report(d.At, msg)
	}
}

// modelOff: the model's table property key is known to be off: set to
// false, or not set on open-source Delta, where it is off by default.
func modelOff(p *rule.Pass, d *facts.TableDef, key string) bool {
	v, ok := d.Properties[key]
	if !ok {
		v, ok = p.Table(facts.Target{Table: d.Name, Path: d.Location}).Property(key)
	}
	if ok {
		on, known := v.Truth()
		return known && !on
	}
	return p.Platform == config.PlatformOSS
}

// frequentBatch: a batch write that adds files to a Delta table and that
// the platform does not size itself.
func frequentBatch(p *rule.Pass, w *facts.Write) bool {
	if w.Stream != nil || w.API == facts.DataStreamWriter || !w.Target.Known() || p.Format(w) != "delta" {
		return false
	}
	if !w.Appends() && !w.API.Rewrites() {
		return false // an overwrite replaces the table's files each run
	}
	if p.Platform == config.PlatformDatabricks && w.API.Rewrites() {
		return false // always optimized writes there
	}
	// a table named, not at a path, may be a Unity Catalog managed one
	return w.Target.Path != "" || !p.TunedByUnityCatalog(&facts.TableDef{Name: w.Target.Table})
}

func what(w *facts.Write) string {
	if w.API.Rewrites() {
		return "this " + string(w.API)
	}
	return "this append"
}
