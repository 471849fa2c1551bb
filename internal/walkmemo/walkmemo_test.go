package walkmemo

import (
	"os"
	"path/filepath"
	"slices"
	"testing"
	"time"
)

// list is a walk of dir's entries whose names end in .tf, counting its calls.
func list(dir string, calls *int) func(look func(string)) ([]string, bool) {
	return func(look func(string)) ([]string, bool) {
		*calls++
		look(dir)
		es, err := os.ReadDir(dir)
		if err != nil {
			return nil, false
		}
		var out []string
		for _, e := range es {
			if filepath.Ext(e.Name()) == ".tf" {
				out = append(out, e.Name())
			}
		}
		return out, true
	}
}

// age makes a path's modification time old enough to be trusted.
func age(t *testing.T, p string) {
	t.Helper()
	old := time.Now().Add(-time.Hour)
	if err := os.Chtimes(p, old, old); err != nil {
		t.Fatal(err)
	}
}

func TestFilesWalksAgainOnlyWhenADirectoryChanged(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.tf"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	age(t, dir)
	m := New()
	calls := 0
	for range 3 {
		if got := m.Files("tf", dir, list(dir, &calls)); !slices.Equal(got, []string{"a.tf"}) {
			t.Fatalf("files = %v", got)
		}
	}
	if calls != 1 {
		t.Errorf("walked %d times over an unchanged directory, want 1", calls)
	}
	// a file added changes its directory: walked again, and found
	if err := os.WriteFile(filepath.Join(dir, "b.tf"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	age(t, dir) // as a file system with coarse times might leave it: the size differs
	if got := m.Files("tf", dir, list(dir, &calls)); !slices.Equal(got, []string{"a.tf", "b.tf"}) || calls != 2 {
		t.Errorf("after an add: files = %v after %d walks, want a.tf b.tf after 2", got, calls)
	}
	// another kind of walk of the same root is its own
	other := 0
	m.Files("other", dir, list(dir, &other))
	if other != 1 {
		t.Errorf("a walk of another kind was taken from the memo")
	}
}

// A directory changed within the racy window is walked every time, and a
// walk that says its result is not to be kept is not.
func TestFilesDoesNotKeepWhatCannotBeTrusted(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "a.tf"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	m := New()
	calls := 0
	m.Files("tf", dir, list(dir, &calls))
	m.Files("tf", dir, list(dir, &calls))
	if calls != 2 {
		t.Errorf("a directory changed just now was trusted: %d walks, want 2", calls)
	}
	age(t, dir)
	failing := 0
	unkept := func(look func(string)) ([]string, bool) { failing++; look(dir); return nil, false }
	m.Files("broken", dir, unkept)
	m.Files("broken", dir, unkept)
	if failing != 2 {
		t.Errorf("a walk that failed was kept: %d walks, want 2", failing)
	}
	// a nil memo walks every time
	var none *Memo
	n := 0
	none.Files("tf", dir, list(dir, &n))
	none.Files("tf", dir, list(dir, &n))
	if n != 2 {
		t.Errorf("a nil memo kept a walk")
	}
}
