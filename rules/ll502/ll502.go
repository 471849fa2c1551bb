// Package ll502 reports session settings whose key is one slip away from a
// Spark or Delta setting that decides how files are written.
package ll502

import (
	"slices"
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
job goes on writing small files while its code says otherwise. Keys are read exactly as
written, so spark.Sql.shuffle.partitions, or a key with a trailing blank, is another key
too; and a spark.databricks.delta.properties.defaults. key gives new tables a default only
when what follows is a Delta table property's name (autoOptimize.optimizeWrite, not
optimizedWrite). lakelint knows the keys that decide file sizes (optimized writes, auto
compaction, their table defaults, adaptive execution, shuffle partitions, empty
micro-batches, retention checks) and reports a key one letter, one prefix, a case or a
blank away from one of them. The other rules read such a key as Spark does: as a setting of
nothing.`,
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
	"spark.sql.streaming.noDataMicroBatches.enabled",
}

func check(p *rule.Pass) {
	for _, s := range p.WrittenSettings() {
		if k, why := near(s.Key); k != "" {
			p.Report(s.At, "the setting "+rule.Quote(s.Key)+" is no Spark or Delta key, so Spark ignores it: "+why+
				" "+rule.Quote(k)+"?")
		}
	}
}

// near returns the known key that key is one slip away from, and how.
// Spark reads a session key exactly as written: a key that differs from a
// known one in case or in blanks only is another key to it.
func near(key string) (string, string) {
	if !strings.Contains(key, ".") || slices.Contains(known, key) {
		return "", ""
	}
	low := strings.ToLower(strings.TrimSpace(key))
	for _, name := range known {
		if low == strings.ToLower(name) {
			if strings.TrimSpace(key) != key {
				return name, "Spark reads a key as written, blanks included: did you mean"
			}
			return name, "Spark reads a key as written, and it differs in case: did you mean"
		}
	}
	if p, ok := defaultsSlip(low); ok {
		return rule.ConfDefaultsPrefix + p, "it names no Delta table property, so it gives new tables no default: did you mean"
	}
	for _, name := range known {
		k := strings.ToLower(name)
		switch {
		case strings.HasSuffix(low, "."+k):
			return name, "it holds a known key after a stray prefix: did you mean"
		case strings.HasSuffix(k, "."+low) && strings.Count(low, ".") >= 2:
			return name, "it lacks the key's prefix: did you mean"
		case len(low) > 12 && oneEdit(low, k):
			return name, "did you mean"
		}
	}
	return "", ""
}

// defaultsProperties are the Delta table properties that decide file sizes
// and their retention, as a properties default names them (without delta.).
var defaultsProperties = []string{
	"autoOptimize.optimizeWrite",
	"autoOptimize.autoCompact",
	"targetFileSize",
	"tuneFileSizesForRewrites",
	"deletedFileRetentionDuration",
	"logRetentionDuration",
}

// defaultsSlip returns the property a properties-default key (lower-cased)
// was meant to name, when what it names is none of them but one letter, or
// a missing group (autoOptimize.), away from one.
func defaultsSlip(low string) (string, bool) {
	rest, ok := strings.CutPrefix(low, strings.ToLower(rule.ConfDefaultsPrefix))
	if !ok || rest == "" {
		return "", false
	}
	for _, p := range defaultsProperties {
		if rest == strings.ToLower(p) {
			return "", false // case is LL502's first check
		}
	}
	for _, p := range defaultsProperties {
		lp := strings.ToLower(p)
		_, leaf, grouped := strings.Cut(lp, ".")
		if oneEdit(rest, lp) || grouped && (rest == leaf || oneEdit(rest, leaf)) {
			return p, true
		}
	}
	return "", false
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
