package loop

import (
	"math/rand/v2"
	"testing"

	"github.com/lakelint/lakelint/fixer"
)

// Following an offset through a pass by its shifts gives what following it
// edit by edit does, for every offset: insertions (several at one offset
// too), replacements, deletions, and an insertion right after an edit.
func TestShiftsFollowOffsetsAsEditByEdit(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for trial := range 500 {
		var pass []fixer.Edit
		at := 0
		for range r.IntN(8) {
			at += r.IntN(4)
			end := at
			if r.IntN(2) == 0 {
				end += r.IntN(4)
			}
			pass = append(pass, fixer.Edit{Start: at, End: end, New: "xyz"[:r.IntN(4)]})
			at = end
		}
		cum := shifts(pass)
		if cum == nil {
			t.Fatalf("trial %d: ordered edits %v have no shifts", trial, pass)
		}
		for off := range at + 3 {
			if got, want := mapThrough(pass, cum, off), mapThrough(pass, nil, off); got != want {
				t.Fatalf("trial %d: offset %d through %v: %d, edit by edit %d", trial, off, pass, got, want)
			}
		}
	}
}

// Edits out of order, or overlapping, have no shifts: they are followed
// edit by edit.
func TestShiftsRefuseEditsOutOfOrder(t *testing.T) {
	for _, pass := range [][]fixer.Edit{
		{{Start: 5, End: 6}, {Start: 1, End: 2}},
		{{Start: 1, End: 4}, {Start: 3, End: 5}},
		{{Start: 4, End: 2}},
	} {
		if cum := shifts(pass); cum != nil {
			t.Errorf("%v: shifts %v, want none", pass, cum)
		}
	}
	if cum := shifts([]fixer.Edit{{Start: 1, End: 2, New: "abc"}, {Start: 2, End: 2, New: "d"}}); len(cum) != 3 || cum[2] != 3 {
		t.Errorf("shifts = %v, want [0 2 3]", cum)
	}
}
