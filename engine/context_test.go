package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
)

// the table is defined in one file; the OPTIMIZE that filters on a column
// that is not a partition column is in another
var contextProject = map[string]string{
	"models/events.sql":   "CREATE TABLE main.sales.events (id BIGINT, customer_id BIGINT, event_date DATE)\nUSING DELTA PARTITIONED BY (event_date);\n",
	"sql/maintenance.sql": "OPTIMIZE main.sales.events WHERE customer_id = 42;\n",
	// findings of its own, never reported when it is only context
	"notebooks/nb.py": "# Databricks notebook source\nspark.sql(\"VACUUM main.sales.events RETAIN 1 HOURS\")\n",
}

func lintNamed(t *testing.T, withContext bool, paths ...string) ([]string, *engine.Result) {
	t.Helper()
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	l := engine.New(configs, engine.Options{ProjectContext: withContext})
	res, err := l.Lint(context.Background(), paths)
	if err != nil {
		t.Fatal(err)
	}
	return lines(".", res.Findings), res
}

func TestProjectContextCompletesAPartialRun(t *testing.T) {
	dir := writeProject(t, contextProject)
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	got, res := lintNamed(t, true, "sql/maintenance.sql")
	if len(got) != 1 || !has(got, "sql/maintenance.sql:1:") || !has(got, "LL403") {
		t.Errorf("with project context: %v", got)
	}
	if res.Files != 1 || res.Indexed != 2 {
		t.Errorf("linted %d, indexed %d", res.Files, res.Indexed)
	}
	if got, _ := lintNamed(t, false, "sql/maintenance.sql"); len(got) != 0 {
		t.Errorf("without project context the definition is not seen: %v", got)
	}
	// the whole project gives the same finding for the file
	all, _ := lintNamed(t, true, ".")
	if !has(all, "sql/maintenance.sql:1:") || !has(all, "notebooks/nb.py") {
		t.Errorf("whole project: %v", all)
	}
	// absolute names work the same
	got, _ = lintNamed(t, true, filepath.Join(dir, "sql/maintenance.sql"))
	if len(got) != 1 {
		t.Errorf("absolute path: %v", got)
	}
}

func TestProjectContextHonoursExcludesAndGitignore(t *testing.T) {
	dir := writeProject(t, contextProject)
	write(t, dir, ".lakelint.yaml", "exclude: [models]\n")
	t.Chdir(dir)
	if got, _ := lintNamed(t, true, "sql/maintenance.sql"); len(got) != 0 {
		t.Errorf("an excluded file is not context: %v", got)
	}
	write(t, dir, ".lakelint.yaml", "{}\n")
	write(t, dir, ".gitignore", "models/\n")
	if got, _ := lintNamed(t, true, "sql/maintenance.sql"); len(got) != 0 {
		t.Errorf("an ignored file is not context: %v", got)
	}
}

func TestProjectRoot(t *testing.T) {
	dir := t.TempDir()
	write(t, dir, "repo/.git/HEAD", "")
	write(t, dir, "repo/a/b/job.py", "")
	write(t, dir, "repo/sub/.lakelint.yaml", "{}\n")
	write(t, dir, "repo/sub/deeper/.lakelint.yaml", "{}\n")
	write(t, dir, "repo/sub/deeper/x.py", "")
	write(t, dir, "loose/proj/.lakelint.yaml", "{}\n")
	write(t, dir, "loose/proj/x/y.sql", "")
	write(t, dir, "nothing/z.py", "")
	for path, want := range map[string]string{
		"repo/a/b/job.py":      "repo",
		"repo/a":               "repo",
		"repo/sub/deeper/x.py": "repo/sub", // the highest config below the top level
		"loose/proj/x/y.sql":   "loose/proj",
		"nothing/z.py":         "",
	} {
		got := engine.ProjectRoot(filepath.Join(dir, path))
		if want != "" {
			want = filepath.Join(dir, want)
		}
		if got != want {
			t.Errorf("ProjectRoot(%s) = %q, want %q", path, got, want)
		}
	}
	if !engine.Partial([]string{filepath.Join(dir, "repo/a/b/job.py")}) || engine.Partial([]string{filepath.Join(dir, "repo/a")}) {
		t.Error("a named file makes a partial run, a directory does not")
	}
}
