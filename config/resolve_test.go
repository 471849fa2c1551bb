package config

import (
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
)

func mustAbs(t *testing.T, p string) string {
	t.Helper()
	a, err := filepath.Abs(p)
	if err != nil {
		t.Fatal(err)
	}
	return a
}

// tree writes files (path → content) under a fresh temp dir.
func tree(t *testing.T, files map[string]string) string {
	t.Helper()
	root := t.TempDir()
	for p, content := range files {
		full := filepath.Join(root, filepath.FromSlash(p))
		if err := os.MkdirAll(filepath.Dir(full), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(full, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return root
}

func TestResolverNearestWins(t *testing.T) {
	root := tree(t, map[string]string{
		".lakelint.yaml":          "max-partition-columns: 1\n",
		"a/lakelint.yml":          "vacuum-min-retention-hours: 200\n",
		"a/b/c/job.py":            "",
		"a/b/.lakelint.yml":       "ignore: [LL1]\n",
		"a/b/lakelint.yaml":       "ignore: [LL2]\n", // .lakelint.yml loses to lakelint.yaml
		"d/job.py":                "",
		"e/lakelint.yaml/x":       "", // a directory with a config's name is not a config
		"e/job.py":                "",
		"broken/.lakelint.yaml":   "nope: 1\n",
		"broken/job.py":           "",
		"broken/deeper/job.py":    "",
		"a/b/c/another_job.ipynb": "",
	})
	r, err := NewResolver(ResolverOptions{StopDir: root})
	if err != nil {
		t.Fatal(err)
	}
	get := func(p string) *Config {
		t.Helper()
		c, err := r.For(filepath.Join(root, filepath.FromSlash(p)))
		if err != nil {
			t.Fatal(err)
		}
		return c
	}
	c := get("a/b/c/job.py")
	if c.Path != filepath.Join(root, "a", "b", "lakelint.yaml") || c.Dir != filepath.Join(root, "a", "b") {
		t.Errorf("a/b/c/job.py got %s", c.Path)
	}
	// No merging: the nearer file's defaults stand, not the root's settings.
	if c.Rules.MaxPartitionColumns != 3 || c.Rules.VacuumMinRetentionHours != 168 {
		t.Errorf("levels merged: %+v", c.Rules)
	}
	if c.Enabled("LL201", true, "x") || !c.Enabled("LL101", true, "x") {
		t.Error("wrong file in a/b chosen")
	}
	if get("a/b/c/another_job.ipynb") != c {
		t.Error("same directory, different config object")
	}
	if got := get("a/job.py").Rules.VacuumMinRetentionHours; got != 200 {
		t.Errorf("a/job.py vacuum = %d", got)
	}
	if got := get("d/job.py"); got.Rules.MaxPartitionColumns != 1 || got.Path != filepath.Join(root, ".lakelint.yaml") {
		t.Errorf("d/job.py got %s", got.Path)
	}
	if got := get("e/job.py"); got.Path != filepath.Join(root, ".lakelint.yaml") {
		t.Errorf("e/job.py got %s", got.Path)
	}
	for _, p := range []string{"broken/job.py", "broken/deeper/job.py"} {
		_, err := r.For(filepath.Join(root, p))
		if err == nil || !strings.Contains(err.Error(), `:1: unknown key "nope"`) {
			t.Errorf("%s: err = %v", p, err)
		}
	}
	// Every directory walked through is remembered.
	for _, d := range []string{"a/b/c", "a/b", "d", "broken/deeper"} {
		if _, ok := r.dirs[filepath.Join(root, d)]; !ok {
			t.Errorf("%s not cached", d)
		}
	}
	if c, err := r.ForDir(filepath.Join(root, "a", "b")); err != nil || c.Path != filepath.Join(root, "a", "b", "lakelint.yaml") {
		t.Errorf("ForDir: %v %v", c, err)
	}
}

func TestResolverStopDirAndDefaults(t *testing.T) {
	root := tree(t, map[string]string{
		".lakelint.yaml": "max-partition-columns: 1\n",
		"proj/x/job.py":  "",
	})
	proj := filepath.Join(root, "proj")
	r, err := NewResolver(ResolverOptions{StopDir: proj, Root: proj, CommandLine: Selection{Ignore: []string{"LL1"}}})
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.For(filepath.Join(proj, "x", "job.py"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != "" || c.Dir != proj || c.Rules.MaxPartitionColumns != 3 {
		t.Errorf("searched above the stop dir: %q %q", c.Path, c.Dir)
	}
	if c.Enabled("LL101", true, "x") {
		t.Error("command line not applied to the defaults")
	}
}

func TestResolverExplicitConfig(t *testing.T) {
	root := tree(t, map[string]string{
		"custom.yaml":       "ignore: [LL2]\n",
		"a/.lakelint.yaml":  "ignore: [LL1]\n",
		"a/job.py":          "",
		"bad/.lakelint.yml": "select: [oops]\n",
	})
	r, err := NewResolver(ResolverOptions{
		ConfigPath:  filepath.Join(root, "custom.yaml"),
		CommandLine: Selection{ExtendSelect: []string{"LL201"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	c, err := r.For(filepath.Join(root, "a", "job.py"))
	if err != nil {
		t.Fatal(err)
	}
	if c.Path != filepath.Join(root, "custom.yaml") || !c.Enabled("LL101", true, "x") ||
		c.Enabled("LL202", true, "x") || !c.Enabled("LL201", true, "x") {
		t.Errorf("explicit config not used for every file: %s", c.Path)
	}
	if _, err := NewResolver(ResolverOptions{ConfigPath: filepath.Join(root, "bad", ".lakelint.yml")}); err == nil {
		t.Error("broken explicit config accepted")
	}
	if _, err := NewResolver(ResolverOptions{ConfigPath: filepath.Join(root, "missing.yaml")}); err == nil {
		t.Error("missing explicit config accepted")
	}
	if _, err := NewResolver(ResolverOptions{CommandLine: Selection{Select: []string{"XYZ"}}}); err == nil {
		t.Error("bad command-line code accepted")
	}
}

func TestResolverConcurrent(t *testing.T) {
	files := map[string]string{".lakelint.yaml": "max-partition-columns: 5\n"}
	for i := range 20 {
		files[filepath.Join("d"+string(rune('a'+i%5)), "s"+string(rune('a'+i)), "job.py")] = ""
	}
	root := tree(t, files)
	r, err := NewResolver(ResolverOptions{StopDir: root})
	if err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	seen := make([]*Config, 200)
	for i := range seen {
		wg.Go(func() {
			p := filepath.Join(root, "d"+string(rune('a'+i%5)), "s"+string(rune('a'+i%20)), "job.py")
			c, err := r.For(p)
			if err != nil {
				t.Error(err)
				return
			}
			seen[i] = c
		})
	}
	wg.Wait()
	for _, c := range seen {
		if c != seen[0] || c.Rules.MaxPartitionColumns != 5 {
			t.Fatal("the one config file was parsed more than once or not found")
		}
	}
}

func TestGlobsFromTheCommandLine(t *testing.T) {
	g, err := NewGlobs("/repo", []string{"generated", "jobs/legacy/**", "*.tmp.py"})
	if err != nil {
		t.Fatal(err)
	}
	for p, want := range map[string]bool{
		"/repo/generated/a.py":         true,
		"/repo/src/generated/b.py":     true,
		"/repo/jobs/legacy/x/y.py":     true,
		"/repo/other/jobs/legacy/y.py": false,
		"/repo/a.tmp.py":               true,
		"/repo/jobs/daily.py":          false,
	} {
		if got := g.Match(p); got != want {
			t.Errorf("Match(%q) = %v, want %v", p, got, want)
		}
	}
	if _, err := NewGlobs("/repo", []string{"[bad"}); err == nil {
		t.Error("a bad glob must be an error")
	}
	var none *Globs
	if none.Match("/x") {
		t.Error("no globs match nothing")
	}
}

// A Resolver reads the working directory once, when it is made: relative
// paths are the run's, and cost no stat calls each (filepath.Abs reads it
// anew every time). A change of directory after it is made moves nothing.
func TestResolverReadsTheWorkingDirectoryOnce(t *testing.T) {
	root := tree(t, map[string]string{
		"one/.lakelint.yaml":       "max-partition-columns: 1\nextend-exclude: [\"gen/\"]\n",
		"one/job.py":               "",
		"one/gen/x.py":             "",
		"two/.lakelint.yaml":       "max-partition-columns: 2\n",
		"two/job.py":               "",
		"two/gen/x.py":             "",
		"elsewhere/.lakelint.yaml": "max-partition-columns: 3\n",
	})
	t.Chdir(filepath.Join(root, "one"))
	r, err := NewResolver(ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if r.WorkDir() != mustAbs(t, ".") {
		t.Fatalf("WorkDir %q", r.WorkDir())
	}
	t.Chdir(filepath.Join(root, "two"))
	cfg, err := r.For("job.py")
	if err != nil {
		t.Fatal(err)
	}
	if cfg.Rules.MaxPartitionColumns != 1 || cfg.Dir != filepath.Join(root, "one") {
		t.Errorf("job.py resolved against the directory of now, not of the run: %d in %s", cfg.Rules.MaxPartitionColumns, cfg.Dir)
	}
	if !cfg.Excluded(filepath.Join("gen", "x.py")) {
		t.Error("gen/x.py, relative to the run's directory, is not excluded")
	}
	if cfg, _ := r.For(filepath.Join(root, "elsewhere", "job.py")); cfg.Rules.MaxPartitionColumns != 3 {
		t.Errorf("an absolute path: %d", cfg.Rules.MaxPartitionColumns)
	}
}
