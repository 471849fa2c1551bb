package pyfacts

import (
	"bytes"
	"strings"

	"github.com/lakelint/lakelint/extract/noqa"
	"github.com/lakelint/lakelint/facts"
)

// suppressions records noqa comments (see package noqa). Only real
// comments count, never text inside strings.
func (x *extractor) suppressions() {
	src := x.src
	for off := 0; off < len(src); {
		i := indexNoqa(src[off:])
		if i < 0 {
			return
		}
		i += off
		off = i + 4
		n := x.tree.NodeAt(i)
		if !n.Is("comment") {
			continue
		}
		codes, fileLevel, ok := noqa.Parse(string(src[n.Start():n.End()]), "#")
		if !ok {
			continue
		}
		x.file.Suppressions = append(x.file.Suppressions, facts.Suppression{Span: x.spanOf(n), FileLevel: fileLevel, Codes: codes})
		off = n.End()
	}
}

// indexNoqa finds "noqa" in any case. It looks for the rare "q" first,
// each case apart: two byte scans are faster than one for either.
func indexNoqa(b []byte) int {
	next := func(from int, c byte) int {
		if j := bytes.IndexByte(b[from:], c); j >= 0 {
			return from + j
		}
		return len(b)
	}
	lower, upper := next(0, 'q'), next(0, 'Q')
	for {
		q := min(lower, upper)
		if q == len(b) {
			return -1
		}
		if q >= 2 && q+2 <= len(b) && strings.EqualFold(string(b[q-2:q+2]), "noqa") {
			return q - 2
		}
		if q == lower {
			lower = next(q+1, 'q')
		} else {
			upper = next(q+1, 'Q')
		}
	}
}
