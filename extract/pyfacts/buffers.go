package pyfacts

import (
	"sync"

	"github.com/lakelint/lakelint/parsers/python"

	"github.com/lakelint/lakelint/facts"
)

// buffers are the working buffers of an extraction, kept for the next one:
// a run extracts thousands of small files, and making them anew for each
// costs more than the work they serve. Once given back they hold nothing
// of the file they served but the short texts it interned (see intern).
type buffers struct {
	x        extractor                // the extractor itself, emptied
	names    *[internSlots]internSlot // kept as they are (see intern)
	strs     stringArena
	argStack []arg
	armStack []python.Node
	scratch  []byte
	lowerBuf []byte
	sortBuf  []string // for scratchNames
	cols     []facts.Column
	fieldBuf []fieldRef
	sqlSeen  map[sqlKey]bool // emptied
	globals  map[facts.Span]string
	spanMaps []map[facts.Span]paramRef // emptied, for fnState.spans
	scopes   scopeStore
	hists    recycled[hist]
	lits     recycled[plainLit]
	fns      recycled[fnState]
	funcs    recycled[function]
	params   recycled[param]
	readers  recycled[reader]
	opts     recycled[options]
	fnStrs   recycled[fnStrings]
	strHoles recycled[strHole]
	writers  recycled[writer]
	wsteps   recycled[wstep]
	lists    recycled[list]
	counts   recycled[facts.Value] // partition counts of transforms
	items    recycled[item]
	builder  python.Builder // builds strings (see stringLiteral)
}

var bufferPool = sync.Pool{New: func() any { return new(buffers) }}

// takeBuffers returns an empty extractor with the buffers of an earlier
// extraction.
func takeBuffers() *extractor {
	b := bufferPool.Get().(*buffers)
	if b.names == nil {
		b.names = new([internSlots]internSlot)
		*b.names = *commonSlots
	}
	x := &b.x
	x.buf = b
	x.names, x.strs = b.names, &b.strs
	x.argStack, x.scratch, x.lowerBuf, x.cols, x.fieldBuf = b.argStack, b.scratch, b.lowerBuf, b.cols, b.fieldBuf
	b.argStack, b.scratch, b.lowerBuf, b.cols, b.fieldBuf = nil, nil, nil, nil, nil
	x.armStack, b.armStack = b.armStack, nil
	x.scratchNames, b.sortBuf = b.sortBuf, nil
	x.module = moduleScope(&b.scopes)
	return x
}

// giveBuffers empties x's buffers and keeps them for the next extraction.
func (x *extractor) giveBuffers() {
	b := x.buf
	clear(x.argStack[:cap(x.argStack)]) // a panic may have left some
	b.argStack = x.argStack[:0]
	clear(x.armStack[:cap(x.armStack)]) // nodes hold their tree
	b.armStack = x.armStack[:0]
	clear(x.cols[:cap(x.cols)])
	b.cols = x.cols[:0]
	clear(x.fieldBuf[:cap(x.fieldBuf)])
	b.fieldBuf = x.fieldBuf[:0]
	b.scratch, b.lowerBuf = x.scratch[:0], x.lowerBuf[:0]
	if cap(x.scratchNames) <= maxKeptVars {
		b.sortBuf = x.scratchNames[:0]
	}
	if m := x.sqlSeen; m != nil && len(m) <= maxKeptVars {
		clear(m)
		b.sqlSeen = m
	}
	if m := x.globals; m != nil && len(m) <= maxKeptVars {
		clear(m)
		b.globals = m
	}
	b.fns.each(func(st *fnState) {
		if m := st.spans; m != nil && len(m) <= maxKeptVars && len(b.spanMaps) < maxKeptBlocks {
			clear(m)
			b.spanMaps = append(b.spanMaps, m)
		}
	})
	b.builder.Reuse(nil)
	if b.builder.Cap() > maxKeptBuilder {
		b.builder = python.Builder{}
	}
	b.scopes.reset(x.module)
	b.hists.reset()
	b.lits.reset()
	b.fns.reset()
	b.funcs.reset()
	b.params.reset()
	b.readers.reset()
	b.opts.reset()
	b.fnStrs.reset()
	b.strHoles.reset()
	b.writers.reset()
	b.wsteps.reset()
	b.lists.reset()
	b.counts.reset()
	b.items.reset()
	*x = extractor{} // let go of the file
	bufferPool.Put(b)
}

// recycled hands out zeroed Ts, and short slices of them, cut from blocks,
// for what no fact points to: the next extraction zeroes the blocks and
// hands them out again.
type recycled[T any] struct {
	blocks [][]T // every block, those handed out first
	used   int   // how many blocks have been handed out
	free   []T   // what is left of the last one
}

// take returns a new zero T, from blocks of n.
func (r *recycled[T]) take(n int) *T {
	return &r.slice(1, n)[:1][0]
}

// slice returns an empty slice of capacity c, from blocks of n when c is
// small. Its capacity ends there, so appending to it never reaches another's.
func (r *recycled[T]) slice(c, n int) []T {
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

// each calls f with each T of the blocks handed out.
func (r *recycled[T]) each(f func(*T)) {
	for _, b := range r.blocks[:r.used] {
		for j := range b {
			f(&b[j])
		}
	}
}

// maxKeptBuilder bounds the text buffer kept for the next extraction.
const maxKeptBuilder = 64 << 10

// maxKeptBlocks bounds the blocks kept for the next extraction, so that a
// huge file does not keep its memory for the rest of the run.
const maxKeptBlocks = 256

// reset zeroes what was handed out, to hand it out again.
func (r *recycled[T]) reset() {
	for _, b := range r.blocks[:r.used] {
		clear(b)
	}
	if len(r.blocks) > maxKeptBlocks {
		clear(r.blocks[maxKeptBlocks:])
		r.blocks = r.blocks[:maxKeptBlocks]
	}
	r.used, r.free = 0, nil
}

// spanMap returns an empty map for fnState.spans.
func (x *extractor) spanMap() map[facts.Span]paramRef {
	if n := len(x.buf.spanMaps); n > 0 {
		m := x.buf.spanMaps[n-1]
		x.buf.spanMaps[n-1] = nil
		x.buf.spanMaps = x.buf.spanMaps[:n-1]
		return m
	}
	return make(map[facts.Span]paramRef)
}
