// Package ll904 reports writes into a large live table that nothing optimizes.
package ll904

import (
	"fmt"
	"slices"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
	"github.com/lakelint/lakelint/stats/health"
)

var Doc = &rule.Doc{
	Code:     "LL904",
	Name:     "large-table-without-optimize",
	Severity: finding.Warning,
	Summary:  "Code writes a table whose live size is over large-table-size (1 TB) and which no OPTIMIZE in the project, nor in its recent history, compacts.",
	Why: `A large table collects small files from every write, and auto compaction only merges the
files of the partitions a write touched: without a regular OPTIMIZE the whole table's
layout drifts, and every query pays in files listed and opened. Databricks recommends a
scheduled OPTIMIZE for tables over 1 TB even where it tunes file sizes itself. With live
stats configured, the rule reads the table's size (sizeInBytes, as DESCRIBE DETAIL gives
it) and its retained history: a table over stats.large-table-size with no OPTIMIZE among
its recent commits and none in the project is reported at the first write to it in each
file. Without live stats the rule says nothing.`,
	Lang: "python",
	Example: `# main.sales.events: 3.2 TB, no OPTIMIZE in its last 100 commits
events.write.mode("append").saveAsTable("main.sales.events")`,
	Better: `events.write.mode("append").saveAsTable("main.sales.events")
# in a nightly job:
spark.sql("OPTIMIZE main.sales.events WHERE event_date >= current_date() - INTERVAL 7 DAYS")`,
	Options: []string{"stats.large-table-size", "stats.history-limit", "stats.tables", "stats.file", "stats.databricks"},
}

var Rule = rule.New(Doc, check, rule.LiveWrites)

func check(p *rule.Pass) {
	var seen []*catalog.Table
	for _, lw := range p.ResultOf[rule.LiveWrites].([]rule.LiveWrite) {
		t := lw.Table
		if slices.Contains(seen, t) {
			continue
		}
		seen = append(seen, t)
		limit := p.Config.Stats.LargeTableSize
		if limit <= 0 || t.Live.SizeInBytes <= limit || len(t.Optimizes()) > 0 {
			continue
		}
		history := "its history is not known"
		if h := t.Live.History; h != nil {
			if h.LastOptimize != nil {
				continue
			}
			history = "none of its last " + health.Plural(int64(h.Commits), "commit", "commits") + " ran OPTIMIZE"
		}
		p.Report(lw.Write.At, fmt.Sprintf("%s holds %s (over %s), no OPTIMIZE of it is in the project and %s: nothing merges the files each write adds, and a table this size needs a scheduled OPTIMIZE even where file sizes are tuned for it; schedule %s",
			rule.TableOf(t), health.Bytes(t.Live.SizeInBytes), health.Bytes(limit), history, rule.OptimizeStatement(t)))
	}
}
