package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// A commit that stages only sql/maintenance.sql fails the hook when the
// table it optimizes, defined in another file, is not partitioned by the
// column its WHERE filters on: pre-commit runs the hook's entry with the
// staged files from the repository's top level.
func TestPreCommitSeesTheProject(t *testing.T) {
	repo := t.TempDir()
	files := map[string]string{
		"models/events.sql":   "CREATE TABLE main.sales.events (id BIGINT, customer_id BIGINT, event_date DATE)\nUSING DELTA PARTITIONED BY (event_date);\n",
		"sql/maintenance.sql": "OPTIMIZE main.sales.events WHERE customer_id = 42;\n",
		"jobs/broken.py":      "spark.conf.set('spark.sql.adaptive.enabled', 'false')\n",
	}
	for name, text := range files {
		p := filepath.Join(repo, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if git, err := exec.LookPath("git"); err == nil {
		if out, err := exec.Command(git, "-C", repo, "init", "-q").CombinedOutput(); err != nil {
			t.Fatalf("git init: %v\n%s", err, out)
		}
	} else if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(repo)

	// the hook's entry (.pre-commit-hooks.yaml) with the staged file
	out, errOut, code := runCLI(t, "", "check", "--force-exclude", "sql/maintenance.sql")
	if code != exitFindings || !strings.Contains(out, "sql/maintenance.sql:1:") || !strings.Contains(out, "LL403") {
		t.Errorf("exit %d\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, "broken.py") {
		t.Errorf("a file read only for context has findings reported:\n%s", out)
	}
	out, errOut, code = runCLI(t, "", "check", "--force-exclude", "--no-project-context", "sql/maintenance.sql")
	if code != exitClean || strings.Contains(out, "LL403") {
		t.Errorf("--no-project-context: exit %d\n%s%s", code, out, errOut)
	}
	// an editor's buffer: standard input under the file's name
	out, _, code = runCLI(t, "OPTIMIZE main.sales.events WHERE id = 1;\n", "check", "-", "--stdin-filename", "sql/maintenance.sql")
	if code != exitFindings || !strings.Contains(out, "LL403") {
		t.Errorf("standard input: exit %d\n%s", code, out)
	}
}

// Without a cache directory setting, the cache is .lakelint_cache at the
// project root, with its own .gitignore; --no-cache writes nothing.
func TestCacheDirectoryDefaults(t *testing.T) {
	repo := t.TempDir()
	if err := os.Mkdir(filepath.Join(repo, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	job := filepath.Join(repo, "jobs", "a.py")
	os.MkdirAll(filepath.Dir(job), 0o755)
	os.WriteFile(job, []byte("spark.conf.set('spark.sql.adaptive.enabled', 'false')\n"), 0o644)
	t.Setenv("LAKELINT_CACHE_DIR", "")

	if _, _, code := runCLI(t, "", "check", "--no-cache", job); code != exitFindings {
		t.Fatalf("exit %d", code)
	}
	if _, err := os.Stat(filepath.Join(repo, ".lakelint_cache")); err == nil {
		t.Error("--no-cache made a cache")
	}
	for range 2 {
		if _, _, code := runCLI(t, "", "check", job); code != exitFindings {
			t.Fatalf("exit %d", code)
		}
	}
	if b, err := os.ReadFile(filepath.Join(repo, ".lakelint_cache", ".gitignore")); err != nil || !strings.Contains(string(b), "*") {
		t.Errorf("the cache's .gitignore: %q, %v", b, err)
	}
	other := filepath.Join(t.TempDir(), "c")
	t.Setenv("LAKELINT_CACHE_DIR", other)
	runCLI(t, "", "check", job)
	flagged := filepath.Join(t.TempDir(), "f")
	runCLI(t, "", "check", "--cache-dir", flagged, job)
	for _, d := range []string{other, flagged} {
		if ps, _ := filepath.Glob(filepath.Join(d, "*.pack")); len(ps) != 1 {
			t.Errorf("%s holds %d packs", d, len(ps))
		}
	}
}

// --verbose says what the cache did: parsed, then a whole run reused, then
// after an edit, the other files' findings reused.
func TestVerboseSaysWhatTheCacheDid(t *testing.T) {
	dir := t.TempDir()
	a, b := filepath.Join(dir, "a.py"), filepath.Join(dir, "b.py")
	os.WriteFile(a, []byte("spark.conf.set('spark.sql.adaptive.enabled', 'false')\n"), 0o644)
	os.WriteFile(b, []byte("spark.sql('VACUUM t RETAIN 1 HOURS')\n"), 0o644)
	cache := filepath.Join(t.TempDir(), "cache")
	for i, want := range []string{
		"cache: facts of 0 file(s) from the cache, 2 parsed; findings of 0 file(s) reused",
		"cache: nothing changed since a run with these inputs",
		"cache: facts of 1 file(s) from the cache, 1 parsed; findings of 1 file(s) reused",
	} {
		if i == 2 {
			os.WriteFile(a, []byte("spark.conf.set('spark.sql.adaptive.enabled', 'false')\n# edited\n"), 0o644)
		}
		_, errOut, _ := runCLI(t, "", "check", "--verbose", "--cache-dir", cache, dir)
		if !strings.Contains(errOut, want) {
			t.Errorf("run %d: want %q in\n%s", i+1, want, errOut)
		}
	}
}
