package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A run that lints nothing says so, and what it found instead, rather than
// "All checks passed!"; it fails (exit 2) unless all it left out are files
// named with --force-exclude, as pre-commit names them.
func TestNothingLintedIsNotAPass(t *testing.T) {
	root := t.TempDir()
	write(t, filepath.Join(root, "skipped", ".lakelint.yaml"), "max-file-size: 1KB\n")
	write(t, filepath.Join(root, "skipped", "a.py"), "\x00\x01")
	write(t, filepath.Join(root, "skipped", "b.sql"), "x\x00")
	write(t, filepath.Join(root, "skipped", "big.py"), strings.Repeat("x = 1\n", 400))
	write(t, filepath.Join(root, "skipped", "c.ipynb"), "{not json")
	write(t, filepath.Join(root, "excluded", ".lakelint.yaml"), "exclude: [gen, b.py]\n")
	write(t, filepath.Join(root, "excluded", "gen", "a.py"), "x = 1\n")
	write(t, filepath.Join(root, "excluded", "b.py"), "x = 1\n")
	write(t, filepath.Join(root, "excluded", "README.md"), "not counted\n")
	write(t, filepath.Join(root, "ok", "a.py"), "x = 1\n")
	write(t, filepath.Join(root, "README.md"), "# a project\n")
	if err := os.Mkdir(filepath.Join(root, "empty"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(root)
	for _, tc := range []struct {
		args       []string
		code       int
		stdout     string
		stderr     string // a line of it
		notOnQuiet bool   // a warning --quiet leaves out
	}{
		{[]string{"empty"}, exitError, "", "lakelint: error: empty: 0 files linted: no .py, .sql, .hql or .ipynb file found", false},
		{[]string{"skipped"}, exitError, "", "lakelint: error: skipped: 0 files linted: 4 skipped (2 binary, 1 over max-file-size, 1 unparsable)", false},
		{[]string{"excluded"}, exitError, "", "lakelint: error: excluded: 0 files linted: 2 excluded", false},
		{[]string{"skipped/a.py", "excluded/b.py", "--force-exclude"}, exitError, "", "lakelint: error: 0 files linted: 1 skipped (1 binary), 1 excluded", false},
		{[]string{"README.md", "excluded/README.md"}, exitError, "", "lakelint: error: 0 files linted: 2 skipped (2 not .py, .sql, .hql or .ipynb)", false},
		// one named directory of several holds nothing: that one fails the run
		{[]string{"ok", "empty"}, exitError, "", "lakelint: error: empty: no .py, .sql, .hql or .ipynb file to lint in this directory", false},
		// pre-commit names files that the project excludes
		{[]string{"--force-exclude", "excluded/b.py"}, exitClean, "", "lakelint: warning: excluded/b.py: 0 files linted: 1 excluded", true},
		{[]string{"ok"}, exitClean, "All checks passed!\n", "", false},
	} {
		for _, quiet := range []bool{false, true} {
			args := append([]string{"check", "--no-cache"}, tc.args...)
			if quiet {
				args = append(args, "--quiet")
			}
			out, errOut, code := runCLI(t, "", args...)
			wantOut, wantErr := tc.stdout, tc.stderr
			if quiet {
				wantOut = ""
				if tc.notOnQuiet {
					wantErr = ""
				}
			}
			if code != tc.code || out != wantOut || (wantErr != "" && !strings.Contains(errOut, wantErr+"\n")) || (wantErr == "" && errOut != "") {
				t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit %d, stdout %q, stderr with %q", args[1:], code, out, errOut, tc.code, wantOut, wantErr)
			}
		}
	}
}

// With no path, check lints the current directory: an empty one fails as
// a named one does.
func TestCheckOfAnEmptyProjectFails(t *testing.T) {
	t.Chdir(t.TempDir())
	out, errOut, code := runCLI(t, "", "check", "--no-cache")
	if code != exitError || out != "" || errOut != "lakelint: error: .: 0 files linted: no .py, .sql, .hql or .ipynb file found\n" {
		t.Errorf("exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	// the machine formats stay valid, and carry the reason
	out, _, code = runCLI(t, "", "check", "--no-cache", "--output-format", "sarif")
	if code != exitError || !strings.Contains(out, `"results": []`) || !strings.Contains(out, "0 files linted") {
		t.Errorf("sarif: exit %d, %s", code, out)
	}
}

// A selection that leaves no rule to run is an error, not a pass.
func TestEmptySelectionFails(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "job.py")
	write(t, job, "DeltaTable.forName(spark, 'main.s.t').vacuum(1)\n")
	for _, args := range [][]string{{"--select", "LL401", "--ignore", "LL401"}, {"--ignore", "ALL"}} {
		out, errOut, code := runCLI(t, "", append(append([]string{"check", "--no-cache"}, args...), job)...)
		if code != exitError || out != "" || !strings.Contains(errOut, "lakelint: error: no rule is selected") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
	write(t, filepath.Join(dir, ".lakelint.yaml"), "select: []\n")
	if _, errOut, code := runCLI(t, "", "check", "--no-cache", job); code != exitError || !strings.Contains(errOut, "no rule is selected") {
		t.Errorf("select: []: exit %d, stderr %q", code, errOut)
	}
	// the command line turning one rule on is enough
	if out, errOut, code := runCLI(t, "", "check", "--no-cache", "--extend-select", "LL401", "--output-format", "concise", job); code != exitFindings || !strings.Contains(out, "LL401") {
		t.Errorf("--extend-select over select: []: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
}
