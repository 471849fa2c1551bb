package pyfacts

import (
	"maps"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// writer is a DataFrameWriter, DataFrameWriterV2 or DataStreamWriter as
// made, before any configuration (see wstep).
type writer struct {
	api      facts.API
	hist     *hist
	writerAt int
	target   facts.Target
	param    int // 1 + the parameter the DataFrame comes from (see frameParam)
	// from is 1 + the parameter that is this writer: a helper configures a
	// writer it is given, and each call applies the steps to its argument
	from int
	// helper is the call of a helper not followed whose result the
	// DataFrame is (facts.Write.FrameFromHelper, facts.Frame)
	helper *linkedCall
}

// wstep is a writer as configured so far: one step (.format(), .mode(),
// .option()...) and the steps before it. A step adds a small node instead
// of copying the writer's settings, and is never changed, so a writer bound
// to a name can be finished in several ways. The settings are gathered when
// a write is recorded; the newest step of each kind wins.
type wstep struct {
	w    *writer
	prev *wstep // nil for the first step
	kind wkind
	v    val        // wFormat, wMode: the argument
	span facts.Span // wFormat, wMode: where the argument is
	// ref is the format of a sink named by its method (wFormat: a
	// string), *facts.Partitioning (wPartition,
	// wCluster), *options (wOptions: all of them so far),
	// map[string]facts.Value (wProps: all of them so far) or *facts.Trigger.
	ref any
}

type wkind uint8

const (
	wNone wkind = iota // a step that sets nothing the facts hold
	wFormat
	wMode
	wPartition
	wCluster
	wOptions
	wProps
	wTrigger
	wQuery // .queryName(name): v, span
	wBatch // .foreachBatch(fn): v, span
	wJoin  // where branches meet: ref is the *wjoin of the ways through them
	// wLinked is a call of a function not known here that configures the
	// writer and returns it: ref is its *facts.Configured (see linked.go)
	wLinked
	wKinds
)

// latest returns the newest step of kind k, or nil: nil too when branches
// before it disagree on that step.
func (s *wstep) latest(k wkind) *wstep {
	step, mixed, _ := s.find(k)
	if mixed {
		return nil
	}
	return step
}

// wjoin is a writer configured in several ways by the branches of an if
// (or another compound statement): the way each went, with when it runs.
type wjoin struct{ alts []walt }

type walt struct {
	s    *wstep // nil: the writer as made
	when when
}

// when says when a way through branches runs.
type when struct {
	text string // "`flag` is false"; "" when not known
	// cond is a condition the way runs only when it has the truth holds:
	// "flag" (false) for the way an if flag: skips; "" for none
	cond  string
	holds bool
}

// find returns the newest step of kind k. Where branches meet and their
// ways set different steps of kind k, mixed is true and unsetWhen says
// when a way that sets none runs ("" when every way sets one).
func (s *wstep) find(k wkind) (step *wstep, mixed bool, unsetWhen string) {
	for ; s != nil; s = s.prev {
		if s.kind == k {
			return s, false, ""
		}
		if s.kind != wJoin {
			continue
		}
		for i, a := range s.ref.(*wjoin).alts {
			// the last way that sets none is said: the outermost branch's
			got, m, when := a.s.find(k)
			if got == nil && !m {
				unsetWhen = a.when.text
				if unsetWhen == "" {
					unsetWhen = "the loop or branch before it does not set one"
				}
			}
			if m && when != "" {
				unsetWhen = when
			}
			switch {
			case i == 0:
				step, mixed = got, m
			case m || got != step:
				mixed = true
			}
		}
		if !mixed {
			unsetWhen = ""
		}
		return step, mixed, unsetWhen
	}
	return nil, false, ""
}

// onlyStep is the one step of kind k that the ways through the code
// meeting before s set, when the others set none; nil when two set
// different ones, or none does.
func onlyStep(s *wstep, k wkind) *wstep {
	var one *wstep
	var walk func(s *wstep) bool
	walk = func(s *wstep) bool {
		for ; s != nil; s = s.prev {
			if s.kind == k {
				if one != nil && one != s {
					return false
				}
				one = s
				return true
			}
			if s.kind == wJoin {
				for _, a := range s.ref.(*wjoin).alts {
					if !walk(a.s) {
						return false
					}
				}
				return true
			}
		}
		return true
	}
	if !walk(s) {
		return nil
	}
	return one
}

// joinWriters is the writer a and b (the same writer, configured in
// different ways) are where branches meet, labelled with when each runs.
func joinWriters(a, b val, whenA, whenB when) (val, bool) {
	wa, sa := writerStep(a)
	wb, sb := writerStep(b)
	if wa == nil || wa != wb || hasLinked(sa) || hasLinked(sb) {
		return val{}, false // a way the link step configures is not known here
	}
	j := &wjoin{}
	j.alts = appendAlts(appendAlts(j.alts, sa, whenA, sb), sb, whenB, sa)
	return val{kind: kWriter, ref: &wstep{w: wa, kind: wJoin, ref: j}}, true
}

// writerWays is what two ways through the code leave behind when each made
// a writer of its own (if a: w = df.writeStream... else: w = other.writeStream...):
// a call on it is a call on each, and a sink call writes each way's write.
type writerWays struct {
	ways []writerWay
}

type writerWay struct {
	v    val
	when when
}

// waysOf is the writers a and b, made by different writers, as one value;
// ok is false unless both are writers this file knows whole.
func waysOf(a, b val, whenA, whenB when) (val, bool) {
	ws := &writerWays{}
	for _, w := range []writerWay{{a, whenA}, {b, whenB}} {
		switch r := w.v.ref.(type) {
		case *writerWays:
			ws.ways = append(ws.ways, r.ways...)
			continue
		}
		wr, st := writerStep(w.v)
		if wr == nil || w.v.kind != kWriter || hasLinked(st) {
			return val{}, false
		}
		ws.ways = append(ws.ways, w)
	}
	if len(ws.ways) > 8 {
		return val{}, false // many ways: each one's writes are not worth following
	}
	return val{kind: kWriter, ref: ws}, true
}

// waysMethod calls method c on each way's writer: a sink call writes on
// each way; a setting call gives ways that each have it.
func (x *extractor) waysMethod(ws *writerWays, c callSite, a args) val {
	out := &writerWays{ways: make([]writerWay, 0, len(ws.ways))}
	for _, w := range ws.ways {
		if v := x.method(w.v, c, a); v.kind == kWriter {
			out.ways = append(out.ways, writerWay{v, w.when})
		}
	}
	if len(out.ways) < len(ws.ways) {
		return val{}
	}
	return val{kind: kWriter, ref: out}
}

// appendAlts adds the ways through s: its own when s is a join made in
// this way (an elif's, a nested if's). A join the other way's steps start
// from is one the branches share, an earlier statement's: it is one way
// here, run when w says, not the ways of that statement.
func appendAlts(alts []walt, s *wstep, w when, other *wstep) []walt {
	if s != nil && s.kind == wJoin && s.prev == nil && !reaches(other, s, map[*wstep]bool{}) {
		for _, a := range s.ref.(*wjoin).alts {
			if a.when.text == "" {
				a.when = w
			}
			alts = append(alts, a)
		}
		return alts
	}
	return append(alts, walt{s, w})
}

// reaches reports whether step target is s or comes before it, through
// the ways of the joins on the way too.
func reaches(s, target *wstep, seen map[*wstep]bool) bool {
	for ; s != nil; s = s.prev {
		if s == target {
			return true
		}
		if seen[s] {
			return false
		}
		seen[s] = true
		if s.kind == wJoin {
			for _, a := range s.ref.(*wjoin).alts {
				if reaches(a.s, target, seen) {
					return true
				}
			}
		}
	}
	return false
}

// writerOnly are the methods only a writer has, by the writer that has
// them: a parameter they are called on is one. (format and option a
// reader has too; a DataStreamWriter's partitionBy is as good as a
// DataFrameWriter's here, since a helper's writer takes the caller's kind.)
var writerOnly = map[string]facts.API{
	"trigger": facts.DataStreamWriter, "outputMode": facts.DataStreamWriter,
	"queryName": facts.DataStreamWriter, "foreachBatch": facts.DataStreamWriter,
	"mode": facts.DataFrameWriter, "partitionBy": facts.DataFrameWriter,
	"bucketBy": facts.DataFrameWriter, "sortBy": facts.DataFrameWriter,
}

// paramWriter is the writer the current function's parameter i is, made
// once per function so that every use of the parameter configures one writer.
func (x *extractor) paramWriter(i int, api facts.API) val {
	st := x.fn
	if st.writers == nil {
		st.writers = map[int]*writer{}
	}
	w, ok := st.writers[i]
	if !ok {
		w = &writer{api: api, from: i + 1, writerAt: -1}
		st.writers[i] = w
	}
	return val{kind: kWriter, ref: w}
}

// rebaseSteps is steps s, made on a helper's parameter writer, applied to
// writer w configured up to onto: what a call of the helper returns.
// Ways through branches that known keeps not are left out: a condition
// the call gives a known value.
func rebaseSteps(s *wstep, w *writer, onto *wstep, known func(when) bool) *wstep {
	if s == nil {
		return onto
	}
	c := *s
	c.w = w
	if s.kind == wJoin {
		j := &wjoin{}
		for _, a := range s.ref.(*wjoin).alts {
			if known(a.when) {
				j.alts = append(j.alts, walt{rebaseSteps(a.s, w, onto, known), a.when})
			}
		}
		if len(j.alts) == 1 && s.prev == nil {
			return j.alts[0].s // the only way the call takes
		}
		c.ref = j
		if s.prev == nil {
			return &c
		}
	}
	c.prev = rebaseSteps(s.prev, w, onto, known)
	return &c
}

// returnedWriter is what a call of fn, a helper returning the writer its
// parameter is, configured, returns: the call's argument so configured.
// skip is how many of fn's parameters the call does not pass (self);
// recv is then the instance the method is called on.
func (x *extractor) returnedWriter(fn *function, c callSite, a args, skip int, recv val) val {
	g, ok := argFor(fn, fn.retWriter-1, a, skip)
	if !ok {
		return val{}
	}
	w, onto := writerStep(g.v)
	if w == nil {
		return val{}
	}
	_, s := writerStep(fn.ret)
	if r := rebaseSteps(s, w, onto, x.waysTaken(fn, a, skip, recv)); r != nil {
		x.passIntervals(fn, r, onto, a, skip)
		x.passBatch(fn, r, onto, c, a, skip)
		return val{kind: kWriter, ref: r}
	}
	return val{kind: kWriter, ref: w} // no step on a writer not yet configured
}

// builtWriter is what a call of fn, a helper returning a writer it makes
// from the DataFrame its parameter is, returns: a writer made from the
// call's DataFrame, configured as fn configures it. skip and recv are as
// for returnedWriter.
func (x *extractor) builtWriter(fn *function, a args, skip int, recv val) val {
	g, ok := argFor(fn, fn.retBuilt-1, a, skip)
	made, s := writerStep(fn.ret)
	if !ok || made == nil {
		return val{}
	}
	w := x.work.writers.Take(4)
	*w = *made
	w.hist, w.param = rebase(made.hist, g.v.history()), x.frameParam(g.v)
	w.writerAt = -1 // the helper's code, which other calls share: no place to change for this one
	r := rebaseSteps(s, w, nil, x.waysTaken(fn, a, skip, recv))
	if r == nil {
		return val{kind: kWriter, ref: w}
	}
	x.passIntervals(fn, r, nil, a, skip)
	return val{kind: kWriter, ref: r}
}

// waysTaken says which ways through fn's branches a call of fn with
// arguments a takes: a way that runs when a parameter has a truth the
// call's argument has not never runs.
func (x *extractor) waysTaken(fn *function, a args, skip int, recv val) func(when) bool {
	return func(wh when) bool {
		if wh.cond == "" || fn.sum == nil {
			return true
		}
		if v, ok := instanceFlag(fn, skip, recv, wh.cond); ok {
			b, ok := v.lit().Truth()
			return !ok || b == wh.holds
		}
		for j, p := range fn.sum.Params {
			if p.Name != wh.cond || j < skip {
				continue
			}
			g, ok := a.get(j-skip, p.Name)
			if !ok || g.v.kind != kConst {
				return true
			}
			b, ok := g.v.lit().Truth()
			return !ok || b == wh.holds
		}
		return true
	}
}

// passBatch makes the foreachBatch steps of r, a call's copy of fn's
// steps down to the caller's onto, that hand the micro-batches to fn's
// parameter hand them to the function the call c passes for it: the
// stream's sink is that function's writes, made at the call.
func (x *extractor) passBatch(fn *function, r, onto *wstep, c callSite, a args, skip int) {
	if fn.sum == nil {
		return
	}
	for s := r; s != nil && s != onto && s.kind != wJoin; s = s.prev {
		name, _ := s.ref.(string)
		if s.kind != wBatch || name == "" {
			continue
		}
		for i, p := range fn.sum.Params {
			if p.Name != name || i < skip {
				continue
			}
			if g, ok := a.get(i-skip, name); ok {
				s.v, s.span, s.ref = g.v, x.spanOf(g.n), nil
				x.batchName(s, g)
				// at the argument: the call's own place is the helper's
				x.foreachBatchAt(s.w, x.spanOf(c.call), s.span, g)
			}
			break
		}
	}
}

// passIntervals gives the triggers of steps r, a call's copy of fn's
// steps down to the caller's onto, whose interval is fn's parameter the
// interval the call a passes for it.
func (x *extractor) passIntervals(fn *function, r, onto *wstep, a args, skip int) {
	if len(fn.trigParams) == 0 || fn.sum == nil {
		return
	}
	var walk func(s *wstep)
	walk = func(s *wstep) {
		for ; s != nil && s != onto; s = s.prev {
			switch s.kind {
			case wJoin:
				for _, alt := range s.ref.(*wjoin).alts {
					walk(alt.s)
				}
				return
			case wTrigger:
				t, _ := s.ref.(*facts.Trigger)
				i, ok := fn.trigParams[t]
				if !ok || i < skip || i >= len(fn.sum.Params) {
					continue
				}
				c := *t
				if g, ok := a.get(i-skip, fn.sum.Params[i].Name); ok && (g.v.kind == kStr || g.v.kind == kConst) {
					c.Interval = g.v.value(x.spanOf(g.n))
				} else if d := fn.sum.Params[i].Default; !ok && d != nil && d.Kind == facts.ArgValue {
					c.Interval = d.Value // the parameter's default
				} else {
					continue
				}
				c.Seconds, c.Parsed = 0, false
				if c.Interval.Kind == facts.String {
					c.Seconds, c.Parsed = facts.IntervalSeconds(c.Interval.Str)
				}
				s.ref = &c
			}
		}
	}
	walk(r)
}

// instanceFlag is the value of cond, an attribute of the instance a
// method is called on (self.batch), when the instance recv holds it as a
// constant: what its constructor was given, or the field's default.
func instanceFlag(fn *function, skip int, recv val, cond string) (val, bool) {
	if skip != 1 || fn.sum == nil || len(fn.sum.Params) == 0 {
		return val{}, false
	}
	attr, ok := strings.CutPrefix(cond, fn.sum.Params[0].Name+".")
	if !ok {
		return val{}, false
	}
	r, ok := recv.ref.(*objRef)
	if !ok {
		return val{}, false
	}
	v, ok := dictGet(r.obj, attr)
	return v, ok && v.kind == kConst
}

// writerStep is the writer v holds and the step it is configured to.
func writerStep(v val) (*writer, *wstep) {
	if p, ok := v.ref.(*param); ok && v.kind == kUnknown && p.attr == "" && p.fn != nil {
		// a parameter the function configures as a writer (see paramWriter)
		return p.fn.writers[p.i], nil
	}
	if v.kind != kWriter {
		return nil, nil
	}
	switch w := v.ref.(type) {
	case *writer:
		return w, nil
	case *wstep:
		return w.w, w
	}
	return nil, nil
}

// options are the options set so far.
func (s *wstep) options() *options {
	if o := s.latest(wOptions); o != nil {
		return o.ref.(*options)
	}
	return nil
}

// props are the table properties set so far.
func (s *wstep) props() map[string]facts.Value {
	if p := s.latest(wProps); p != nil {
		return p.ref.(map[string]facts.Value)
	}
	return nil
}

func (x *extractor) newWriter(df val, prop string, attr python.Node) val {
	w := x.work.writers.Take(4)
	*w = writer{api: facts.DataFrameWriter, hist: df.history(), writerAt: x.at(dotOf(attr)), param: x.frameParam(df), helper: helperOf(df)}
	if prop == "writeStream" {
		w.api = facts.DataStreamWriter
	}
	return val{kind: kWriter, ref: w}
}

func (x *extractor) newWriterV2(df val, c callSite, a args) val {
	w := x.work.writers.Take(4)
	*w = writer{api: facts.DataFrameWriterV2, hist: df.history(), writerAt: x.at(c.dot()), param: x.frameParam(df)}
	if g, ok := a.get(0, "table"); ok {
		w.target = x.tableTarget(g)
	}
	return val{kind: kWriter, ref: w}
}

// Sink parameters by position, per writer kind.
var (
	v1Sinks = map[string][]string{
		"save":        {"path", "format", "mode", "partitionBy"},
		"saveAsTable": {"name", "format", "mode", "partitionBy"},
		"insertInto":  {"tableName", "overwrite"},
		"parquet":     {"path", "mode", "partitionBy", "compression"},
		"orc":         {"path", "mode", "partitionBy", "compression"},
		"delta":       {"path", "mode", "partitionBy"},
		"csv":         {"path", "mode", "compression", "sep"},
		"json":        {"path", "mode", "compression"},
		"text":        {"path", "compression", "lineSep"},
		"xml":         {"path", "rowTag", "mode"},
		"jdbc":        {"url", "table", "mode", "properties"},
	}
	streamSinks = map[string][]string{
		"start":   {"path", "format", "outputMode", "partitionBy", "queryName"},
		"toTable": {"tableName", "format", "outputMode", "partitionBy", "queryName"},
		// Databricks' older alias of toTable, still in courses and notebooks
		"table": {"tableName"},
	}
	v2Sinks = map[string]bool{
		"append": true, "overwrite": true, "overwritePartitions": true,
		"create": true, "replace": true, "createOrReplace": true,
	}
	// sinks that say the format by their name
	formatSinks = map[string]bool{
		"parquet": true, "orc": true, "delta": true, "csv": true, "json": true,
		"text": true, "xml": true, "jdbc": true,
	}
)

// writerMethod applies a method to writer w configured up to step s (nil
// when it is not configured yet).
func (x *extractor) writerMethod(w *writer, s *wstep, c callSite, a args) val {
	if w.from > 0 && (v1Sinks[c.name] != nil || streamSinks[c.name] != nil) {
		return val{} // the caller's writer: what it was given is not known here
	}
	switch w.api {
	case facts.DataFrameWriter:
		if params, ok := v1Sinks[c.name]; ok {
			x.writeSink(w, s, c, a, params)
			return val{}
		}
	case facts.DataStreamWriter:
		if params, ok := streamSinks[c.name]; ok {
			x.writeSink(w, s, c, a, params)
			return val{}
		}
	case facts.DataFrameWriterV2:
		if v2Sinks[c.name] {
			x.writeV2Sink(w, s, c, a)
			return val{}
		}
	}
	next := x.work.wsteps.Take(8)
	next.w, next.prev = w, s
	name := x.span(c.nameStart(), c.call.End())
	switch c.name {
	case "format", "using", "mode", "outputMode":
		if g, ok := a.get(0, ""); ok {
			next.kind, next.v, next.span = wFormat, g.v, x.spanOf(g.n)
			if c.name == "mode" || c.name == "outputMode" {
				next.kind = wMode
			}
		}
	case "partitionBy", "partitionedBy":
		next.kind, next.ref = wPartition, x.partitioning(a, x.span(c.dot(), c.call.End()))
	case "clusterBy":
		next.kind, next.ref = wCluster, x.partitioning(a, name)
	case "option":
		next.kind, next.ref = wOptions, x.withOption(s.options(), a)
	case "options":
		next.kind, next.ref = wOptions, x.withOptions(s.options(), a)
	case "tableProperty":
		next.kind, next.ref = wProps, x.withProperty(s.props(), a, "property", "value")
	case "trigger":
		next.kind, next.ref = wTrigger, x.trigger(a, name)
	case "foreachBatch", "foreach":
		// Spark records these as the sink's format
		next.kind, next.ref = wFormat, x.lower(c.name)
		next.span = x.span(c.nameStart(), c.fn.End())
		if g, ok := a.get(0, "func"); ok && c.name == "foreachBatch" {
			step := x.work.wsteps.Take(8)
			*step = wstep{w: w, prev: next, kind: wBatch, v: g.v, span: x.spanOf(g.n)}
			next = step
			x.batchName(next, g)
			x.foreachBatchCall(w, c, g)
		}
	case "queryName":
		if g, ok := a.get(0, "queryName"); ok {
			next.kind, next.v, next.span = wQuery, g.v, x.spanOf(g.n)
		}
	}
	return val{kind: kWriter, ref: next}
}

// partitioning reads partitionBy("a", "b"), partitionBy(["a", "b"]) and
// partitionBy(*cols) arguments. Columns passed with * are those of the list
// when it is known whole (KEYS = ["day", "ns"]); else they are dynamic:
// the list is built to vary, so rules do not judge it, though its known
// names are kept.
func (x *extractor) partitioning(a args, sp facts.Span) *facts.Partitioning {
	p := &facts.Partitioning{Span: sp}
	for _, g := range a {
		x.notePartParam(p, g.v)
		switch {
		case g.splat == 1 && g.v.kind == kList:
			x.partitionColumns(p, g.v, x.spanOf(g.n)) // dynamic if open
			p.Dynamic = p.Dynamic || len(g.v.items()) == 0
		case g.splat == 1 && g.v.kind == kModule && projectName(g.v.name):
			// *COLS of another module's list: the link step fills it (as
			// partitionBy(COLS)), and it stays dynamic until then
			p.Columns = append(p.Columns, facts.Column{Span: x.spanOf(g.n)})
			p.Dynamic = true
		case g.splat != 0:
			p.Dynamic = true
		default:
			x.partitionColumns(p, g.v, x.spanOf(g.n))
		}
	}
	if p.Dynamic || len(p.Names()) < len(p.Columns) {
		p.Expr = x.partitionCode(a)
	}
	return p
}

// partitionCode is the code of partitionBy's arguments as a message quotes
// it: "*cols", "self.partition_by".
func (x *extractor) partitionCode(a args) string {
	var b []byte
	for i, g := range a {
		if !g.n.Valid() {
			return ""
		}
		if i > 0 {
			b = append(b, ", "...)
		}
		if g.name != "" {
			b = append(b, g.name...)
			b = append(b, '=')
		}
		b = append(b, "**"[:g.splat]...)
		b = append(b, g.n.Text()...)
	}
	if len(b) == 0 {
		return ""
	}
	return x.targetCode(b)
}

func (x *extractor) partitionColumns(p *facts.Partitioning, v val, sp facts.Span) {
	if v.kind == kList {
		p.Dynamic = p.Dynamic || v.open
		for _, it := range v.items() {
			x.partitionColumns(p, it.val, it.span)
		}
		return
	}
	if transformed(v) {
		// days("ts"), "days(ts)": a day, an hour or a bucket of the
		// column, as SQL's PARTITIONED BY (days(ts)) is, with no name
		p.Columns = append(p.Columns, facts.Column{Span: sp})
		return
	}
	c, ok := columnOf(v, sp)
	if !ok {
		p.Dynamic = true
	}
	p.Columns = append(p.Columns, c)
}

// transformed reports whether v is a partition transform of a column:
// days("ts") or bucket(16, "id"), or the same written as a string.
func transformed(v val) bool {
	if v.kind == kColumn {
		return v.ref == partTransform
	}
	s, ok := v.literalString()
	if !ok {
		return false
	}
	name, _, call := strings.Cut(strings.ToLower(strings.TrimSpace(s)), "(")
	return call && strings.HasSuffix(s, ")") && partitionTransforms[strings.TrimSpace(name)] ||
		call && (name == "truncate" || name == "year" || name == "month" || name == "day" || name == "hour")
}

// writeSink finishes a DataFrameWriter or DataStreamWriter with its sink's
// own arguments (which override the chain's settings, as in Spark).
func (x *extractor) writeSink(w *writer, s *wstep, c callSite, a args, params []string) {
	fw := x.newWrite(w, s, c)
	if c.name == "table" {
		fw.Sink = "toTable" // the same sink by its other name
	}
	if formatSinks[c.name] {
		x.sinkSets("format")
		fw.Format, fw.FormatUnknown = c.name, false
		fw.FormatSpan = x.span(c.nameStart(), c.fn.End())
	}
	opts := fw.Options // the write's own copy; made when a sink argument is an option
	put := func(key string, v facts.Value) {
		if opts == nil {
			opts = make(map[string]facts.Value)
		}
		opts[key] = v
	}
	i := 0
	for _, g := range a {
		name := g.name
		switch {
		case g.splat == 2:
			x.optionArg(g, put)
			x.sinkSets("options")
			continue
		case g.splat == 1:
			i = len(params) // later positions are unknown
			continue
		case name == "":
			if i >= len(params) {
				continue
			}
			name = params[i]
			i++
		}
		sp := x.spanOf(g.n)
		x.sinkSets(name)
		switch name {
		case "path":
			fw.Target = x.pathTarget(g)
		case "name", "tableName", "table":
			fw.Target = x.tableTarget(g)
		case "format":
			fw.Format, fw.FormatUnknown = x.formatName(g.v)
			fw.FormatSpan = sp
		case "mode", "outputMode":
			fw.Mode = g.v.value(sp)
		case "overwrite":
			if b, ok := g.v.value(sp).Truth(); ok {
				fw.Mode = facts.Value{Kind: facts.String, Str: map[bool]string{true: "overwrite", false: "append"}[b], Span: sp}
			}
		case "partitionBy":
			fw.PartitionBy = x.partitioning(args{{v: g.v, n: g.n}}, x.spanOf(g.whole))
		case "queryName":
			if fw.Stream != nil {
				fw.Stream.QueryName = g.v.value(sp)
			}
		case "url", "properties", "rowTag":
		default:
			put(x.lower(name), g.v.value(sp))
		}
	}
	if fw.Target.Path == "" && fw.Target.Table == "" {
		if p, ok := opts["path"]; ok && p.Kind == facts.String {
			fw.Target = facts.Target{Path: p.Str, Span: p.Span}
		} else if ok && fw.Target.Expr == "" {
			fw.Target.Expr = x.codeAt(p.Span) // .option("path", os.path.join(root, "x"))
		}
	}
	if len(opts) > 0 {
		fw.Options = opts
	}
	x.recordWrite(fw, w.param, w.helper)
}

func (x *extractor) writeV2Sink(w *writer, s *wstep, c callSite, a args) {
	fw := x.newWrite(w, s, c)
	nameSpan := x.span(c.nameStart(), c.fn.End())
	switch c.name {
	case "append":
		fw.Mode = facts.Value{Kind: facts.String, Str: "append", Span: nameSpan}
	case "overwrite", "overwritePartitions":
		fw.Mode = facts.Value{Kind: facts.String, Str: "overwrite", Span: nameSpan}
	default:
		// create, replace and createOrReplace define the table: its
		// properties belong to the definition, not twice to the write too
		props := fw.Properties
		fw.Properties = nil
		x.recordTable(&facts.TableDef{
			Kind:        facts.WriterV2Create,
			Lang:        document.Python,
			Name:        fw.Target.Table,
			Span:        fw.Span,
			At:          fw.At,
			Format:      fw.Format,
			PartitionBy: fw.PartitionBy,
			ClusterBy:   fw.ClusterBy,
			Properties:  props,
			AddProps:    x.chainInsertion(facts.PyWriterProperty, c),
		})
	}
	x.recordWrite(fw, w.param, w.helper)
}

// sinkSets notes that the sink's argument name sets a setting a helper
// that configured the writer before may have set (see linked.go).
func (x *extractor) sinkSets(name string) {
	var b uint8
	switch name {
	case "format":
		b = facts.SetFormat
	case "mode", "outputMode", "overwrite":
		b = facts.SetMode
	case "partitionBy":
		b = facts.SetPartition
	case "queryName":
		b = facts.SetQuery
	case "path", "name", "tableName", "table", "url", "properties", "rowTag":
	default:
		b = facts.SetOptions
	}
	for i := range x.finishing {
		x.finishing[i].After |= b
	}
}

// newWrite returns the write that the sink c of writer w configured up to
// step s records.
func (x *extractor) newWrite(w *writer, s *wstep, c callSite) *facts.Write {
	fw := &facts.Write{
		API:             w.api,
		Lang:            document.Python,
		Span:            x.spanOf(c.call),
		At:              x.span(c.nameStart(), c.call.End()),
		Sink:            c.name,
		Target:          w.target,
		Transforms:      w.hist.list(&x.edits),
		FrameFromHelper: w.helper != nil,
		WriterAt:        w.writerAt,
	}
	var seen [wKinds]bool
	if w.api == facts.DataStreamWriter {
		fw.Stream = x.streamOf(w, s, c)
	} else {
		fw.CopyOf = w.hist.narrowSource()
	}
	x.finishing = x.finishing[:0]
	for ; s != nil; s = s.prev {
		if s.kind == wLinked {
			// a call the link step follows configured the writer: what the
			// code set after it stands
			c := *s.ref.(*facts.Configured)
			c.After = seenBits(&seen)
			x.finishing = append(x.finishing, c)
			continue
		}
		if s.kind == wJoin {
			x.joinedSettings(fw, s, &seen)
			break
		}
		if seen[s.kind] {
			continue // a newer step set it
		}
		seen[s.kind] = true
		x.applyStep(fw, s)
	}
	return fw
}

// joinedSettings gives fw the settings not yet seen that branches meeting
// at join j agree on; where they do not, the setting is unknown, and a
// trigger that some way leaves unset is unset, saying when.
func (x *extractor) joinedSettings(fw *facts.Write, j *wstep, seen *[wKinds]bool) {
	for k := wFormat; k < wJoin; k++ {
		if seen[k] {
			continue
		}
		step, mixed, unsetWhen := j.find(k)
		switch {
		case !mixed:
			if step != nil {
				x.applyStep(fw, step)
			}
		case k == wFormat:
			fw.Format, fw.FormatUnknown = "", true
		case k == wPartition:
			fw.PartitionBy = &facts.Partitioning{Dynamic: true}
			if one := onlyStep(j, k); one != nil && one.ref.(*facts.Partitioning).Expr != "" {
				// partitioned by columns not known here on the ways that
				// partition at all (if by: writer = writer.partitionBy(by))
				orig := one.ref.(*facts.Partitioning)
				p := *orig
				p.Dynamic = true
				fw.PartitionBy = &p
				if r, ok := x.fn.partParam(orig); ok {
					x.fn.parts[&p] = r
				}
			}
		case k == wTrigger && unsetWhen != "":
			if fw.Stream != nil {
				fw.Stream.NoTriggerWhen = unsetWhen
			}
		case k == wTrigger:
			fw.Trigger = &facts.Trigger{Kind: facts.TriggerUnknown}
			if t := fastestWay(j); t != nil {
				fw.Trigger = t
			}
			fw.HasTrigger = true
		}
	}
}

// fastestWay is the processing-time trigger of the way through join j
// that triggers most often, saying when it runs, when every way sets a
// trigger and that way's condition is known; nil otherwise.
func fastestWay(j *wstep) *facts.Trigger {
	var best *facts.Trigger
	when := ""
	for _, a := range j.ref.(*wjoin).alts {
		got, mixed, _ := a.s.find(wTrigger)
		if got == nil || mixed {
			return nil
		}
		t, _ := got.ref.(*facts.Trigger)
		if t == nil || t.Kind != facts.TriggerProcessingTime || !t.IntervalOK() {
			continue
		}
		if best == nil || t.Seconds < best.Seconds {
			best, when = t, a.when.text
		}
	}
	if best == nil || when == "" {
		return nil
	}
	c := *best
	c.When = when
	return &c
}

// applyStep gives fw the setting step s makes.
func (x *extractor) applyStep(fw *facts.Write, s *wstep) {
	switch s.kind {
	case wFormat:
		if f, ok := s.ref.(string); ok {
			fw.Format, fw.FormatUnknown = f, false
		} else {
			fw.Format, fw.FormatUnknown = x.formatName(s.v)
		}
		fw.FormatSpan = s.span
	case wMode:
		fw.Mode = s.v.value(s.span)
	case wPartition:
		fw.PartitionBy = s.ref.(*facts.Partitioning)
	case wCluster:
		fw.ClusterBy = s.ref.(*facts.Partitioning).Columns
	case wOptions:
		fw.Options = s.ref.(*options).toMap()
	case wProps:
		fw.Properties = s.ref.(map[string]facts.Value)
	case wTrigger:
		fw.Trigger = s.ref.(*facts.Trigger)
		fw.HasTrigger = true
	}
}

// withProperty returns props with the (key, value) call arguments added;
// props is copied, not changed, since earlier builder steps share it.
func (x *extractor) withProperty(props map[string]facts.Value, a args, keyParam, valueParam string) map[string]facts.Value {
	k, ok := a.get(0, keyParam)
	if !ok {
		return props
	}
	key, ok := k.v.literalString()
	if !ok {
		return props
	}
	out := maps.Clone(props)
	if out == nil {
		out = make(map[string]facts.Value)
	}
	if v, ok := a.get(1, valueParam); ok {
		out[x.lower(key)] = v.v.value(x.spanOf(v.n))
	}
	return out
}
