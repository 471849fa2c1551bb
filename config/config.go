// Package config reads lakelint's configuration (.lakelint.yaml or
// lakelint.yaml, also .yml, or the [tool.lakelint] table of a
// pyproject.toml, with the same keys): which rules run and how severe they
// are, which files are skipped, the thresholds rules use and where table
// statistics come from. The nearest configuration file above a linted file
// applies to it, whole: levels are never merged.
package config

import (
	"maps"
	"slices"
	"time"

	"github.com/lakelint/lakelint/finding"
)

// Config is one configuration file, or the defaults when there is none.
// Build it with Defaults, Load, Parse or a Resolver; the zero value is not
// ready to use.
type Config struct {
	Path string // the file it came from; "" for the defaults
	Dir  string // the directory its globs are relative to
	// Warnings are what the file should change but that still works (a
	// deprecated key), each "path:line: message".
	Warnings []string

	Rules Rules // thresholds and switches the rules read
	Stats Stats // where live table statistics come from
	Fixes Fixes // which fixes apply, and how safe they count

	layers         []layer      // rule selection: the file, then the command line
	perFileIgnores []fileIgnore // glob → codes
	severities     []severityOverride
	exclude        []glob // replaces the defaults
	testPaths      []glob // test code: only syntax errors are reported there
	extendExclude  []glob // added to exclude

	source  [32]byte // the hash of the file's bytes (zero for the defaults)
	cmdline string   // the command line's selection laid over it, as text
	// wd is the working directory the Resolver read once, which relative
	// paths matched against the globs are relative to; "" reads it anew
	wd string
}

// Rules holds the settings rules read, one field per configuration key.
type Rules struct {
	// DefaultFormat is the table format of a write that names none ("delta");
	// "" leaves it to the platform (see rule.Pass.DefaultFormat).
	DefaultFormat string
	// AssumeOptimizedWrites says whether tables of unknown properties are
	// taken to have optimized writes on.
	AssumeOptimizedWrites bool
	// MaxPartitionColumns is the most partition columns a write may use.
	MaxPartitionColumns int
	// HighCardinalityPatterns and LowCardinalityPatterns are case-insensitive
	// name patterns ("*" any run, "?" one character) for columns that make
	// too many, or reasonably few, partitions. Low patterns win.
	HighCardinalityPatterns []string
	LowCardinalityPatterns  []string
	// VacuumMinRetentionHours is the shortest VACUUM RETAIN that is safe.
	VacuumMinRetentionHours int
	// RequiredProperties are table properties every Delta table should set.
	RequiredProperties []string
	// MaxFileSize is the largest source file, in bytes, that is linted;
	// bigger files are skipped.
	MaxFileSize int64
	// MinStreamingTrigger is the shortest sensible streaming trigger interval.
	MinStreamingTrigger time.Duration
	// MinBatchInterval is the shortest sensible interval between the
	// scheduled runs of a batch job writing a table without optimized
	// writes or auto compaction.
	MinBatchInterval time.Duration

	// Platform is where the code runs (auto, databricks, oss); auto decides
	// per run from the project's evidence.
	Platform Platform
	// UnityCatalogAutoTuning says whether Unity Catalog managed tables on
	// Databricks size their files themselves (predictive optimization).
	UnityCatalogAutoTuning bool
	// SuggestedTrigger is the processingTime interval streaming fixes propose.
	SuggestedTrigger time.Duration
}

// Stats holds the settings of live table statistics (the "stats" mapping).
type Stats struct {
	SmallFileThreshold  int64         // bytes below which a data file counts as small
	MinFiles            int           // tables with fewer files are never called fragmented
	MaxPartitions       int           // more distinct partitions than this is too many
	MinStreamingCommits int           // commits needed before judging a stream's commit rate
	Timeout             time.Duration // time allowed to fetch one table's statistics
	HistoryLimit        int           // table history entries to read
	LargeTableSize      int64         // bytes above which a table needs a scheduled OPTIMIZE
	// File is a statistics snapshot, made absolute against the config's
	// directory; "" when none.
	File string
	// Require makes missing statistics an error rather than a silent skip.
	Require bool
	// Tables maps a table name to its storage location.
	Tables map[string]string
	// PathPrefixes rewrites location prefixes (for example a mount point to
	// a local copy) before reading.
	PathPrefixes map[string]string
	Databricks   Databricks
}

// Databricks names the workspace to ask for statistics. The token is never
// read from a config file: it comes from DATABRICKS_TOKEN. Host is the
// project's choice, which credentials follow only when it is their own
// workspace or the command line allows it (--allow-config-host).
type Databricks struct {
	Host        string
	WarehouseID string
	Profile     string
}

// Defaults returns the configuration used when no file is found.
func Defaults() *Config {
	return &Config{
		Rules: Rules{
			AssumeOptimizedWrites:   false,
			MaxPartitionColumns:     3,
			HighCardinalityPatterns: slices.Clone(defaultHighCardinality),
			LowCardinalityPatterns:  slices.Clone(defaultLowCardinality),
			VacuumMinRetentionHours: 168,
			RequiredProperties: []string{
				"delta.autoOptimize.optimizeWrite",
				"delta.autoOptimize.autoCompact",
			},
			MaxFileSize:         10 << 20,
			MinStreamingTrigger: time.Minute,
			MinBatchInterval:    15 * time.Minute,

			Platform:               PlatformAuto,
			UnityCatalogAutoTuning: true,
			SuggestedTrigger:       5 * time.Minute,
		},
		Stats: Stats{
			SmallFileThreshold:  32 << 20,
			MinFiles:            100,
			MaxPartitions:       10000,
			MinStreamingCommits: 20,
			LargeTableSize:      1 << 40,
			Timeout:             10 * time.Second,
			HistoryLimit:        100,
			Tables:              map[string]string{},
			PathPrefixes:        map[string]string{},
		},
		layers:    []layer{{}}, // select nothing extra: rules on by default stay on
		exclude:   mustGlobs(defaultExclude),
		testPaths: mustGlobs(defaultTestPaths),
	}
}

// clone copies c deeply enough that changing the copy leaves c alone.
func (c *Config) clone() *Config {
	d := *c
	d.Rules.HighCardinalityPatterns = slices.Clone(c.Rules.HighCardinalityPatterns)
	d.Rules.LowCardinalityPatterns = slices.Clone(c.Rules.LowCardinalityPatterns)
	d.Rules.RequiredProperties = slices.Clone(c.Rules.RequiredProperties)
	d.Stats.Tables = maps.Clone(c.Stats.Tables)
	d.Stats.PathPrefixes = maps.Clone(c.Stats.PathPrefixes)
	d.layers = slices.Clone(c.layers)
	d.perFileIgnores = slices.Clone(c.perFileIgnores)
	d.severities = slices.Clone(c.severities)
	d.exclude = slices.Clone(c.exclude)
	d.testPaths = slices.Clone(c.testPaths)
	d.extendExclude = slices.Clone(c.extendExclude)
	d.Warnings = slices.Clone(c.Warnings)
	return &d
}

// Severity returns the severity configured for code (the longest matching
// code prefix in the "severity" mapping decides), or def when none is.
func (c *Config) Severity(code string, def finding.Severity) finding.Severity {
	best := -1
	sev := def
	for _, o := range c.severities {
		if o.sel.matches(code) && o.sel.spec > best {
			best, sev = o.sel.spec, o.severity
		}
	}
	return sev
}

type severityOverride struct {
	sel      selector
	severity finding.Severity
}

// Directories skipped unless "exclude" replaces the list.
// defaultTestPaths are where test code lives: its throwaway tables and
// one-row fixtures make no small-file problem worth a finding.
var defaultTestPaths = []string{"tests", "test", "testing", "test_*.py", "*_test.py", "*_tests.py", "conftest.py"}

var defaultExclude = []string{
	".git", ".hg", ".svn", ".venv", "venv", ".tox", ".nox",
	"node_modules", "__pycache__", ".ipynb_checkpoints",
	".mypy_cache", ".pytest_cache", ".ruff_cache", ".databricks",
	"build", "dist",
}

var defaultHighCardinality = []string{
	"id", "*_id", "*_uuid", "uuid", "guid", "*_guid", "email", "*_email",
	"user", "*_key", "ts", "*_ts", "*_at", "*timestamp*", "*_time", "time",
	"datetime", "*_datetime", "session*", "*_hash", "ip", "*_ip", "phone",
}

var defaultLowCardinality = []string{
	"date", "*_date", "date_*", "dt", "ds", "year", "month", "day", "hour",
	"week", "quarter", "country", "*_country", "region", "*_region", "state",
	"env", "environment", "status", "type", "*_type", "category", "tenant",
	"source", "department", "dept", "division", "channel", "currency", "language",
	// what a platform runs: its pipelines, jobs and their stages are tens, not millions
	"pipeline", "job", "stage", "layer", "workspace", "dataset", "domain",
}
