package fixer

// Choose says which fixes Apply would apply to a text of size bytes, and
// which it would skip, without making the fixed text.
func Choose(size int, fixes []Fix) (applied, skipped []int) {
	applied, skipped, _ = choose(size, fixes)
	return applied, skipped
}

// choose is Choose, with the edits of the applied fixes.
func choose(size int, fixes []Fix) (applied, skipped []int, taken []Edit) {
	for _, f := range fixes {
		if !valid(f.Edits, size) || overlapsAny(f.Edits, taken) {
			skipped = append(skipped, f.ID)
			continue
		}
		taken = append(taken, f.Edits...)
		applied = append(applied, f.ID)
	}
	return applied, skipped, taken
}
