package fixer

import "github.com/google/btree"

// Choose says which fixes Apply would apply to a text of size bytes, and
// which it would skip, without making the fixed text.
func Choose(size int, fixes []Fix) (applied, skipped []int) {
	applied, skipped, _ = choose(size, fixes)
	return applied, skipped
}

// choose is Choose, with the edits of the applied fixes in text order.
//
// The edits taken so far never overlap, so no two start at the same offset
// and each ends before the next starts: an edit can overlap only the last
// taken edit starting at or before it and the first starting after it.
// Keeping them ordered makes the choice of n fixes n log n, where asking
// every taken edit was quadratic in a file with a fix per statement.
func choose(size int, fixes []Fix) (applied, skipped []int, taken []Edit) {
	byStart := btree.NewG(32, func(a, b Edit) bool { return a.Start < b.Start })
	for _, f := range fixes {
		if !valid(f.Edits, size) || overlapsTaken(f.Edits, byStart) {
			skipped = append(skipped, f.ID)
			continue
		}
		for _, e := range f.Edits {
			byStart.ReplaceOrInsert(e)
		}
		applied = append(applied, f.ID)
	}
	taken = make([]Edit, 0, byStart.Len())
	byStart.Ascend(func(e Edit) bool {
		taken = append(taken, e)
		return true
	})
	return applied, skipped, taken
}

// overlapsTaken reports whether an edit overlaps one of taken.
func overlapsTaken(edits []Edit, taken *btree.BTreeG[Edit]) bool {
	for _, e := range edits {
		hit := false
		near := func(t Edit) bool {
			hit = overlap(e, t)
			return false // one is enough
		}
		taken.DescendLessOrEqual(Edit{Start: e.Start}, near)
		if !hit {
			taken.AscendGreaterOrEqual(Edit{Start: e.Start + 1}, near)
		}
		if hit {
			return true
		}
	}
	return false
}
