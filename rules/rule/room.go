package rule

import "golang.org/x/tools/go/analysis"

// Room is what a file's rule pass makes for its own use: where its
// diagnostics take their fixes, edits and related places from (a few larger
// allocations rather than several for every report), and the catalog's
// answers for its first targets, the other files its spans name and its
// writes into live tables. A driver that has read a file's diagnostics (and
// kept nothing of their slices) Resets it before the next file: what it
// keeps about one file is wrong for another.
type Room struct {
	fixes   slab[analysis.SuggestedFix]
	edits   slab[analysis.TextEdit]
	related slab[analysis.RelatedInformation]
	text    slab[byte]
	cited   slab[Related] // evidence the pass's helpers cite
	tables  []tableKept   // Pass.Table's
	others  []otherKept   // Input.other's
	// live is Pass.LiveWrites' answer, once liveDone
	live     []LiveWrite
	liveDone bool
}

// Reset empties the room for the next file's diagnostics.
func (r *Room) Reset() {
	clear(r.tables)
	r.tables = r.tables[:0]
	clear(r.others)
	r.others = r.others[:0]
	r.live, r.liveDone = nil, false
	r.fixes.reset()
	r.edits.reset()
	r.related.reset()
	r.text.reset()
	r.cited.reset()
}

// bytesOf is s as bytes, copied into the room.
func (r *Room) bytesOf(s string) []byte {
	if s == "" {
		return []byte{}
	}
	return append(r.text.take(len(s)), s...)
}

// slab hands out empty slices of a given room, carved from one buffer
// that is made larger when it runs out.
type slab[T any] struct {
	buf  []T
	used int
}

// maxKept is the largest buffer a slab keeps for reuse: a file with very
// many findings leaves its buffers to the collector.
const maxKept = 4096

// take is an empty slice of room n; appending past n copies it elsewhere,
// never over another's.
func (s *slab[T]) take(n int) []T {
	if s.used+n > len(s.buf) {
		s.buf = make([]T, max(2*len(s.buf), n, 16))
		s.used = 0
	}
	out := s.buf[s.used : s.used : s.used+n]
	s.used += n
	return out
}

// reset empties the slab, keeping its buffer unless large, cleared so
// that it keeps nothing alive.
func (s *slab[T]) reset() {
	if len(s.buf) > maxKept {
		s.buf = nil
	} else {
		clear(s.buf[:s.used])
	}
	s.used = 0
}
