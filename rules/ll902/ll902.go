// Package ll902 reports writes to a table whose live state has too many, or too small, partitions.
package ll902

import (
	"fmt"
	"github.com/lakelint/lakelint/stats/health"
	"strings"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL902",
	Name:     "partition-explosion",
	Severity: finding.Warning,
	Summary:  "Code writes to a table whose live stats show more distinct partitions than stats.max-partitions, or partitions far too small to hold a well-sized file.",
	Why: `This rule looks at the table, not only the code: with live stats configured lakelint
counts the table's distinct partition values and the data in each. A partition is a
directory, and every write task writes at least one file into each partition it
touches; compaction never merges files across partitions. When the median partition
holds a few megabytes, the table is small files by construction, however often it is
optimized, and a table of tens of thousands of partitions makes every query list and
plan over all of them. Liquid clustering (CLUSTER BY) keeps data skipping on the same
columns without one directory per value, and lets OPTIMIZE size files freely.
Without live stats for the table the rule says nothing.`,
	Lang: "sql",
	Example: `-- main.web.events: 48,000 partitions by session_id
INSERT INTO main.web.events SELECT * FROM staged_events;`,
	Better: `CREATE OR REPLACE TABLE main.web.events CLUSTER BY (session_id)
AS SELECT * FROM main.web.events;
INSERT INTO main.web.events SELECT * FROM staged_events;`,
	Options: []string{"stats.max-partitions", "stats.small-file-threshold", "stats.min-files", "stats.tables", "stats.file", "stats.databricks"},
}

var Rule = rule.New(Doc, check, rule.LiveWrites)

func check(p *rule.Pass) {
	for _, lw := range p.ResultOf[rule.LiveWrites].([]rule.LiveWrite) {
		w, t := lw.Write, lw.Table
		e, bad := health.CheckPartitioning(t.Live, p.Config.Stats)
		if !bad {
			continue
		}
		p.Report(w.At, evidence(t, e)+": "+remedy(w, e))
	}
}

func evidence(t *catalog.Table, e health.Partitioning) string {
	msg := fmt.Sprintf("%s has %s (by %s)", rule.TableOf(t), health.Plural(e.Distinct, "partition", "partitions"), strings.Join(e.Columns, ", "))
	if e.TooMany {
		msg += fmt.Sprintf(", more than stats.max-partitions (%s)", health.Count(int64(e.MaxPartitions)))
	}
	if e.TooSmall {
		msg += fmt.Sprintf(", and the median partition holds %s in %s, far below the %s a single file should reach",
			health.Bytes(e.MedianBytes), health.Plural(e.MedianFiles, "file", "files"), health.Bytes(e.Threshold))
	}
	return msg
}

// remedy points at the partitioning in the code when the write sets it.
func remedy(w *facts.Write, e health.Partitioning) string {
	cols := strings.Join(e.Columns, ", ")
	if w.PartitionBy != nil && w.Lang == document.Python {
		return fmt.Sprintf("drop partitionBy and cluster the table instead (liquid clustering: CLUSTER BY (%s)), or partition by a coarser column such as a date", cols)
	}
	return fmt.Sprintf("recreate the table with liquid clustering (CLUSTER BY (%s)) instead of partitioning, or partition it by a coarser column such as a date", cols)
}
