package cache

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers"
)

// exampleFacts are the facts of an example job.
func exampleFacts(t *testing.T) *facts.File {
	t.Helper()
	path := filepath.Join("..", "examples", "jobs", "daily_orders.py")
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := parsers.Load(path, data)
	if err != nil {
		t.Fatal(err)
	}
	return extract.File(doc)
}

func TestFactStore(t *testing.T) {
	s := &FactStore{SpillAfter: 0}
	f := exampleFacts(t)
	a, b := s.Put(f), s.Put(f)
	want := *f
	want.Summary = nil // the link step keeps it; the store does not
	s.Finish()
	if a.mem != nil || b.mem != nil || b.off != int64(a.n) || s.file == nil || s.size != int64(a.n+b.n) {
		t.Fatalf("facts not spilled: %+v %+v", a, b)
	}
	for _, r := range []*Stored{a, b} {
		got, err := s.Get(r)
		if err != nil || !reflect.DeepEqual(got, &want) {
			t.Fatalf("read back %v: %v", r, err)
		}
	}
	s.Close()
	if _, err := s.Get(a); err == nil {
		t.Error("reading from a closed store must fail, not panic")
	}
}

// When the temporary file cannot be written (a full disk), what was waiting
// to be written stays in memory, and so does everything after it.
func TestFactStoreWriteFailure(t *testing.T) {
	f := exampleFacts(t)
	s := &FactStore{SpillAfter: 0}
	a := s.Put(f) // makes the file
	s.file.Close()
	readOnly, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	s.file = readOnly
	s.Finish()
	b := s.Put(f)
	want := *f
	want.Summary = nil
	if a.mem == nil || b.mem == nil || !strings.HasPrefix(s.failed, "cannot write a temporary file") {
		t.Fatalf("facts lost on a failed write: %+v %+v %q", a, b, s.failed)
	}
	for _, r := range []*Stored{a, b} {
		if got, err := s.Get(r); err != nil || !reflect.DeepEqual(got, &want) {
			t.Fatalf("read back %v: %v\n%+v\n%+v", r, err, got, &want)
		}
	}
	s.Close()
}
