package engine

import (
	"context"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
)

// Once a file's findings are resolved its positions (its text and line
// table) are let go, so that a run does not hold the text of every file it
// checked; the files other files' findings cite keep theirs for the run.
// What linking added to a file (a helper's settings applied at its calls)
// goes with them. In the crossfile project, findings in jobs/ cite
// migrations/001.sql, jobs/merge.py and lib/session.py.
func TestPositionsAndLinkedFactsKeptOnlyWhileNeeded(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "projects", "crossfile"))
	if err != nil {
		t.Fatal(err)
	}
	var units []*unit
	old := loadedHook
	loadedHook = func(us []*unit, _ *cache.FactStore) { units = us }
	t.Cleanup(func() { loadedHook = old })
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := New(configs, Options{}).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	withFindings := map[string]bool{}
	for _, f := range res.Findings {
		withFindings[filepath.ToSlash(relTo(dir, f.Path))] = true
	}
	var kept, released []string
	for _, u := range units {
		if u == nil || !u.linted || u.run == nil {
			continue
		}
		if u.extra != nil {
			t.Errorf("%s: what linking added is held after its findings are resolved", u.src.Path)
		}
		rf := u.run.file(u.src.Path)
		if rf == nil {
			continue
		}
		rel := filepath.ToSlash(relTo(dir, u.src.Path))
		if rf.pos != nil {
			kept = append(kept, rel)
		} else if withFindings[rel] {
			released = append(released, rel)
		}
	}
	sort.Strings(kept)
	if got, want := strings.Join(kept, " "), "jobs/merge.py lib/session.py migrations/001.sql"; got != want {
		t.Errorf("positions kept after the run: %s, want those of the cited files: %s", got, want)
	}
	if len(released) < 3 {
		t.Errorf("files with findings whose positions were let go: %v, want the uncited ones", released)
	}
}

// A file cited after its own findings were resolved is read again, and
// kept from then on; one never cited is let go each time.
func TestReleasedPositionsAreReadAgainWhenCited(t *testing.T) {
	text := "a = 1\nb = 'é'\n"
	u := &unit{src: Source{Path: "lib/x.py", Data: []byte(text)}, size: len(text)}
	run := newRunFiles([]*unit{u})
	f := run.file("lib/x.py")
	pos, note := f.positions()
	if pos == nil {
		t.Fatalf("no positions: %s", note)
	}
	want, _ := pos.position(11)
	f.release()
	if f.pos != nil || f.read {
		t.Fatal("positions kept after the file's own findings were resolved, though no file cites it")
	}
	cited := run.cite("lib/x.py")
	if cited == nil {
		t.Fatal("a released file cannot be cited")
	}
	if got, _ := cited.position(11); got != want {
		t.Errorf("read again: %+v, want %+v", got, want)
	}
	f.release()
	if f.pos != cited {
		t.Error("a cited file's positions were let go")
	}
	if f.absPath() == "" {
		t.Error("a cited file has no absolute path")
	}
}
