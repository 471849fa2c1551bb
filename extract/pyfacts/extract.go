// Package pyfacts reads the facts of PySpark code: writes and what feeds them,
// stream and batch reads, table definitions, session settings, Delta
// maintenance, noqa comments and syntax errors. It also finds the SQL that
// Python hands to spark.sql() and returns it as regions for the SQL extractor,
// mapped back to the exact bytes of the Python file.
//
// Regions are read in execution order with one module environment, so names
// bound in one notebook cell are known in the next. Values are followed only
// as far as they are certain: a name bound differently on two paths, or to a
// function's result, is unknown, and unknown things are left out of the
// facts rather than guessed.
package pyfacts

import (
	"bytes"
	"cmp"
	"github.com/lakelint/lakelint/extract/params"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// Options tunes extraction.
type Options struct {
	// SQLReceiver reports whether a name (the last name of X in X.sql(...))
	// stands for a Spark session. Nil means: it contains "spark", "session"
	// or "sqlContext", in any case.
	SQLReceiver func(name string) bool
	// Give, when set, is told of each value the code gives a SQL
	// placeholder: a dbutils.widgets.text, dropdown, combobox or
	// multiselect call (the widget's name and default, known when the
	// default is a literal string), dbutils.widgets.remove and removeAll,
	// and spark.conf.set of a key ${key} reads.
	Give func(params.Given)
	// ViewFed, when not nil, is given for each SQL string that creates or
	// fills a table from one temporary view of a DataFrame
	// (df.coalesce(1).createOrReplaceTempView("v"), then CREATE TABLE t AS
	// SELECT * FROM v) the operations that made the view's rows: they
	// decide the files the statement writes.
	ViewFed map[*document.Region][]facts.Transform
	// InLoop, when not nil, is given for each SQL string run in a loop
	// (for path in files: spark.sql("INSERT INTO ...")) the loop: the
	// writes the statement makes are the loop's (see facts.Write.Loop).
	InLoop map[*document.Region]LoopAt
	// Defaults, when not nil, is given for each SQL string that holds a
	// command-line option's default in a placeholder
	// (f"VACUUM t RETAIN {args.hours} HOURS") those defaults: see
	// Defaults.Fill.
	Defaults map[*document.Region]Defaults
}

// LoopAt is the loop a SQL string runs in: its header, what is known of
// its iterable, whether it is a while loop (facts.Write.Loop, LoopItems,
// LoopWhile).
type LoopAt struct {
	Header facts.Span
	Items  int
	While  bool
}

// Mark gives the writes of ws this loop, those that have none and whose
// target the statement names in full: a table or path with a hole
// (INSERT INTO main.bronze.{name}) may be another on every iteration.
func (l LoopAt) Mark(ws []*facts.Write) {
	for _, w := range ws {
		t := w.Target
		if t.Expr != "" || t.Table+t.Path == "" || strings.ContainsAny(t.Table+t.Path, "{}") ||
			strings.HasPrefix(t.Table, ":") || strings.HasPrefix(t.Table, "?") {
			continue
		}
		if w.Loop == (facts.Span{}) {
			w.Loop, w.LoopItems, w.LoopWhile = l.Header, l.Items, l.While
		}
	}
}

func defaultSQLReceiver(name string) bool {
	return containsLower(name, "spark") || containsLower(name, "session") || containsLower(name, "sqlcontext")
}

// Extract reads the Python regions among regions, in order, and returns their
// facts and the SQL embedded in them (Lang SQL, Embedded, mapped to document
// offsets). Regions of other languages are ignored.
func Extract(doc *document.Document, regions []*document.Region, opts Options) (*facts.File, []*document.Region) {
	if opts.SQLReceiver == nil {
		opts.SQLReceiver = defaultSQLReceiver
	}
	x := &extractor{opts: opts, doc: doc, eol: cmp.Or(doc.EOL, "\n"), file: &facts.File{Path: doc.Path, Format: doc.Format}, work: takeWork()}
	x.module = moduleScope(&x.work.scopes)
	defer x.work.giveBack(x.module)
	for _, r := range regions {
		if r.Lang == document.Python {
			x.regions = append(x.regions, r)
		}
	}
	if doc.Format != document.PlainPython {
		x.runs()
		x.module.store.openGlobals = x.includes()
	}
	if len(x.regions) > 1 {
		// a function of a notebook cell may call one a later cell defines
		for _, r := range x.regions {
			x.defined = definedBelow(r.Text, x.defined)
		}
	}
	for _, r := range x.regions {
		x.region(r)
	}
	x.file.SortByOffset()
	x.finishSummary()
	return x.file, x.sql
}

// extractor is the state of one Extract call, made anew for each file;
// only work, the memory it borrows, outlives the file.
type extractor struct {
	opts Options
	// cli are the defaults the click options of the function being
	// defined give its parameters (see clickDefaults)
	cli map[string]cliDefault
	// cliHoles are the f-string placeholders of the region that hold an
	// option's default (see cliPlaceholder)
	cliHoles []cliHole
	// commands are the module's command functions whose options have
	// defaults (see noteCommand)
	commands []facts.Span
	doc      *document.Document
	regions  []*document.Region // the Python regions, in order
	spans    []regionSpan       // their spans by start, for prefixAt; made on first use
	file     *facts.File
	sql      []*document.Region
	module   *scope
	eol      string
	// defined are the functions the region defines at module level: a
	// function may call one defined further down, which Python looks up
	// when the call runs
	defined map[string]bool

	// the region being read
	r    *document.Region
	tree *python.Tree
	src  []byte
	stmt python.Node // the simple statement being evaluated
	// depth guards recursion on absurdly nested expressions
	depth int
	// numbers are the number constants read, by spelling (see number)
	numbers map[string]*facts.Value
	// work holds the file's working buffers and is where its working
	// objects are cut from: memory of earlier extractions (see takeWork)
	work *workObjects
	// the most common small objects, allocated in batches
	columns batch[facts.Column] // the columns of transforms
	edits   batch[facts.Edit]   // the removals of transforms
	// signs marks the platform signs found so far (see evidence)
	signs uint32
	// service is set once the file is known for another Spark service's notebook
	service bool
	// bindings are bindingOf's answers: the one assignment of a name in a
	// scope, invalid when it has none or several
	bindings map[bindingKey]python.Node
	// fn is the function whose body is being read (nil at module level),
	// className the class whose body is (see record.go)
	fn        *fnState
	className string
	// curClass is what the class whose body is being read binds
	curClass *classAttrs
	// finishing are the calls that configured the writer of the write
	// being made, when the link step follows them (see linked.go)
	finishing []facts.Configured
	// classConsts are the settings of the module's classes, as constants
	// other modules may import (see noteClassConsts)
	classConsts []facts.Const
	// inLoop is the header of the innermost loop being read, in the current
	// function or at module level (see facts.Write.Loop)
	inLoop facts.Span
	// loopItems is what is known of that loop's iterable (see
	// facts.Write.LoopItems)
	loopItems int
	// loopWhile says that loop is a while loop (facts.Write.LoopWhile)
	loopWhile bool
	// outerLoops are the loops around the innermost one, in the current
	// function or at module level, outermost first
	outerLoops []loopCtx
	// windows are the columns computed over a window read so far and not
	// yet taken by the select or withColumn they are arguments of
	windows []windowUse
	// views are the temporary views of DataFrames made so far, by
	// lower-cased name (see Options.ViewFed)
	views map[string]*hist
	// static is set while a static or class method's def is read: its
	// first parameter is not an instance
	static bool
	// batch is the foreachBatch call whose arguments are being read, and
	// batchBody the one whose lambda's body is (see callables.go)
	batch, batchBody *batchLambda

	// resolveIn is the scope of the string being decoded, building says
	// buf.builder is in use, and resolve is resolvePlaceholder (see
	// stringLiteral)
	resolveIn *scope
	building  bool
	resolve   python.Resolver
	segments  batch[document.Segment] // the maps of decoded strings
	decodeds  batch[python.Decoded]

	// where the lists of the file's and its functions' facts start (see push)
	writeLists   batch[*facts.Write]
	readLists    batch[*facts.Read]
	settingLists batch[*facts.Setting]
	callLists    batch[*facts.Call]
	funcLists    batch[*facts.Func]
}

type sqlKey struct {
	start int
	text  string
}

func (x *extractor) region(r *document.Region) {
	tree, err := python.Parse(r.Text)
	if err != nil {
		x.file.Notes = append(x.file.Notes, "python: "+err.Error())
		return
	}
	x.r, x.tree, x.src = r, tree, r.Text
	x.windows = x.windows[:0] // offsets are the region's
	x.cliHoles = x.cliHoles[:0]
	defer func() {
		tree.Release() // facts never hold nodes
		x.r, x.tree, x.src, x.stmt = nil, nil, nil, python.Node{}
	}()

	if e, ok := tree.FirstErrorIn(r.Cell > 0); ok {
		x.file.SyntaxErrors = append(x.file.SyntaxErrors, facts.SyntaxError{
			Span: x.span(e.Start, e.End), Message: e.Message})
	}
	x.suppressions()
	x.evidence()
	x.defined = moduleFunctions(tree.Root(), x.defined)
	x.block(tree.Root(), x.module)
	x.runCommands()
}

// at maps a region offset to a document offset. A region that is one
// stretch of the document, as most are, needs no search of its map.
func (x *extractor) at(off int) int {
	if m := x.r.Map; len(m) == 1 { // what m.File(off) gives
		if off < m[0].Region {
			return m[0].File
		}
		return m[0].File + off - m[0].Region
	}
	return x.r.Map.File(off)
}

// endAt maps an offset that ends a range, so the range does not run on into
// text the region skips (a "# MAGIC " prefix, say).
func (x *extractor) endAt(off int) int {
	if off <= 0 {
		return x.at(off)
	}
	return x.at(off-1) + 1
}

// span maps the region range [start, end) to the document.
func (x *extractor) span(start, end int) facts.Span {
	if end <= start {
		s := x.at(start)
		return facts.Span{Start: s, End: s}
	}
	return facts.Span{Start: x.at(start), End: x.endAt(end)}
}

func (x *extractor) spanOf(n python.Node) facts.Span { return x.span(n.Start(), n.End()) }

// toDocument turns a map into offsets of region r into one into document
// offsets. A region that is one stretch of the document (a plain file, a
// notebook cell) only shifts it, in place.
func toDocument(r *document.Region, m document.PosMap) document.PosMap {
	if len(r.Map) == 1 {
		outer := r.Map[0]
		inside := true
		for _, s := range m {
			inside = inside && s.File >= outer.Region && s.File+s.Len <= outer.Region+outer.Len
		}
		if inside {
			for i := range m {
				m[i].File += outer.File - outer.Region
			}
			return m
		}
	}
	return r.Map.Compose(m)
}

// textSpan maps the range [start, end) of a decoded string (whose map goes to
// document offsets) to the document.
func (x *extractor) textSpan(m document.PosMap, start, end int) facts.Span {
	if end <= start {
		s := m.File(start)
		return facts.Span{Start: s, End: s}
	}
	return facts.Span{Start: m.File(start), End: m.File(end-1) + 1}
}

// batch hands out short slices of the facts, made by the thousand, cut
// from blocks. Blocks should fit 512 bytes, the largest allocation of
// objects with pointers that needs no header. (What no fact points to
// comes from recycled blocks instead.)
type batch[T any] struct{ free []T }

// slice returns n new zero Ts, cut from blocks of block when n is small.
// Its capacity ends with it, so appending to it never reaches another's.
func (b *batch[T]) slice(n, block int) []T {
	if n > block/4 {
		return make([]T, n)
	}
	if len(b.free) < n {
		b.free = make([]T, block)
	}
	out := b.free[:n:n]
	b.free = b.free[n:]
	return out
}

// clone returns a copy of src, cut from blocks of n when it is short. The
// copy's capacity ends with it, so appending to it never reaches another's.
func (b *batch[T]) clone(src []T, n int) []T {
	if len(src) > n/4 {
		return slices.Clone(src)
	}
	if len(b.free) < len(src) {
		b.free = make([]T, n)
	}
	out := b.free[:len(src):len(src)]
	copy(out, src)
	b.free = b.free[len(src):]
	return out
}

// push appends v to s. A list's first push gives it room for a few, cut
// from b: most lists of facts are short, and growing each from nothing
// costs an allocation per doubling.
func push[T any](b *batch[T], s []T, v T) []T {
	if s == nil {
		s = b.slice(4, 16)[:0] // blocks of 16 pointers: a file makes few lists
	}
	return append(s, v)
}

// indentStart returns the start of the line holding off when only spaces
// and tabs precede off on it, and false otherwise. It looks back only over
// the indentation, so long lines cost nothing.
func indentStart(src []byte, off int) (int, bool) {
	i := off
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t' || src[i-1] == '\f') {
		i--
	}
	return i, i == 0 || src[i-1] == '\n'
}

// restOfLine returns the end of the line holding off (the newline's offset,
// or len(src)) when only spaces, a continuation backslash or a comment
// follow off on it, and false otherwise.
func restOfLine(src []byte, off int) (int, bool) {
	i := off
	for i < len(src) && (src[i] == ' ' || src[i] == '\t' || src[i] == '\f' || src[i] == '\r') {
		i++
	}
	switch {
	case i == len(src) || src[i] == '\n':
		return i, true
	case src[i] == '#':
		if j := bytes.IndexByte(src[i:], '\n'); j >= 0 {
			return i + j, true
		}
		return len(src), true
	case src[i] == '\\':
		j := i + 1
		if j < len(src) && src[j] == '\r' {
			j++
		}
		return j, j == len(src) || src[j] == '\n'
	}
	return i, false
}

// definedBelow adds to m (made when needed) the names of the functions
// the lines of a cell's text define at its top level ("def name(" at the
// start of a line), read before its cells are parsed.
func definedBelow(text []byte, m map[string]bool) map[string]bool {
	for line := range bytes.Lines(text) {
		rest, ok := bytes.CutPrefix(line, []byte("def "))
		if !ok {
			rest, ok = bytes.CutPrefix(line, []byte("async def "))
		}
		if !ok {
			continue
		}
		name, _, ok := bytes.Cut(rest, []byte("("))
		if name = bytes.TrimSpace(name); !ok || len(name) == 0 {
			continue
		}
		if m == nil {
			m = map[string]bool{}
		}
		m[string(name)] = true
	}
	return m
}

// moduleFunctions adds to m (made when needed) the names of the functions
// a module defines at its top level, decorated or not.
func moduleFunctions(root python.Node, m map[string]bool) map[string]bool {
	for c := root.FirstChild(); c.Valid(); c = c.NextSibling() {
		def := c
		if c.Is("decorated_definition") {
			def = c.ChildByFieldID(fDefinition)
		}
		if !def.Valid() || !def.Is("function_definition") {
			continue
		}
		if name := def.ChildByFieldID(fName); name.Valid() {
			if m == nil {
				m = map[string]bool{}
			}
			m[name.String()] = true
		}
	}
	return m
}
