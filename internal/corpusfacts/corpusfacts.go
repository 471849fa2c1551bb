// Package corpusfacts gives benchmarks and tests the facts of the generated
// corpus, extracted once outside what they time, with the paths
// corpusgen.WriteDir would give the files below "corpus/".
package corpusfacts

import (
	"fmt"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/parsers"
)

// Extract generates corpusgen.Files(seed, total) and returns each file's
// path and facts.
func Extract(seed uint64, total int) ([]string, []*facts.File, error) {
	var paths []string
	var files []*facts.File
	for i, src := range corpusgen.Files(seed, total) {
		p := fmt.Sprintf("corpus/pkg%02d/job_%04d.py", i/100, i)
		doc, err := parsers.Load(p, src)
		if err != nil {
			return nil, nil, err
		}
		paths = append(paths, p)
		files = append(files, extract.File(doc))
	}
	return paths, files, nil
}
