package notebook

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/parsers/document"
)

// wantRegion is what a test expects of one region.
type wantRegion struct {
	lang   document.Lang
	cell   int
	text   string
	prefix string
}

func readFixture(t testing.TB, name string) []byte {
	t.Helper()
	src, err := os.ReadFile(filepath.Join("..", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return src
}

// checkRegions compares the document's regions with want and checks that
// every region maps back onto the document text.
func checkRegions(t *testing.T, doc *document.Document, want []wantRegion) {
	t.Helper()
	if err := Verify(doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.Regions) != len(want) {
		for _, r := range doc.Regions {
			t.Logf("got %s cell %d %q", r.Lang, r.Cell, r.Text)
		}
		t.Fatalf("got %d regions, want %d", len(doc.Regions), len(want))
	}
	for i, w := range want {
		r := doc.Regions[i]
		if r.Lang != w.lang || r.Cell != w.cell || string(r.Text) != w.text || r.LinePrefix != w.prefix {
			t.Errorf("region %d:\n got  %s cell %d prefix %q %q\n want %s cell %d prefix %q %q",
				i, r.Lang, r.Cell, r.LinePrefix, r.Text, w.lang, w.cell, w.prefix, w.text)
		}
	}
}

func checkNotes(t *testing.T, doc *document.Document, want ...string) {
	t.Helper()
	if len(doc.Notes) != len(want) {
		t.Fatalf("notes %q, want %q", doc.Notes, want)
	}
	for i := range want {
		if doc.Notes[i] != want[i] {
			t.Errorf("note %d = %q, want %q", i, doc.Notes[i], want[i])
		}
	}
}
