// Package blocks hands out short-lived values and short slices cut from
// blocks that are reused once their holder is done with them: a lint run
// works through thousands of small files, and allocating each file's
// working objects anew costs more than the work they serve.
package blocks

// maxKept bounds the blocks kept for reuse, so that one huge file does not
// keep its memory for the rest of the run.
const maxKept = 256

// Recycled hands out zeroed Ts, and short slices of them, cut from blocks.
// Reset zeroes everything handed out and hands it out again, so nothing
// handed out may be used after Reset.
type Recycled[T any] struct {
	blocks [][]T // every block, those handed out first
	used   int   // how many blocks have been handed out
	free   []T   // what is left of the last one
}

// Take returns a new zero T, from blocks of n.
func (r *Recycled[T]) Take(n int) *T {
	return &r.Slice(1, n)[:1][0]
}

// Slice returns an empty slice of capacity c, from blocks of n when c is
// small. Its capacity ends there, so appending to it never reaches another's.
func (r *Recycled[T]) Slice(c, n int) []T {
	switch {
	case c == 0:
		return nil
	case c > n/4:
		return make([]T, 0, c)
	}
	if len(r.free) < c {
		if r.used == len(r.blocks) {
			r.blocks = append(r.blocks, make([]T, n))
		}
		r.free = r.blocks[r.used]
		r.used++
	}
	out := r.free[:0:c]
	r.free = r.free[c:]
	return out
}

// Each calls f with each T of the blocks handed out.
func (r *Recycled[T]) Each(f func(*T)) {
	for _, b := range r.blocks[:r.used] {
		for j := range b {
			f(&b[j])
		}
	}
}

// Reset zeroes what was handed out, to hand it out again.
func (r *Recycled[T]) Reset() {
	for _, b := range r.blocks[:r.used] {
		clear(b)
	}
	if len(r.blocks) > maxKept {
		clear(r.blocks[maxKept:])
		r.blocks = r.blocks[:maxKept]
	}
	r.used, r.free = 0, nil
}
