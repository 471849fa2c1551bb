package engine

import (
	"container/heap"
	"sort"

	"github.com/lakelint/lakelint/facts"
)

// subjectsAt names, for each offset of offs, the table or path of the
// innermost fact of the file whose statement holds it: the write, read,
// definition, ALTER or maintenance a finding there is about; "" when none
// names one. Of facts of the same size, the first (in the order above)
// wins.
//
// A file can hold hundreds of thousands of facts and as many findings, so
// this is one sweep over both in offset order, not a scan of the facts per
// finding: facts enter a heap, smallest first, when the sweep reaches their
// start and leave it once it has passed their end.
func subjectsAt(f *facts.File, offs []int) []string {
	out := make([]string, len(offs))
	spans := namedSpans(f)
	if len(spans) == 0 || len(offs) == 0 {
		return out
	}
	sort.Slice(spans, func(i, j int) bool { return spans[i].start < spans[j].start })
	order := make([]int, len(offs)) // the offsets' indexes, by offset
	for i := range order {
		order[i] = i
	}
	sort.Slice(order, func(i, j int) bool { return offs[order[i]] < offs[order[j]] })
	var open spanHeap
	next := 0
	for _, q := range order {
		off := offs[q]
		for ; next < len(spans) && spans[next].start <= off; next++ {
			heap.Push(&open, spans[next])
		}
		for len(open) > 0 && open[0].end < off {
			heap.Pop(&open) // ends before off, and before every later offset
		}
		if len(open) > 0 {
			out[q] = open[0].name
		}
	}
	return out
}

// namedSpan is a fact's span and the name it gives its subject; seq is the
// fact's place in the order subjectsAt prefers among facts of one size.
type namedSpan struct {
	start, end, seq int
	name            string
}

// namedSpans are the spans of the file's facts that name a table or path.
func namedSpans(f *facts.File) []namedSpan {
	var out []namedSpan
	add := func(sp facts.Span, name string) {
		if name != "" {
			out = append(out, namedSpan{start: sp.Start, end: sp.End, seq: len(out), name: name})
		}
	}
	target := func(t facts.Target) string {
		if t.Table != "" {
			return t.Table
		}
		return t.Path
	}
	for _, w := range f.Writes {
		add(w.Span, target(w.Target))
	}
	for _, r := range f.Reads {
		add(r.Span, target(r.Target))
	}
	for _, t := range f.Tables {
		add(t.Span, t.Name)
	}
	for _, a := range f.Alters {
		name := a.Table
		if name == "" {
			name = a.Path
		}
		add(a.Span, name)
	}
	for _, m := range f.Maintenance {
		add(m.Span, target(m.Target))
	}
	return out
}

// spanHeap holds the spans open at the sweep's offset, the smallest (then
// the first) on top.
type spanHeap []namedSpan

func (h spanHeap) Len() int { return len(h) }
func (h spanHeap) Less(i, j int) bool {
	si, sj := h[i].end-h[i].start, h[j].end-h[j].start
	if si != sj {
		return si < sj
	}
	return h[i].seq < h[j].seq
}
func (h spanHeap) Swap(i, j int) { h[i], h[j] = h[j], h[i] }
func (h *spanHeap) Push(x any)   { *h = append(*h, x.(namedSpan)) }
func (h *spanHeap) Pop() any {
	old := *h
	x := old[len(old)-1]
	*h = old[:len(old)-1]
	return x
}
