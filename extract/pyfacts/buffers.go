package pyfacts

import (
	"github.com/lakelint/lakelint/internal/blocks"
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
	hists    blocks.Recycled[hist]
	lits     blocks.Recycled[plainLit]
	fns      blocks.Recycled[fnState]
	funcs    blocks.Recycled[function]
	params   blocks.Recycled[param]
	readers  blocks.Recycled[reader]
	opts     blocks.Recycled[options]
	fnStrs   blocks.Recycled[fnStrings]
	strHoles blocks.Recycled[strHole]
	writers  blocks.Recycled[writer]
	wsteps   blocks.Recycled[wstep]
	lists    blocks.Recycled[list]
	counts   blocks.Recycled[facts.Value] // partition counts of transforms
	items    blocks.Recycled[item]
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
	b.fns.Each(func(st *fnState) {
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
	b.hists.Reset()
	b.lits.Reset()
	b.fns.Reset()
	b.funcs.Reset()
	b.params.Reset()
	b.readers.Reset()
	b.opts.Reset()
	b.fnStrs.Reset()
	b.strHoles.Reset()
	b.writers.Reset()
	b.wsteps.Reset()
	b.lists.Reset()
	b.counts.Reset()
	b.items.Reset()
	*x = extractor{} // let go of the file
	bufferPool.Put(b)
}

// maxKeptBuilder bounds the text buffer kept for the next extraction.
const maxKeptBuilder = 64 << 10

// maxKeptBlocks bounds the maps and lists kept for the next extraction, so
// that a huge file does not keep its memory for the rest of the run.
const maxKeptBlocks = 256

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
