package pyfacts

import (
	"math"
	"strings"

	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// maxDepth bounds recursion into pathologically nested expressions; deeper
// parts are left unread.
const maxDepth = 400

// eval evaluates an expression once, recording the facts of every call in
// it. The commonest expressions are read here, the rest by evalOther: a
// small function is cheap to enter at every level of an expression.
func (x *extractor) eval(n python.Node, sc *scope) val {
	if !n.Valid() || x.depth >= maxDepth {
		return val{}
	}
	// no defer: a panic ends the whole extraction anyway
	x.depth++
	var v val
	switch k := exprKindOf(n); k {
	case eIdentifier:
		v = x.lookup(n, sc)
	case eString:
		v = x.stringLiteral(n, sc)
	case eNumber:
		v = x.number(n)
	case eAttribute:
		obj := x.evalField(n, fObject, sc)
		v = x.attribute(obj, x.text(n.ChildByFieldID(fAttribute)), n)
	case eCall:
		v = x.call(n, sc)
	case eOther:
		x.evalChildren(n, sc)
	default:
		v = x.evalOther(n, k, sc)
	}
	x.depth--
	return v
}

// evalOther is eval's work on the other expressions it reads.
func (x *extractor) evalOther(n python.Node, k exprKind, sc *scope) val {
	switch k {
	case eLiteral:
		return literal(n)
	case eUnary:
		v := x.evalField(n, fArgument, sc)
		if n.ChildByFieldID(fOperator).TextIs("-") {
			return negate(v)
		}
		if n.ChildByFieldID(fOperator).TextIs("+") && v.kind == kConst {
			return v
		}
		return val{}
	case eParen:
		return x.eval(n.NamedChild(0), sc)
	case eBinary:
		l := x.evalField(n, fLeft, sc)
		r := x.evalField(n, fRight, sc)
		switch op := n.ChildByFieldID(fOperator); {
		case op.TextIs("+"):
			return x.add(l, r)
		case op.TextIs("%"):
			return x.percentFormat(l, r, n)
		case op.TextIs("-"):
			return arith("-", l, r)
		case op.TextIs("*"):
			return arith("*", l, r)
		}
		return val{}
	case eSequence:
		v := val{kind: kList}
		items := x.work.items.Slice(n.NamedChildCount(), 32) // 64 bytes each
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if !c.IsNamed() || c.IsExtra() {
				continue
			}
			if c.Is("list_splat") || c.Is("parenthesized_list_splat") {
				x.eval(c, sc)
				v.open = true
				continue
			}
			items = append(items, item{x.eval(c, sc), x.spanOf(c)})
		}
		return x.withItems(v, items)
	case eDict:
		return x.dictionary(n, sc)
	case eSubscript:
		return x.subscript(n, sc)
	case eConditional:
		var vs []val
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.IsNamed() && !c.IsExtra() {
				vs = append(vs, x.eval(c, sc))
			}
		}
		// a if cond else b: known only when both sides agree
		if len(vs) == 3 && same(vs[0], vs[2]) {
			return vs[0]
		}
		if len(vs) == 3 {
			// a DataFrame made one way or another: the ways meet here
			if v, ok := meet(vs[0], vs[2]); ok {
				return v
			}
		}
		return val{}
	case eNamed:
		v := x.evalField(n, fValue, sc)
		if name := n.ChildByFieldID(fName); name.Valid() {
			sc.set(x.text(name), v)
		}
		return v
	case eLambda:
		if x.isBatchLambda(n) {
			return x.batchFunction(n, sc, x.batch)
		}
		ls := newScope(sc)
		if params := n.ChildByFieldID(fParameters); params.Valid() {
			for p := params.FirstChild(); p.Valid(); p = p.NextSibling() {
				if name := x.paramName(p); name != "" {
					ls.set(name, val{})
				}
			}
		}
		if v := x.evalField(n, fBody, ls); constKind(v.kind) && !v.open {
			// interval = lambda: "5 seconds": a function that gives a setting
			return val{kind: kFunc, ref: &function{ret: v, lambda: true}}
		}
		return val{}
	case eComprehension:
		return x.comprehension(n, sc)
	}
	x.evalChildren(n, sc)
	return val{}
}

func (x *extractor) evalChildren(n python.Node, sc *scope) {
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.IsNamed() && !c.IsExtra() {
			x.eval(c, sc)
		}
	}
}

// comprehension reads a comprehension with its loop names unknown.
func (x *extractor) comprehension(n python.Node, sc *scope) val {
	cs := newScope(sc)
	var body []python.Node
	var iter val
	var left python.Node
	loops, filtered := 0, false
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch {
		case c.Is("for_in_clause"):
			iter, left = x.evalField(c, fRight, cs), c.ChildByFieldID(fLeft)
			loops++
			x.bind(left, val{}, cs)
		case c.Is("if_clause"):
			filtered = true
			x.evalChildren(c, cs)
		case c.IsNamed() && !c.IsExtra():
			body = append(body, c)
		}
	}
	for _, b := range body {
		x.eval(b, cs)
	}
	if loops == 1 && !filtered && len(body) == 1 && !n.Is("dictionary_comprehension") && samePairs(x, left, body[0]) {
		return iter // [(k, v) for k, v in pairs] is the pairs
	}
	return val{}
}

// samePairs reports whether a comprehension's body rebuilds each pair its
// loop unpacks: (k, v) for k, v in ....
func samePairs(x *extractor, left, body python.Node) bool {
	if !left.Valid() || body.Type() != "tuple" {
		return false
	}
	names, items := left.NamedChildren(nil), body.NamedChildren(nil)
	if len(names) != 2 || len(items) != 2 {
		return false
	}
	for i := range names {
		if !names[i].Is("identifier") || !items[i].Is("identifier") || x.text(names[i]) != x.text(items[i]) {
			return false
		}
	}
	return true
}

func (x *extractor) dictionary(n python.Node, sc *scope) val {
	v := val{kind: kDict}
	items := x.work.items.Slice(2*n.NamedChildCount(), 32)
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch {
		case c.Is("pair"):
			k := x.evalField(c, fKey, sc)
			vv := x.evalField(c, fValue, sc)
			items = append(items, item{k, x.spanOf(c.ChildByFieldID(fKey))},
				item{vv, x.spanOf(c.ChildByFieldID(fValue))})
		case c.IsNamed() && !c.IsExtra():
			x.eval(c, sc)
			v.open = true
		}
	}
	return x.withItems(v, items)
}

// lookup evaluates a name: its binding when one is known, else what the name
// conventionally stands for in Spark code. An unbound name may be any of the
// notebook globals (spark, DeltaTable, F, dlt...); a name bound to something
// unknown (a parameter, a loop variable) is judged by its spelling only as a
// session or context (def f(spark): ...).
func (x *extractor) lookup(n python.Node, sc *scope) val {
	name := x.text(n)
	v, ok := sc.lookup(name)
	switch {
	case !ok:
		return x.wellKnown(name)
	case v.kind == kUnknown:
		w := x.wellKnownMember(name)
		if w.kind == kConf && v.ref != nil {
			// a parameter named conf is as often a settings object
			// (conf.interval) as a session's conf: it is read as the conf
			// for conf.set(...) and stays the parameter for the rest
			return val{kind: kConf, ref: v.ref}
		}
		if w.kind != kUnknown || v.ref == nil {
			return w
		}
	}
	return v
}

// stringLiteral decodes a string with f-string placeholders resolved in sc.
// It gives what python.DecodeString gives, building the text in a buffer
// kept for the next string and the rest cut from blocks (see decode).
func (x *extractor) stringLiteral(n python.Node, sc *scope) val {
	if text, at, ok := python.PlainString(n); ok {
		return x.plainString(text, at)
	}
	b := &x.work.builder
	if x.building { // a string inside a placeholder of one being built
		b = &python.Builder{}
	}
	outer, wasBuilding := x.resolveIn, x.building
	x.resolveIn, x.building = sc, true
	b.Reuse(x.segments.slice(2, 21)[:0]) // 24 bytes each
	ok := python.AppendString(b, n, x.resolver())
	x.resolveIn, x.building = outer, wasBuilding
	if !ok {
		return val{}
	}
	d := &x.decodeds.slice(1, 7)[0] // 72 bytes each
	*d = b.Decoded()
	d.Map = toDocument(x.r, d.Map)
	return strValue(d)
}

// resolver returns the function that resolves a placeholder of the string
// being decoded in x.resolveIn, made once per extraction.
func (x *extractor) resolver() python.Resolver {
	if x.resolve == nil {
		x.resolve = x.resolvePlaceholder
	}
	return x.resolve
}

func (x *extractor) resolvePlaceholder(expr python.Node) (string, bool) {
	v := x.eval(expr, x.resolveIn)
	s, known := v.pyText()
	if known {
		x.cliPlaceholder(expr, v)
		return s, true
	}
	if w, ok := widgetText(v); ok {
		return w, false
	}
	if x.fn != nil {
		x.noteStringHole(x.spanOf(expr.Parent()), v)
	}
	return "", false
}

// newString starts a string built from others in the builder kept for
// strings, or a new one while that is in use (see stringLiteral). End it
// with endString.
func (x *extractor) newString() (b *python.Builder, wasBuilding bool) {
	b, wasBuilding = &x.work.builder, x.building
	if wasBuilding {
		b = &python.Builder{}
	}
	x.building = true
	b.Reuse(x.segments.slice(4, 21)[:0]) // 24 bytes each
	return b, wasBuilding
}

// endString ends newString and returns the string built when ok: what a
// python.Builder of its own would make, its map nil when it has no segment.
func (x *extractor) endString(b *python.Builder, wasBuilding, ok, keepGaps bool) val {
	x.building = wasBuilding
	if !ok {
		return val{}
	}
	d := &x.decodeds.slice(1, 7)[0] // 72 bytes each
	*d = b.Decoded()
	if len(d.Map) == 0 {
		d.Map = nil
	}
	d.KeepGaps = keepGaps
	return strValue(d)
}

// plainLit is a string literal whose value is its text as written, in a
// region that does not hold it in one stretch of the document (see
// plainString). Its text is what most uses need; the Decoded with a map
// into the document is made only for those that want positions inside it.
type plainLit struct {
	text string
	at   int // where text starts in r.Text
	r    *document.Region
	d    *python.Decoded // made by decoded
}

// decoded is what python.DecodeString gives for the literal, mapped to the
// document.
func (p *plainLit) decoded() *python.Decoded {
	if p.d == nil {
		m := document.PosMap{}
		if len(p.text) > 0 {
			m = document.PosMap{{File: p.at, Len: len(p.text)}}
		}
		p.d = &python.Decoded{Text: p.text, Map: toDocument(p.r, m)}
	}
	return p.d
}

// inlineDecoded is the Decoded of a plain literal spelling text at document
// offset at.
func inlineDecoded(text string, at int) python.Decoded {
	m := document.PosMap{}
	if len(text) > 0 {
		m = document.PosMap{{File: at, Len: len(text)}}
	}
	return python.Decoded{Text: text, Map: m}
}

// plainString is the value of a plain literal spelling text at region
// offset at. Where the region holds the literal in one stretch of the
// document, as it nearly always does, the val holds the text and where it
// is, with nothing else to allocate.
func (x *extractor) plainString(text []byte, at int) val {
	if m := x.r.Map; len(m) == 1 && m[0].Region <= at && at+len(text) <= m[0].Region+m[0].Len {
		if off := at + m[0].File - m[0].Region; off <= math.MaxInt32 {
			return val{kind: kStr, at: int32(off), name: x.intern(text)}
		}
	}
	p := x.work.lits.Take(12) // 40 bytes each
	*p = plainLit{text: string(text), at: at, r: x.r}
	return val{kind: kStr, ref: p}
}

// add folds + on string and number constants.
func (x *extractor) add(l, r val) val {
	named := func(v val) bool { return v.kind == kWidget || v.kind == kConfValue }
	if (l.kind == kStr || named(l)) && (r.kind == kStr || named(r)) {
		b, was := x.newString()
		for _, v := range [2]val{l, r} {
			if named(v) {
				// known by its name only: a hole that a widget's default or
				// a conf value fills, as in an f-string
				w, _ := widgetText(v)
				b.ValueHole(w)
				continue
			}
			var seg [1]document.Segment
			d := v.strLocal(&seg)
			b.Append(d, 0, len(d.Text))
		}
		return x.endString(b, was, true, false)
	}
	return arith("+", l, r)
}

func arith(op string, l, r val) val {
	a, ok1 := l.intValue()
	b, ok2 := r.intValue()
	if !ok1 || !ok2 {
		return val{}
	}
	var n int64
	switch op {
	case "+":
		n = a + b
	case "-":
		n = a - b
	case "*":
		n = a * b
	default:
		return val{}
	}
	return val{kind: kConst, ref: &facts.Value{Kind: facts.Int, Int: n, Str: formatInt(n)}}
}

// arg is one argument of a call.
type arg struct {
	name  string // keyword name; "" when positional
	splat int    // 1 for *x, 2 for **x
	v     val
	n     python.Node // the value expression
	whole python.Node // the argument as written (keyword included)
}

type args []arg

// pos returns the i-th positional argument, unless a *splat comes first.
func (a args) pos(i int) (arg, bool) {
	for _, g := range a {
		if g.name != "" || g.splat == 2 {
			continue
		}
		if g.splat == 1 {
			return arg{}, false
		}
		if i == 0 {
			return g, true
		}
		i--
	}
	return arg{}, false
}

// kw returns the keyword argument name.
func (a args) kw(name string) (arg, bool) {
	for _, g := range a {
		if g.name == name {
			return g, true
		}
	}
	return arg{}, false
}

// get returns the parameter at position i or named name.
func (a args) get(i int, name string) (arg, bool) {
	if g, ok := a.pos(i); ok {
		return g, true
	}
	if name == "" {
		return arg{}, false
	}
	return a.kw(name)
}

// isPositional reports whether g is a plain positional argument.
// first reports whether the first argument is positional and of kind k.
func (a args) first(k kind) bool {
	g, ok := a.pos(0)
	return ok && g.v.kind == k
}

func (g arg) isPositional() bool { return g.name == "" && g.splat == 0 }

// args evaluates a call's arguments onto x.work.argStack and returns them. They
// stay valid until the caller truncates the stack back to where it was
// (see call): arguments are only read while their call is applied, so one
// buffer serves every call of a file instead of a slice per call.
func (x *extractor) args(n python.Node, sc *scope) args {
	if !n.Valid() {
		return nil
	}
	start := len(x.work.argStack)
	if n.Is("generator_expression") {
		v := x.eval(n, sc)
		x.work.argStack = append(x.work.argStack, arg{v: v, n: n, whole: n})
		return x.work.argStack[start:]
	}
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if !c.IsNamed() || c.IsExtra() {
			continue
		}
		// evaluated before appending: nested calls push and pop above us
		g := arg{n: c, whole: c}
		switch c.Type() {
		case "keyword_argument":
			g.name, g.n = x.text(c.ChildByFieldID(fName)), c.ChildByFieldID(fValue)
		case "list_splat":
			g.splat, g.n = 1, c.NamedChild(0)
		case "dictionary_splat":
			g.splat, g.n = 2, c.NamedChild(0)
		}
		g.v = x.eval(g.n, sc)
		if x.fn != nil {
			x.noteParamArg(&g)
		}
		if g.v.kind == kModule || g.v.kind == kUnknown {
			x.noteGlobalArg(&g, sc)
		}
		if g.splat == 2 && g.n.Is("call") && g.v.kind != kDict {
			x.noteReturnedArg(&g)
		}
		x.work.argStack = append(x.work.argStack, g)
	}
	return x.work.argStack[start:]
}

// popArgs drops the arguments pushed since the stack had length mark.
func (x *extractor) popArgs(mark int) {
	clear(x.work.argStack[mark:]) // let go of what they point to
	x.work.argStack = x.work.argStack[:mark]
}

// callSite is a call being applied: the call node and, for a method call,
// its attribute node (receiver "." name).
type callSite struct {
	call, fn python.Node
	name     string
}

// dot is the offset of the "." before the method name.
func (c callSite) dot() int { return dotOf(c.fn) }

// nameStart is where the method name begins.
func (c callSite) nameStart() int {
	if a := c.fn.ChildByFieldID(fAttribute); a.Valid() {
		return a.Start()
	}
	return c.fn.Start()
}

func dotOf(attr python.Node) int {
	if d := attr.ChildOfType("."); d.Valid() {
		return d.Start()
	}
	if a := attr.ChildByFieldID(fAttribute); a.Valid() {
		return a.Start()
	}
	return attr.Start()
}

func (x *extractor) call(n python.Node, sc *scope) val {
	fn := n.ChildByFieldID(fFunction)
	mark := len(x.work.argStack)
	defer x.popArgs(mark)
	switch exprKindOf(fn) {
	case eAttribute:
		recv := x.evalField(fn, fObject, sc)
		c := callSite{call: n, fn: fn, name: x.text(fn.ChildByFieldID(fAttribute))}
		outer := x.batch
		if c.name == "foreachBatch" && recv.kind == kWriter {
			x.batch = x.startBatch(recv, n, fn)
		}
		a := x.args(n.ChildByFieldID(fArguments), sc)
		x.batch = outer
		x.carriedSQL(c, a)
		x.carriedConf(a)
		x.glueWrite(c, a)
		if v, ok := x.glueFrame(recv, c, a); ok {
			return v
		}
		if v, ok := x.newGlueSink(c, a); ok {
			return v
		}
		if w, ok := x.widget(fn, c, a); ok {
			return w
		}
		if recv.kind == kDict || recv.kind == kList {
			x.forgetMutated(recv, fn, sc)
		}
		if name, ok := x.runGlobal(fn.ChildByFieldID(fObject), recv, sc); ok && c.name == "items" && len(a) == 0 {
			return val{kind: kGivenItems, name: name} // a dict a %run notebook defines, for the link step
		}
		if recv.kind == kClass {
			if fn := x.ownMethod(recv, c.name, sc); fn != nil && constKind(fn.ret.kind) {
				return fn.ret // the settings a static or class method gives back
			}
		}
		if callee, bound, ok := x.methodOf(recv, c.name, sc); ok {
			call := x.recordCallable(callee, 0, bound, c, a)
			fn := x.ownMethod(recv, c.name, sc)
			if fn != nil && fn.retWriter > 0 {
				return x.returnedWriter(fn, c, a, 1, recv)
			} else if fn != nil && fn.retBuilt > 0 {
				return x.builtWriter(fn, a, 1, recv)
			}
			if fn == nil {
				// a method of a class defined elsewhere: given a DataFrame, it
				// may build a writer from it, which the link step finds
				v := x.linkedResult(call, c, a)
				if lc, ok := v.ref.(*linkedCall); ok && lc.frame >= 0 {
					return v
				}
				return orLinked(v, func() val { return x.method(recv, c, a) })
			} else if t, ok := x.methodTable(fn, recv, c, a); ok {
				return t
			} else if v := fn.ret; constKind(v.kind) {
				return v // the settings the method gives back
			}
		}
		return x.method(recv, c, a)
	case eIdentifier:
		callee := x.lookup(fn, sc)
		a := x.args(n.ChildByFieldID(fArguments), sc)
		c := callSite{call: n, fn: fn, name: x.text(fn)}
		x.carriedSQL(c, a)
		x.carriedConf(a)
		if w, ok := x.getArgument(callee, c, a); ok {
			return w
		}
		if callee.kind == kUnknown {
			// a notebook that includes others with %run may call what they
			// define, and a function what the module defines further down
			laterDef := x.fn != nil && x.defined[c.name]
			if laterDef || x.includes() {
				if _, bound := sc.lookup(c.name); !bound {
					v := x.linkedResult(x.recordCall(c.name, c, a), c, a)
					return orLinked(v, func() val { return x.callFunction(callee, c, a) })
				}
			}
		}
		return x.callFunction(callee, c, a)
	}
	x.eval(fn, sc)
	x.args(n.ChildByFieldID(fArguments), sc)
	return val{}
}

// includes reports whether the notebook includes others with %run, whose
// globals its code may use.
func (x *extractor) includes() bool {
	return x.file.Summary != nil && len(x.file.Summary.Runs) > 0
}

// runGlobal is the name n when it is a name nothing binds here, in a
// notebook that includes others with %run (one of which may define it),
// and v is what it evaluated to, which knows nothing of it.
func (x *extractor) runGlobal(n python.Node, v val, sc *scope) (string, bool) {
	// whatever its spelling suggests (CONF a session's conf, SPARK_CONF a
	// session), an unbound name's items() are a dict's
	if v.ref != nil || !n.Is("identifier") || !x.includes() {
		return "", false
	}
	name := x.text(n)
	if _, bound := sc.lookup(name); bound {
		return "", false
	}
	return name, true
}

// widgetKinds are the dbutils.widgets calls that make a widget with a default.
var widgetKinds = map[string]bool{"text": true, "dropdown": true, "combobox": true, "multiselect": true}

// widget reads a dbutils.widgets call: one that makes a widget or removes
// widgets tells Options.Give, and get("x") (or getArgument) is widget x's
// value, which a SQL string built from it names as {{x}}.
func (x *extractor) widget(fn python.Node, c callSite, a args) (val, bool) {
	if x.text(fn.ChildByFieldID(fObject)) != "dbutils.widgets" {
		return val{}, false
	}
	if c.name == "removeAll" {
		x.give(params.Given{Source: params.Widget, All: true})
		return val{}, false
	}
	n, ok := a.get(0, "name")
	if !ok {
		return val{}, false
	}
	name, ok := n.v.literalString()
	if !ok || name == "" {
		return val{}, false
	}
	switch {
	case c.name == "get" || c.name == "getArgument":
		return val{kind: kWidget, name: name}, true
	case c.name == "remove":
		x.give(params.Given{Source: params.Widget, Name: name}) // gone: not known
	case widgetKinds[c.name]:
		value, known := "", false
		if d, ok := a.get(1, "defaultValue"); ok {
			value, known = d.v.literalString()
		}
		x.give(params.Given{Source: params.Widget, Name: name, Value: value, Known: known})
	}
	return val{}, false
}

// getArgument reads a notebook's getArgument("x"), the older spelling of
// dbutils.widgets.get, when nothing in the file binds the name.
func (x *extractor) getArgument(callee val, c callSite, a args) (val, bool) {
	if c.name != "getArgument" || callee.kind != kUnknown || x.defined[c.name] {
		return val{}, false
	}
	n, ok := a.get(0, "name")
	if !ok {
		return val{}, false
	}
	if name, ok := n.v.literalString(); ok && name != "" {
		return val{kind: kWidget, name: name}, true
	}
	return val{}, false
}

// give tells Options.Give of a value given to a SQL placeholder.
func (x *extractor) give(g params.Given) {
	if x.opts.Give != nil {
		x.opts.Give(g)
	}
}

// widgetText is the text a string built from v holds for it when v is a
// widget's value, or a string whose unknown parts are all widgets' values:
// "{{x}}", which the SQL extractor reads as widget x and fills with its
// default.
func widgetText(v val) (string, bool) {
	switch v.kind {
	case kWidget:
		return "{{" + v.name + "}}", true
	case kConfValue:
		return "${" + v.name + "}", true
	case kStr:
		d, ok := v.ref.(*python.Decoded)
		if !ok || len(d.Holes) == 0 {
			return "", false
		}
		for _, h := range d.Holes {
			if !widgetHole(d.Text[h.Start:h.End]) {
				return "", false
			}
		}
		return d.Text, true
	}
	return "", false
}

// widgetHole reports whether a hole's text is "{{x}}": no Python
// placeholder is written so ({{ is an escaped brace there).
func widgetHole(s string) bool {
	switch {
	case len(s) > 4 && strings.HasPrefix(s, "{{") && strings.HasSuffix(s, "}}"):
		return !strings.ContainsAny(s[2:len(s)-2], "{}")
	case len(s) > 3 && strings.HasPrefix(s, "${") && strings.HasSuffix(s, "}"):
		return !strings.ContainsAny(s[2:len(s)-1], "{}$") // a conf value's (kConfValue)
	}
	return false
}
