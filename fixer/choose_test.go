package fixer

import (
	"math/rand/v2"
	"slices"
	"testing"
)

// chooseByScan is choose the plain way, each fix's edits asked of every
// edit taken before: what the ordered choice must agree with.
func chooseByScan(size int, fixes []Fix) (applied, skipped []int) {
	var taken []Edit
	for _, f := range fixes {
		clash := !valid(f.Edits, size)
		for _, e := range f.Edits {
			for _, t := range taken {
				clash = clash || overlap(e, t)
			}
		}
		if clash {
			skipped = append(skipped, f.ID)
			continue
		}
		taken = append(taken, f.Edits...)
		applied = append(applied, f.ID)
	}
	return applied, skipped
}

func TestChooseAgreesWithAScan(t *testing.T) {
	r := rand.New(rand.NewPCG(3, 4))
	for round := range 500 {
		size := 1 + r.IntN(60)
		fixes := make([]Fix, r.IntN(30))
		for i := range fixes {
			for range 1 + r.IntN(3) {
				s := r.IntN(size + 2) // now and then out of range
				e := s
				if r.IntN(3) > 0 {
					e += r.IntN(8)
				}
				fixes[i].Edits = append(fixes[i].Edits, Edit{Start: s, End: e, New: "x"})
			}
			fixes[i].ID = i
		}
		wantA, wantS := chooseByScan(size, fixes)
		gotA, gotS, taken := choose(size, fixes)
		if !slices.Equal(gotA, wantA) || !slices.Equal(gotS, wantS) {
			t.Fatalf("round %d: applied %v skipped %v, want %v %v", round, gotA, gotS, wantA, wantS)
		}
		if !slices.IsSortedFunc(taken, func(a, b Edit) int { return a.Start - b.Start }) {
			t.Fatalf("round %d: taken edits out of order: %v", round, taken)
		}
	}
}
