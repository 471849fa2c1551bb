package dbtfacts

import (
	"os"
	"path/filepath"
	"testing"
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
