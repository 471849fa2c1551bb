package pyfacts

import (
	"bytes"
	"cmp"
	"maps"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/notebook"
	"github.com/lakelint/lakelint/parsers/python"
)

// Every fact goes through the recorder below, which knows the function
// whose body is being read. Outside functions a fact is the file's. Inside
// one it is also the function's summary (facts.Func), with the fields that
// come from its parameters marked as holes, so that the project link step
// (package link) can apply it at each call site with the arguments given
// there. Settings inside a function are the summary's, and the file's
// OtherSettings: a conf.set in a function that nothing calls sets nothing,
// though what it would set can be judged.

// fnState is a function whose body is being read.
type fnState struct {
	sum    *facts.Func
	fn     *function
	parent *fnState
	ret    val
	rets   int // return statements seen
	// spans are the arguments, by where they are written, that are this
	// function's parameters (or their attributes): a fact field at such a
	// span is a hole.
	spans map[facts.Span]paramRef
	// statics are the class settings read through the instance (self.X
	// read as the class body binds it), by where they are written: a
	// subclass's instance may bind X itself (see facts.Hole.Static)
	staticReads map[facts.Span]string
	// parts are partitionings whose columns are a parameter.
	parts map[*facts.Partitioning]paramRef
	// roots are DataFrame histories that start from a parameter.
	roots map[*hist]int
	// zorder are Z-orderings whose columns are a parameter.
	zorder map[*facts.Maintenance]paramRef
	// strings are the strings built with parameters (see sqltemplate.go),
	// made when first needed
	strings *fnStrings
	// class is the class a method is defined in ("" for a plain function,
	// a static method or one nested in another function): its first
	// parameter is the instance.
	class string
	// statics are the attributes of the class a method (not a static
	// one) is defined in, which its first parameter reads
	statics *classAttrs
	// writers are the writers parameters are, by parameter (see paramWriter)
	writers map[int]*writer
}

// paramRef is a parameter, or an attribute of one (self.table).
type paramRef struct {
	i    int
	attr string
}

// noteZOrderParam marks m's Z-order columns, read as partitioning p, as a
// parameter's when p's are.
func (x *extractor) noteZOrderParam(m *facts.Maintenance, p *facts.Partitioning) {
	if x.fn == nil {
		return
	}
	if i, ok := x.fn.parts[p]; ok {
		if x.fn.zorder == nil {
			x.fn.zorder = make(map[*facts.Maintenance]paramRef)
		}
		x.fn.zorder[m] = i
	}
}

// param is the value of a parameter inside its function's body: unknown,
// but known to be that parameter; with attr, that parameter's attribute.
type param struct {
	fn   *fnState
	i    int
	attr string
}

// paramOf returns the index of the current function's parameter that v is.
func (x *extractor) paramOf(v val) (int, bool) {
	if x.fn == nil {
		return 0, false
	}
	if p, ok := v.ref.(*param); ok && p.fn == x.fn && p.attr == "" {
		return p.i, true
	}
	return 0, false
}

// paramRefOf returns the current function's parameter, or parameter
// attribute, that v is.
func (x *extractor) paramRefOf(v val) (paramRef, bool) {
	if v.kind == kConf && v.ref != nil {
		v.kind = kUnknown // a parameter named conf (see lookup)
	}
	if x.fn == nil || v.kind != kUnknown {
		return paramRef{}, false
	}
	if p, ok := v.ref.(*param); ok && p.fn == x.fn {
		return paramRef{p.i, p.attr}, true
	}
	return paramRef{}, false
}

// noteParamArg remembers that the argument written at g is a parameter.
func (x *extractor) noteParamArg(g *arg) {
	if r, ok := x.paramRefOf(g.v); ok {
		if x.fn.spans == nil {
			x.fn.spans = x.spanMap()
		}
		x.fn.spans[x.spanOf(g.n)] = r
	} else if s := x.fn.strings; g.v.kind == kStr && s != nil {
		if d, ok := g.v.ref.(*python.Decoded); ok && len(d.Holes) > 0 {
			s.templates = append(s.templates, template{x.spanOf(g.n), d})
		}
	}
}

// notePartParam marks p's columns as coming from parameter v.
func (x *extractor) notePartParam(p *facts.Partitioning, v val) {
	if r, ok := x.paramRefOf(v); ok {
		if x.fn.parts == nil {
			x.fn.parts = make(map[*facts.Partitioning]paramRef)
		}
		x.fn.parts[p] = r
	}
}

// partParam is the parameter partitioning p's columns come from; false
// outside a function, or when they come from none.
func (f *fnState) partParam(p *facts.Partitioning) (paramRef, bool) {
	if f == nil {
		return paramRef{}, false
	}
	r, ok := f.parts[p]
	return r, ok
}

// noteFrameRoot marks h as a transform of the DataFrame parameter obj.
func (x *extractor) noteFrameRoot(h *hist, obj val) {
	if i, ok := x.paramOf(obj); ok {
		if x.fn.roots == nil {
			x.fn.roots = make(map[*hist]int)
		}
		x.fn.roots[h] = i
	}
}

// frameParam returns 1 + the parameter a DataFrame comes from, 0 when none.
func (x *extractor) frameParam(df val) int {
	if x.fn == nil {
		return 0
	}
	if i, ok := x.paramOf(df); ok {
		return i + 1
	}
	h := df.history()
	if h == nil || x.fn.roots == nil {
		return 0
	}
	for ; h.prev != nil; h = h.prev {
	}
	if i, ok := x.fn.roots[h]; ok {
		return i + 1
	}
	return 0
}

// recordWrite records a write; frame is writer.param (1 + the parameter
// the written DataFrame comes from, 0 when none), helper the call of a
// helper not followed whose result it is (see facts.Frame), nil when none.
func (x *extractor) recordWrite(w *facts.Write, frame int, helper *linkedCall) {
	w.Loop, w.LoopItems, w.LoopWhile = x.inLoop, x.loopItems, x.loopWhile
	if len(x.finishing) > 0 {
		// configured by calls the link step follows: the write is made there
		s := x.summary()
		s.Finished = append(s.Finished, facts.Finished{Write: w, Helpers: append([]facts.Configured(nil), x.finishing...)})
		x.finishing = x.finishing[:0]
		return
	}
	x.file.Writes = push(&x.writeLists, x.file.Writes, w)
	if helper != nil {
		if fr := frameOf(helper, w.Span, x.fn); fr != nil && x.fn != nil {
			x.fn.sum.Framed = append(x.fn.sum.Framed, *fr)
		} else if fr != nil {
			s := x.summary()
			s.Framed = append(s.Framed, *fr)
		}
	}
	if f := x.fn; f != nil {
		if frame > 0 {
			w.FrameFromCaller = true
			f.sum.Holes = append(f.sum.Holes, facts.Hole{Fact: facts.FactWrite, Index: len(f.sum.Writes), Field: facts.HoleFrame, Param: frame - 1})
		}
		f.sum.Writes = push(&x.writeLists, f.sum.Writes, w)
	}
}

func (x *extractor) recordRead(r *facts.Read) {
	x.file.Reads = push(&x.readLists, x.file.Reads, r)
	if f := x.fn; f != nil {
		f.sum.Reads = push(&x.readLists, f.sum.Reads, r)
	}
}

func (x *extractor) recordTable(t *facts.TableDef) {
	x.file.Tables = append(x.file.Tables, t)
	if f := x.fn; f != nil {
		f.sum.Tables = append(f.sum.Tables, t)
	}
}

// recordSetting records a session setting: the file's at module level, the
// function's only inside one.
func (x *extractor) recordSetting(s *facts.Setting) {
	if f := x.fn; f != nil {
		f.sum.Settings = push(&x.settingLists, f.sum.Settings, s)
		x.file.OtherSettings = append(x.file.OtherSettings, s)
		return
	}
	x.file.Settings = push(&x.settingLists, x.file.Settings, s)
}

func (x *extractor) recordMaintenance(m *facts.Maintenance) {
	x.file.Maintenance = append(x.file.Maintenance, m)
	if f := x.fn; f != nil {
		f.sum.Maintenance = append(f.sum.Maintenance, m)
	}
}

// fieldRef is a field of a fact that a parameter or an imported constant can fill.
type fieldRef struct {
	span  facts.Span
	field facts.HoleField
	key   string
}

// fields appends to out the fillable fields of a fact, by where their value
// is written.
func fields(out []fieldRef, fact any) []fieldRef {
	add := func(sp facts.Span, f facts.HoleField, key string) {
		if sp != (facts.Span{}) {
			out = append(out, fieldRef{sp, f, key})
		}
	}
	switch v := fact.(type) {
	case *facts.Write:
		add(v.Target.Span, facts.HoleTable, "")
		if p := v.PartitionBy; p != nil && len(p.Columns) == 1 && p.Columns[0].Name == "" {
			add(p.Columns[0].Span, facts.HolePartitionBy, "") // partitionBy(COLS)
		}
		add(v.Mode.Span, facts.HoleMode, "")
		add(v.FormatSpan, facts.HoleFormat, "")
		if v.Trigger != nil {
			add(v.Trigger.Interval.Span, facts.HoleTrigger, "")
			add(v.Trigger.Kwargs, facts.HoleTriggerArgs, "")
		}
		for _, k := range slices.Sorted(maps.Keys(v.Options)) { // the summary's order is the cache's
			add(v.Options[k].Span, facts.HoleOption, k)
		}
	case *facts.Read:
		add(v.Target.Span, facts.HoleTable, "")
	case *facts.Setting:
		add(v.Value.Span, facts.HoleValue, "")
	case *facts.Maintenance:
		add(v.Target.Span, facts.HoleTable, "")
		add(v.Retain.Span, facts.HoleRetain, "")
	case *facts.TableDef:
		add(v.LocationAt, facts.HolePath, "")
	}
	return out
}

// holes marks the fields of the function's facts that its parameters or
// imported constants fill, once the body is read (a maintenance's
// retention is set after the fact is recorded, say).
func (x *extractor) holes(f *fnState) {
	mark := func(kind facts.FactKind, i int, fact any) {
		x.work.fieldBuf = fields(x.work.fieldBuf[:0], fact)
		for _, r := range x.work.fieldBuf {
			if r.field == facts.HoleTable || r.field == facts.HolePath {
				// a target a call fills is the call's: the function's own
				// binding of it names no table of its own
				n := len(f.sum.Holes)
				defer func() {
					if len(f.sum.Holes) > n && f.sum.Holes[n].Field == r.field {
						unbind(fact)
					}
				}()
			}
			if p, ok := f.spans[r.span]; ok {
				f.sum.Holes = append(f.sum.Holes, facts.Hole{Fact: kind, Index: i, Field: r.field, Param: p.i, Key: r.key, Attr: p.attr})
				if w, ok := fact.(*facts.Write); ok && (r.field == facts.HoleTable || r.field == facts.HolePath) {
					w.TargetFromCaller = true
				}
			} else if attr, ok := f.staticReads[r.span]; ok {
				f.sum.Holes = append(f.sum.Holes, facts.Hole{Fact: kind, Index: i, Field: r.field, Attr: attr, Static: true})
			} else if parts := x.templateAt(f, r.span); parts != nil {
				f.sum.Holes = append(f.sum.Holes, facts.Hole{Fact: kind, Index: i, Field: r.field, Param: parts[0].Param, Key: r.key, Parts: parts[1:]})
			} else if g, ok := x.work.globals[r.span]; ok {
				f.sum.Holes = append(f.sum.Holes, facts.Hole{Fact: kind, Index: i, Field: r.field, Param: -1, Key: r.key, Global: g, Span: r.span, Obj: x.work.globalObjs[r.span]})
			}
		}
	}
	for i, w := range f.sum.Writes {
		mark(facts.FactWrite, i, w)
		if p, ok := f.parts[w.PartitionBy]; ok && w.PartitionBy != nil {
			f.sum.Holes = append(f.sum.Holes, facts.Hole{Fact: facts.FactWrite, Index: i, Field: facts.HolePartitionBy, Param: p.i, Attr: p.attr})
			if p.attr == "" || f.class == "" || p.i != 0 {
				w.PartitionFromCaller = true
			}
		}
	}
	for i, r := range f.sum.Reads {
		mark(facts.FactRead, i, r)
	}
	for i, t := range f.sum.Tables {
		mark(facts.FactTable, i, t)
	}
	for i, s := range f.sum.Settings {
		mark(facts.FactSetting, i, s)
	}
	for i, m := range f.sum.Maintenance {
		mark(facts.FactMaintenance, i, m)
		if p, ok := f.zorder[m]; ok {
			f.sum.Holes = append(f.sum.Holes, facts.Hole{Fact: facts.FactMaintenance, Index: i, Field: facts.HoleZOrder, Param: p.i, Attr: p.attr})
		}
	}
	slices.SortStableFunc(f.sum.Holes, func(a, b facts.Hole) int {
		return cmp.Or(cmp.Compare(a.Fact, b.Fact), cmp.Compare(a.Index, b.Index), cmp.Compare(a.Field, b.Field), strings.Compare(a.Key, b.Key), strings.Compare(a.Attr, b.Attr))
	})
}

// noteGlobalArg remembers an argument that is a name imported from a
// module of the project, or one a %run notebook may define.
func (x *extractor) noteGlobalArg(g *arg, sc *scope) {
	name := ""
	switch {
	case g.v.kind == kModule && projectName(g.v.name):
		name = g.v.name
	case g.v.kind == kUnknown:
		// an instance's attribute its class sets in its body (c.interval
		// of c = StreamConf()): the class's constant, in the class's module
		if r, ok := g.v.ref.(*objAttr); ok && projectName(r.obj.cls) {
			name = r.obj.cls + "." + r.name
			// and the instance, for what its constructor is given
			if x.work.globalObjs == nil {
				x.work.globalObjs = make(map[facts.Span]*facts.Arg)
			}
			obj := r.obj.self()
			x.work.globalObjs[x.spanOf(g.n)] = &obj
		}
		if r, ok := g.v.ref.(*returnedAttr); ok {
			name = r.callee + "()." + r.name // see link's keptAttr
		}

	case g.v.kind == kUnknown && g.n.Is("identifier") && x.includes():
		if _, bound := sc.lookup(x.text(g.n)); !bound {
			name = x.text(g.n)
		}
	}
	if name == "" {
		return
	}
	if x.work.globals == nil {
		x.work.globals = make(map[facts.Span]string)
	}
	x.work.globals[x.spanOf(g.n)] = name
}

// noteReturnedArg remembers a **mapping that is what a call of a project
// function returns (trigger(**Fast().trigger_kwargs())): a function of
// another module, or a method a class inherits, whose summary the link
// step reads it from (facts.Func.Returns, named "callee()").
func (x *extractor) noteReturnedArg(g *arg) {
	calls := x.summary().Calls
	if x.fn != nil {
		calls = x.fn.sum.Calls
	}
	if len(calls) == 0 {
		return
	}
	call := calls[len(calls)-1] // the outermost call is recorded after its arguments
	sp := x.spanOf(g.n)
	if call.Span != sp || !noArgs(call) || !projectName(call.Callee) || call.CalleeParam > 0 {
		return
	}
	if x.work.globals == nil {
		x.work.globals = make(map[facts.Span]string)
	}
	x.work.globals[sp] = call.Callee + "()"
}

// noArgs reports whether call passes nothing but the instance its method
// is bound to.
func noArgs(call *facts.Call) bool {
	for _, a := range call.Args {
		if a.Kind != facts.ArgObject || a.Name != "" {
			return false
		}
	}
	return len(call.Args) <= 1
}

// finishSummary adds the module's constants, and the file's fact fields
// that imported constants fill, to the summary.
func (x *extractor) finishSummary() {
	each := func(kind facts.FactKind, fact any, at facts.Span) {
		x.work.fieldBuf = fields(x.work.fieldBuf[:0], fact)
		for _, r := range x.work.fieldBuf {
			if g, ok := x.work.globals[r.span]; ok {
				s := x.summary()
				s.Globals = append(s.Globals, facts.Global{Fact: kind, At: at, Field: r.field, Key: r.key, Name: g, Span: r.span, Obj: x.work.globalObjs[r.span]})
			}
		}
	}
	if len(x.work.globals) > 0 {
		for _, w := range x.file.Writes {
			each(facts.FactWrite, w, w.Span)
		}
		for _, r := range x.file.Reads {
			each(facts.FactRead, r, r.Span)
		}
		for _, s := range x.file.Settings {
			each(facts.FactSetting, s, s.Span)
		}
		for _, m := range x.file.Maintenance {
			each(facts.FactMaintenance, m, m.Span)
		}
	}
	// only strings, numbers, lists, dicts and SparkConfs can be constants:
	// those are counted, to allocate the list once, and only their names sorted
	candidate := func(v *val) bool { return constKind(v.kind) || v.kind == kSparkConf || isInstance(v) }
	m := x.module
	n := 0
	for _, b := range m.few {
		if candidate(b.v) {
			n++
		}
	}
	names := x.work.scratchNames[:0] // only sorted here, so reused
	for name, v := range m.vars {
		if candidate(v) {
			names = append(names, name)
		}
	}
	if n += len(names) + len(x.classConsts); n == 0 {
		return
	}
	consts := make([]facts.Const, 0, n)
	add := func(name string, v *val) {
		if r, ok := v.ref.(*objRef); ok && isInstance(v) {
			// CONF = StreamConf(): other modules read its attributes
			consts = append(consts, facts.Const{Name: name, Value: r.self()})
			return
		}
		if a, ok := x.constArg(*v); ok {
			consts = append(consts, facts.Const{Name: name, Value: a})
		}
	}
	for _, b := range m.few {
		add(b.name, b.v)
	}
	slices.Sort(names)
	for _, name := range names {
		add(name, m.vars[name])
	}
	clear(names)
	x.work.scratchNames = names[:0]
	consts = append(consts, x.classConsts...)
	if len(consts) > 0 {
		x.summary().Consts = consts
	}
}

// isInstance reports whether v is an instance of a class of the project,
// one a module may keep for others to read its settings (CONF = StreamConf()).
func isInstance(v *val) bool {
	r, ok := v.ref.(*objRef)
	return ok && v.kind == kUnknown && projectName(r.cls) && settingArgs(r.args)
}

// settingArgs reports whether a constructor's arguments are what settings
// are made of: constants, lists, dicts, instances of those, or values not
// known here; an instance made with a DataFrame or a session is no
// settings object.
func settingArgs(args []facts.Arg) bool {
	for i := range args {
		switch a := &args[i]; a.Kind {
		case facts.ArgFrame, facts.ArgSession, facts.ArgParam:
			return false
		case facts.ArgObject:
			if !settingArgs(a.Args()) {
				return false
			}
		}
	}
	return true
}

// noteClassConsts adds the settings a module-level class's body binds
// (interval = "1 second") to the constants other modules may import, as
// "Class.name", unless an instance sets them.
func (x *extractor) noteClassConsts(ca *classAttrs) {
	add := func(name string) {
		v, ok := ca.get(name)
		if !ok {
			return
		}
		if a, ok := x.constArg(v); ok {
			x.classConsts = append(x.classConsts, facts.Const{Name: ca.name + "." + name, Value: a})
		}
	}
	for _, b := range ca.scope.few {
		add(b.name)
	}
	names := make([]string, 0, len(ca.scope.vars))
	for name := range ca.scope.vars {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		add(name)
	}
}

// constKind reports whether a value of kind k can be a module constant.
func constKind(k kind) bool { return k == kStr || k == kConst || k == kList || k == kDict }

// constArg is v as a module constant other modules may import: a string,
// a number, or a list or dict (its keys strings) of them, every part known;
// a SparkConf is the dict of its settings.
func (x *extractor) constArg(v val) (facts.Arg, bool) {
	if sc, ok := v.ref.(*sparkConf); ok && v.kind == kSparkConf {
		return sc.asDict()
	}
	if !constKind(v.kind) || v.open {
		return facts.Arg{}, false
	}
	a := x.factArg(v, facts.Span{})
	if !a.Known() || a.Open {
		return facts.Arg{}, false
	}
	for _, it := range a.Items() {
		if !it.Known() {
			return facts.Arg{}, false
		}
	}
	return a, true
}

// summary is the file's summary, made when first needed.
func (x *extractor) summary() *facts.Summary {
	if x.file.Summary == nil {
		x.file.Summary = &facts.Summary{}
	}
	return x.file.Summary
}

// recordCall records a call of a function the project may define.
func (x *extractor) recordCall(callee string, c callSite, a args) *facts.Call {
	call := &facts.Call{Callee: callee, Span: x.spanOf(c.call), At: x.span(c.nameStart(), c.fn.End())}
	if len(a) > 0 {
		call.Args = make([]facts.Arg, len(a))
		for i := range a {
			g := &a[i]
			call.Args[i] = x.factArg(g.v, x.spanOf(g.n))
			call.Args[i].Name, call.Args[i].Splat = g.name, uint8(g.splat)
			x.noteBinding(&call.Args[i], g.n)
		}
	}
	x.markBatch(call, c)
	x.addCall(call)
	return call
}

// calleeName is the name a call of v records (see facts.Call.Callee): a
// function of the file or a name imported from a module of the project.
func (x *extractor) calleeName(v val) (string, bool) {
	switch v.kind {
	case kFunc:
		if fn, ok := v.ref.(*function); ok && fn.sum != nil {
			return fn.sum.Name, true
		}
	case kModule:
		return v.name, projectName(v.name)
	}
	return "", false
}

// addCall records a call made here, in the current function or at module
// level, for the link step.
func (x *extractor) addCall(call *facts.Call) {
	call.Loop, call.LoopItems, call.LoopWhile = x.inLoop, x.loopItems, x.loopWhile
	if x.fn != nil {
		x.fn.sum.Calls = push(&x.callLists, x.fn.sum.Calls, call)
		return
	}
	s := x.summary()
	s.Calls = push(&x.callLists, s.Calls, call)
}

// paramArg is the parameter r (or its attribute) passed.
func paramArg(r paramRef, sp facts.Span) facts.Arg {
	a := facts.Arg{Kind: facts.ArgParam, Param: r.i, Span: sp}
	a.SetAttr(r.attr)
	return a
}

// frameArg is a DataFrame passed with its transforms.
func frameArg(ts []facts.Transform, sp facts.Span) facts.Arg {
	a := facts.Arg{Kind: facts.ArgFrame, Span: sp}
	a.SetTransforms(ts)
	return a
}

// factArg is what a call site passes, as facts.
func (x *extractor) factArg(v val, sp facts.Span) facts.Arg {
	if sc, ok := v.ref.(*sparkConf); ok && v.kind == kSparkConf {
		a, _ := sc.asDict() // a SparkConf passed is the dict of its settings
		a.Span = sp
		return a
	}
	a := facts.Arg{Span: sp}
	if r, ok := x.paramRefOf(v); ok {
		return paramArg(r, sp)
	}
	if v.kind == kUnknown && v.ref != nil {
		x.callableArg(v, &a)
		return a
	}
	switch v.kind {
	case kStr, kConst:
		if fv := v.value(sp); fv.Known() {
			a.Kind, a.Value = facts.ArgValue, fv
		}
	case kList:
		a.Kind, a.Open = facts.ArgList, v.open
		if its := v.items(); len(its) > 0 {
			items := make([]facts.Value, len(its))
			for i, it := range its {
				items[i] = it.value(it.span)
			}
			a.More = &facts.ArgMore{Items: items}
		}
	case kDict:
		// keyword arguments kept as a dict (trigger(**trig)): its keys
		// must be strings
		its := v.items()
		if v.open {
			break
		}
		items := make([]facts.Value, len(its))
		var params []facts.Arg
		for i, it := range its {
			if items[i] = it.value(it.span); i%2 == 0 && items[i].Kind != facts.String {
				return a
			}
			if r, ok := x.paramRefOf(it.val); ok && i%2 == 1 {
				// {"processingTime": interval}: the caller's
				p := paramArg(r, it.span)
				p.Name = items[i-1].Str
				params = append(params, p)
			}
		}
		a.Kind = facts.ArgDict
		a.SetItems(items)
		if params != nil {
			a.More.Args = params
		}
	case kFrame:
		a = frameArg(v.history().list(&x.edits), sp)
	case kSession:
		a.Kind = facts.ArgSession
	case kFunc:
		if fn, ok := v.ref.(*function); ok && fn.sum != nil {
			a.Kind, a.More = facts.ArgFunc, &facts.ArgMore{Func: fn.sum.Name}
		}
	case kModule:
		if projectName(v.name) {
			a.Kind, a.More = facts.ArgFunc, &facts.ArgMore{Func: v.name}
		}
	}
	return a
}

// external are top-level modules that are not the project's: calls into
// them are not recorded.
var external = map[string]bool{
	"pyspark": true, "delta": true, "os": true, "sys": true, "json": true, "logging": true,
	"datetime": true, "time": true, "re": true, "math": true, "typing": true, "dataclasses": true,
	"functools": true, "itertools": true, "collections": true, "pathlib": true, "uuid": true,
	"random": true, "pandas": true, "numpy": true, "requests": true, "boto3": true, "dbutils": true,
	"deltalake": true, "polars": true, "pyarrow": true, "builtins": true, "glob": true,
	"shutil": true, "subprocess": true, "argparse": true, "yaml": true, "abc": true, "enum": true,
	"copy": true, "decimal": true, "hashlib": true, "base64": true, "string": true, "textwrap": true,
	"tempfile": true, "urllib": true, "concurrent": true, "asyncio": true, "threading": true,
	"contextlib": true, "warnings": true, "inspect": true, "operator": true, "pprint": true,
	"csv": true, "pytest": true, "unittest": true, "databricks": true, "dlt": true, "pyspark.sql": true,
	"F": true, "T": true, "np": true, "pd": true, "pl": true,
}

// projectName reports whether a qualified name may be a project function.
func projectName(q string) bool {
	if q == "" {
		return false
	}
	first, _, _ := strings.Cut(q, ".")
	return !external[first]
}

// defineFunction starts the summary of a function and returns the state to
// read its body in.
func (x *extractor) defineFunction(fn *function, at facts.Span) *fnState {
	name := fn.name
	switch {
	case x.fn != nil:
		name = x.fn.sum.Name + ".<locals>." + name
	case x.className != "":
		name = x.join(x.className, name)
	}
	st := x.work.fns.Take(4)
	st.sum, st.fn, st.parent = &facts.Func{Name: name, At: at}, fn, x.fn
	if x.fn == nil && x.className != "" && !x.static {
		st.class = x.className
	}
	fn.sum = st.sum
	s := x.summary()
	s.Funcs = push(&x.funcLists, s.Funcs, st.sum)
	return st
}

// paramValue is what a parameter stands for in its function's body.
func (x *extractor) paramValue(st *fnState, i int, p python.Node) val {
	if t := p.ChildByFieldID(fType); t.Valid() {
		tt := t.Text()
		if bytes.Contains(tt, []byte("SparkSession")) || bytes.Contains(tt, []byte("DatabricksSession")) {
			return val{kind: kSession}
		}
		outer := x.fn
		x.fn = st
		defer func() { x.fn = outer }()
		switch {
		case bytes.Contains(tt, []byte("DataStreamWriter")):
			return x.paramWriter(i, facts.DataStreamWriter)
		case bytes.Contains(tt, []byte("DataFrameWriterV2")):
		case bytes.Contains(tt, []byte("DataFrameWriter")):
			return x.paramWriter(i, facts.DataFrameWriter)
		}
	}
	ref := x.work.params.Take(16)
	ref.fn, ref.i = st, i
	return val{kind: kUnknown, ref: ref}
}

// returned folds what a return statement returns into the function's result.
func (x *extractor) returned(v val) {
	f := x.fn
	if f == nil {
		return
	}
	if f.rets == 0 {
		f.ret = v
	} else {
		f.ret = agree(f.ret, v)
	}
	f.rets++
}

// endFunction finishes the summary of the function read in st.
func (x *extractor) endFunction(st *fnState) {
	x.holes(st)
	if st.rets > 0 {
		st.sum.Returns = x.factArg(st.ret, facts.Span{})
		switch st.ret.kind {
		case kSession, kConst, kStr:
			st.fn.ret = st.ret
		case kSparkConf:
			// c = SparkConf(); c.set(...); return c: the settings each call gives
			st.fn.ret = st.ret
		case kDict, kList:
			// return {"availableNow": True}: settings a call gives back
			if !st.ret.open {
				st.fn.ret = st.ret
			}
		case kDeltaTable:
			// return DeltaTable.forPath(spark, path): the table each call names
			st.fn.ret = st.ret
			if dt, ok := st.ret.ref.(*deltaState); ok && dt.linked == nil {
				st.sum.Table = &facts.ReturnedTable{Target: dt.target, Param: dt.named, ByPath: dt.byPath, RS: dt.rs}
			}
		case kWriter:
			// return w.trigger(...): each call's writer, so configured
			if w, s := writerStep(st.ret); w != nil && w.from > 0 && st.writers[w.from-1] == w {
				st.fn.ret, st.fn.retWriter = st.ret, w.from
				st.sum.Writer = x.writerHelper(st, w.from-1, s)
				st.fn.trigParams = triggerParams(st, s)
			} else if w != nil && w.from == 0 && w.param > 0 && w.api != facts.DataFrameWriterV2 {
				// return df.writeStream.format(...): a writer made from each call's DataFrame
				st.fn.ret, st.fn.retBuilt = st.ret, w.param
				if h := x.writerHelper(st, w.param-1, s); h != nil {
					h.Builds, h.API = true, w.api
					st.sum.Writer = h
				}
				st.fn.trigParams = triggerParams(st, s)
			}
		case kFrame:
			// return df.coalesce(2): each call's argument, so transformed
			st.fn.ret = st.ret
			if h := st.ret.history(); h != nil && st.roots != nil {
				for ; h.prev != nil; h = h.prev {
				}
				if i, ok := st.roots[h]; ok {
					st.fn.retFrame = i + 1
					st.sum.Frame = &facts.Frame{Param: i + 1}
				}
			}
			if lc := helperOf(st.ret); lc != nil {
				// return add_columns(df).select(...): steps of what a
				// function of another module returns
				if st.sum.Frame = frameOf(lc, facts.Span{}, st); st.sum.Frame == nil {
					st.sum.Returns = facts.Arg{} // not followed: not known
				}
			}
		case kUnknown:
			if lc, ok := st.ret.ref.(*linkedCall); ok {
				st.sum.Frame = frameOf(lc, facts.Span{}, st) // return add_columns(df)
			}
		}
		if _, ok := st.ret.ref.(*objRef); ok {
			// return StreamConf(): the instance each call makes, whose
			// attributes its class gives (c = conf(); c.trigger)
			st.fn.ret = st.ret
		}
		if _, ok := st.ret.ref.(*param); ok {
			st.fn.ret = val{}
		}
	}
}

// triggerParams are the triggers among the steps from s back whose
// interval is a parameter of the function read in st.
func triggerParams(st *fnState, s *wstep) map[*facts.Trigger]int {
	var out map[*facts.Trigger]int
	var walk func(s *wstep)
	walk = func(s *wstep) {
		for ; s != nil; s = s.prev {
			switch s.kind {
			case wJoin:
				for _, a := range s.ref.(*wjoin).alts {
					walk(a.s)
				}
				return
			case wTrigger:
				t, _ := s.ref.(*facts.Trigger)
				if t == nil {
					continue
				}
				if p, ok := st.spans[t.Interval.Span]; ok && p.attr == "" {
					if out == nil {
						out = map[*facts.Trigger]int{}
					}
					out[t] = p.i
				}
			}
		}
	}
	walk(s)
	return out
}

// runs records the notebook's %run lines.
func (x *extractor) runs() {
	if runs := Runs(x.doc); len(runs) > 0 {
		x.summary().Runs = runs
	}
}

// Runs are the %run lines of a notebook, as its summary keeps them.
func Runs(doc *document.Document) []facts.Run {
	var out []facts.Run
	for _, r := range notebook.RunsOf(doc) {
		out = append(out, facts.Run{Path: r.Path, At: facts.Span{Start: r.Start, End: r.End}})
	}
	return out
}

// loopHeader is the span of a loop's header: "for path in files" or
// "while cond", without the colon.
func (x *extractor) loopHeader(n python.Node) facts.Span {
	end := n.End()
	if b := n.ChildByFieldID(fBody); b.Valid() {
		end = b.Start()
	}
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Type() == ":" {
			end = c.Start()
			break
		}
	}
	return x.span(n.Start(), end)
}

// unbind forgets the binding of a fact's target (see holes).
func unbind(fact any) {
	switch v := fact.(type) {
	case *facts.Write:
		v.Target.Bind = ""
	case *facts.Read:
		v.Target.Bind = ""
	case *facts.Maintenance:
		v.Target.Bind = ""
	case *facts.TableDef:
		v.LocationBind = ""
	}
}
