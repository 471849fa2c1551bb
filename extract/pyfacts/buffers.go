package pyfacts

import (
	"sync"

	"github.com/lakelint/lakelint/facts"
)

// buffers are the working buffers of an extraction, kept for the next one:
// a run extracts thousands of small files, and making them anew for each
// costs more than the work they serve. Once given back they hold nothing
// of the file they served but the short texts it interned (see intern).
type buffers struct {
	x        extractor            // the extractor itself, emptied
	names    *[internSlots]string // kept as they are (see intern)
	strs     stringArena
	argStack []arg
	scratch  []byte
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
	writers  recycled[writer]
	wsteps   recycled[wstep]
	lists    recycled[list]
	counts   recycled[facts.Value] // partition counts of transforms
	items    slab[item]
}

var bufferPool = sync.Pool{New: func() any { return new(buffers) }}

// takeBuffers returns an empty extractor with the buffers of an earlier
// extraction.
func takeBuffers() *extractor {
	b := bufferPool.Get().(*buffers)
	if b.names == nil {
		b.names = new([internSlots]string)
		*b.names = *commonSlots
	}
	x := &b.x
	x.buf = b
	x.names, x.strs = b.names, &b.strs
	x.argStack, x.scratch, x.cols, x.fieldBuf = b.argStack, b.scratch, b.cols, b.fieldBuf
	b.argStack, b.scratch, b.cols, b.fieldBuf = nil, nil, nil, nil
	x.module = moduleScope(&b.scopes)
	return x
}

// giveBuffers empties x's buffers and keeps them for the next extraction.
func (x *extractor) giveBuffers() {
	b := x.buf
	clear(x.argStack[:cap(x.argStack)]) // a panic may have left some
	b.argStack = x.argStack[:0]
	clear(x.cols[:cap(x.cols)])
	b.cols = x.cols[:0]
	clear(x.fieldBuf[:cap(x.fieldBuf)])
	b.fieldBuf = x.fieldBuf[:0]
	b.scratch = x.scratch[:0]
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
	b.scopes.reset(x.module)
	b.hists.reset()
	b.lits.reset()
	b.fns.reset()
	b.funcs.reset()
	b.params.reset()
	b.readers.reset()
	b.writers.reset()
	b.wsteps.reset()
	b.lists.reset()
	b.counts.reset()
	b.items.reset()
	*x = extractor{} // let go of the file
	bufferPool.Put(b)
}

// recycled hands out zeroed Ts cut from blocks of n, like batch, for
// objects no fact points to: the blocks are zeroed and handed out again by
// the next extraction.
type recycled[T any] struct {
	blocks [][]T // every block, those handed out first
	used   int   // how many blocks have been handed out
	free   []T   // what is left of the last one
}

// take returns a new zero T.
func (r *recycled[T]) take(n int) *T {
	if len(r.free) == 0 {
		if r.used == len(r.blocks) {
			r.blocks = append(r.blocks, make([]T, n))
		}
		r.free = r.blocks[r.used]
		r.used++
	}
	p := &r.free[0]
	r.free = r.free[1:]
	return p
}

// each calls f with each T handed out.
func (r *recycled[T]) each(f func(*T)) {
	for i, b := range r.blocks[:r.used] {
		if i == r.used-1 {
			b = b[:len(b)-len(r.free)]
		}
		for j := range b {
			f(&b[j])
		}
	}
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

// slab hands out short slices cut from blocks of n, for what no fact points
// to; like recycled, the next extraction reuses the blocks.
type slab[T any] struct {
	blocks [][]T
	used   int
	free   []T
}

// take returns an empty slice of capacity c, whose capacity ends there.
func (s *slab[T]) take(c, n int) []T {
	if c > n/4 {
		return make([]T, 0, c)
	}
	if len(s.free) < c {
		if s.used == len(s.blocks) {
			s.blocks = append(s.blocks, make([]T, n))
		}
		s.free = s.blocks[s.used]
		s.used++
	}
	out := s.free[:0:c]
	s.free = s.free[c:]
	return out
}

// reset zeroes what was handed out, to hand it out again.
func (s *slab[T]) reset() {
	for _, b := range s.blocks[:s.used] {
		clear(b)
	}
	if len(s.blocks) > maxKeptBlocks {
		clear(s.blocks[maxKeptBlocks:])
		s.blocks = s.blocks[:maxKeptBlocks]
	}
	s.used, s.free = 0, nil
}

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
