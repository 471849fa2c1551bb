package sql

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/corpus.golden")

// kindCount is how the corpus statements of one kind fare.
type kindCount struct{ Total, Complete, Gaps, Unread int }

// corpusCounts pins, per kind, how many corpus statements there are and how
// many are read completely, with gaps, or not at all.
var corpusCounts = map[string]kindCount{
	"create-table": {Total: 55, Complete: 51, Gaps: 2, Unread: 2},
	"alter-table":  {Total: 14, Complete: 12, Gaps: 1, Unread: 1},
	"insert":       {Total: 28, Complete: 26, Gaps: 0, Unread: 2},
	"merge":        {Total: 8, Complete: 7, Gaps: 0, Unread: 1},
	"update":       {Total: 7, Complete: 5, Gaps: 1, Unread: 1},
	"delete":       {Total: 7, Complete: 6, Gaps: 0, Unread: 1},
	"optimize":     {Total: 17, Complete: 15, Gaps: 1, Unread: 1},
	"vacuum":       {Total: 15, Complete: 13, Gaps: 1, Unread: 1},
	"set":          {Total: 15, Complete: 14, Gaps: 0, Unread: 1},
	"other":        {Total: 33},
}

type corpusFile struct {
	name string
	src  []byte
}

func readCorpus(t testing.TB) []corpusFile {
	paths, err := filepath.Glob("testdata/corpus/*.sql")
	if err != nil || len(paths) == 0 {
		t.Fatalf("no corpus: %v", err)
	}
	sort.Strings(paths)
	var out []corpusFile
	for _, p := range paths {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		out = append(out, corpusFile{filepath.Base(p), b})
	}
	return out
}

func TestCorpusCounts(t *testing.T) {
	got := map[string]kindCount{}
	known := 0
	for _, f := range readCorpus(t) {
		for _, st := range Parse(f.src).Statements {
			h := st.Header()
			c := got[h.Kind.String()]
			c.Total++
			switch {
			case h.Unread != "":
				c.Unread++
			case len(h.Gaps) > 0:
				c.Gaps++
			case h.Complete():
				c.Complete++
			}
			got[h.Kind.String()] = c
			if h.Kind != StmtOther {
				known++
			}
		}
	}
	if known < 150 {
		t.Errorf("corpus has %d statements of known kinds, want at least 150", known)
	}
	for k, want := range corpusCounts {
		if got[k] != want {
			t.Errorf("%s: got %+v, want %+v", k, got[k], want)
		}
	}
	for k, c := range got {
		if _, ok := corpusCounts[k]; !ok {
			t.Errorf("unexpected kind %s: %+v", k, c)
		}
	}
}

// TestCorpusGolden pins what is read of every corpus statement.
func TestCorpusGolden(t *testing.T) {
	var out bytes.Buffer
	for _, f := range readCorpus(t) {
		for _, st := range Parse(f.src).Statements {
			line := 1 + bytes.Count(f.src[:st.Header().Span.Start], []byte("\n"))
			fmt.Fprintf(&out, "%s:%d %s\n", f.name, line, describe(f.src, st))
		}
	}
	const golden = "testdata/corpus.golden"
	if *update {
		if err := os.WriteFile(golden, out.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatalf("%v (run go test -update to create it)", err)
	}
	if !bytes.Equal(out.Bytes(), want) {
		gl, wl := bytes.Split(out.Bytes(), []byte("\n")), bytes.Split(want, []byte("\n"))
		for i := 0; i < max(len(gl), len(wl)); i++ {
			var g, w []byte
			if i < len(gl) {
				g = gl[i]
			}
			if i < len(wl) {
				w = wl[i]
			}
			if !bytes.Equal(g, w) {
				t.Errorf("first difference at line %d:\n got: %s\nwant: %s", i+1, g, w)
				break
			}
		}
	}
}

// BenchmarkParseCorpus parses the whole corpus; MB/s is the parse rate.
func BenchmarkParseCorpus(b *testing.B) {
	files := readCorpus(b)
	var all []byte
	for _, f := range files {
		all = append(all, f.src...)
		all = append(all, ";\n"...)
	}
	b.SetBytes(int64(len(all)))
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if s := Parse(all); len(s.Statements) == 0 {
			b.Fatal("nothing parsed")
		}
	}
}

// BenchmarkTokenize measures the tokenizer alone on the corpus.
func BenchmarkTokenize(b *testing.B) {
	var all []byte
	for _, f := range readCorpus(b) {
		all = append(all, f.src...)
	}
	b.SetBytes(int64(len(all)))
	b.ReportAllocs()
	for i := 0; i < b.N; i++ {
		Tokenize(all)
	}
}
