package pyfacts

import (
	"reflect"
	"testing"

	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/parsers/document"
)

// What one file yields does not depend on which files were read before it.
func TestFilesDoNotDependOnEachOther(t *testing.T) {
	files := corpusgen.Files(7, 256<<10)
	extract := func(f []byte) any {
		doc := &document.Document{Format: document.PlainPython, Text: f, EOL: "\n"}
		r := &document.Region{Lang: document.Python, Text: f, Map: document.Identity(0, len(f))}
		ff, sql := Extract(doc, []*document.Region{r}, Options{})
		return []any{ff, sql}
	}
	forward := make([]any, len(files))
	for i, f := range files {
		forward[i] = extract(f)
	}
	for i := len(files) - 1; i >= 0; i-- {
		if got := extract(files[i]); !reflect.DeepEqual(got, forward[i]) {
			t.Fatalf("file %d: facts differ when read after other files", i)
		}
	}
}
