package dbt

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var fixKeys = []string{"delta.autoOptimize.optimizeWrite", "delta.autoOptimize.autoCompact"}

// applyPlace writes the insertion for the model at rel into its file and
// returns the file's new text.
func applyPlace(t *testing.T, root, rel string) (string, YAMLInsertion) {
	t.Helper()
	p := LoadProject(root)
	in, ok := p.ConfigPlace(filepath.Join(root, rel), "tblproperties")
	if !ok {
		t.Fatalf("%s: no place", rel)
	}
	src, err := os.ReadFile(in.File)
	if err != nil {
		t.Fatal(err)
	}
	out := string(src[:in.Offset]) + in.Text(fixKeys, "true") + string(src[in.Offset:])
	if err := os.WriteFile(in.File, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return out, in
}

// The model's tblproperties go to the most specific YAML place that
// configures it, as a text edit that keeps comments and layout, and the
// project then gives the model both properties (and no new place is
// asked for the same key: a second fix adds nothing).
func TestConfigPlace(t *testing.T) {
	project := `name: shop
# directory defaults
models:
  shop:
    +materialized: view
    staging:
      +materialized: incremental   # kept
      +partition_by:
      - day
      # a comment inside
    marts:
        +materialized: table
        +tblproperties:
            owner: finance
        finance:
            +schema: fin
other: 1
`
	cases := []struct {
		name, model, schema, want string
		file                      string
		shared                    bool
	}{
		{name: "directory block", model: "models/staging/events.sql", file: "dbt_project.yml", shared: true,
			want: strings.Replace(project, "      - day\n", "      - day\n      +tblproperties:\n        delta.autoOptimize.optimizeWrite: 'true'\n        delta.autoOptimize.autoCompact: 'true'\n", 1)},
		{name: "inherited mapping extended", model: "models/marts/finance/ledger.sql", file: "dbt_project.yml", shared: true,
			want: strings.Replace(project, "            owner: finance\n", "            owner: finance\n            delta.autoOptimize.optimizeWrite: 'true'\n            delta.autoOptimize.autoCompact: 'true'\n", 1)},
		{name: "properties file", model: "models/staging/events.sql", file: "models/staging/schema.yml",
			schema: "version: 2\nmodels:\n  - name: events\n    description: x # note\n    config:\n      unique_key: id\n\n  - name: other\n",
			want:   "version: 2\nmodels:\n  - name: events\n    description: x # note\n    config:\n      unique_key: id\n      tblproperties:\n        delta.autoOptimize.optimizeWrite: 'true'\n        delta.autoOptimize.autoCompact: 'true'\n\n  - name: other\n"},
		{name: "properties file mapping extended, CRLF, no final newline", model: "models/staging/events.sql", file: "models/staging/schema.yml",
			schema: "models:\r\n- name: events\r\n  config:\r\n    +tblproperties:\r\n      a: 'b'",
			want:   "models:\r\n- name: events\r\n  config:\r\n    +tblproperties:\r\n      a: 'b'\r\n      delta.autoOptimize.optimizeWrite: 'true'\r\n      delta.autoOptimize.autoCompact: 'true'"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, "dbt_project.yml", project)
			if c.schema != "" {
				write(t, root, "models/staging/schema.yml", c.schema)
			}
			write(t, root, c.model, "select 1\n")
			got, in := applyPlace(t, root, c.model)
			if got != c.want {
				t.Errorf("fixed %s:\n%s\nwant:\n%s", c.file, got, c.want)
			}
			if in.File != filepath.Join(root, c.file) || in.Shared != c.shared {
				t.Errorf("place %+v, want %s shared %v", in, c.file, c.shared)
			}
			p := LoadProject(root)
			cfg, _ := p.ConfigFor(filepath.Join(root, c.model))
			for _, k := range fixKeys {
				if v := cfg["tblproperties"].Dict[strings.ToLower(k)]; v.Str != "true" {
					t.Errorf("%s after the fix: %+v", k, cfg["tblproperties"])
				}
			}
			if c.name == "inherited mapping extended" && cfg["tblproperties"].Dict["owner"].Str != "finance" {
				t.Errorf("owner lost: %+v", cfg["tblproperties"])
			}
			// the place found again is the mapping just extended
			if again, ok := p.ConfigPlace(filepath.Join(root, c.model), "tblproperties"); !ok || again.Header != "" {
				t.Errorf("second place: %+v %v", again, ok)
			}
		})
	}
}

// YAML a line edit cannot be trusted with gets no place: tabs, flow
// style, anchors and aliases, several documents, a model outside any block.
func TestConfigPlaceRefused(t *testing.T) {
	for name, c := range map[string]struct{ project, schema string }{
		"flow block":   {project: "name: shop\nmodels:\n  shop: {staging: {+materialized: table}}\n"},
		"flow mapping": {project: "name: shop\nmodels:\n  shop:\n    staging:\n      +tblproperties: {a: b}\n"},
		// yaml.v3 refuses a tab where indentation is (the project then
		// gives no configs at all); editableYAML refuses it again for a
		// parser that would not
		"tab":              {project: "name: shop\nmodels:\n  shop:\n    staging:\n      +materialized: table\n      +post-hook: |\n        \tselect 1\n"},
		"anchor":           {project: "name: shop\nmodels:\n  shop:\n    staging: &d\n      +materialized: table\n    marts: *d\n"},
		"two documents":    {project: "name: shop\nmodels:\n  shop:\n    staging:\n      +materialized: table\n---\nx: 1\n"},
		"no block":         {project: "name: shop\nmodels:\n  +materialized: table\n"},
		"flow config":      {project: "name: shop\n", schema: "models:\n  - name: events\n    config: {materialized: table}\n"},
		"jinja properties": {project: "name: shop\nmodels:\n  shop:\n    +tblproperties: \"{{ var('p') }}\"\n"},
	} {
		t.Run(name, func(t *testing.T) {
			root := t.TempDir()
			write(t, root, "dbt_project.yml", c.project)
			if c.schema != "" {
				write(t, root, "models/staging/schema.yml", c.schema)
			}
			m := write(t, root, "models/staging/events.sql", "select 1\n")
			if in, ok := LoadProject(root).ConfigPlace(m, "tblproperties"); ok {
				t.Errorf("a place in YAML it cannot trust: %+v", in)
			}
		})
	}
}
