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
