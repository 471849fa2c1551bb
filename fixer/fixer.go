// Package fixer applies text edits to a document without ever producing a
// damaged file: edits are checked against the text, overlapping fixes are
// held back for a later pass, and a fix is taken whole or not at all.
package fixer

import (
	"fmt"
	"sort"
)

// Edit replaces Text[Start:End] with New.
type Edit struct {
	Start, End int
	New        string
}

// Fix is a group of edits that must be applied together.
type Fix struct {
	ID    int // caller's handle, reported back in Applied/Skipped
	Edits []Edit
}

// Result says which fixes were applied.
type Result struct {
	Text    []byte
	Applied []int // IDs
	Skipped []int // IDs held back because they overlap an applied fix or are invalid
}

// Apply applies as many fixes as can be applied together, in the given order
// of preference; a fix that overlaps one already taken is skipped whole.
func Apply(text []byte, fixes []Fix) Result {
	var res Result
	var taken []Edit
	res.Applied, res.Skipped, taken = choose(len(text), fixes)
	out, err := applyEdits(text, taken)
	if err != nil {
		// cannot happen after the checks above; keep the text untouched
		return Result{Text: text, Skipped: ids(fixes)}
	}
	res.Text = out
	return res
}

func ids(fixes []Fix) []int {
	out := make([]int, len(fixes))
	for i, f := range fixes {
		out[i] = f.ID
	}
	return out
}

func valid(edits []Edit, n int) bool {
	if len(edits) == 0 {
		return false
	}
	for i, e := range edits {
		if e.Start < 0 || e.End < e.Start || e.End > n {
			return false
		}
		for _, o := range edits[i+1:] {
			if overlap(e, o) {
				return false
			}
		}
	}
	return true
}

// overlap reports whether two edits touch the same text. Two insertions at
// the same offset also overlap: their order would be arbitrary.
func overlap(a, b Edit) bool {
	if a.Start == a.End || b.Start == b.End {
		return a.Start == b.Start || (a.Start > b.Start && a.Start < b.End) || (b.Start > a.Start && b.Start < a.End)
	}
	return a.Start < b.End && b.Start < a.End
}

func applyEdits(text []byte, edits []Edit) ([]byte, error) {
	sorted := append([]Edit(nil), edits...)
	sort.SliceStable(sorted, func(i, j int) bool { return sorted[i].Start < sorted[j].Start })
	out := make([]byte, 0, len(text)+64)
	last := 0
	for _, e := range sorted {
		if e.Start < last {
			return nil, fmt.Errorf("overlapping edits at %d", e.Start)
		}
		out = append(out, text[last:e.Start]...)
		out = append(out, e.New...)
		last = e.End
	}
	return append(out, text[last:]...), nil
}
