package config

import (
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

// fullPyproject is fullConfig as [tool.lakelint], with the TOML forms a
// project may use: dotted keys, inline tables, a sub-table header, other
// tools' tables around it.
const fullPyproject = `[project]
name = "jobs"

[tool.ruff]
select = ["E"]

[tool.lakelint]
select = ["LL1", "LL201"]
extend-select = ["LL9"]
ignore = ["LL102"]
per-file-ignores = { "tests/**" = ["LL"], "*_scratch.py" = ["LL1"] }
severity.LL101 = "error"
severity.LL2 = "hint"
exclude = ["generated"]
extend-exclude = ["legacy/**"]
default-format = "Parquet"
assume-optimized-writes = true
max-partition-columns = 2
high-cardinality-patterns = ["*_ID", "order_no"]
low-cardinality-patterns = [
  "shard", # one per tenant
]
vacuum-min-retention-hours = 2_40
required-properties = ["delta.autoOptimize.optimizeWrite"]
max-file-size = "512KB"
min-streaming-trigger = "30 seconds"
min-batch-interval = "30 minutes"
platform = "OSS"
unity-catalog-auto-tuning = false

[tool.lakelint.stats]
small-file-threshold = "1GB"
min-files = 50
max-partitions = 500
min-streaming-commits = 5
timeout = "1 minute"
history-limit = 10
large-table-size = "2TB"
file = "snapshots/stats.json"
require = true
tables = { "sales.orders" = "/mnt/lake/orders" }
path-prefixes."dbfs:/mnt/" = "/data/"

[tool.lakelint.stats.databricks]
host = "https://example.cloud.databricks.com"
warehouse-id = "abc123"
profile = "prod"

[tool.black]
line-length = 100
`

// The same settings read from YAML and from pyproject.toml make the same
// config.
func TestPyprojectHasTheYAMLKeys(t *testing.T) {
	fromYAML, err := Parse("/repo/.lakelint.yaml", []byte(fullConfig))
	if err != nil {
		t.Fatal(err)
	}
	fromTOML, err := Parse("/repo/pyproject.toml", []byte(fullPyproject))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []*Config{fromYAML, fromTOML} {
		c.Path, c.source, c.Warnings = "", [32]byte{}, nil
	}
	if !reflect.DeepEqual(fromYAML, fromTOML) {
		t.Errorf("TOML config differs:\n yaml %+v\n toml %+v", fromYAML, fromTOML)
	}
	if fromTOML.Rules.VacuumMinRetentionHours != 240 || fromTOML.Stats.Timeout != time.Minute {
		t.Errorf("rules %+v", fromTOML.Rules)
	}
}

func TestPyprojectErrorsHaveLines(t *testing.T) {
	for _, tc := range []struct{ name, src, want string }{
		{"unknown key", "[tool.lakelint]\nselect = [\"LL1\"]\nnope = 1\n", `pyproject.toml:3: unknown key "nope"`},
		{"bad type", "[tool]\nx = 1\n[tool.lakelint]\n\nmax-partition-columns = \"two\"\n", `pyproject.toml:5: max-partition-columns: want a whole number, got "two"`},
		{"nested", "[tool.lakelint.stats]\nmin-files = 1.5\n", `pyproject.toml:2: stats.min-files: want a whole number, got "1.5"`},
		{"not a list", "[tool.lakelint]\nselect = \"LL1\"\n", `pyproject.toml:2: select: want a list, got a single value`},
		{"list of tables", "[tool.lakelint]\nselect = [{a = 1}]\n", `pyproject.toml:2: select: want a list of strings, got a mapping in it`},
		{"string null is a string", "[tool.lakelint]\ndefault-format = \"null\"\nplatform = \"null\"\n", `pyproject.toml:3: platform: want auto, databricks or oss, got "null"`},
		{"toml syntax", "[tool.lakelint]\nselect = [\"LL1\"\n", `pyproject.toml:`},
		{"defined twice", "[tool.lakelint]\nselect = []\nselect = []\n", `pyproject.toml:3: cannot parse TOML`},
		{"token", "[tool.lakelint.stats.databricks]\ntoken = \"dapi1\"\n", `pyproject.toml:2: stats.databricks.token: a token does not belong`},
		{"no table", "[tool.ruff]\nselect = []\n", `pyproject.toml: no [tool.lakelint] table`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse("pyproject.toml", []byte(tc.src))
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error\n  %v\nwant it to contain\n  %s", err, tc.want)
			}
		})
	}
	// an empty table is a config of defaults
	if c, err := Parse("pyproject.toml", []byte("[tool.lakelint]\n")); err != nil || c.Rules.MaxPartitionColumns != 3 {
		t.Errorf("empty table: %v", err)
	}
}

// pyproject.toml is a config source where it has [tool.lakelint]; within
// one directory lakelint's own files win over it.
func TestResolverReadsPyproject(t *testing.T) {
	root := tree(t, map[string]string{
		"pyproject.toml":         "[tool.lakelint]\nmax-partition-columns = 1\n",
		"a/job.py":               "",
		"b/pyproject.toml":       "[project]\nname = \"b\"\n# lakelint is not configured here\n", // no table: not a source
		"b/job.py":               "",
		"c/pyproject.toml":       "[tool.lakelint]\nmax-partition-columns = 5\n",
		"c/.lakelint.yaml":       "max-partition-columns: 7\n",
		"c/job.py":               "",
		"d/pyproject.toml":       "[tool.lakelint\nbroken",
		"d/job.py":               "",
		"e/pyproject.toml":       "[tool]\nlakelint = { max-partition-columns = 4 }\n",
		"e/job.py":               "",
		"f/sub/pyproject.toml/x": "", // a directory of that name is not a config
		"f/sub/job.py":           "",
		"g/pyproject.toml":       "not toml at all, and no mention of the tool\n[",
		"g/job.py":               "",
	})
	r, err := NewResolver(ResolverOptions{StopDir: root})
	if err != nil {
		t.Fatal(err)
	}
	for path, want := range map[string]int{"a/job.py": 1, "b/job.py": 1, "c/job.py": 7, "e/job.py": 4, "f/sub/job.py": 1, "g/job.py": 1} {
		c, err := r.For(filepath.Join(root, path))
		if err != nil {
			t.Errorf("%s: %v", path, err)
			continue
		}
		if c.Rules.MaxPartitionColumns != want {
			t.Errorf("%s: max-partition-columns %d from %s, want %d", path, c.Rules.MaxPartitionColumns, c.Path, want)
		}
	}
	if _, err := r.For(filepath.Join(root, "d/job.py")); err == nil || !strings.Contains(err.Error(), "cannot parse TOML") {
		t.Errorf("a broken [tool.lakelint] is not reported: %v", err)
	}
	if got := FileIn(filepath.Join(root, "c")); filepath.Base(got) != ".lakelint.yaml" {
		t.Errorf("FileIn(c) = %s", got)
	}
}

func TestDeprecatedKeyWarns(t *testing.T) {
	c, err := Parse("c.yaml", []byte("max-partition-columns: 2\nmin-streaming-trigger: 30 seconds\n"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Rules.MinStreamingTrigger != 30*time.Second || len(c.Warnings) != 1 || c.Warnings[0] != "c.yaml:2: min-streaming-trigger is deprecated: name it min-trigger-interval" {
		t.Errorf("trigger %v, warnings %q", c.Rules.MinStreamingTrigger, c.Warnings)
	}
	c, err = Parse("c.yaml", []byte("min-trigger-interval: 30 seconds\n"))
	if err != nil || len(c.Warnings) != 0 || c.Rules.MinStreamingTrigger != 30*time.Second {
		t.Errorf("min-trigger-interval: %v %q", err, c.Warnings)
	}
}

// --exclude replaces every config's exclude list; extend-exclude stays.
func TestResolverReplaceExclude(t *testing.T) {
	root := tree(t, map[string]string{
		".lakelint.yaml": "exclude: [generated]\nextend-exclude: [legacy]\n",
		"x.py":           "",
	})
	for _, replace := range []bool{false, true} {
		r, err := NewResolver(ResolverOptions{StopDir: root, ReplaceExclude: replace})
		if err != nil {
			t.Fatal(err)
		}
		c, err := r.For(filepath.Join(root, "x.py"))
		if err != nil {
			t.Fatal(err)
		}
		if got := c.Excluded(filepath.Join(root, "generated", "a.py")); got == replace {
			t.Errorf("replace %t: generated excluded %t", replace, got)
		}
		if !c.Excluded(filepath.Join(root, "legacy", "a.py")) {
			t.Errorf("replace %t: extend-exclude lost", replace)
		}
	}
}
