package sqlfacts

import (
	"sort"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/sql"
)

// Region offsets become document offsets through the region's PosMap. Region
// bytes may stand for document text elsewhere (a notebook line without its
// "# MAGIC " prefix) or for no document byte of their own (a decoded escape
// in a Python string); edits must therefore be cut at segment boundaries and
// never delete what lies between segments.

// span maps a region span to the document. Text that starts or ends in
// substituted text (an escape, an f-string placeholder) takes in that
// text's whole spelling, so an edit of the span replaces the placeholder
// rather than landing beside it.
func (x *extractor) span(s sql.Span) facts.Span {
	if s.End <= s.Start {
		o := x.r.Map.File(s.Start)
		return facts.Span{Start: o, End: o}
	}
	return facts.Span{Start: x.fileStart(s.Start), End: x.fileEnd(s.End)}
}

// fileStart maps the start of region text at off: for a byte with no
// document byte of its own, where the spelling it stands for begins.
func (x *extractor) fileStart(off int) int {
	if x.mapped(off) {
		return x.r.Map.File(off)
	}
	i := x.segmentAt(off) // the segment after the gap
	if i > 0 {
		prev := x.r.Map[i-1]
		return prev.File + prev.Len
	}
	return x.r.Map.File(off)
}

// fileEnd maps the end of region text that stops before off: the document
// offset just after the byte at off-1.
func (x *extractor) fileEnd(off int) int {
	if off <= 0 {
		return x.r.Map.File(0)
	}
	if x.mapped(off - 1) {
		return x.r.Map.File(off-1) + 1
	}
	return x.r.Map.File(off - 1) // a decoded escape: its text ends where the next segment starts
}

// segmentAt returns the index of the first segment ending after region
// offset off, or len(Map).
func (x *extractor) segmentAt(off int) int {
	m := x.r.Map
	return sort.Search(len(m), func(i int) bool { return m[i].Region+m[i].Len > off })
}

// mapped reports whether the region byte at off is a document byte of its
// own; without a map every byte is.
func (x *extractor) mapped(off int) bool {
	if len(x.r.Map) == 0 {
		return true
	}
	i := x.segmentAt(off)
	return i < len(x.r.Map) && x.r.Map[i].Region <= off
}

// deletion returns the edits deleting region text [a, b): one per segment
// it crosses, merged where they meet in the document. In a region whose
// lines carry a prefix, line breaks are kept, or the next line's prefix
// would end up inside a line. ok is false when a byte to delete has no
// document byte of its own.
func (x *extractor) deletion(a, b int) (edits []facts.Edit, ok bool) {
	if a >= b || b > len(x.src) {
		return nil, false
	}
	for from := a; from < b; {
		to := from
		for to < b && (x.r.LinePrefix == "" || x.src[to] != '\n' && x.src[to] != '\r') {
			to++
		}
		if to > from && !x.appendDeletion(&edits, from, to) {
			return nil, false
		}
		from = to
		for from < b && (x.src[from] == '\n' || x.src[from] == '\r') && x.r.LinePrefix != "" {
			from++
		}
	}
	return edits, len(edits) > 0
}

// appendDeletion appends the edits deleting region text [a, b), cut at
// segment boundaries. Text between two segments that lies wholly inside the
// deletion (an escape sequence, an f-string placeholder) goes with it; a
// deletion that starts or ends inside such text would leave half of it, and
// is refused.
func (x *extractor) appendDeletion(edits *[]facts.Edit, a, b int) bool {
	m := x.r.Map
	add := func(span facts.Span) {
		if n := len(*edits); n > 0 && (*edits)[n-1].End == span.Start {
			(*edits)[n-1].End = span.End
			return
		}
		*edits = append(*edits, facts.Edit{Span: span})
	}
	if len(m) == 0 {
		add(facts.Span{Start: a, End: b})
		return true
	}
	cur, prevEnd := a, -1
	for i := x.segmentAt(a); i < len(m) && cur < b; i++ {
		s := m[i]
		if s.Region > cur {
			if prevEnd < 0 || s.Region >= b || x.r.KeepGaps {
				return false
			}
			add(facts.Span{Start: prevEnd, End: s.File}) // the source text of the gap
			cur = s.Region
		}
		end := min(b, s.Region+s.Len)
		add(facts.Span{Start: s.File + cur - s.Region, End: s.File + end - s.Region})
		cur, prevEnd = end, s.File+end-s.Region
	}
	return cur >= b
}
