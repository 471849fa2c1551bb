package config

import (
	"errors"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/finding"
)

func TestDefaults(t *testing.T) {
	c := Defaults()
	r := c.Rules
	if r.DefaultFormat != "" || r.AssumeOptimizedWrites || r.MaxPartitionColumns != 3 ||
		r.VacuumMinRetentionHours != 168 || r.MaxFileSize != 10<<20 || r.MinStreamingTrigger != time.Minute ||
		r.Platform != PlatformAuto || !r.UnityCatalogAutoTuning {
		t.Errorf("rule defaults: %+v", r)
	}
	if !slices.Equal(r.RequiredProperties, []string{"delta.autoOptimize.optimizeWrite", "delta.autoOptimize.autoCompact"}) {
		t.Errorf("required properties: %v", r.RequiredProperties)
	}
	s := c.Stats
	if s.SmallFileThreshold != 32<<20 || s.MinFiles != 100 || s.MaxPartitions != 10000 ||
		s.MinStreamingCommits != 20 || s.Timeout != 10*time.Second || s.HistoryLimit != 100 ||
		s.File != "" || s.Require || len(s.Tables) != 0 || len(s.PathPrefixes) != 0 ||
		s.Databricks != (Databricks{}) {
		t.Errorf("stats defaults: %+v", s)
	}
	if c.Path != "" || c.Dir != "" {
		t.Errorf("Path/Dir = %q/%q", c.Path, c.Dir)
	}
	if !c.Enabled("LL101", true, "x.py") || c.Enabled("LL901", false, "x.py") {
		t.Error("defaults should run exactly the rules on by default")
	}
	if c.Severity("LL101", finding.Warning) != finding.Warning {
		t.Error("default severity changed")
	}
	// Two calls must not share mutable state.
	Defaults().Rules.HighCardinalityPatterns[0] = "changed"
	if Defaults().Rules.HighCardinalityPatterns[0] == "changed" {
		t.Error("Defaults shares its pattern slice")
	}
}

const fullConfig = `# every key
select: [LL1, LL201]
extend-select: [LL9]
ignore: [LL102]
per-file-ignores:
  "tests/**": [LL]
  "*_scratch.py": [LL1]
severity:
  LL101: error
  LL2: hint
exclude: [generated]
extend-exclude: ["legacy/**"]
default-format: Parquet
assume-optimized-writes: true
max-partition-columns: 2
high-cardinality-patterns: ["*_ID", order_no]
low-cardinality-patterns: [shard]
vacuum-min-retention-hours: 240
required-properties: [delta.autoOptimize.optimizeWrite]
max-file-size: 512KB
min-streaming-trigger: 30 seconds
min-batch-interval: 30 minutes
platform: OSS
unity-catalog-auto-tuning: false
stats:
  small-file-threshold: 1GB
  min-files: 50
  max-partitions: 500
  min-streaming-commits: 5
  timeout: 1 minute
  history-limit: 10
  large-table-size: 2TB
  file: snapshots/stats.json
  require: true
  tables:
    sales.orders: /mnt/lake/orders
  path-prefixes:
    "dbfs:/mnt/": /data/
  databricks:
    host: https://example.cloud.databricks.com
    warehouse-id: abc123
    profile: prod
`

func TestParseEveryKey(t *testing.T) {
	c, err := Parse("/repo/.lakelint.yaml", []byte(fullConfig))
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != "/repo/.lakelint.yaml" || c.Dir != "/repo" {
		t.Errorf("Path/Dir = %q/%q", c.Path, c.Dir)
	}
	want := Rules{
		DefaultFormat:           "parquet",
		AssumeOptimizedWrites:   true,
		MaxPartitionColumns:     2,
		HighCardinalityPatterns: []string{"*_id", "order_no"},
		LowCardinalityPatterns:  []string{"shard"},
		VacuumMinRetentionHours: 240,
		RequiredProperties:      []string{"delta.autoOptimize.optimizeWrite"},
		MaxFileSize:             512 << 10,
		MinStreamingTrigger:     30 * time.Second,
		MinBatchInterval:        30 * time.Minute,
		Platform:                PlatformOSS,
		SuggestedTrigger:        5 * time.Minute,
	}
	if !reflect.DeepEqual(c.Rules, want) {
		t.Errorf("rules:\n got %+v\nwant %+v", c.Rules, want)
	}
	wantStats := Stats{
		SmallFileThreshold:  1 << 30,
		MinFiles:            50,
		MaxPartitions:       500,
		MinStreamingCommits: 5,
		Timeout:             time.Minute,
		HistoryLimit:        10,
		LargeTableSize:      2 << 40,
		File:                filepath.Join("/repo", "snapshots", "stats.json"),
		Require:             true,
		Tables:              map[string]string{"sales.orders": "/mnt/lake/orders"},
		PathPrefixes:        map[string]string{"dbfs:/mnt/": "/data/"},
		Databricks:          Databricks{Host: "https://example.cloud.databricks.com", WarehouseID: "abc123", Profile: "prod"},
	}
	if !reflect.DeepEqual(c.Stats, wantStats) {
		t.Errorf("stats:\n got %+v\nwant %+v", c.Stats, wantStats)
	}

	for _, tc := range []struct {
		code string
		def  bool
		path string
		want bool
	}{
		{"LL101", true, "/repo/jobs/a.py", true},
		{"LL102", true, "/repo/jobs/a.py", false},  // ignored
		{"LL201", true, "/repo/jobs/a.py", true},   // selected by full code
		{"LL202", true, "/repo/jobs/a.py", false},  // select replaced the defaults
		{"LL901", false, "/repo/jobs/a.py", true},  // extend-select turns on an off-by-default rule
		{"LL101", true, "/repo/tests/t.py", false}, // per-file-ignores
		{"LL101", true, "/repo/jobs/x_scratch.py", false},
		{"LL201", true, "/repo/jobs/x_scratch.py", true},
	} {
		if got := c.Enabled(tc.code, tc.def, tc.path); got != tc.want {
			t.Errorf("Enabled(%s, %v, %s) = %v, want %v", tc.code, tc.def, tc.path, got, tc.want)
		}
	}

	if got := c.Severity("LL101", finding.Warning); got != finding.Error {
		t.Errorf("LL101 severity %v", got)
	}
	if got := c.Severity("LL205", finding.Warning); got != finding.Hint {
		t.Errorf("LL205 severity %v", got)
	}
	if got := c.Severity("LL301", finding.Information); got != finding.Information {
		t.Errorf("LL301 severity %v", got)
	}

	for path, want := range map[string]bool{
		"/repo/generated":            true,
		"/repo/src/generated/x.py":   true, // a name pattern matches at any depth
		"/repo/legacy/old/job.py":    true,
		"/repo/src/legacy/job.py":    false, // "legacy/**" is anchored
		"/repo/.git":                 false, // exclude replaced the defaults
		"/repo/jobs/etl.py":          false,
		"/elsewhere/generated/a.py":  true,
		"/elsewhere/legacy/old/a.py": false,
	} {
		if got := c.Excluded(path); got != want {
			t.Errorf("Excluded(%s) = %v, want %v", path, got, want)
		}
	}
}

func TestDefaultExcludes(t *testing.T) {
	c := Defaults()
	c.Dir = "/repo"
	for path, want := range map[string]bool{
		"/repo/.git":                          true,
		"/repo/nb/.ipynb_checkpoints/a.ipynb": true,
		"/repo/pkg/__pycache__/x.py":          true,
		"/repo/jobs/build_tables.py":          false,
		"/repo/jobs/etl.py":                   false,
	} {
		if got := c.Excluded(path); got != want {
			t.Errorf("Excluded(%s) = %v, want %v", path, got, want)
		}
	}
}

func TestEmptyAndNullValues(t *testing.T) {
	for _, src := range []string{"", "# nothing\n", "---\n", "select:\nstats:\n"} {
		c, err := Parse("c.yaml", []byte(src))
		if err != nil {
			t.Fatalf("%q: %v", src, err)
		}
		if !c.Enabled("LL101", true, "a.py") || c.Rules.MaxPartitionColumns != 3 {
			t.Errorf("%q: not the defaults", src)
		}
	}
	c, err := Parse("c.yaml", []byte("select: []\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Enabled("LL101", true, "a.py") {
		t.Error("select: [] should select nothing")
	}
}

func TestParseErrors(t *testing.T) {
	for _, tc := range []struct {
		name, src, want string
	}{
		{"unknown key", "select: [LL1]\nfoo: 1\n", `c.yaml:2: unknown key "foo"`},
		{"suggestion", "max-partition-column: 2\n", `c.yaml:1: unknown key "max-partition-column" (did you mean "max-partition-columns"?)`},
		{"unknown nested key", "stats:\n  min-files: 3\n  bogus: x\n", `c.yaml:3: unknown key "bogus"`},
		{"whole number", "# c\n\nvacuum-min-retention-hours: abc\n", `c.yaml:3: vacuum-min-retention-hours: want a whole number, got "abc"`},
		{"negative", "max-partition-columns: -1\n", `c.yaml:1: max-partition-columns: want a whole number, got "-1"`},
		{"nested number", "stats:\n  databricks:\n    host: h\n  min-files: 1.5\n", `c.yaml:4: stats.min-files: want a whole number, got "1.5"`},
		{"value on next line", "vacuum-min-retention-hours:\n  abc\n", `c.yaml:2: vacuum-min-retention-hours: want a whole number, got "abc"`},
		{"bad code", "ignore:\n  - LL1\n  - E501\n", `c.yaml:3: ignore: invalid rule code "E501"`},
		{"too long code", "select: [LL1011]\n", `c.yaml:1: select: invalid rule code "LL1011"`},
		{"lowercase code", "select: [ll1]\n", `c.yaml:1: select: invalid rule code "ll1"`},
		{"not a list", "select: LL1\n", `c.yaml:1: select: want a list, got a single value`},
		{"bool", "assume-optimized-writes: yes\n", `c.yaml:1: assume-optimized-writes: want true or false, got "yes"`},
		{"platform", "platform: emr\n", `c.yaml:1: platform: want auto, databricks or oss, got "emr"`},
		{"severity name", "severity:\n  LL101: fatal\n", `c.yaml:2: severity.LL101: want error, warning, info or hint, got "fatal"`},
		{"severity code", "severity:\n  X1: error\n", `c.yaml:2: severity: invalid rule code "X1"`},
		{"size", "max-file-size: ten\n", `c.yaml:1: max-file-size: want a size like "32MB", got "ten"`},
		{"duration", "min-streaming-trigger: soon\n", `c.yaml:1: min-streaming-trigger: want a duration`},
		{"token", "stats:\n  databricks:\n    host: h\n    token: dapi123\n", `c.yaml:4: stats.databricks.token: a token does not belong`},
		{"token names env var", "stats:\n  databricks:\n    token: dapi123\n", "DATABRICKS_TOKEN"},
		{"duplicate", "select: [LL1]\nselect: [LL2]\n", `c.yaml:2: duplicate key "select"`},
		{"not a mapping", "- a\n- b\n", `c.yaml:1: want a mapping of settings at the top level`},
		{"stats not a mapping", "\nstats: 3\n", `c.yaml:2: stats: want a mapping`},
		{"bad glob", "exclude: [\"a[\"]\n", `c.yaml:1: exclude: bad glob "a["`},
		{"yaml syntax", "select: [LL1\nignore: x\n", `c.yaml:`},
		{"tabs", "stats:\n\tmin-files: 3\n", `c.yaml:2: found character that cannot start any token`},
		{"table location", "stats:\n  tables:\n    t: [a]\n", `c.yaml:3: stats.tables.t: want a string, got a list`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("c.yaml", []byte(tc.src))
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n  %v\nwant it to contain\n  %s", err, tc.want)
			}
			var e *Error
			if !errors.As(err, &e) {
				t.Errorf("error is %T, not *Error", err)
			}
		})
	}
}

func TestTokenValueNeverEchoed(t *testing.T) {
	_, err := Parse("c.yaml", []byte("stats:\n  databricks:\n    token: dapi-secret-123\n"))
	if err == nil || strings.Contains(err.Error(), "dapi-secret-123") {
		t.Errorf("err = %v", err)
	}
}

func TestAllErrorsReported(t *testing.T) {
	_, err := Parse("c.yaml", []byte("a: 1\nmax-partition-columns: x\nb: 2\n"))
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != 3 || !strings.HasPrefix(lines[0], "c.yaml:1:") ||
		!strings.HasPrefix(lines[1], "c.yaml:2:") || !strings.HasPrefix(lines[2], "c.yaml:3:") {
		t.Errorf("errors:\n%v", err)
	}
}

func TestAliases(t *testing.T) {
	src := "extend-exclude: &gen [generated]\nper-file-ignores:\n  \"gen/*\": *codes\nignore: &codes [LL3]\n"
	// An alias used before its anchor is a YAML error, not a panic.
	if _, err := Parse("c.yaml", []byte(src)); err == nil {
		t.Error("forward alias accepted")
	}
	src = "ignore: &codes [LL3]\nper-file-ignores:\n  \"gen/*\": *codes\n"
	c, err := Parse("/r/c.yaml", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if c.Enabled("LL301", true, "/r/a.py") {
		t.Error("ignore via anchor lost")
	}
}

func TestHighCardinality(t *testing.T) {
	c := Defaults()
	for col, want := range map[string]bool{
		"id":              true,
		"user_id":         true,
		"USER_ID":         true,
		"customer_uuid":   true,
		"created_at":      true,
		"event_timestamp": true,
		"timestamp":       true,
		"session_key":     true,
		"sessionId":       true,
		"client_ip":       true,
		"email":           true,
		"event_date":      false, // low wins: *_date
		"date":            false,
		"country":         false,
		"event_type":      false,
		"paid":            false, // *id is deliberately not a pattern
		"department_id":   false, // the key of a small dimension
		"country_id":      false,
		"order_type_key":  false,
		"UniqMonthID":     false, // the id of a month is a month
		"fiscal_year_key": false,
		"month_day_ts":    true, // no id or key: a timestamp
		"monthly_user_id": true,
		"customer_id":     true,
		"session_id":      true,
		"_id":             true,
		"amount":          false,
		"":                false,
	} {
		if got := c.HighCardinality(col); got != want {
			t.Errorf("HighCardinality(%q) = %v, want %v", col, got, want)
		}
	}
	if !c.LowCardinality("Year") || c.LowCardinality("user_id") {
		t.Error("LowCardinality")
	}
}

func TestWildcard(t *testing.T) {
	for _, tc := range []struct {
		p, s string
		want bool
	}{
		{"*", "", true},
		{"*_id", "_id", true},
		{"*_id", "a_idx", false},
		{"*time*", "xtimey", true},
		{"a*b*c", "aXbYbZc", true},
		{"a*b*c", "aXbYbZ", false},
		{"?d", "éd", true},
		{"session*", "session", true},
		{"", "x", false},
		{strings.Repeat("*a", 30), strings.Repeat("a", 200) + "b", false},
	} {
		if got := wildcard(tc.p, tc.s); got != tc.want {
			t.Errorf("wildcard(%q, %q) = %v", tc.p, tc.s, got)
		}
	}
}

func TestTriggerSettings(t *testing.T) {
	c, err := Parse("x.yaml", []byte("min-trigger-interval: 2 minutes\nsuggested-trigger: 10m\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Rules.MinStreamingTrigger != 2*time.Minute || c.Rules.SuggestedTrigger != 10*time.Minute {
		t.Errorf("%v %v", c.Rules.MinStreamingTrigger, c.Rules.SuggestedTrigger)
	}
	if d := Defaults(); d.Rules.SuggestedTrigger != 5*time.Minute || d.Rules.MinStreamingTrigger != time.Minute {
		t.Errorf("defaults %v %v", d.Rules.MinStreamingTrigger, d.Rules.SuggestedTrigger)
	}
	if _, err := Parse("x.yaml", []byte("suggested-trigger: 0s\n")); err == nil {
		t.Error("a zero suggested trigger is accepted")
	}
}

func TestCamelCaseNamesAreJudgedAsTheirWords(t *testing.T) {
	c := Defaults()
	for name, want := range map[string]bool{
		"studyLocusId": true, "userID": true, "createdAt": true, "SessionKey": true,
		"eventDate": false, "CustomerRegion": false, "Customer_Region": false, "USER_ID": true,
		"countryId": false, "Status": false, "identity": false,
	} {
		if got := c.HighCardinality(name); got != want {
			t.Errorf("HighCardinality(%q) = %v, want %v (as %q)", name, got, want, snakeCase(name))
		}
	}
}
