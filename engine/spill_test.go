package engine

import (
	"context"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/extract"
)

// lintExamples lints the example project with facts encoded (none kept as
// they are) and spilled after the given number of bytes.
func lintExamples(t *testing.T, after int) *Result {
	t.Helper()
	return lintExamplesKeeping(t, -1, after)
}

// lintExamplesKeeping lints the example project with the facts of keep
// source bytes kept as they are, the rest encoded and spilled after the given
// number of bytes.
func lintExamplesKeeping(t *testing.T, keep, after int) *Result {
	t.Helper()
	old, oldKeep := spillAfter, keepDecodedSource
	spillAfter, keepDecodedSource = after, keep
	t.Cleanup(func() { spillAfter, keepDecodedSource = old, oldKeep })
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	res, err := New(configs, Options{}).Lint(context.Background(), []string{filepath.Join("..", "examples")})
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// Facts read back from the temporary file give the same findings as facts
// kept in memory.
func TestSpilledFactsLintTheSame(t *testing.T) {
	inMemory := lintExamples(t, 1<<30)
	spilled := lintExamples(t, 0)
	if len(inMemory.Findings) == 0 {
		t.Fatal("the examples have no findings")
	}
	if !reflect.DeepEqual(inMemory.Findings, spilled.Findings) || !reflect.DeepEqual(inMemory.Notes, spilled.Notes) {
		t.Errorf("spilling changed the result:\n memory %d findings %v\nspilled %d findings %v",
			len(inMemory.Findings), inMemory.Notes, len(spilled.Findings), spilled.Notes)
	}
	// facts kept as they are, some or all, lint the same as encoded ones
	for _, keep := range []int{1 << 30, 4 << 10} {
		kept := lintExamplesKeeping(t, keep, 0)
		if !reflect.DeepEqual(inMemory.Findings, kept.Findings) || !reflect.DeepEqual(inMemory.Notes, kept.Notes) {
			t.Errorf("keeping the facts of %d bytes changed the result: %d findings, want %d", keep, len(kept.Findings), len(inMemory.Findings))
		}
	}
}

// Without a usable temporary directory the facts stay in memory and the run
// says so under --verbose.
func TestSpillWithoutTempDir(t *testing.T) {
	t.Setenv("TMPDIR", filepath.Join(t.TempDir(), "missing"))
	want := lintExamples(t, 1<<30)
	res := lintExamples(t, 0)
	if !reflect.DeepEqual(want.Findings, res.Findings) {
		t.Error("findings differ when facts cannot be spilled")
	}
	found := false
	for _, d := range res.Details {
		found = found || strings.HasPrefix(d.Message, "facts kept in memory: cannot make a temporary file")
	}
	if !found {
		t.Errorf("no detail says the facts stayed in memory: %v", res.Details)
	}
}

func TestFactStore(t *testing.T) {
	old, oldKeep := spillAfter, keepDecodedSource
	t.Cleanup(func() { spillAfter, keepDecodedSource = old, oldKeep })
	spillAfter, keepDecodedSource = 0, -1
	s := &factStore{}
	doc, note := readDocument(Source{Path: filepath.Join("..", "examples", "jobs", "daily_orders.py")}, 0)
	if note != "" {
		t.Fatal(note)
	}
	f := extract.File(doc)
	a, b := s.put(f, 100), s.put(f, 100)
	want := *f
	want.Summary = nil // the link step keeps it; the store does not
	s.finish()
	if a.mem != nil || b.mem != nil || b.off != int64(a.n) || s.file == nil || s.size != int64(a.n+b.n) {
		t.Fatalf("facts not spilled: %+v %+v", a, b)
	}
	for _, r := range []*stored{a, b} {
		got, err := s.get(r)
		if err != nil || !reflect.DeepEqual(got, &want) {
			t.Fatalf("read back %v: %v", r, err)
		}
	}
	s.close()
	if _, err := s.get(a); err == nil {
		t.Error("reading from a closed store must fail, not panic")
	}
}

// When the temporary file cannot be written (a full disk), what was waiting
// to be written stays in memory, and so does everything after it.
func TestFactStoreWriteFailure(t *testing.T) {
	old, oldKeep := spillAfter, keepDecodedSource
	t.Cleanup(func() { spillAfter, keepDecodedSource = old, oldKeep })
	spillAfter, keepDecodedSource = 0, -1
	doc, note := readDocument(Source{Path: filepath.Join("..", "examples", "jobs", "daily_orders.py")}, 0)
	if note != "" {
		t.Fatal(note)
	}
	f := extract.File(doc)
	s := &factStore{}
	a := s.put(f, 100) // makes the file
	s.file.Close()
	readOnly, err := os.Open(os.DevNull)
	if err != nil {
		t.Fatal(err)
	}
	s.file = readOnly
	s.finish()
	b := s.put(f, 100)
	want := *f
	want.Summary = nil
	if a.mem == nil || b.mem == nil || !strings.HasPrefix(s.failed, "cannot write a temporary file") {
		t.Fatalf("facts lost on a failed write: %+v %+v %q", a, b, s.failed)
	}
	for _, r := range []*stored{a, b} {
		if got, err := s.get(r); err != nil || !reflect.DeepEqual(got, &want) {
			t.Fatalf("read back %v: %v\n%+v\n%+v", r, err, got, &want)
		}
	}
	s.close()
}
