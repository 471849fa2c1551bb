package link_test

import (
	"os"
	"reflect"
	"runtime"
	"slices"
	"testing"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/link"
	"github.com/lakelint/lakelint/parsers"
)

// Summaries added encoded are decoded by each linker when it needs them
// and let go after: with room for one only, every file's linking decodes
// the summaries it reads again. What a worker added to another file once
// is still skipped by the files it links after (the keys name functions
// by file and place, not by the decoded value), so linking adds what it
// adds from decoded summaries, whatever the number of workers.
func TestEncodedSummariesLinkAsDecoded(t *testing.T) {
	paths, files, want := linkedDecoded(t)
	defer link.SetKeptDecoded(link.SetKeptDecoded(1))
	for _, procs := range []int{1, 2, 3} {
		old := runtime.GOMAXPROCS(procs)
		b := &link.Builder{}
		for i, p := range paths {
			b.AddEncoded(p, facts.AppendSummary(nil, files[i].Summary))
		}
		got := b.Link()
		runtime.GOMAXPROCS(old)
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("%d worker(s): linking encoded summaries added other facts than linking them decoded", procs)
		}
	}
}

// An encoding added again unchanged changes nothing: the next Link
// links no file again. One that cannot be decoded is reported, and the
// others are linked as before.
func TestEncodedSummariesAgainAndBroken(t *testing.T) {
	srcs := map[string]string{
		"src/lib/io.py": helpers,
		"jobs/a.py":     "from lib.io import write_table\nwrite_table(df, \"main.a\", [\"day\"])\n",
	}
	enc := map[string][]byte{}
	for p, src := range srcs {
		doc, err := parsers.Load(p, []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		enc[p] = facts.AppendSummary(nil, extract.File(doc).Summary)
	}
	b := &link.Builder{}
	for p, e := range enc {
		b.AddEncoded(p, e)
	}
	first := b.Link()
	if e := first.For("jobs/a.py"); e == nil || len(e.Writes) != 1 || e.Writes[0].Target.Table != "main.a" {
		t.Fatalf("jobs/a.py's call of write_table adds its write of main.a: %+v", first.For("jobs/a.py"))
	}
	b.AddEncoded("jobs/a.py", slices.Clone(enc["jobs/a.py"]))
	b.Link()
	if b.Changed("jobs/a.py") {
		t.Fatal("an unchanged encoding added again linked the file again")
	}
	b.AddEncoded("jobs/bad.py", []byte{1, 0xff, 0xff})
	res := b.Link()
	if !b.Broken("jobs/bad.py") || b.Broken("jobs/a.py") {
		t.Fatal("only bad.py's summary is broken")
	}
	if !reflect.DeepEqual(res.For("jobs/a.py"), first.For("jobs/a.py")) {
		t.Fatal("a broken summary changed what another file's calls add")
	}
}

// Summaries added by what reads their encodings back (a run's fact store)
// link as decoded ones, read again each time a linker decodes them; one
// that cannot be read back is broken, as one that cannot be decoded.
func TestStoredSummariesLinkAsDecoded(t *testing.T) {
	paths, files, want := linkedDecoded(t)
	defer link.SetKeptDecoded(link.SetKeptDecoded(1))
	b := &link.Builder{}
	for i, p := range paths {
		enc := facts.AppendSummary(nil, files[i].Summary)
		b.AddStored(p, func() ([]byte, error) { return slices.Clone(enc), nil })
	}
	if got := b.Link(); !reflect.DeepEqual(got, want) {
		t.Fatal("linking stored summaries added other facts than linking them decoded")
	}
	b.AddStored("jobs/gone.py", func() ([]byte, error) { return nil, os.ErrNotExist })
	b.Link()
	if !b.Broken("jobs/gone.py") || b.Broken(paths[0]) {
		t.Fatal("only gone.py's summary is broken")
	}
}

// linkedDecoded is a small generated project's files and what linking
// their summaries, added decoded, gives.
func linkedDecoded(t *testing.T) ([]string, []*facts.File, link.Result) {
	t.Helper()
	paths, files, err := corpusfacts.Extract(5, 600<<10)
	if err != nil {
		t.Fatal(err)
	}
	decoded := &link.Builder{}
	for i, p := range paths {
		decoded.Add(p, files[i].Summary)
	}
	return paths, files, decoded.Link()
}
