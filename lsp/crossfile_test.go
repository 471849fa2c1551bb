package lsp

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"gopkg.in/yaml.v3"
)

// dbtProject writes a dbt project whose model is configured by
// dbt_project.yml only, and returns the model's path and the YAML's.
func dbtProject(t *testing.T) (model, yml string) {
	t.Helper()
	dir := project(t, "platform: oss\nselect: [LL301]\n")
	files := map[string]string{
		"dbt_project.yml":   "name: shop\nprofile: shop\nmodels:\n  shop:\n    +file_format: delta\n    +materialized: table # all tables\n",
		"profiles.yml":      "shop:\n  outputs:\n    dev:\n      type: spark\n",
		"models/orders.sql": "select * from {{ source('raw', 'orders') }}\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return filepath.Join(dir, "models/orders.sql"), filepath.Join(dir, "dbt_project.yml")
}

// A fix that edits another file is a WorkspaceEdit of that file's URI,
// which applied gives YAML that parses with the properties set; while that
// file is open with other text than the lint read, it is not offered.
func TestCodeActionEditsAnotherFile(t *testing.T) {
	model, yml := dbtProject(t)
	uri, ymlURI := fileURI(model), fileURI(yml)
	text, _ := os.ReadFile(model)
	c := newClient(t, Options{})
	c.initialize()
	c.open(uri, "sql", string(text))
	diags := c.diagnostics(uri, 1)
	if len(diags) != 1 || diags[0].Code != "LL301" {
		t.Fatalf("diagnostics = %+v", diags)
	}
	acts := codeActions(t, c, uri, diags)
	if len(acts) != 1 {
		t.Fatalf("actions = %+v", acts)
	}
	a := acts[0]
	if len(a.Edit.Changes) != 1 || len(a.Edit.Changes[ymlURI]) != 1 {
		t.Fatalf("changes = %+v, want one edit of %s", a.Edit.Changes, ymlURI)
	}
	if e := a.Edit.Changes[ymlURI][0]; e.URI != "" || e.Path != "" {
		t.Errorf("a TextEdit names its file: %+v", e)
	}
	src, _ := os.ReadFile(yml)
	fixed := apply(t, string(src), ymlURI, a)
	var doc struct {
		Models map[string]map[string]any `yaml:"models"`
	}
	if err := yaml.Unmarshal([]byte(fixed), &doc); err != nil {
		t.Fatalf("fixed YAML does not parse: %v\n%s", err, fixed)
	}
	props, _ := doc.Models["shop"]["+tblproperties"].(map[string]any)
	if props["delta.autoOptimize.optimizeWrite"] != "true" || props["delta.autoOptimize.autoCompact"] != "true" || !strings.Contains(fixed, "# all tables") {
		t.Errorf("fixed YAML:\n%s", fixed)
	}

	// the YAML open with unsaved changes: the edit would land elsewhere
	c.open(ymlURI, "yaml", "# edited\n"+string(src))
	if acts := codeActions(t, c, uri, diags); len(acts) != 0 {
		t.Errorf("offered against an edited buffer: %+v", acts)
	}
}
