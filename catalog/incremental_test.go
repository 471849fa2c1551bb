package catalog_test

import (
	"reflect"
	"testing"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
)

// TestRemoveAndAddEqualsAFreshBuild changes files of a Builder one at a
// time (a file's new facts, a file taken out, one put back) and compares
// each catalog with one a new Builder makes of the same files.
func TestRemoveAndAddEqualsAFreshBuild(t *testing.T) {
	paths, files, err := corpusfacts.Extract(7, 300<<10)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) < 20 {
		t.Fatalf("%d files", len(files))
	}
	current := map[string][]*facts.File{}
	b := catalog.Builder{Keep: true}
	for i, f := range files {
		current[paths[i]] = []*facts.File{f}
		b.Add(f)
	}
	fresh := func() *catalog.Catalog {
		var nb catalog.Builder
		for i := len(paths) - 1; i >= 0; i-- { // another order: the result must not depend on it
			for _, f := range current[paths[i]] {
				nb.Add(f)
			}
		}
		return nb.Catalog()
	}
	same := func(step string) {
		t.Helper()
		got, want := b.Catalog(), fresh()
		if got.Digest() != want.Digest() || !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the catalog differs from a fresh build", step)
		}
	}
	same("as built")
	var once catalog.Builder
	once.Add(files[0])
	if once.Catalog(); len(once.Catalog().Tables()) != 0 {
		t.Fatal("a Builder without Keep holds its files after Catalog")
	}
	first := b.Catalog()
	firstDigest := first.Digest()

	// a file's writes go to another file's table, its reads elsewhere
	a, c := paths[3], paths[11]
	moved := *current[a][0]
	moved.Writes = append(append([]*facts.Write{}, current[c][0].Writes...), moved.Writes...)
	moved.Tables = current[c][0].Tables
	b.Remove(a)
	b.Add(&moved)
	current[a] = []*facts.File{&moved}
	same("a file's new facts")
	if first.Digest() != firstDigest {
		t.Fatal("a catalog changed after it was made")
	}

	// a second part of a file, as linking adds
	extra := &facts.File{Path: c, Writes: current[paths[5]][0].Writes}
	b.Add(extra)
	current[c] = append(current[c], extra)
	same("a second part")

	b.Remove(paths[5])
	delete(current, paths[5])
	same("a file taken out")
	b.Remove(c)
	b.Add(files[11])
	current[c] = []*facts.File{files[11]}
	same("a part taken out with its file")
	b.Remove("not/added.py")
	same("a file never added taken out")
}
