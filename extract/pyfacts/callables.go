package pyfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
	"strings"
)

// Code passed around as values: instances of the project's classes and
// their methods (self.table, Writer("t").run(df), foreachBatch(self.upsert)),
// functions bound with functools.partial, a parameter that holds a function
// (def run(df, sink): sink(df)), and a lambda handed to foreachBatch. Each
// call of one becomes a facts.Call that the link step resolves with the
// same summaries as any call; what a method reads of self is a hole that an
// instance's constructor arguments fill there.

// objRef is an instance of a class the project may define (a kUnknown's
// ref): the class as a call names it and the constructor's arguments; obj
// is what the instance holds when a class of this file only stores its
// arguments (a kObject), unknown otherwise.
type objRef struct {
	cls  string
	args []facts.Arg
	obj  val
	span facts.Span // the constructor call
}

// self is the instance as an argument.
func (r *objRef) self() facts.Arg {
	return facts.Arg{Kind: facts.ArgObject, More: &facts.ArgMore{Func: r.cls, Args: r.args}, Span: r.span}
}

// boundRef is a function with arguments bound to it (a kUnknown's ref):
// functools.partial(f, ...) or a method of an instance.
type boundRef struct {
	callee string
	args   []facts.Arg
}

// objAttr is an attribute of an instance that its class does not show
// here (a kUnknown's ref): a method, or a value the link step reads from
// the class's __init__ (spec.table of an imported dataclass).
type objAttr struct {
	obj  *objRef
	name string
}

// batchLambda is a foreachBatch call whose function is being read as a
// lambda: the lambda's first parameter is the micro-batch.
type batchLambda struct {
	args  python.Node // the foreachBatch call's argument list
	frame val         // the stream's DataFrame
	span  facts.Span  // the foreachBatch call
	at    facts.Span  // its name
	body  python.Node // the lambda's body, once reading it
}

// factArgs are a call's arguments as facts.
func (x *extractor) factArgs(a args) []facts.Arg {
	if len(a) == 0 {
		return nil
	}
	out := make([]facts.Arg, len(a))
	for i := range a {
		g := &a[i]
		out[i] = x.factArg(g.v, x.spanOf(g.n))
		out[i].Name, out[i].Splat = g.name, uint8(g.splat)
		x.noteBinding(&out[i], g.n)
	}
	return out
}

// newObject is an instance of class cls made by call c with arguments a.
func (x *extractor) newObject(cls string, c callSite, a args, obj val) val {
	return val{ref: &objRef{cls: cls, args: x.factArgs(a), obj: obj, span: x.spanOf(c.call)}}
}

// isClassName reports whether the last part of a qualified name is spelled
// as classes are (Writer, lib.io.OutputSpec).
func isClassName(q string) bool {
	i := len(q) - 1
	for i >= 0 && q[i] != '.' {
		i--
	}
	return i+1 < len(q) && q[i+1] >= 'A' && q[i+1] <= 'Z'
}

// maxAttrDepth bounds the attributes of a parameter's attributes read
// (self.cfg.table is two).
const maxAttrDepth = 3

// member is obj.name for the values this file follows: an attribute of
// the current function's parameter (self.table) or of an instance.
func (x *extractor) member(obj val, name string) (val, bool) {
	switch r := obj.ref.(type) {
	case *param:
		if r.i == 0 && r.attr == "" && r.fn != nil && r.fn.statics != nil {
			// self.X, cls.X: a setting of the class, unless an instance sets it
			if name == "__class__" {
				return r.fn.statics.classRef(), true
			}
			if v, ok := r.fn.statics.get(name); ok {
				return v, true
			}
		}
		if r.fn != x.fn || x.fn == nil || strings.Count(r.attr, ".") >= maxAttrDepth-1 {
			return val{}, false
		}
		if w := x.wellKnownMember(name); w.kind != kUnknown {
			return w, true
		}
		p := x.work.params.Take(16)
		p.fn, p.i, p.attr = r.fn, r.i, name
		if r.attr != "" {
			p.attr = x.join(r.attr, name) // self.cfg.table: the link step reads one at a time
		}
		return val{ref: p}, true
	case *objRef:
		if v, ok := dictGet(r.obj, name); ok {
			return v, true
		}
		if w := x.wellKnownMember(name); w.kind != kUnknown {
			return w, true
		}
		return val{ref: &objAttr{r, name}}, true
	case *linkedCall:
		// an attribute of what a project function returns (c = get_conf();
		// c.trigger): the link step reads it from the function's summary
		if r.call.CalleeParam == 0 && !r.changed && projectName(r.call.Callee) {
			return val{ref: &returnedAttr{r.call.Callee, name}}, true
		}
	}
	return val{}, false
}

// returnedAttr is attribute name of what the project function callee
// returns, whatever its arguments: an instance whose class gives it.
type returnedAttr struct {
	callee, name string
}

// callable says what calling v calls: a function by name with arguments
// bound to it, or (param > 0) the current function's parameter param-1.
func (x *extractor) callable(v val) (callee string, calleeParam int, bound []facts.Arg, ok bool) {
	switch v.kind {
	case kFunc, kModule:
		name, ok := x.calleeName(v)
		return name, 0, nil, ok
	case kUnknown:
		switch r := v.ref.(type) {
		case *boundRef:
			return r.callee, 0, r.args, true
		case *objAttr:
			return r.obj.cls + "." + r.name, 0, []facts.Arg{r.obj.self()}, true
		case *param:
			switch {
			case x.fn == nil || r.fn != x.fn:
			case r.attr == "":
				return "", r.i + 1, nil, true
			case r.i == 0 && x.fn.class != "" && !strings.Contains(r.attr, "."):
				// self.upsert: the method of the instance's class
				return x.join(x.fn.class, r.attr), 0, []facts.Arg{{Kind: facts.ArgParam}}, true
			}
		}
	}
	return "", 0, nil, false
}

// callableArg describes an argument that is code or an instance.
func (x *extractor) callableArg(v val, a *facts.Arg) {
	switch r := v.ref.(type) {
	case *objRef:
		*a = facts.Arg{Kind: facts.ArgObject, More: &facts.ArgMore{Func: r.cls, Args: r.args}, Span: a.Span}
	case *boundRef:
		*a = facts.Arg{Kind: facts.ArgFunc, More: &facts.ArgMore{Func: r.callee, Args: r.args}, Span: a.Span}
	case *objAttr:
		sp := a.Span
		*a = r.obj.self()
		a.Span = sp // the instance's attribute, read where the argument is written
		a.SetAttr(r.name)
	}
}

// methodOf is the method name of recv that a call recv.name(...) calls,
// with the instance as its first argument: self.write(df) in a method,
// Writer("t").run(df), w.run(df).
func (x *extractor) methodOf(recv val, name string, sc *scope) (string, []facts.Arg, bool) {
	if ci, ok := recv.ref.(*classInfo); ok && recv.kind == kClass && ci.name != "" {
		// Conf.start(): a class method of a class of the file, called on the
		// class, is given the class, which reads like an instance of it
		if fn := x.ownMethod(recv, name, sc); fn != nil && fn.classMethod {
			return ci.name + "." + name, []facts.Arg{{Kind: facts.ArgObject, More: &facts.ArgMore{Func: ci.name}}}, true
		}
		return "", nil, false
	}
	if recv.kind != kUnknown {
		return "", nil, false
	}
	switch r := recv.ref.(type) {
	case *param:
		if x.fn != nil && r.fn == x.fn && r.attr == "" && r.i == 0 && x.fn.class != "" {
			return x.join(x.fn.class, name), []facts.Arg{{Kind: facts.ArgParam}}, true
		}
	case *objRef:
		return r.cls + "." + name, []facts.Arg{r.self()}, true
	}
	return "", nil, false
}

// recordCallable records call c of a callable value with arguments a.
func (x *extractor) recordCallable(callee string, calleeParam int, bound []facts.Arg, c callSite, a args) *facts.Call {
	call := &facts.Call{Callee: callee, CalleeParam: calleeParam, Span: x.spanOf(c.call), At: x.span(c.nameStart(), c.fn.End())}
	call.Args = facts.WithBound(bound, x.factArgs(a))
	x.markBatch(call, c)
	x.addCall(call)
	return call
}

// callValue records a call of v when v is code the link step can follow;
// what it returns is a writer it is given, configured there (see
// linkedWriter), or unknown.
func (x *extractor) callValue(v val, c callSite, a args) (val, bool) {
	if v.kind != kUnknown || v.ref == nil {
		return val{}, false
	}
	callee, param, bound, ok := x.callable(v)
	if !ok {
		return val{}, false
	}
	w, _ := x.linkedWriter(x.recordCallable(callee, param, bound, c, a), a)
	return w, true
}

// partial is functools.partial(f, *args, **kwargs).
func (x *extractor) partial(a args) val {
	g, ok := a.pos(0)
	if !ok || len(a) == 0 || !a[0].isPositional() {
		return val{}
	}
	callee, param, bound, ok := x.callable(g.v)
	if !ok || param > 0 {
		return val{}
	}
	for _, r := range a[1:] {
		if r.splat != 0 {
			return val{}
		}
	}
	return val{ref: &boundRef{callee: callee, args: facts.WithBound(bound, x.factArgs(a[1:]))}}
}

// storeAttr records self.name = v in a method: a store the link step
// reads an instance's attribute from. One made on some paths only (in a
// branch or a loop) is recorded as unknown.
func (x *extractor) storeAttr(left, right python.Node, v val, sc *scope, known bool) {
	obj := left.ChildByFieldID(fObject)
	if x.fn == nil || x.fn.class == "" || !obj.Is("identifier") {
		return
	}
	pv, _ := sc.lookup(x.text(obj))
	p, ok := pv.ref.(*param)
	if !ok || p.fn != x.fn || p.i != 0 || p.attr != "" {
		return
	}
	var a facts.Arg
	if known && sc.depth == 0 && x.inLoop == (facts.Span{}) && right.Valid() {
		a = x.factArg(v, x.spanOf(right))
	}
	x.fn.sum.Attrs = append(x.fn.sum.Attrs, facts.Const{Name: x.text(left.ChildByFieldID(fAttribute)), Value: a})
}

// forgetObject unbinds an instance whose attribute code sets from outside
// (w.table = "other"): what its class says of it no longer holds.
func (x *extractor) forgetObject(target python.Node, sc *scope) {
	obj := target.ChildByFieldID(fObject)
	if !obj.Is("identifier") {
		return
	}
	if v, ok := sc.lookup(x.text(obj)); ok {
		if _, isObj := v.ref.(*objRef); isObj || v.kind == kObject {
			sc.set(x.text(obj), val{})
		}
		if lc, ok := v.ref.(*linkedCall); ok {
			lc.changed = true // c = get_conf(); c.trigger = ...: no longer what it returns
		}
	}
}

// startBatch notes, before a foreachBatch call's arguments are read, the
// stream whose micro-batches a lambda among them receives.
func (x *extractor) startBatch(recv val, n, fn python.Node) *batchLambda {
	var h *hist
	switch w := recv.ref.(type) {
	case *writer:
		h = w.hist
	case *wstep:
		h = w.w.hist
	default:
		return nil
	}
	frame := val{kind: kFrame}
	if h != nil {
		frame.ref = h
	}
	start := fn.Start()
	if a := fn.ChildByFieldID(fAttribute); a.Valid() {
		start = a.Start()
	}
	return &batchLambda{args: n.ChildByFieldID(fArguments), frame: frame, span: x.spanOf(n), at: x.span(start, fn.End())}
}

// batchFunction reads lambda n given to foreachBatch: its first parameter
// is the micro-batch, and the call its body makes is the call Spark makes
// with each one (foreachBatch(lambda df, i: upsert(df, i, "silver.t"))).
func (x *extractor) batchFunction(n python.Node, sc *scope, b *batchLambda) val {
	x.batch = nil // a lambda inside is not the batch function
	defer func() { x.batch = b }()
	ls := newScope(sc)
	if params := n.ChildByFieldID(fParameters); params.Valid() {
		i := 0
		for p := params.FirstChild(); p.Valid(); p = p.NextSibling() {
			if name := x.paramName(p); name != "" {
				v := val{}
				if i == 0 && p.Is("identifier") {
					v = b.frame
				}
				ls.set(name, v)
				i++
			}
		}
	}
	body := n.ChildByFieldID(fBody)
	outer := x.batchBody
	x.batchBody = b
	b.body = body
	x.eval(body, ls)
	x.batchBody = outer
	return val{}
}

// isBatchLambda reports whether lambda n is the function of the
// foreachBatch call being read.
func (x *extractor) isBatchLambda(n python.Node) bool {
	b := x.batch
	return b != nil && n.Parent() == b.args
}

// markBatch makes the call a lambda given to foreachBatch consists of the
// call Spark makes with each micro-batch.
func (x *extractor) markBatch(call *facts.Call, c callSite) {
	if b := x.batchBody; b != nil && c.call == b.body {
		call.Kind, call.Span, call.At = "foreachBatch", b.span, b.at
	}
}
