package engine

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func writeFiles(t *testing.T, dir string, names ...string) {
	t.Helper()
	for _, n := range names {
		p := filepath.Join(dir, n)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte("x = 1\n"), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// A directory that cannot be read is skipped with a warning; the rest of
// the project is still found. The failure is injected, for a test run as
// root reads any directory whatever its permissions.
func TestFindSkipsAnUnreadableDirectory(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, "a.py", "locked/b.py", "locked/deep/c.py", "z/d.sql")
	locked := filepath.Join(dir, "locked")
	old := readDir
	readDir = func(name string) ([]os.DirEntry, error) {
		if name == locked {
			return nil, &fs.PathError{Op: "open", Path: name, Err: fs.ErrPermission}
		}
		return old(name)
	}
	t.Cleanup(func() { readDir = old })
	found, err := find([]string{dir}, nil)
	if err != nil {
		t.Fatalf("an unreadable directory failed the run: %v", err)
	}
	var got []string
	for _, f := range found.Files {
		got = append(got, filepath.Base(f))
	}
	if !slices.Equal(got, []string{"a.py", "d.sql"}) {
		t.Errorf("found %v, want a.py and d.sql", got)
	}
	if len(found.Notes) != 1 || found.Notes[0].Path != locked || found.Notes[0].Error ||
		found.Notes[0].Message != "directory skipped: permission denied" {
		t.Errorf("notes = %+v, want one warning for %s", found.Notes, locked)
	}
}

// Links are not followed, and those to what could be linted are noted; a
// file named twice, by two paths or through links, is found once; what
// excludes and .gitignore leave out is counted.
func TestFindNotesLinksAndFindsEachFileOnce(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, "a.py", "sub/b.py", "gen/c.py", "notes.txt", "old.py", ".gitignore")
	if err := os.WriteFile(filepath.Join(dir, ".gitignore"), []byte("old.py\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	for link, target := range map[string]string{"dirlink": "sub", "filelink.py": "a.py", "textlink": "notes.txt", "broken.py": "missing.py"} {
		if err := os.Symlink(target, filepath.Join(dir, link)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	hard := filepath.Join(dir, "hard.py")
	if err := os.Link(filepath.Join(dir, "sub", "b.py"), hard); err != nil {
		t.Skip("no hard links here:", err)
	}
	excluded := func(_, p string, _ bool) bool { return filepath.Base(p) == "gen" }
	a := filepath.Join(dir, "a.py")
	found, err := find([]string{dir, a, dir + "/sub/../a.py", filepath.Join(dir, "filelink.py")}, excluded)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found.Files {
		got = append(got, strings.TrimPrefix(f, dir+string(filepath.Separator)))
	}
	// hard.py and sub/b.py are one file: the first found is kept
	if !slices.Equal(got, []string{"a.py", "hard.py"}) {
		t.Errorf("found %v, want a.py and hard.py once each", got)
	}
	var details []string
	for _, n := range found.Details {
		details = append(details, filepath.Base(n.Path)+": "+n.Message)
	}
	want := []string{
		"dirlink: symbolic link to a directory not followed (name the directory to lint it)",
		"filelink.py: symbolic link to a file not followed (name the file to lint it)",
	}
	if !slices.Equal(details, want) {
		t.Errorf("details:\n%s\nwant:\n%s", strings.Join(details, "\n"), strings.Join(want, "\n"))
	}
	if found.Excluded != 1 || found.Ignored != 1 {
		t.Errorf("excluded %d, ignored %d; want 1 and 1", found.Excluded, found.Ignored)
	}
}

func TestDirErrorDropsThePath(t *testing.T) {
	err := &fs.PathError{Op: "open", Path: "/x/y", Err: errors.New("input/output error")}
	if got := dirError(err); got != "input/output error" {
		t.Errorf("dirError = %q", got)
	}
}

// .gitignore files are read as git reads them: patterns that look like
// regular expressions match literally ("*$" is a name ending in "$"), the
// deepest .gitignore decides, and in it the last matching pattern, so "!"
// takes back what was left out above. The expectations are git's own
// answers (git check-ignore) for the same tree.
func TestFindReadsGitignoreAsGit(t *testing.T) {
	dir := t.TempDir()
	writeFiles(t, dir, "conftest.py", "jobs/load.py", "jobs/keep.py", "jobs/old.py", "build/gen.py",
		"notes/a#.py", "tmp$.py", "deep/x/skip.py", "deep/x/ok.py", "sub/anchored.py", "anchored.py")
	gitignores := map[string]string{
		".gitignore":       "# editors\n*~\n*$\n[#]*#\n*\\#*\\#\n.#*\n\njobs/*.py\nbuild/\n**/x/skip.py\n/anchored.py\n*.sw?  \n",
		"jobs/.gitignore":  "!keep.py\n",
		"notes/.gitignore": "*#.py\n",
	}
	for name, text := range gitignores {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	found, err := find([]string{dir}, func(string, string, bool) bool { return false })
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range found.Files {
		got = append(got, filepath.ToSlash(strings.TrimPrefix(f, dir+string(filepath.Separator))))
	}
	want := []string{"conftest.py", "deep/x/ok.py", "jobs/keep.py", "sub/anchored.py", "tmp$.py"}
	if !slices.Equal(got, want) {
		t.Errorf("found %v, want %v", got, want)
	}
}
