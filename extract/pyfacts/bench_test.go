package pyfacts

import (
	"sync"
	"testing"

	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

var (
	corpusOnce  sync.Once
	corpusFiles [][]byte
	corpusBytes int64
)

// corpus is about 6 MB of generated PySpark, made once per test binary.
func corpus() ([][]byte, int64) {
	corpusOnce.Do(func() {
		corpusFiles = corpusgen.Files(42, 6<<20)
		for _, f := range corpusFiles {
			corpusBytes += int64(len(f))
		}
	})
	return corpusFiles, corpusBytes
}

func BenchmarkParseOnly(b *testing.B) {
	files, n := corpus()
	b.SetBytes(n)
	for b.Loop() {
		for _, f := range files {
			t, err := python.Parse(f)
			if err != nil {
				b.Fatal(err)
			}
			t.Release()
		}
	}
}

func BenchmarkExtract(b *testing.B) {
	files, n := corpus()
	b.SetBytes(n)
	for b.Loop() {
		for _, f := range files {
			doc := &document.Document{Format: document.PlainPython, Text: f, EOL: "\n"}
			r := &document.Region{Lang: document.Python, Text: f, Map: document.Identity(0, len(f))}
			Extract(doc, []*document.Region{r}, Options{})
		}
	}
}
