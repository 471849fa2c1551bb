// Package ll502 reports session settings whose key is one slip away from a
// Spark or Delta setting that decides how files are written.
package ll502

import (
	"strings"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL502",
	Name:     "misspelled-setting",
	Severity: finding.Information,
	Summary:  "A session setting's key is not a Spark or Delta key, but one letter or one prefix away from one that decides how files are written.",
	Why: `Spark accepts any key in spark.conf.set and SET, and ignores the ones it does not
know: a misspelled spark.databricks.delta.optimizeWrite.enabled, or one written with a
stray prefix ("self.spark.databricks..." pasted from a helper), turns nothing on, and the
job goes on writing small files while its code says otherwise. lakelint knows the keys
that decide file sizes (optimized writes, auto compaction, their table defaults, adaptive
execution, shuffle partitions, retention checks) and reports a key one letter away from one
of them, or one that holds one of them after or without the usual prefix.`,
	Lang:          "python",
	Example:       `spark.conf.set("spark.databricks.delta.optimizeWrites.enabled", "true")`,
	Better:        `spark.conf.set("spark.databricks.delta.optimizeWrite.enabled", "true")`,
	SettingsFiles: true,
}

var Rule = rule.New(Doc, check)

// known are the keys lakelint reads, as Spark and Delta document them.
var known = []string{
	"spark.databricks.delta.optimizeWrite.enabled",
	"spark.databricks.delta.autoCompact.enabled",
	"spark.sql.adaptive.enabled",
	"spark.databricks.delta.retentionDurationCheck.enabled",
	"spark.databricks.delta.properties.defaults.autoOptimize.optimizeWrite",
	"spark.databricks.delta.properties.defaults.autoOptimize.autoCompact",
	"spark.databricks.delta.autoCompact.minNumFiles",
	"spark.databricks.delta.autoCompact.maxFileSize",
	"spark.databricks.delta.optimize.maxFileSize",
	"spark.databricks.delta.optimizeWrite.binSize",
	"spark.sql.shuffle.partitions",
	"spark.sql.adaptive.coalescePartitions.enabled",
	"spark.sql.adaptive.advisoryPartitionSizeInBytes",
	"spark.sql.files.maxRecordsPerFile",
	"spark.sql.sources.partitionOverwriteMode",
}

func check(p *rule.Pass) {
	for _, s := range p.Facts.Settings {
		if k, why := near(s.Key); k != "" {
			p.Report(s.At, "the setting "+rule.Quote(s.Key)+" is no Spark or Delta key, so Spark ignores it: "+why+
				" "+rule.Quote(k)+"?")
		}
	}
}

// near returns the known key that key is one slip away from, and how.
func near(key string) (string, string) {
	key = strings.ToLower(strings.TrimSpace(key))
	if key == "" || !strings.Contains(key, ".") {
		return "", ""
	}
	for _, k := range known {
		if key == strings.ToLower(k) {
			return "", ""
		}
	}
	for _, name := range known {
		k := strings.ToLower(name)
		switch {
		case strings.HasSuffix(key, "."+k):
			return name, "it holds a known key after a stray prefix: did you mean"
		case strings.HasSuffix(k, "."+key) && strings.Count(key, ".") >= 2:
			return name, "it lacks the key's prefix: did you mean"
		case len(key) > 12 && oneEdit(key, k):
			return name, "did you mean"
		}
	}
	return "", ""
}

// oneEdit reports whether a becomes b by one insertion, deletion or
// substitution of a letter.
func oneEdit(a, b string) bool {
	if len(a) > len(b) {
		a, b = b, a
	}
	if len(b)-len(a) > 1 {
		return false
	}
	i := 0
	for i < len(a) && a[i] == b[i] {
		i++
	}
	if len(a) == len(b) {
		return a[i+1:] == b[i+1:]
	}
	return a[i:] == b[i+1:]
}
