package pyfacts

import (
	"sync"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/blocks"
	"github.com/lakelint/lakelint/parsers/python"
)

// workObjects are the memory an extraction borrows and leaves to the next
// one: its working buffers, and the blocks its working objects are cut
// from. A run extracts thousands of small files, and making them anew for
// each more than doubles what a run allocates (measured: 4.4 times the
// bytes of an extraction, 2.4 times those of a check). Once given back they hold
// nothing of the file they served but the short texts it interned (see
// intern); the rest of a file's state is its extractor's, made anew.
type workObjects struct {
	names *[internSlots]internSlot // kept as they are (see intern)
	// buffers reused within a file: a name being looked up, a transform's
	// columns, names being sorted (see finishSummary), a text being
	// lower-cased (see lower), the fields of the fact being looked at (see
	// fields), the arguments of the calls being applied (see args) and the
	// clauses of the branches being read (see pushArm)
	scratch      []byte
	cols         []facts.Column
	scratchNames []string
	lowerBuf     []byte
	fieldBuf     []fieldRef
	argStack     []arg
	armStack     []python.Node
	stmts        []python.Node // the statements of the blocks being read in a loop
	// sqlSeen are the SQL strings read (see sqlstr.go); globals the
	// arguments, by where they are written, that are names imported from
	// the project's modules (see noteGlobalArg)
	sqlSeen map[sqlKey]bool
	globals map[facts.Span]string
	// globalObjs are the instances whose attributes some of those are
	// (c.interval of c = StreamConf(), see facts.Global.Obj)
	globalObjs map[facts.Span]*facts.Arg
	spanMaps   []map[facts.Span]paramRef // emptied, for fnState.spans
	scopes     scopeStore
	hists      blocks.Recycled[hist]
	lits       blocks.Recycled[plainLit]
	fns        blocks.Recycled[fnState]
	funcs      blocks.Recycled[function]
	params     blocks.Recycled[param]
	readers    blocks.Recycled[reader]
	opts       blocks.Recycled[options]
	fnStrs     blocks.Recycled[fnStrings]
	strHoles   blocks.Recycled[strHole]
	writers    blocks.Recycled[writer]
	wsteps     blocks.Recycled[wstep]
	lists      blocks.Recycled[list]
	counts     blocks.Recycled[facts.Value] // partition counts of transforms
	items      blocks.Recycled[item]
	builder    python.Builder // builds strings (see stringLiteral)
}

var workPool = sync.Pool{New: func() any { return new(workObjects) }}

// takeWork returns the memory of an earlier extraction, or new.
func takeWork() *workObjects {
	w := workPool.Get().(*workObjects)
	if w.names == nil {
		w.names = new([internSlots]internSlot)
		*w.names = *commonSlots
	}
	return w
}

// giveBack empties w and keeps it for the next extraction; module is the
// scope the extraction read its module with.
func (w *workObjects) giveBack(module *scope) {
	w.scratch, w.lowerBuf = w.scratch[:0], w.lowerBuf[:0]
	w.cols = emptied(w.cols)
	w.fieldBuf = emptied(w.fieldBuf)
	w.argStack = emptied(w.argStack) // a panic may have left some
	w.armStack = emptied(w.armStack) // nodes hold their tree
	w.stmts = emptied(w.stmts)
	w.scratchNames = emptied(w.scratchNames)
	if cap(w.scratchNames) > maxKeptVars {
		w.scratchNames = nil
	}
	w.sqlSeen = emptiedMap(w.sqlSeen)
	w.globals = emptiedMap(w.globals)
	w.globalObjs = emptiedMap(w.globalObjs)
	w.fns.Each(func(st *fnState) {
		if m := st.spans; m != nil && len(m) <= maxKeptVars && len(w.spanMaps) < maxKeptBlocks {
			clear(m)
			w.spanMaps = append(w.spanMaps, m)
		}
	})
	w.builder.Reuse(nil)
	if w.builder.Cap() > maxKeptBuilder {
		w.builder = python.Builder{}
	}
	w.scopes.reset(module)
	w.hists.Reset()
	w.lits.Reset()
	w.fns.Reset()
	w.funcs.Reset()
	w.params.Reset()
	w.readers.Reset()
	w.opts.Reset()
	w.fnStrs.Reset()
	w.strHoles.Reset()
	w.writers.Reset()
	w.wsteps.Reset()
	w.lists.Reset()
	w.counts.Reset()
	w.items.Reset()
	workPool.Put(w)
}

// emptied is s with nothing in it, its whole room zeroed.
func emptied[T any](s []T) []T {
	clear(s[:cap(s)])
	return s[:0]
}

// emptiedMap is m emptied, or nil when it grew too large to keep.
func emptiedMap[K comparable, V any](m map[K]V) map[K]V {
	if len(m) > maxKeptVars {
		return nil
	}
	clear(m)
	return m
}

// maxKeptBuilder bounds the text buffer kept for the next extraction.
const maxKeptBuilder = 64 << 10

// maxKeptBlocks bounds the maps and lists kept for the next extraction, so
// that a huge file does not keep its memory for the rest of the run.
const maxKeptBlocks = 256

// spanMap returns an empty map for fnState.spans.
func (x *extractor) spanMap() map[facts.Span]paramRef {
	if n := len(x.work.spanMaps); n > 0 {
		m := x.work.spanMaps[n-1]
		x.work.spanMaps[n-1] = nil
		x.work.spanMaps = x.work.spanMaps[:n-1]
		return m
	}
	return make(map[facts.Span]paramRef)
}
