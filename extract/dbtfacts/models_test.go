package dbtfacts

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/parsers/dbt"
)

// A model named relative to the run's working directory is found there,
// whatever the process's directory is now: Models reads none itself.
func TestModelsRelativeToTheRunsDirectory(t *testing.T) {
	root := t.TempDir()
	for name, text := range map[string]string{
		"dbt_project.yml": "name: shop\nmodel-paths: [models]\n",
		"models/x.sql":    "select 1\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Chdir(t.TempDir())
	ms := Models{WorkDir: root}
	in, digest := ms.For(filepath.Join("models", "x.sql"))
	if in == nil || digest == ([32]byte{}) {
		t.Fatalf("models/x.sql, relative to %s: no dbt project found", root)
	}
	if in, _ := (&Models{}).For(filepath.Join("models", "x.sql")); in != nil {
		t.Error("without WorkDir, the process's directory (which holds no project) should decide")
	}
	if in, _ := ms.For(filepath.Join(root, "models", "x.sql")); in == nil {
		t.Error("an absolute path: no dbt project found")
	}
}

// A table or incremental model of a project whose engine is not known is
// not read, and Extract says why; a view, or a model whose own configs are
// Spark's, is no such case.
func TestUnknownEngineModelSaysWhy(t *testing.T) {
	cases := []struct {
		name, src string
		why       string
		table     bool
	}{
		{"incremental", "{{ config(materialized='incremental') }}\nselect 1", UnknownEngine, false},
		{"table from the project", "select 1", UnknownEngine, false},
		{"view", "{{ config(materialized='view') }}\nselect 1", "", false},
		{"spark-only config", "{{ config(materialized='table', file_format='delta') }}\nselect 1", "", true},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := Input{Path: "models/m.sql", Text: []byte(c.src)}
			if c.name == "table from the project" {
				in.Project = map[string]dbt.Value{"materialized": {Kind: dbt.String, Str: "table"}}
			}
			d, why := Extract(in)
			if why != c.why || (d != nil) != c.table {
				t.Errorf("Extract = %v, %q; want a table %v, %q", d != nil, why, c.table, c.why)
			}
		})
	}
}

// A project for several engines that enables each model tree on one
// adapter has its models read on that adapter: the Databricks tree as
// Databricks models, the Snowflake tree as another engine's; a tree
// enabled on a condition that names no one adapter stays unknown.
func TestTreeEnabledOnOneAdapter(t *testing.T) {
	root := t.TempDir()
	project := "name: shop\nmodel-paths: [models]\nmodels:\n  shop:\n    dbx:\n      +enabled: \"{{ target.type == 'databricks' }}\"\n    sf:\n      +enabled: \"{{ target.type == 'snowflake' }}\"\n    both:\n      +enabled: \"{{ target.type in ['snowflake', 'databricks'] }}\"\n"
	for name, text := range map[string]string{
		"dbt_project.yml":   project,
		"models/dbx/a.sql":  "select 1\n",
		"models/sf/b.sql":   "select 1\n",
		"models/both/c.sql": "select 1\n",
	} {
		p := filepath.Join(root, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ms := Models{WorkDir: root}
	if in, _ := ms.For("models/dbx/a.sql"); in == nil || !in.Spark || in.AdapterType != "databricks" || in.Template {
		t.Errorf("the Databricks tree: %+v", in)
	}
	if in, _ := ms.For("models/sf/b.sql"); in == nil || !in.Template {
		t.Errorf("the Snowflake tree should be another engine's: %+v", in)
	}
	if in, _ := ms.For("models/both/c.sql"); in == nil || in.Spark || in.Template {
		t.Errorf("a tree for two engines should stay unknown: %+v", in)
	}
}
