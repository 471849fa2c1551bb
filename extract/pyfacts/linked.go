package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
)

// Writers configured by functions this file does not define: a helper
// imported from another module, defined further down (in a later notebook
// cell too), or a method of an instance of an imported class. The call's
// result is the writer it was given, configured in a way known only to
// the link step (a wLinked step); a write finished on it becomes a
// facts.Finished of the summary, which the link step completes with what
// the helper's facts.WriterHelper sets, or drops when the call does not
// resolve to one, as today it makes no write at all.

// linkedWriter is what call returns when an argument among a is a writer
// the file configures and the callee is not known here: that writer,
// configured by the call. ok is false when no argument is such a writer.
func (x *extractor) linkedWriter(call *facts.Call, a args) (val, bool) {
	if call == nil || call.CalleeParam > 0 {
		return val{}, false
	}
	for i := range a {
		w, s := writerStep(a[i].v)
		if w == nil || w.api == facts.DataFrameWriterV2 || a[i].splat != 0 {
			continue
		}
		if w.from > 0 && (x.fn == nil || x.fn.writers[w.from-1] != w) {
			continue // a writer helper's own parameter is followed in its summary only
		}
		k := len(call.Args) - len(a) + i // arguments bound to the callee come first
		return val{kind: kWriter, ref: &wstep{w: w, prev: s, kind: wLinked, ref: &facts.Configured{Call: call, Arg: k}}}, true
	}
	return val{}, false
}

// setBits are the facts.WriterSettings bits of the step kinds.
var setBits = [wKinds]uint8{
	wFormat: facts.SetFormat, wMode: facts.SetMode, wPartition: facts.SetPartition,
	wCluster: facts.SetCluster, wOptions: facts.SetOptions, wProps: facts.SetProps,
	wTrigger: facts.SetTrigger, wQuery: facts.SetQuery, wBatch: facts.SetFormat,
}

// seenBits are the settings of seen as facts.WriterSettings bits.
func seenBits(seen *[wKinds]bool) uint8 {
	var b uint8
	for k, s := range seen {
		if s {
			b |= setBits[k]
		}
	}
	return b
}

// hasLinked reports whether a way through s is configured by a call the
// link step resolves (a wLinked step).
func hasLinked(s *wstep) bool {
	for ; s != nil; s = s.prev {
		switch s.kind {
		case wLinked:
			return true
		case wJoin:
			for _, a := range s.ref.(*wjoin).alts {
				if hasLinked(a.s) {
					return true
				}
			}
			return false
		}
	}
	return false
}

// maxWays bounds the ways through a writer helper's branches it summarises.
const maxWays = 16

// writerHelper summarises what function st, which returns the writer its
// parameter i is configured up to step s, sets on that writer; nil when
// it is not followed (too many ways).
func (x *extractor) writerHelper(st *fnState, i int, s *wstep) *facts.WriterHelper {
	var ways []wayPath
	if !flattenWays(s, nil, nil, nil, &ways) {
		return nil
	}
	h := &facts.WriterHelper{Param: i, Ways: make([]facts.WriterWay, 0, len(ways))}
	for _, wp := range ways {
		way := facts.WriterWay{Helpers: wp.helpers}
		for _, wh := range wp.whens {
			if wh.text != "" {
				way.When = wh.text // the innermost branch's
			}
			if c, ok := paramCond(st.sum, wh); ok {
				way.Conds = append(way.Conds, c)
			}
		}
		var seen [wKinds]bool
		for _, step := range wp.steps {
			if seen[step.kind] {
				continue
			}
			seen[step.kind] = true
			x.setStep(&way.Sets, step)
			if t := way.Sets.Trigger; step.kind == wTrigger && t != nil {
				if p, ok := st.spans[t.Interval.Span]; ok && p.attr == "" {
					way.Sets.TriggerParam = p.i + 1 // trigger(processingTime=interval)
				}
			}
		}
		h.Ways = append(h.Ways, way)
	}
	return h
}

// wayPath is one way through a writer's branches: its steps, newest
// first, and when each branch it went through runs, outermost first.
type wayPath struct {
	steps   []*wstep
	whens   []when
	helpers []facts.Configured // calls of writer helpers of another module, newest first
}

// flattenWays adds to out each way through the steps from s back, after
// the newer steps and the branches' conditions given; false when a way
// holds what a summary does not carry.
func flattenWays(s *wstep, newer []*wstep, whens []when, helpers []facts.Configured, out *[]wayPath) bool {
	steps := newer
	for ; s != nil; s = s.prev {
		switch s.kind {
		case wLinked:
			c := *s.ref.(*facts.Configured)
			c.After = stepBits(steps)
			helpers = append(helpers[:len(helpers):len(helpers)], c)
			continue
		case wJoin:
			for _, a := range s.ref.(*wjoin).alts {
				if !flattenWays(a.s, steps[:len(steps):len(steps)], append(whens[:len(whens):len(whens)], a.when), helpers, out) {
					return false
				}
			}
			return true
		}
		steps = append(steps[:len(steps):len(steps)], s)
	}
	if len(*out) >= maxWays {
		return false
	}
	*out = append(*out, wayPath{steps: steps, whens: whens, helpers: helpers})
	return true
}

// stepBits are the settings steps make, as facts.WriterSettings bits.
func stepBits(steps []*wstep) uint8 {
	var b uint8
	for _, s := range steps {
		b |= setBits[s.kind]
	}
	return b
}

// paramCond is the condition wh as one on a parameter of fn: "flag" or
// "self.batch" (an attribute of the instance).
func paramCond(fn *facts.Func, wh when) (facts.WayCond, bool) {
	if wh.cond == "" || fn == nil {
		return facts.WayCond{}, false
	}
	name, attr, _ := strings.Cut(wh.cond, ".")
	if strings.Contains(attr, ".") {
		return facts.WayCond{}, false
	}
	for j, p := range fn.Params {
		if p.Name == name && p.Star == 0 && (attr == "" || j == 0) {
			return facts.WayCond{Param: j, Attr: attr, Holds: wh.holds}, true
		}
	}
	return facts.WayCond{}, false
}

// setStep records in ws the setting step s makes.
func (x *extractor) setStep(ws *facts.WriterSettings, s *wstep) {
	var fw facts.Write
	x.applyStep(&fw, s)
	switch s.kind {
	case wFormat:
		ws.Format, ws.FormatUnknown, ws.FormatSpan = fw.Format, fw.FormatUnknown, fw.FormatSpan
	case wMode:
		ws.Mode = fw.Mode
	case wPartition:
		ws.PartitionBy = fw.PartitionBy
	case wCluster:
		ws.ClusterBy = fw.ClusterBy
	case wOptions:
		ws.Options = fw.Options
	case wProps:
		ws.Properties = fw.Properties
	case wTrigger:
		ws.Trigger = fw.Trigger
		if t := fw.Trigger; t != nil && t.Kwargs != (facts.Span{}) {
			ws.TriggerGlobal = x.work.globals[t.Kwargs]
		}
	case wQuery:
		ws.QueryName = s.v.value(s.span)
	case wBatch:
		ws.Batch, _ = s.ref.(string)
	default:
		return
	}
	ws.Set |= setBits[s.kind]
}

// DeltaTables returned by functions this file does not define (from
// lib.tables import get_table; get_table(spark, p).vacuum(0)): the call's
// result is a linkedCall, and an OPTIMIZE or VACUUM made on it becomes a
// facts.Maintained of the summary, which the link step adds with the
// table the function returns (facts.Func.Table) for the call's arguments,
// or drops when the call does not resolve to such a function.

// linkedCall is the result of call, a call of a function not known here.
type linkedCall struct {
	call   *facts.Call
	target facts.Target // the call's code, naming the table when nothing else does
	exprs  []string     // the code of each argument (facts.Maintained.Exprs)
	// frame is the argument that is a DataFrame the call may make a writer
	// from (see builtWriterOf), -1 when none; hist and param are as a
	// writer made from it has them.
	frame int
	hist  *hist
	param int
	// changed says the code set settings on the result (c = make_conf();
	// c.set(...)): it is then no longer what the function returns
	changed bool
	// in is the argument that is the DataFrame the call may return steps
	// of (see facts.FrameCall), -1 when none: a DataFrame, the current
	// function's parameter, or what another such call returned, inner
	// (through narrow steps only); inParam is 1 + the parameter the
	// DataFrame comes from (see frameParam)
	in      int
	inner   *linkedCall
	inParam int
	// fn is the function whose body makes the call, nil at module level:
	// its arguments name that function's parameters
	fn *fnState
}

// linkedResult is what call, made at c with arguments a, returns: a
// writer it configures (see linkedWriter), else its result for the link
// step to know.
func (x *extractor) linkedResult(call *facts.Call, c callSite, a args) val {
	if w, ok := x.linkedWriter(call, a); ok {
		return w
	}
	if call == nil || call.CalleeParam > 0 {
		return val{}
	}
	t := facts.Target{Span: x.spanOf(c.call), Expr: x.targetCode(c.call.Text())}
	exprs := make([]string, len(call.Args))
	for i := range a {
		if k := len(call.Args) - len(a) + i; k >= 0 { // arguments bound to the callee come first
			exprs[k] = x.targetCode(a[i].n.Text())
		}
	}
	lc := &linkedCall{call: call, target: t, exprs: exprs, frame: -1, in: -1, fn: x.fn}
	for i := range a {
		if k := len(call.Args) - len(a) + i; k >= 0 && lc.frame < 0 && a[i].splat == 0 && x.isFrame(a[i].v) {
			lc.frame, lc.hist, lc.param = k, a[i].v.history(), x.frameParam(a[i].v)
		}
	}
	// the DataFrame the call may give back steps of: a DataFrame first,
	// else what another helper returned, else a parameter
	rank := 0
	for i := range a {
		k := len(call.Args) - len(a) + i
		if k < 0 || a[i].splat != 0 {
			continue
		}
		r := 0
		switch v := a[i].v; {
		case v.kind == kFrame:
			r = 3
		case v.kind == kUnknown && helperOf(v) != nil:
			r = 2
		case x.isFrame(v):
			r = 1
		}
		if r > rank {
			rank, lc.in, lc.inner, lc.inParam = r, k, helperOf(a[i].v), x.frameParam(a[i].v)
		}
	}
	return val{ref: lc}
}

// maxFrameCalls bounds the calls a Frame follows back.
const maxFrameCalls = 8

// frameOf is how the DataFrame that call lc returns was made, for the
// link step (see facts.Frame): lc and the calls before it whose results
// it was given. Nil for a chain longer than maxFrameCalls (what came
// before its first call is not known), and when a call of it was made in
// another function's body than in (a function of this file that returns
// what it got from one: its arguments name that function's parameters,
// not those of the code here), or calls a parameter.
func frameOf(lc *linkedCall, at facts.Span, in *fnState) *facts.Frame {
	n := 0
	for c := lc; c != nil; c = c.inner {
		if n++; n > maxFrameCalls || c.fn != in || c.call.CalleeParam > 0 {
			return nil
		}
	}
	fr := &facts.Frame{At: at, Calls: make([]facts.FrameCall, n)}
	c := lc
	for i := n - 1; i >= 0; i-- {
		fr.Calls[i] = facts.FrameCall{Call: c.call, Arg: c.in}
		if i == 0 {
			fr.Param = c.inParam
		}
		c = c.inner
	}
	return fr
}

// isFrame reports whether v is a DataFrame, or the current function's
// parameter, which may be one.
func (x *extractor) isFrame(v val) bool {
	_, param := x.paramOf(v)
	return v.kind == kFrame || v.kind == kUnknown && param
}

// builtWriterOf is the writer a call of a function not known here may have
// made from the DataFrame it was given, when the code calls a writer's
// method m on its result v (make_writer(df).trigger(...).toTable("t")):
// configured by the call, as the link step finds it does. ok is false
// when v is no such call or m no writer's method.
func (x *extractor) builtWriterOf(v val, m string) (val, bool) {
	lc, ok := v.ref.(*linkedCall)
	if !ok || v.kind != kUnknown || lc.frame < 0 {
		return val{}, false
	}
	api, ok := builtAPI(m, lc.hist)
	if !ok {
		return val{}, false
	}
	w := x.work.writers.Take(4)
	*w = writer{api: api, hist: lc.hist, writerAt: -1, param: lc.param}
	c := &facts.Configured{Call: lc.call, Arg: lc.frame, Builds: true}
	return val{kind: kWriter, ref: &wstep{w: w, kind: wLinked, ref: c}}, true
}

// builtAPI is the writer whose method m is called on what a call returned,
// when m is only a writer's: a stream's when m is, or when the DataFrame
// the call was given is a stream and m any writer's.
func builtAPI(m string, h *hist) (facts.API, bool) {
	switch {
	case writerOnly[m] == facts.DataStreamWriter, m == "start", m == "toTable":
		return facts.DataStreamWriter, true
	case writerOnly[m] == facts.DataFrameWriter, v1Sinks[m] != nil && m != "jdbc":
		return facts.DataFrameWriter, true
	case !writerSettings[m]:
		return "", false
	}
	if h.streaming() {
		return facts.DataStreamWriter, true
	}
	return facts.DataFrameWriter, true
}

// orLinked is linked, a linkedResult, when it is a writer, or when what
// the code reads of the call otherwise (orElse) is nothing known.
func orLinked(linked val, orElse func() val) val {
	if linked.kind == kWriter {
		return linked
	}
	if v := orElse(); v.kind != kUnknown || v.ref != nil || linked.ref == nil {
		return v
	}
	return linked
}

// linkedTable is the DeltaTable a linkedCall v may be, with delta-rs's API
// when rs.
func linkedTable(v val, rs bool) (*deltaState, bool) {
	lc, ok := v.ref.(*linkedCall)
	if !ok || v.kind != kUnknown {
		return nil, false
	}
	return &deltaState{target: lc.target, linked: lc, rs: rs}, true
}

// linkedMethod applies a DeltaTable's maintenance methods to what a call
// of a function not known here returned: vacuum, read as Spark's and as
// delta-rs's, and optimize(). ok is false for other methods.
func (x *extractor) linkedMethod(v val, c callSite, a args) (val, bool) {
	if w, ok := x.builtWriterOf(v, c.name); ok {
		return x.method(w, c, a), true
	}
	switch c.name {
	case "set", "setAll", "setIfMissing", "update", "__setitem__":
		if lc, ok := v.ref.(*linkedCall); ok && v.kind == kUnknown {
			lc.changed = true
		}
		return val{}, false
	case "vacuum":
		dt, ok := linkedTable(v, false)
		if !ok {
			return val{}, false
		}
		x.deltaTableMethod(dt, c, a)
		rs := *dt
		rs.rs = true
		x.deltaRSMethod(&rs, c, a)
		return val{}, true
	case "optimize":
		if dt, ok := linkedTable(v, false); ok {
			return val{kind: kDeltaOptimize, ref: dt}, true
		}
	}
	return val{}, false
}
