package rule

import (
	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/internal/blocks"
)

// Room is what a file's rule pass makes for its own use: where its
// diagnostics take their fixes, edits and related places from (a few larger
// allocations rather than several for every report), and the catalog's
// answers for its first targets, the other files its spans name and its
// writes into live tables. A driver that has read a file's diagnostics (and
// kept nothing of their slices) Resets it before the next file: what it
// keeps about one file is wrong for another.
type Room struct {
	fixes   blocks.Recycled[analysis.SuggestedFix]
	edits   blocks.Recycled[analysis.TextEdit]
	related blocks.Recycled[analysis.RelatedInformation]
	text    blocks.Recycled[byte]
	cited   blocks.Recycled[Related] // evidence the pass's helpers cite
	tables  []tableKept              // Pass.Table's
	others  []otherKept              // Input.other's
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
	r.fixes.Reset()
	r.edits.Reset()
	r.related.Reset()
	r.text.Reset()
	r.cited.Reset()
}

// bytesOf is s as bytes, copied into the room.
func (r *Room) bytesOf(s string) []byte {
	if s == "" {
		return []byte{}
	}
	return append(r.text.Slice(len(s), textBlock), s...)
}

// The sizes of the room's blocks: a file's findings rarely need more than
// a block of each.
const (
	block     = 64
	textBlock = 4096
)
