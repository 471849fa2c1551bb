package dbt

import (
	"bytes"
	"hash"
	"os"
	"path/filepath"
	"regexp"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lakelint/lakelint/internal/projectfile"
)

// Adapter says whether a project runs on Spark (dbt-spark, dbt-databricks,
// and the Spark-based dbt-glue and dbt-fabricspark), on another engine, or
// cannot tell. partition_by and the like mean something else on BigQuery
// or ClickHouse, so only a Spark project's models become facts.
type Adapter uint8

const (
	AdapterUnknown Adapter = iota
	AdapterSpark
	AdapterOther
)

// sparkAdapters and otherAdapters are profile types and package names.
var (
	sparkAdapters = []string{"databricks", "spark", "glue", "fabricspark"}
	otherAdapters = []string{"bigquery", "snowflake", "redshift", "postgres", "duckdb", "clickhouse", "trino",
		"athena", "synapse", "sqlserver", "fabric", "oracle", "mysql", "teradata", "exasol", "dremio", "starrocks", "doris", "firebolt", "vertica", "impala", "materialize"}
)

var profileType = regexp.MustCompile(`(?m)^\s+type:\s*['"]?([A-Za-z_]+)`)

// sparkOnlyConfigs are model configs only the Spark adapters know.
var sparkOnlyConfigs = []string{"file_format", "location_root", "tblproperties", "liquid_clustered_by", "auto_liquid_cluster", "include_full_name_in_path"}

// adapterOf is the kind of the adapter a profile's type names.
func adapterOf(t string) Adapter {
	switch {
	case contains(sparkAdapters, t):
		return AdapterSpark
	case contains(otherAdapters, t):
		return AdapterOther
	}
	return AdapterUnknown
}

// detectAdapter looks at the project's profiles.yml, the Python dependency
// files at its root and above it (up to three levels), and the configs of
// dbt_project.yml. h takes the bytes of the files it read.
func (p *Project) detectAdapter(h hash.Hash, projectYAML []byte) Adapter {
	for _, f := range []string{"profiles.yml", filepath.Join("profiles", "profiles.yml"), filepath.Join(".dbt", "profiles.yml")} {
		src, err := projectfile.Read(filepath.Join(p.Root, f))
		if err != nil {
			continue
		}
		h.Write(src)
		if t := targetType(src, projectYAML); t != "" {
			if a := adapterOf(t); a != AdapterUnknown {
				p.AdapterType = t
				return a
			}
		}
		for _, m := range profileType.FindAllSubmatch(src, -1) {
			t := string(bytes.ToLower(m[1]))
			if a := adapterOf(t); a != AdapterUnknown {
				p.AdapterType = t
				return a
			}
		}
	}
	dir := p.Root
	for i := 0; i < 4; i++ {
		if a, t := dependencyAdapter(h, dir); a != AdapterUnknown {
			p.AdapterType = t
			return a
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			break
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			break // the repository's root
		}
		dir = parent
	}
	for _, k := range sparkOnlyConfigs {
		if bytes.Contains(projectYAML, []byte(k+":")) {
			return AdapterSpark
		}
	}
	return AdapterUnknown
}

// AdapterOf says whether an adapter type ("databricks", "snowflake") is
// Spark's, another engine's, or not known.
func AdapterOf(t string) Adapter {
	switch {
	case contains(sparkAdapters, t):
		return AdapterSpark
	case contains(otherAdapters, t):
		return AdapterOther
	}
	return AdapterUnknown
}

// targetType is the type of the output a profiles.yml's target names, for
// the profile dbt_project.yml uses (or the only profile): with outputs for
// several engines, the target is the one dbt runs on. "" when the file
// does not say.
func targetType(profiles, projectYAML []byte) string {
	var proj struct {
		Profile string `yaml:"profile"`
	}
	_ = yaml.Unmarshal(projectYAML, &proj)
	var all map[string]struct {
		Target  string `yaml:"target"`
		Outputs map[string]struct {
			Type string `yaml:"type"`
		} `yaml:"outputs"`
	}
	if yaml.Unmarshal(profiles, &all) != nil {
		return ""
	}
	prof, ok := all[proj.Profile]
	if !ok && len(all) == 1 {
		for _, p := range all {
			prof, ok = p, true
		}
	}
	if !ok || prof.Target == "" {
		return ""
	}
	return strings.ToLower(prof.Outputs[prof.Target].Type)
}

// dependencyAdapter reads which dbt adapter the Python dependency files in
// dir name (dbt-databricks, dbt-spark...), and the adapter's type when
// one Spark adapter is named.
func dependencyAdapter(h hash.Hash, dir string) (Adapter, string) {
	files, _ := filepath.Glob(filepath.Join(dir, "requirements*.txt"))
	files = append(files, filepath.Join(dir, "pyproject.toml"), filepath.Join(dir, "setup.py"),
		filepath.Join(dir, "setup.cfg"), filepath.Join(dir, "Pipfile"), filepath.Join(dir, "environment.yml"))
	other := false
	for _, f := range files {
		src, err := projectfile.Read(f)
		if err != nil {
			continue
		}
		h.Write(src)
		low := bytes.ToLower(src)
		for _, a := range sparkAdapters {
			if bytes.Contains(low, []byte("dbt-"+a)) {
				return AdapterSpark, a
			}
		}
		for _, a := range otherAdapters {
			other = other || bytes.Contains(low, []byte("dbt-"+a))
		}
	}
	if other {
		return AdapterOther, ""
	}
	return AdapterUnknown, ""
}

// SparkModel reports whether a model's own configs show a Spark adapter.
func SparkModel(cfg map[string]Value) bool {
	for _, k := range sparkOnlyConfigs {
		if _, ok := cfg[k]; ok {
			return true
		}
	}
	return false
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
