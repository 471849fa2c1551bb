package pyfacts

import (
	"slices"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// hist is a DataFrame's history: the transform that made it and the history
// of its input. Histories are shared and never changed, so a name keeps the
// history it had when it was bound.
//
// DataFrames are made far more often than written, so a step keeps only
// what a transform needs, and the facts.Transform is built when a write
// records the history (see list).
type hist struct {
	prev    *hist
	name    string
	span    facts.Span
	cols    []facts.Column
	removal facts.Span   // the text deleting the transform leaves valid code without
	num     *facts.Value // the partition count of a repartition or coalesce given one
	// source is set on the first step of a DataFrame made by a stream read:
	// the read, which is not a transform.
	source *facts.Read
	// window is set on a step that computes a column over a window (see
	// facts.Transform.Windowed)
	window *windowSpec
	// helper is set on a first step applied to what a helper not followed
	// returns: its call (facts.Write.FrameFromHelper, facts.Frame)
	helper *linkedCall
	canCut bool // whether removal is set
	// counted is set on a facts.Branches step: some way through it ends
	// with a repartition or coalesce to a number of partitions.
	counted bool
	// constant is set on withColumn(name, lit(x)) (facts.Transform.Constant)
	constant bool
	// bareWhen and byAll are set on a facts.Branches step
	// (facts.Transform.UnshuffledWhen, Repartitioned)
	bareWhen string
	byAll    bool
}

// helperOf is the call of a helper not followed whose result the DataFrame
// v is, or a narrow step of it (see facts.Write.FrameFromHelper); nil when
// none, or when a step that decides the partitioning itself (a shuffle, a
// join) lies between.
func helperOf(v val) *linkedCall {
	if lc, ok := v.ref.(*linkedCall); ok {
		return lc
	}
	for p := v.history(); p != nil && p.source == nil; p = p.prev {
		if t := p.step(); !t.IsNarrow() {
			return nil // a join, an aggregation: what the helper did no longer decides
		}
		if p.prev == nil {
			return p.helper
		}
	}
	return nil
}

// madeByHelper reports whether the DataFrame v is what a helper not
// followed returns, or a narrow step of it.
func madeByHelper(v val) bool { return helperOf(v) != nil }

// windowSpec is what a Window spec partitions by: its partitionBy columns,
// none when it has no partitionBy (every row goes to one task).
type windowSpec struct {
	by []facts.Column
}

// windowUse is a column computed over a window (expr.over(w)) at an offset.
type windowUse struct {
	at   int
	spec *windowSpec
}

// step is the facts.Transform a history step is, as far as its kind goes.
func (h *hist) step() facts.Transform {
	return facts.Transform{Name: h.name, Windowed: h.window != nil}
}

// meet is the DataFrame that two ways through the code which made it
// differently leave behind (if one arm repartitions and the other does
// not): a facts.Branches step that remembers whether a way was shuffled
// to a count. ok is false unless one is a DataFrame and the other one too
// or a value nothing is known of.
func meet(a, b val) (val, bool) { return meetWhen(a, b, when{}, when{}) }

// meetWhen is meet, knowing when each way runs (wa, wb): where one way
// repartitions by columns and the other does not, the step says when the
// way without runs (facts.Transform.UnshuffledWhen).
func meetWhen(a, b val, wa, wb when) (val, bool) {
	frameLike := func(v val) bool {
		if v.kind == kUnknown {
			_, param := v.ref.(*param)
			_, linked := v.ref.(*linkedCall) // a helper's result: nothing known either
			return v.ref == nil || param || linked
		}
		return v.kind == kFrame
	}
	if !frameLike(a) || !frameLike(b) || (a.kind != kFrame && b.kind != kFrame) {
		return val{}, false
	}
	if h := narrowMeet(a.history(), b.history()); h != nil {
		return val{kind: kFrame, ref: h}, true
	}
	h := &hist{name: facts.Branches, counted: a.history().countShuffled() || b.history().countShuffled()}
	ca, cb := a.history().shuffleColumns(), b.history().shuffleColumns()
	switch {
	case len(ca) > 0 && len(cb) > 0:
		h.cols, h.byAll = append(slices.Clip(ca), cb...), true
	case len(ca) > 0 && cb == nil && wb.text != "":
		h.cols, h.bareWhen = ca, wb.text
	case len(cb) > 0 && ca == nil && wa.text != "":
		h.cols, h.bareWhen = cb, wa.text
	}
	return val{kind: kFrame, ref: h}, true
}

// shuffleColumns are the columns of the repartition by columns that
// reaches h's end through narrow steps; nil when none does (a join, an
// aggregation or the start comes first), empty when one by a count does.
func (h *hist) shuffleColumns() []facts.Column {
	for p := h; p != nil && p.source == nil; p = p.prev {
		switch t := p.step(); {
		case t.IsShuffle():
			if p.cols == nil {
				return []facts.Column{}
			}
			return p.cols
		case !t.IsNarrow():
			return nil
		}
	}
	return nil
}

// narrowMeet is what two ways through the code leave behind when each only
// adds narrow steps to a history they share (if flag: df = df.withColumn(...),
// a loop of casts): the shared history, since such steps decide nothing of
// how the rows are partitioned. Nil when they share none within a few
// steps, or a way reshapes the rows or makes a column constant.
func narrowMeet(a, b *hist) *hist {
	const depth = 32 // arms are short; a long chain is not worth the walk
	for p, i := a, 0; p != nil && i < depth; p, i = p.prev, i+1 {
		for q, j := b, 0; q != nil && j < depth; q, j = q.prev, j+1 {
			if p == q {
				return p
			}
			if !q.addsNarrow() {
				break
			}
		}
		if !p.addsNarrow() {
			return nil
		}
	}
	return nil
}

// addsNarrow reports whether h is a narrow step after the DataFrame's start.
func (h *hist) addsNarrow() bool {
	t := h.step()
	return h.source == nil && !h.constant && h.helper == nil && t.IsNarrow()
}

// repartitionFirst reports whether a repartition by columns reaches h's
// end through narrow steps and windows.
func (h *hist) repartitionFirst() bool {
	for p := h; p != nil && p.source == nil; p = p.prev {
		switch t := p.step(); {
		case t.IsShuffle():
			return strings.HasPrefix(p.name, "repartition") && len(p.cols) > 0
		case !t.IsNarrow() && p.window == nil:
			return false
		}
	}
	return false
}

// countShuffled reports whether the shuffle that decides the DataFrame's
// partitions is a repartition or coalesce to a number of them (see
// facts.Write.CountShuffled).
func (h *hist) countShuffled() bool {
	for p := h; p != nil && p.source == nil; p = p.prev {
		switch t := p.step(); {
		case p.name == facts.Branches:
			return p.counted
		case t.IsShuffle():
			return p.num != nil && (p.num.Kind != facts.Int || p.num.Int >= 1)
		case !t.IsNarrow():
			return false
		}
	}
	return false
}

// list returns the transforms oldest first, back to the last one that
// reshapes the data (a join, an aggregation, a cache: see facts.Write.Transforms).
// What came before it cannot decide how the write is partitioned, and
// every write would otherwise copy its DataFrame's whole history. The
// removals' edits come from edits.
func (h *hist) list(edits *batch[facts.Edit]) []facts.Transform {
	n, cuts := 0, 0
	for p := h; p != nil && p.source == nil; p = p.prev {
		n++
		if p.canCut {
			cuts++
		}
		if t := p.step(); !t.IsNarrow() && !t.IsShuffle() {
			if p.window != nil && p.prev.repartitionFirst() {
				continue // the window may compute over it (see facts.KeepsShuffle)
			}
			if q := p.prev; facts.Aggregations[p.name] && q != nil && q.source == nil && facts.Groupings[q.name] {
				// an aggregation's groupBy says what its rows are grouped by
				n++
				if q.canCut {
					cuts++
				}
			}
			break
		}
	}
	if n == 0 {
		return nil
	}
	out := make([]facts.Transform, n)
	cut := edits.slice(cuts, 12) // 40 bytes each
	for p, i := h, n-1; i >= 0; p, i = p.prev, i-1 {
		t := &out[i]
		t.Name, t.Span, t.Columns, t.Counted = p.name, p.span, p.cols, p.counted
		if p.window != nil {
			t.Windowed, t.WindowBy = true, p.window.by
		}
		t.Constant, t.UnshuffledWhen, t.Repartitioned = p.constant, p.bareWhen, p.byAll
		if p.num != nil {
			t.HasNum, t.NumPartitions = true, *p.num
		}
		if p.canCut {
			cuts--
			cut[cuts].Span = p.removal
			t.Removal = cut[cuts : cuts+1 : cuts+1]
		}
	}
	return out
}

// narrowSource is the batch read the DataFrame was made from when only
// narrow transforms lie between them (see facts.Write.CopyOf), else nil.
func (h *hist) narrowSource() *facts.Read {
	for p := h; p != nil; p = p.prev {
		if p.source != nil {
			if p.source.Kind == facts.BatchRead {
				return p.source
			}
			return nil
		}
		if t := p.step(); !t.IsNarrow() {
			return nil
		}
	}
	return nil
}

// returnOf is what a call of fn that passes a returns: fn's result, with
// the steps a DataFrame parameter went through applied to the argument's
// DataFrame when the result is one (def narrowed(df): return df.coalesce(2)).
func (x *extractor) returnOf(fn *function, a args) val {
	if dt, ok := fn.ret.ref.(*deltaState); ok && fn.ret.kind == kDeltaTable && dt.named > 0 {
		return x.namedTable(fn, dt, a, 0)
	}
	if sc, ok := fn.ret.ref.(*sparkConf); ok && fn.ret.kind == kSparkConf {
		return val{kind: kSparkConf, ref: sc.clone()} // each call's own, for the caller to set more on
	}
	if fn.retFrame == 0 {
		return fn.ret
	}
	g, ok := argFor(fn, fn.retFrame-1, a, 0)
	if !ok {
		return val{}
	}
	h := rebase(fn.ret.history(), g.v.history())
	if x.fn != nil && g.v.history() == nil {
		// the argument is this function's parameter, perhaps
		root := h
		for ; root.prev != nil; root = root.prev {
		}
		x.noteFrameRoot(root, g.v)
	}
	return val{kind: kFrame, ref: h}
}

// argFor is the argument a call gives fn's parameter i (0-based,
// counting self); skip is how many of fn's parameters the call does not
// pass (self), whose arguments it therefore has none of.
func argFor(fn *function, i int, a args, skip int) (arg, bool) {
	if i < skip {
		return arg{}, false
	}
	name := ""
	if fn.sum != nil && i < len(fn.sum.Params) {
		name = fn.sum.Params[i].Name
	}
	return a.get(i-skip, name)
}

// namedTable is the DeltaTable a call of fn returns when fn returns the
// table its parameter names: the one the call's argument names. skip is
// how many of fn's parameters the call does not pass (self).
func (x *extractor) namedTable(fn *function, dt *deltaState, a args, skip int) val {
	g, ok := argFor(fn, dt.named-1, a, skip)
	if !ok {
		return val{}
	}
	out := &deltaState{rs: dt.rs}
	switch {
	case dt.rs:
		out.target = x.uriTarget(g)
	case dt.byPath:
		out.target = x.pathTarget(g)
	default:
		out.target = x.tableTarget(g)
	}
	x.nameFrom(out, g, dt.byPath)
	return val{kind: kDeltaTable, ref: out}
}

// methodTable is the DeltaTable a call of method fn on recv returns
// when fn returns one (def table(self): return DeltaTable.forPath(spark,
// self.path)): the one its argument names, or the one fn names itself,
// when its code names it for the caller too (in a method of the same
// instance, self.path is the same path), else the table the call's code
// gives.
func (x *extractor) methodTable(fn *function, recv val, c callSite, a args) (val, bool) {
	dt, ok := fn.ret.ref.(*deltaState)
	if !ok || fn.ret.kind != kDeltaTable {
		return val{}, false
	}
	if dt.named > 0 {
		return x.namedTable(fn, dt, a, 1), true
	}
	if p, ok := recv.ref.(*param); dt.target.Known() || ok && p.fn == x.fn && p.i == 0 && p.attr == "" {
		return fn.ret, true
	}
	// named by the call: Job(spark, "/p").table()
	t := facts.Target{Span: x.spanOf(c.call), Expr: x.targetCode(c.call.Text())}
	return val{kind: kDeltaTable, ref: &deltaState{rs: dt.rs, target: t}}, true
}

// rebase copies the steps of h, down to its first, onto the history onto.
func rebase(h, onto *hist) *hist {
	if h == nil {
		return onto
	}
	c := *h
	c.prev = rebase(h.prev, onto)
	return &c
}

// groupedRows reports whether v is grouped rows (groupBy, cube, rollup,
// pivot), whose count() is a DataFrame, not a number.
func groupedRows(v val) bool {
	h := v.history()
	return h != nil && (facts.Groupings[h.name] || h.name == "pivot" || h.name == "cube" || h.name == "rollup")
}

// notFrames are DataFrame methods whose result is not a DataFrame.
var notFrames = map[string]bool{
	"count": true, "collect": true, "show": true, "first": true, "head": true, "take": true,
	"tail": true, "toPandas": true, "isEmpty": true, "printSchema": true, "explain": true,
	"foreach": true, "foreachPartition": true, "createOrReplaceTempView": true,
	"createTempView": true, "createGlobalTempView": true, "createOrReplaceGlobalTempView": true,
	"toLocalIterator": true, "toJSON": true, "write": true, "writeStream": true,
	"isStreaming": true, "inputFiles": true, "mapInPandas": false,
}

var shuffles = map[string]bool{"repartition": true, "coalesce": true, "repartitionByRange": true}

// frameMethod applies a method to a DataFrame (or to something of unknown
// type used like one) and records it in the result's history. naDot >= 0
// says the call is df.na.<method>, recorded as one "na" transform from there.
func (x *extractor) frameMethod(obj val, c callSite, a args, naDot int) val {
	if naDot < 0 {
		switch {
		case c.name == "writeTo":
			return x.newWriterV2(obj, c, a)
		case c.name == "write_delta":
			x.polarsWriteDelta(c, a)
			return val{}
		case c.name == "getOrCreate" && len(a) == 0,
			c.name == "sparkSession" && len(a) == 0: // df._jdf.sparkSession(), the JVM's
			// a builder this extractor did not follow (a helper's result)
			return val{kind: kSession}
		case obj.kind == kFrame && (c.name == "collect" || c.name == "toLocalIterator"):
			return val{kind: kRows}
		case tempViews[c.name]:
			x.noteView(obj, a)
			return val{}
		case notFrames[c.name] && (c.name != "count" || !groupedRows(obj)):
			return val{}
		}
	}
	h := x.transform(c, a, naDot)
	h.prev = obj.history()
	if lc, ok := obj.ref.(*linkedCall); ok {
		h.helper = lc
	}
	if x.fn != nil && h.prev == nil {
		x.noteFrameRoot(h, obj)
	}
	return val{kind: kFrame, ref: h}
}

func (x *extractor) transform(c callSite, a args, naDot int) *hist {
	start := c.dot()
	h := x.work.hists.Take(4) // 136 bytes each
	h.name = c.name
	if naDot >= 0 {
		start, h.name = naDot, "na"
	}
	h.span = x.span(start, c.call.End())
	if shuffles[c.name] && naDot < 0 {
		h.num = x.partitionCount(c, a)
	}
	cols := x.work.cols[:0] // gathered apart, to allocate them once
	for _, g := range a {
		if g.name == "" && g.splat == 1 && !knownSplat(g) && shuffles[c.name] && c.name != "coalesce" {
			cols = append(cols, facts.Column{Span: x.spanOf(g.n)}) // repartition(*keys): columns not known here
			continue
		}
		if !g.isPositional() && !knownSplat(g) {
			continue
		}
		sp, n := x.spanOf(g.n), len(cols)
		cols = x.appendColumns(cols, g.v, sp)
		if len(cols) == n && shuffles[c.name] && c.name != "coalesce" && (h.num == nil || h.num.Span != sp) {
			// repartition(key): a column whose name is not known here (a
			// parameter, a variable), which is still a shuffle by columns
			cols = append(cols, facts.Column{Span: sp})
		}
	}
	x.work.cols = cols
	if len(cols) > 0 {
		h.cols = x.columns.clone(cols, 12) // 40 bytes each
	}
	h.removal, h.canCut = x.removal(start, c.call.End())
	if windowed[c.name] {
		h.window = x.windowsIn(c.call.Start(), c.call.End(), a)
	}
	switch c.name {
	case "withColumn":
		if g, ok := a.pos(1); ok && g.v.kind == kColumn && g.v.ref == constColumn {
			h.constant = true
		}
	case "withColumns", "select":
		// the columns given one value for every row ({"d": lit(x)},
		// lit(x).alias("d")) are the step's columns; the others it sets are
		// not recorded, so a later step setting one again is not seen
		if consts := x.constantColumns(a); len(consts) > 0 {
			h.cols, h.constant = consts, true
		}
	}
	return h
}

// constantColumns are the columns withColumns or select arguments a give
// one value for every row: a dict's keys whose values are lit(x) and the
// like, and constant columns named with alias.
func (x *extractor) constantColumns(a args) []facts.Column {
	var out []facts.Column
	add := func(name string, sp facts.Span) {
		out = append(out, facts.Column{Name: stripBackticks(name), Span: sp})
	}
	for _, g := range a {
		if g.name != "" || g.splat != 0 {
			continue
		}
		if g.v.kind == kDict {
			items := g.v.items()
			for i := 0; i+1 < len(items); i += 2 {
				k, v := items[i], items[i+1]
				if name, ok := k.literalString(); ok && v.kind == kColumn && v.ref == constColumn {
					add(name, k.span)
				}
			}
			continue
		}
		if g.v.kind == kColumn && g.v.ref == constColumn && g.v.name != "" {
			add(g.v.name, x.spanOf(g.n))
		}
	}
	return out
}

// windowed are the DataFrame methods whose columns may be computed over a
// window.
var windowed = map[string]bool{"select": true, "withColumn": true, "withColumns": true}

// windowsIn is the window the columns of a call's arguments a, written
// between the offsets start and end, are computed over, nil when none is:
// an over() read among the arguments, or an argument that is a windowed
// column kept in a variable (rn = F.row_number().over(w)). Several are
// merged into one spec: the rows end up shuffled by one of them, so all
// their columns count.
func (x *extractor) windowsIn(start, end int, a args) *windowSpec {
	var out *windowSpec
	add := func(s *windowSpec) {
		if out == nil {
			out = &windowSpec{}
		}
		out.by = append(out.by, s.by...)
	}
	for _, u := range x.windows {
		if u.at >= start && u.at < end {
			add(u.spec)
		}
	}
	x.windows = x.windows[:0] // any other is stale
	for _, g := range a {
		vs := []val{g.v}
		if g.v.kind == kList || g.v.kind == kDict {
			vs = vs[:0]
			for _, it := range g.v.items() {
				vs = append(vs, it.val)
			}
		}
		for _, v := range vs {
			if s, ok := v.ref.(*windowSpec); ok && v.kind == kColumn {
				add(s)
			}
		}
	}
	return out
}

// noteWindow records expr.over(spec) at the call c: a window of unknown
// spec (a parameter, a helper's result) partitions by columns not known.
func (x *extractor) noteWindow(c callSite, a args) val {
	spec := &windowSpec{by: []facts.Column{{Span: x.spanOf(c.call)}}}
	if g, ok := a.pos(0); ok && g.v.kind == kWindow {
		if s, ok := g.v.ref.(*windowSpec); ok {
			spec = s
		} else if g.v.ref == nil {
			spec = &windowSpec{} // Window itself, or a spec with no partitionBy
		}
	}
	if len(x.windows) > 64 {
		x.windows = x.windows[:0] // windows no select took: forget them
	}
	x.windows = append(x.windows, windowUse{at: c.call.Start(), spec: spec})
	return val{kind: kColumn, ref: spec}
}

// windowMethod applies a Window spec method: partitionBy gives the spec
// its columns, the others (orderBy, rowsBetween) keep them.
func (x *extractor) windowMethod(obj val, c callSite, a args) val {
	if c.name != "partitionBy" {
		return obj
	}
	spec := &windowSpec{}
	for _, g := range a {
		if !g.isPositional() {
			continue
		}
		sp, n := x.spanOf(g.n), len(spec.by)
		spec.by = x.appendColumns(spec.by, g.v, sp)
		if len(spec.by) == n {
			spec.by = append(spec.by, facts.Column{Span: sp}) // partitionBy(*keys), partitionBy(key)
		}
	}
	if len(spec.by) == 0 {
		spec.by = []facts.Column{{Span: x.spanOf(c.call)}} // partitionBy(**kw): not known
	}
	return val{kind: kWindow, ref: spec}
}

// knownSplat reports whether g is *cols of a list known whole
// (KEYS = ["ns", "day"]), whose items are the call's arguments.
func knownSplat(g arg) bool {
	return g.name == "" && g.splat == 1 && g.v.kind == kList && !g.v.open
}

// partitionCount reads repartition(n, *cols) / coalesce(n): n is the first
// positional argument unless that is a column, or numPartitions=. It is nil
// when there is none, and Unknown when n does not resolve to an int.
func (x *extractor) partitionCount(c callSite, a args) *facts.Value {
	g, ok := a.kw("numPartitions")
	if !ok {
		g, ok = a.pos(0)
		if ok && c.name != "coalesce" {
			switch g.v.kind {
			case kStr, kColumn, kColFunc, kList:
				ok = false // repartition("c") and repartition(F.col("c")) name columns
			case kUnknown:
				// repartition(key_col): an unresolved name spelled like a column
				ok = !columnLike(g.n)
			}
		}
	}
	if !ok {
		return nil
	}
	n := x.work.counts.Take(8)
	n.Span = x.spanOf(g.n)
	if _, isInt := g.v.intValue(); isInt {
		*n = g.v.value(x.spanOf(g.n))
	}
	return n
}

// columnLike reports whether an expression's last name says it holds columns.
func columnLike(n python.Node) bool {
	if n.Is("attribute") {
		n = n.ChildByFieldID(fAttribute)
	}
	if !n.Is("identifier") {
		return false
	}
	l := strings.ToLower(n.String())
	return strings.Contains(l, "col") || strings.Contains(l, "key")
}

// appendColumns adds the columns an argument names (a list names several).
func (x *extractor) appendColumns(cols []facts.Column, v val, sp facts.Span) []facts.Column {
	if v.kind == kList {
		for _, it := range v.items() {
			cols = x.appendColumns(cols, it.val, it.span)
		}
		return cols
	}
	if c, ok := columnOf(v, sp); ok {
		cols = append(cols, c)
	}
	return cols
}

// removal returns the text to delete to remove the call text [dot, end)
// and leave valid code: the whole line when the call stands alone on a line
// inside a continued expression, through the continuation backslash before
// it when it ends one, else just the call. It is false when there is none.
func (x *extractor) removal(dot, end int) (facts.Span, bool) {
	src := x.src
	if dot < 0 || end > len(src) || dot >= end {
		return facts.Span{}, false
	}
	ls, alone := indentStart(src, dot)
	le, restEmpty := restOfLine(src, end)
	if alone && restEmpty && ls > 0 {
		if x.stmt.Valid() && x.stmt.End() > le && le < len(src) {
			// end where the next line's code starts, past any prefix the
			// region's lines carry in the file ("# MAGIC ")
			return facts.Span{Start: x.at(ls), End: x.at(le + 1)}, true
		}
		// the call ends the statement: join the line to the one it continues
		prev := ls - 1 // the newline ending the previous line
		if prev > 0 && src[prev-1] == '\r' {
			prev--
		}
		for prev > 0 && (src[prev-1] == ' ' || src[prev-1] == '\t') {
			prev--
		}
		if prev > 0 && src[prev-1] == '\\' {
			cut := prev - 1
			for cut > 0 && (src[cut-1] == ' ' || src[cut-1] == '\t') {
				cut--
			}
			return x.span(cut, end), true
		}
	}
	return x.span(dot, end), true
}

// streaming reports whether the DataFrame h is read from a stream.
func (h *hist) streaming() bool {
	for ; h != nil; h = h.prev {
		if h.source != nil {
			return h.source.Kind == facts.StreamRead
		}
	}
	return false
}
