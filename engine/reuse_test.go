package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
)

// ecosystemProjects copies real repositories of testdata/ecosystem into
// one temporary directory and returns it.
func ecosystemProjects(t *testing.T, names ...string) string {
	t.Helper()
	dir := t.TempDir()
	for _, n := range names {
		if err := os.CopyFS(filepath.Join(dir, n), os.DirFS(filepath.Join("..", "testdata", "ecosystem", n))); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// A one-file edit of real code takes every other file's findings from the
// run record: the catalog's digest, which is in every file's check key,
// does not depend on the order of maps or of files met. Each edit is a
// new run, as the command line makes it; Go orders a map's iteration anew
// each time, so several runs meet several orders.
func TestOneFileEditReusesEveryOtherFile(t *testing.T) {
	if testing.Short() {
		t.Skip("lints real repositories several times")
	}
	// accordionjourneyman calls its own helpers across files (the link
	// step adds to the catalog), Nike-Inc makes it a project of over 150
	// files
	dir := ecosystemProjects(t, "accordionjourneyman", "Nike-Inc")
	cacheDir := newCacheDir(t)
	run := func() (linted, reused int) {
		t.Helper()
		c, err := cache.Open(cache.Options{Dir: cacheDir, Version: "test"})
		if err != nil {
			t.Fatal(err)
		}
		configs, err := config.NewResolver(config.ResolverOptions{})
		if err != nil {
			t.Fatal(err)
		}
		res, err := engine.New(configs, engine.Options{Cache: c}).Lint(context.Background(), []string{dir})
		if err != nil {
			t.Fatal(err)
		}
		return res.Files, c.Stats().FilesReused
	}
	found, err := engine.Discover([]string{dir}, nil)
	if err != nil {
		t.Fatal(err)
	}
	var files []string // those a comment can be added to
	for _, f := range found {
		if ext := filepath.Ext(f); ext == ".py" || ext == ".sql" {
			files = append(files, f)
		}
	}
	if linted, _ := run(); linted < 150 {
		t.Fatalf("%d files linted: the projects are not where the test expects", linted)
	}
	for i := range 8 {
		edited := files[i*len(files)/8]
		f, err := os.OpenFile(edited, os.O_APPEND|os.O_WRONLY, 0)
		if err != nil {
			t.Fatal(err)
		}
		comment := "--"
		if filepath.Ext(edited) == ".py" {
			comment = "#"
		}
		fmt.Fprintf(f, "\n%s edited %d\n", comment, i) // at the end: no fact moves
		f.Close()
		linted, reused := run()
		if reused != linted-1 {
			t.Errorf("edit %d (%s): findings of %d of %d files reused, want all but the edited one", i, filepath.Base(edited), reused, linted)
		}
	}
}
