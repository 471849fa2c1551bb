package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestParseUnifiedZero(t *testing.T) {
	diff := "diff --git a/a.py b/a.py\n--- a/a.py\n+++ b/a.py\n@@ -3,0 +4,2 @@\n+x\n+++y\n@@ -10 +12 @@\n-a\n+b\n@@ -20,3 +23,0 @@\n-gone\n" +
		"diff --git a/gone.py b/gone.py\n--- a/gone.py\n+++ /dev/null\n@@ -1 +0,0 @@\n-x\n" +
		"diff --git a/x b/x\n--- /dev/null\n+++ \"b/sp\\303\\251cial.py\"\n@@ -0,0 +1 @@\n+z\n" +
		"diff --git a/Daily Orders.py b/Daily Orders.py\n--- a/Daily Orders.py\t\n+++ b/Daily Orders.py\t\n@@ -1,0 +2 @@\n+z\n" +
		"diff --git \"a/t\\tq\\\"b.py\" \"b/t\\tq\\\"b.py\"\n--- \"a/t\\tq\\\"b.py\"\n+++ \"b/t\\tq\\\"b.py\"\n@@ -1 +1 @@\n-a\n+b\n" +
		"diff --git a/dev/null b/dev/null\n--- a/dev/null\n+++ b/dev/null\n@@ -1 +1 @@\n-a\n+b\n"
	got := parseUnifiedZero("/r", diff)
	a := got["/r/a.py"]
	for _, l := range []int{4, 5, 12} {
		if !a[l] {
			t.Errorf("line %d not changed", l)
		}
	}
	if len(a) != 3 {
		t.Errorf("a.py lines %v (an added line reading \"++y\" is not a file header)", a)
	}
	if _, ok := got["/r/gone.py"]; ok {
		t.Error("a deleted file has changed lines")
	}
	for name, line := range map[string]int{"spécial.py": 1, "Daily Orders.py": 2, "t\tq\"b.py": 1, "dev/null": 1} {
		if !got["/r/"+name][line] {
			t.Errorf("%q line %d not read: %v", name, line, got)
		}
	}
	if len(got) != 5 {
		t.Errorf("%d files: %v", len(got), got)
	}
}

func TestPatchName(t *testing.T) {
	for in, want := range map[string]string{
		"b/jobs/Daily Orders.py\t":        "jobs/Daily Orders.py",
		"b/plain.py":                      "plain.py",
		`"b/a\tb.py"`:                     "a\tb.py",
		`"b/say \"hi\".py"`:               `say "hi".py`,
		`"b/back\\slash.py"`:              `back\slash.py`,
		`"b/donn\303\251es.py"`:           "données.py",
		`"b/\346\227\245\346\234\254.py"`: "日本.py",
		"b/données.py":                    "données.py", // core.quotePath=false
		`"b/nl\nx.py"` + "\t":             "nl\nx.py",
	} {
		if got, ok := patchName(in, "b/"); !ok || got != want {
			t.Errorf("patchName(%q) = %q, %v; want %q", in, got, ok, want)
		}
	}
	for _, in := range []string{"/dev/null", `"b/unterminated`, `"b/bad\9zz"`, "a/wrong-side.py"} {
		if got, ok := patchName(in, "b/"); ok {
			t.Errorf("patchName(%q) = %q, want none", in, got)
		}
	}
}

func TestParseNumstatZ(t *testing.T) {
	out := "1\t0\tjobs/Daily Orders.py\x00-\t-\tdata.bin\x003\t1\t\x00old name.py\x00new\tname.py\x000\t0\tmode.py\x00"
	got := parseNumstatZ(out)
	want := []numstatFile{{"jobs/Daily Orders.py", false}, {"data.bin", true}, {"new\tname.py", false}, {"mode.py", false}}
	if len(got) != len(want) {
		t.Fatalf("got %v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("file %d: %v, want %v", i, got[i], want[i])
		}
	}
}

// diffRepo makes a repository whose main branch holds files, then a
// feature branch on which change runs and is committed.
func diffRepo(t *testing.T, files map[string]string, change func(dir string)) string {
	t.Helper()
	dir := t.TempDir()
	if real, err := filepath.EvalSymlinks(dir); err == nil {
		dir = real
	}
	git(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, "README"), "base\n")
	for name, text := range files {
		write(t, filepath.Join(dir, name), text)
	}
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "-m", "base")
	git(t, dir, "checkout", "-q", "-b", "feature")
	change(dir)
	git(t, dir, "add", "-A")
	git(t, dir, "commit", "-q", "--allow-empty", "-m", "change")
	return dir
}

// job is a file with one finding per table, on lines 1, 2, ...
func job(tables ...string) string {
	var b strings.Builder
	for _, tbl := range tables {
		b.WriteString(strings.ReplaceAll(singleFileWrite, "%s", tbl))
	}
	return b.String()
}

// Each way git can name a file in a diff: the findings on the pull
// request's lines are reported, the others are not.
func TestDiffFromFileNames(t *testing.T) {
	for _, tc := range []struct {
		name    string
		files   map[string]string
		change  func(t *testing.T, dir string)
		want    []string // "path:line:" in concise output
		notWant []string
	}{
		{
			name:  "space in the name",
			files: map[string]string{"jobs/Daily Orders.py": job("a")},
			change: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, "jobs/Daily Orders.py"), job("a", "b"))
			},
			want: []string{"jobs/Daily Orders.py:2:"}, notWant: []string{"jobs/Daily Orders.py:1:"},
		},
		{
			name:  "tab and quote in the name",
			files: map[string]string{"jobs/a\tq\"b.py": job("a")},
			change: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, "jobs/a\tq\"b.py"), job("a", "b"))
			},
			want: []string{"jobs/a\tq\"b.py:2:"}, notWant: []string{"jobs/a\tq\"b.py:1:"},
		},
		{
			name:  "non-ASCII name, octal escapes",
			files: map[string]string{"jobs/données 日本.py": job("a")},
			change: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, "jobs/données 日本.py"), job("a", "b"))
			},
			want: []string{"jobs/données 日本.py:2:"}, notWant: []string{"jobs/données 日本.py:1:"},
		},
		{
			name:  "non-ASCII name, core.quotePath off, diff.noprefix on",
			files: map[string]string{"jobs/données.py": job("a")},
			change: func(t *testing.T, dir string) {
				git(t, dir, "config", "core.quotePath", "false")
				git(t, dir, "config", "diff.noprefix", "true")
				git(t, dir, "config", "diff.mnemonicPrefix", "true")
				write(t, filepath.Join(dir, "jobs/données.py"), job("a", "b"))
			},
			want: []string{"jobs/données.py:2:"}, notWant: []string{"jobs/données.py:1:"},
		},
		{
			name:  "rename with an edit",
			files: map[string]string{"jobs/old.py": job("a", "b", "c", "d", "e", "f")},
			change: func(t *testing.T, dir string) {
				git(t, dir, "mv", "jobs/old.py", "jobs/new name.py")
				write(t, filepath.Join(dir, "jobs/new name.py"), job("a", "b", "c", "d", "e", "f", "g"))
			},
			want: []string{"jobs/new name.py:7:"}, notWant: []string{"jobs/new name.py:1:", "jobs/new name.py:6:"},
		},
		{
			name:  "pure rename",
			files: map[string]string{"jobs/old.py": job("a")},
			change: func(t *testing.T, dir string) {
				git(t, dir, "mv", "jobs/old.py", "jobs/moved.py")
			},
			notWant: []string{"moved.py", "old.py"},
		},
		{
			name:  "mode change only",
			files: map[string]string{"jobs/run.py": job("a")},
			change: func(t *testing.T, dir string) {
				if err := os.Chmod(filepath.Join(dir, "jobs/run.py"), 0o755); err != nil {
					t.Fatal(err)
				}
			},
			notWant: []string{"run.py"},
		},
		{
			name:  "binary to git",
			files: map[string]string{"jobs/flagged.py": job("a"), ".gitattributes": "flagged.py binary\n"},
			change: func(t *testing.T, dir string) {
				write(t, filepath.Join(dir, "jobs/flagged.py"), job("a", "b"))
			},
			want: []string{"jobs/flagged.py:1:", "jobs/flagged.py:2:"},
		},
		{
			name:  "added and deleted files",
			files: map[string]string{"jobs/gone.py": "import os\nprint(os.name)\n", "jobs/kept.py": job("k")},
			change: func(t *testing.T, dir string) {
				if err := os.Remove(filepath.Join(dir, "jobs/gone.py")); err != nil {
					t.Fatal(err)
				}
				write(t, filepath.Join(dir, "jobs/fresh file.py"), job("a", "b"))
			},
			want: []string{"jobs/fresh file.py:1:", "jobs/fresh file.py:2:"}, notWant: []string{"kept.py", "gone.py"},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			dir := diffRepo(t, tc.files, func(dir string) { tc.change(t, dir) })
			t.Chdir(dir)
			out, errOut, code := runCLI(t, "", "check", "--diff-from", "main...HEAD", "--output-format", "concise")
			if want := exitFindings; len(tc.want) == 0 {
				want = exitClean
				if code != want {
					t.Errorf("exit %d, want %d\n%s%s", code, want, out, errOut)
				}
			} else if code != want {
				t.Errorf("exit %d, want %d\n%s%s", code, want, out, errOut)
			}
			for _, w := range tc.want {
				if !strings.Contains(out, w) {
					t.Errorf("no %q in:\n%s%s", w, out, errOut)
				}
			}
			for _, w := range tc.notWant {
				if strings.Contains(out, w) {
					t.Errorf("%q reported:\n%s", w, out)
				}
			}
		})
	}
}

// A user's diff settings do not change what lakelint reads: with
// diff.mnemonicPrefix, `git diff HEAD` names files "w/...".
func TestDiffFromIgnoresUserDiffPrefixes(t *testing.T) {
	dir := diffRepo(t, map[string]string{"jobs/a.py": job("a")}, func(string) {})
	git(t, dir, "config", "diff.mnemonicPrefix", "true")
	write(t, filepath.Join(dir, "jobs/a.py"), job("a", "b"))
	t.Chdir(dir)
	out, errOut, code := runCLI(t, "", "check", "--diff-from", "HEAD", "--output-format", "concise")
	if code != exitFindings || !strings.Contains(out, "jobs/a.py:2:") || strings.Contains(out, "jobs/a.py:1:") {
		t.Errorf("exit %d, want only line 2:\n%s%s", code, out, errOut)
	}
}

// A shallow clone has no merge base: the files that differ are reported
// in full, with a notice, instead of failing the run.
func TestDiffFromShallowCloneFallsBack(t *testing.T) {
	origin := diffRepo(t, map[string]string{"jobs/old.py": job("a"), "jobs/same.py": job("s")}, func(dir string) {
		write(t, filepath.Join(dir, "jobs/old.py"), job("a", "b"))
	})
	git(t, origin, "checkout", "-q", "main")
	write(t, filepath.Join(origin, "jobs/main_only.py"), "x = 1\n")
	git(t, origin, "add", "-A")
	git(t, origin, "commit", "-q", "-m", "main moves on")
	clone := filepath.Join(t.TempDir(), "clone")
	git(t, origin, "clone", "-q", "--depth", "1", "--branch", "feature", "file://"+origin, clone)
	git(t, clone, "fetch", "-q", "--depth", "1", "origin", "+refs/heads/main:refs/remotes/origin/main")
	t.Chdir(clone)
	out, errOut, code := runCLI(t, "", "check", "--diff-from", "origin/main...HEAD", "--output-format", "concise")
	if code != exitFindings {
		t.Fatalf("exit %d, want 1\n%s%s", code, out, errOut)
	}
	if !strings.Contains(out, "jobs/old.py:1:") || !strings.Contains(out, "jobs/old.py:2:") || strings.Contains(out, "same.py") {
		t.Errorf("want old.py in full and nothing of same.py:\n%s", out)
	}
	if !strings.Contains(errOut, "no merge base") || !strings.Contains(errOut, "warning") {
		t.Errorf("no notice of the fallback:\n%s", errOut)
	}
	// a revision that is not there at all is still an error
	if _, errOut, code := runCLI(t, "", "check", "--diff-from", "origin/nope...HEAD"); code != exitError {
		t.Errorf("unknown base: exit %d\n%s", code, errOut)
	}
}
