package notebook

import (
	"fmt"

	"github.com/lakelint/lakelint/parsers/document"
)

// Verify checks that every byte of every region is the document byte its map
// points at (doc.Text[r.Map.File(o)] == r.Text[o]), except where a region
// shows a space for a blanked byte other than a newline, or the "pass" that
// stands in for an IPython line. It is for tests and
// debugging; maps with unmapped gaps (decoded escapes) do not satisfy it.
func Verify(doc *document.Document) error {
	for i := range doc.Regions {
		r := &doc.Regions[i]
		for o := range r.Text {
			f := r.Map.File(o)
			if f < 0 || f >= len(doc.Text) {
				return fmt.Errorf("region %d (%s, cell %d): offset %d maps to %d, outside the text", i, r.Lang, r.Cell, o, f)
			}
			if got, want := r.Text[o], doc.Text[f]; got != want && (got != ' ' && !standIn(r.Text, o) || want == '\n') {
				return fmt.Errorf("region %d (%s, cell %d): offset %d is %q but file offset %d is %q", i, r.Lang, r.Cell, o, got, f, want)
			}
		}
	}
	return nil
}

// standIn reports whether offset o of text is in the "pass" that starts
// its line (after indentation), put there for an IPython line.
func standIn(text []byte, o int) bool {
	start := o
	for start > 0 && text[start-1] != '\n' {
		start--
	}
	for start < len(text) && (text[start] == ' ' || text[start] == '\t') {
		start++
	}
	return o-start < 4 && string(text[start:min(start+4, len(text))]) == "pass"
}
