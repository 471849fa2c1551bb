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

// indexNoqa finds "noqa" in any case. It looks for the rare "q" first.
func indexNoqa(b []byte) int {
	for i := 0; i < len(b); {
		j := bytes.IndexAny(b[i:], "qQ")
		if j < 0 {
			return -1
		}
		q := i + j
		if q >= 2 && q+2 <= len(b) && strings.EqualFold(string(b[q-2:q+2]), "noqa") {
			return q - 2
		}
		i = q + 1
	}
	return -1
}
