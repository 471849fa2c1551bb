package dbt

import (
	"os"
	"path/filepath"
	"testing"
)

func write(t *testing.T, root, rel, text string) string {
	t.Helper()
	p := filepath.Join(root, rel)
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestProjectConfigs(t *testing.T) {
	root := t.TempDir()
	write(t, root, "dbt_project.yml", `name: shop
model-paths: ["transform"]
models:
  shop:
    +materialized: view
    file_format: delta
    marts:
      +materialized: table
      partition_by: [order_date]
      finance:
        +tblproperties: &props
          delta.autoOptimize.optimizeWrite: true
  other_package:
    +materialized: table
`)
	write(t, root, "transform/marts/finance/props.yml", `version: 2
models:
  - name: ledger
    config:
      materialized: incremental
      partition_by: "{{ var('cols') }}"
`)
	ledger := write(t, root, "transform/marts/finance/ledger.sql", "select 1")
	orders := write(t, root, "transform/marts/orders.sql", "select 1")
	stg := write(t, root, "transform/stg.sql", "select 1")
	macro := write(t, root, "macros/m.sql", "{% macro m() %}{% endmacro %}")

	var ps Projects
	p := ps.For(ledger)
	if p == nil || p.Err != nil || p.Name != "shop" {
		t.Fatalf("project: %+v", p)
	}
	if ps.For(orders) != p {
		t.Error("the project is read once")
	}
	cfg, ok := p.ConfigFor(ledger)
	if !ok {
		t.Fatal("ledger is a model")
	}
	if cfg["materialized"].Str != "incremental" {
		t.Errorf("the properties file wins: %+v", cfg["materialized"])
	}
	if cfg["partition_by"].Kind != Unknown {
		t.Errorf("a Jinja value is unknown: %+v", cfg["partition_by"])
	}
	if on, _ := cfg["tblproperties"].Dict["delta.autooptimize.optimizewrite"].Truth(); !on {
		t.Errorf("tblproperties: %+v", cfg["tblproperties"])
	}
	if cfg["file_format"].Str != "delta" || cfg["file_format"].Line != 6 {
		t.Errorf("file_format from the top: %+v", cfg["file_format"])
	}
	cfg, _ = p.ConfigFor(orders)
	if cols, _ := cfg["partition_by"].Strings(); len(cols) != 1 || cols[0] != "order_date" || cfg["materialized"].Str != "table" {
		t.Errorf("orders: %+v", cfg)
	}
	cfg, _ = p.ConfigFor(stg)
	if cfg["materialized"].Str != "view" {
		t.Errorf("stg: %+v", cfg["materialized"])
	}
	if _, ok := p.ConfigFor(macro); ok {
		t.Error("a macro is no model")
	}
	if ps.For(filepath.Join(t.TempDir(), "x.sql")) != nil {
		t.Error("a file outside any project")
	}
}

// A broken or special project file gives no configs and says why.
func TestProjectBroken(t *testing.T) {
	root := t.TempDir()
	write(t, root, "dbt_project.yml", "name: [unclosed\n")
	m := write(t, root, "models/a.sql", "select 1")
	var ps Projects
	p := ps.For(m)
	if p == nil || p.Err == nil {
		t.Fatalf("want an error: %+v", p)
	}
	if cfg, ok := p.ConfigFor(m); !ok || cfg != nil {
		t.Errorf("configs of a broken project: %v %v", cfg, ok)
	}
}

// Changing a properties file changes the digest that model facts are cached under.
func TestProjectDigest(t *testing.T) {
	root := t.TempDir()
	write(t, root, "dbt_project.yml", "name: a\n")
	write(t, root, "models/schema.yml", "models:\n  - name: x\n    config: {materialized: table}\n")
	d1 := LoadProject(root).Digest
	write(t, root, "models/schema.yml", "models:\n  - name: x\n    config: {materialized: view}\n")
	if d2 := LoadProject(root).Digest; d1 == d2 {
		t.Error("the digest does not follow the properties file")
	}
}

func TestAdapter(t *testing.T) {
	cases := []struct {
		files map[string]string
		want  Adapter
	}{
		{map[string]string{"profiles.yml": "p:\n  outputs:\n    dev:\n      type: databricks\n"}, AdapterSpark},
		{map[string]string{"profiles.yml": "p:\n  outputs:\n    dev:\n      type: 'spark'\n"}, AdapterSpark},
		{map[string]string{"profiles.yml": "p:\n  outputs:\n    dev:\n      type: snowflake\n"}, AdapterOther},
		{map[string]string{"requirements.txt": "dbt-core==1.8\ndbt-databricks>=1.8\n"}, AdapterSpark},
		{map[string]string{"../pyproject.toml": "[project]\ndependencies = ['dbt-bigquery']\n"}, AdapterOther},
		{map[string]string{"dbt_project.yml": "name: a\nmodels:\n  +file_format: delta\n"}, AdapterSpark},
		{map[string]string{}, AdapterUnknown},
		// outputs for several engines: the target decides
		{map[string]string{"profiles.yml": "p:\n  target: databricks\n  outputs:\n    snowflake:\n      type: snowflake\n    databricks:\n      type: databricks\n"}, AdapterSpark},
		{map[string]string{"dbt_project.yml": "name: a\nprofile: q\n", "profiles.yml": "p:\n  target: dbx\n  outputs:\n    dbx: {type: databricks}\nq:\n  target: sf\n  outputs:\n    sf:\n      type: snowflake\n    dbx:\n      type: databricks\n"}, AdapterOther},
		{map[string]string{"profiles.yml": "p:\n  outputs:\n    snowflake:\n      type: snowflake\n    databricks:\n      type: databricks\n"}, AdapterOther}, // no target: the first output's, as before
	}
	for i, c := range cases {
		top := t.TempDir()
		root := filepath.Join(top, "dbt")
		if _, ok := c.files["dbt_project.yml"]; !ok {
			c.files["dbt_project.yml"] = "name: a\n"
		}
		for name, text := range c.files {
			write(t, root, name, text)
		}
		if got := LoadProject(root).Adapter; got != c.want {
			t.Errorf("case %d: adapter %d, want %d", i, got, c.want)
		}
	}
}
