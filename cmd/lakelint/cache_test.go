package main

import (
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/cache"
)

// Tests run check in this directory and over the examples: their result
// cache goes to a temporary directory, never into the source tree.
// TestMain runs the binary as lakelint itself when a test's script asks for it
// (the action's tests), and sends the CLI tests' result cache to a temporary
// directory so that nothing is written into the repository.
func TestMain(m *testing.M) {
	if os.Getenv("LAKELINT_TEST_AS_CLI") == "1" {
		os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
	}
	dir, err := os.MkdirTemp("", "lakelint-cmd-cache-")
	if err != nil {
		panic(err)
	}
	os.Setenv("LAKELINT_CACHE_DIR", dir)
	keys, err := os.MkdirTemp("", "lakelint-cmd-key-")
	if err != nil {
		panic(err)
	}
	os.Setenv("LAKELINT_CACHE_KEY_DIR", keys) // not the user's own key
	code := m.Run()
	os.RemoveAll(dir)
	os.RemoveAll(keys)
	os.Exit(code)
}

// Every flag of check is in the run record's key, or says why it cannot
// change what a record holds: setting it to another value changes the key.
func TestCheckFlagsAreInTheRecordKey(t *testing.T) {
	fs := checkFlags(&checkOptions{}, io.Discard)
	base := recordKey(fs, "")
	n := 0
	fs.VisitAll(func(f *flag.Flag) {
		n++
		if why, ok := flagsNotInRecordKey[f.Name]; ok {
			if why == "" {
				t.Errorf("--%s: say why it cannot change a run's result", f.Name)
			}
			return
		}
		other := checkFlags(&checkOptions{}, io.Discard)
		value := "LL101"
		if b, ok := f.Value.(interface{ IsBoolFlag() bool }); ok && b.IsBoolFlag() {
			value = strconv.FormatBool(f.DefValue != "true")
		}
		if err := other.Set(f.Name, value); err != nil {
			t.Fatalf("--%s %s: %v", f.Name, value, err)
		}
		if recordKey(other, "") == base {
			t.Errorf("--%s is not in the run record's key: add it, or to flagsNotInRecordKey with why it cannot change the result", f.Name)
		}
	})
	for name := range flagsNotInRecordKey {
		if fs.Lookup(name) == nil {
			t.Errorf("flagsNotInRecordKey names --%s, which check does not have", name)
		}
	}
	if n < 20 {
		t.Fatalf("check has only %d flags?", n)
	}
	if recordKey(fs, "env a") == recordKey(fs, "env b") {
		t.Error("the environment live stats read is not in the key")
	}
}

// A run with --require-stats or --stats-file after a run without them is
// not the replay of that run's record.
func TestStatsFlagsAfterACachedRun(t *testing.T) {
	noWorkspace(t)
	dir := t.TempDir()
	job := filepath.Join(dir, "job.py")
	if err := os.WriteFile(job, []byte("df = spark.read.table(\"x\")\ndf.write.saveAsTable(\"main.web.clicks\")\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cache := filepath.Join(t.TempDir(), "cache")
	for range 2 { // the second run replays the first's record
		if _, errOut, code := runCLI(t, "", "check", "--cache-dir", cache, dir); code == exitError {
			t.Fatalf("exit %d: %s", code, errOut)
		}
	}
	_, errOut, code := runCLI(t, "", "check", "--cache-dir", cache, "--require-stats", dir)
	if code != exitError || !strings.Contains(errOut, "live stats are required") {
		t.Errorf("--require-stats after a cached run: exit %d, stderr:\n%s", code, errOut)
	}
	_, errOut, code = runCLI(t, "", "check", "--cache-dir", cache, "--stats-file", filepath.Join(dir, "missing.json"), dir)
	if code != exitError || !strings.Contains(errOut, "missing.json does not exist") {
		t.Errorf("--stats-file after a cached run: exit %d, stderr:\n%s", code, errOut)
	}
}

// --cache-dir . names the project itself, which lakelint did not make: the
// cache goes in a directory of its own there, no .gitignore is written into
// the project, and the next run still lints every file.
func TestCacheDirDotLeavesTheProjectAlone(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("no git")
	}
	repo := scratchRepo(t)
	write(t, filepath.Join(repo, "jobs", "new.py"), "spark.conf.set('spark.sql.adaptive.enabled', 'false')\n")
	t.Chdir(repo)
	for i := range 2 {
		out, errOut, code := runCLI(t, "", "check", "--cache-dir", ".", ".")
		if code != exitFindings || !strings.Contains(out, "new.py") || !strings.Contains(out, "old.py") {
			t.Fatalf("run %d: exit %d\n%s\n%s", i+1, code, out, errOut)
		}
	}
	if _, err := os.Stat(filepath.Join(repo, ".gitignore")); err == nil {
		t.Error("a .gitignore was written into the project")
	}
	if _, err := os.Stat(filepath.Join(repo, cache.DirName, "CACHEDIR.TAG")); err != nil {
		t.Errorf("no cache directory of lakelint's own in the project: %v", err)
	}
	status, err := exec.Command("git", "status", "--porcelain").Output()
	if err != nil || !strings.Contains(string(status), "?? jobs/new.py") {
		t.Errorf("git status hides the untracked file: %q, %v", status, err)
	}
}

// A cache directory that is a symbolic link is refused with a warning; the
// run goes on without a cache and writes nothing where the link points.
func TestLinkedCacheDirIsRefused(t *testing.T) {
	target := t.TempDir()
	link := filepath.Join(t.TempDir(), "cache")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	dir := t.TempDir()
	write(t, filepath.Join(dir, "a.py"), "spark.conf.set('spark.sql.adaptive.enabled', 'false')\n")
	_, errOut, code := runCLI(t, "", "check", "--cache-dir", link, dir)
	if code != exitFindings || !strings.Contains(errOut, "warning: running without the result cache") || !strings.Contains(errOut, "symbolic link") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
	if names, _ := os.ReadDir(target); len(names) != 0 {
		t.Errorf("the cache wrote through the link: %v", names)
	}
}
