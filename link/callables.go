package link

import (
	"slices"
	"strings"

	"github.com/lakelint/lakelint/facts"
)

// Code passed as a value (see extract/pyfacts/callables.go): a call of a
// parameter that holds a function, functions with bound arguments, and
// instances whose attributes a method reads (self.table).

// calleeOf resolves the function call c, made in the body of a function
// of file home whose arguments are args, calls: the function it names, or
// the one the caller passes for the parameter it calls. It returns the
// callee's file, the callee, the call's arguments with any bound to the
// function first, and the bindings those arguments' parameters refer to.
func (l *linker) calleeOf(home string, c *facts.Call, args []bound) (string, *facts.Func, []facts.Arg, []bound) {
	if c.CalleeParam == 0 {
		h, fn := l.resolve(home, c.Callee)
		return h, fn, c.Args, args
	}
	i := c.CalleeParam - 1
	if i >= len(args) || !args[i].ok {
		return "", nil, nil, nil
	}
	f := args[i]
	if f.a.Kind == facts.ArgObject && f.a.Attr() != "" {
		// a method of an instance: w.write
		self := f.a
		self.Name = ""
		self.SetAttr("")
		fn := self.Func() + "." + f.a.Attr()
		f.a = facts.Arg{Kind: facts.ArgFunc, More: &facts.ArgMore{Func: fn, Args: []facts.Arg{self}}, Span: f.a.Span}
	}
	if f.a.Kind != facts.ArgFunc {
		return "", nil, nil, nil
	}
	h, fn := l.resolve(f.home, f.a.Func())
	if fn == nil {
		return "", nil, nil, nil
	}
	outer := args[:len(args):len(args)]
	var pre []facts.Arg
	for _, a := range f.a.Args() {
		b := l.valueAt(f.home, a)
		if a.Kind == facts.ArgParam {
			b = bound{} // a parameter of the function that bound it: not known here
		}
		outer = append(outer, b)
		pre = append(pre, facts.Arg{Kind: facts.ArgParam, Param: len(outer) - 1, Name: a.Name, Span: a.Span})
	}
	return h, fn, facts.WithBound(pre, c.Args), outer
}

// attr is attribute name of the instance b: what its class's __init__
// stores there, when __init__ is the one method of the class that sets it
// and sets it on every path. A constructor argument is the caller's, at
// the argument; a constant or a default is the class's, where it is
// written (reported once, there), when the code that reads it (of file
// fnHome) is the class's, and else placed where the instance is made, as
// the class's constants are. A dotted name (cfg.table) is read an attribute
// at a time, through the instances attributes hold.
func (l *linker) attr(b bound, name, fnHome string) bound {
	for range maxAttrDepth {
		first, rest, nested := strings.Cut(name, ".")
		if !nested {
			break
		}
		b, name = l.attrOf(b, first, fnHome), rest
	}
	if strings.Contains(name, ".") {
		return bound{}
	}
	return l.attrOf(b, name, fnHome)
}

// maxAttrDepth bounds the attributes of attributes followed (self.cfg.table).
const maxAttrDepth = 3

// classDefault is value a, written in file home by the class of
// instance b, as the code of file fnHome reads it: a default there when
// that is the class's file (reported once, there), else placed where b is
// made, as the class's constants are.
func classDefault(a facts.Arg, home string, b bound, fnHome string) bound {
	if home == fnHome {
		return bound{a: a, home: home, ok: true, deflt: true}
	}
	return bound{a: placeDeep(a, b.a.Span), home: b.home, ok: true}
}

func (l *linker) attrOf(b bound, name, fnHome string) bound {
	if !b.ok || b.a.Kind != facts.ArgObject {
		return bound{}
	}
	home, init := l.resolve(b.home, b.a.Func()+".__init__")
	if init == nil {
		return l.classConst(b, name)
	}
	cls := strings.TrimSuffix(init.Name, "__init__")
	var store *facts.Const
	stores := 0
	for _, fn := range l.summary(home).Funcs {
		if !strings.HasPrefix(fn.Name, cls) {
			continue
		}
		for i := range fn.Attrs {
			if a := &fn.Attrs[i]; a.Name == name || a.Name == "*" {
				stores++
				if fn == init && a.Name == name {
					store = a
				}
			}
		}
	}
	if stores == 0 {
		return l.classConst(b, name)
	}
	if stores != 1 || store == nil {
		return bound{}
	}
	v := store.Value
	if v.Kind != facts.ArgParam && (v.Kind != facts.ArgDict || len(v.Args()) == 0) {
		if !v.Known() {
			return bound{}
		}
		return classDefault(v, home, b, fnHome)
	}
	args := append([]facts.Arg{{}}, b.a.Args()...) // the instance itself first
	mark := len(l.bounds)
	bs := l.bind(init, args, func(a *facts.Arg) bound {
		if a.Kind == facts.ArgParam {
			return bound{} // a parameter of the function that made the instance
		}
		return l.valueAt(b.home, *a)
	})
	defer func() { l.bounds = l.bounds[:mark] }()
	if v.Kind == facts.ArgDict {
		r := dictOfParams(v, bs, home)
		if r.deflt {
			r = classDefault(r.a, home, b, fnHome)
		}
		return r
	}
	if v.Param >= len(bs) || v.Attr() != "" {
		return bound{}
	}
	r := bs[v.Param]
	if r.deflt && r.ok {
		r = classDefault(r.a, home, b, fnHome)
	}
	return r
}

// dictOfParams is the dict d, stored by the __init__ of file home, with
// the values its parameters give it filled from their bindings bs
// (self.trigger = {"processingTime": interval}); nothing when one of them
// is not a known constant. It is the class's, at its defaults, when only
// defaults fill it, and else the caller's, at the first argument that
// does, its other values placed there too when written in another file.
func dictOfParams(d facts.Arg, bs []bound, home string) bound {
	items := slices.Clone(d.Items())
	var at bound
	from := make([]bool, len(items))
	for _, p := range d.Args() {
		if p.Param >= len(bs) || p.Attr() != "" {
			return bound{}
		}
		r := bs[p.Param]
		if !r.ok || r.a.Kind != facts.ArgValue || !r.a.Value.Known() {
			return bound{}
		}
		k := slices.IndexFunc(items, func(v facts.Value) bool { return v.Kind == facts.String && v.Str == p.Name })
		if k < 0 || k%2 != 0 {
			return bound{}
		}
		items[k+1] = r.a.Value
		if !r.deflt {
			from[k+1] = true
			if !at.ok {
				at = r
			}
		}
	}
	d.SetItems(items)
	if d.More != nil {
		d.More.Args = nil
	}
	if !at.ok {
		return bound{a: d, home: home, ok: true, deflt: true}
	}
	if at.home != home {
		for i := range items {
			if !from[i] {
				items[i].Span, items[i].ReadOnly = at.a.Span, true
			}
		}
		d.Span = at.a.Span
	}
	return bound{a: d, home: at.home, ok: true}
}

// classConst is attribute name of the instance b when no method sets it
// and its class's body, or a base's, does (interval = "1 second"): the
// class's, placed where the instance is given.
func (l *linker) classConst(b bound, name string) bound {
	c, ok := l.classSetting(b.home, b.a.Func(), name, "", "", maxBases)
	if !ok {
		return bound{}
	}
	return bound{a: placeArg(c, b.a.Span), home: b.home, ok: true}
}

// classSetting is setting name of class cls, as file p names it: what its
// body binds, or else the first of its bases that does. Reaching class
// stop of file stopIn ends the search with nothing: what that class says
// is known already.
func (l *linker) classSetting(p, cls, name, stopIn, stop string, depth int) (facts.Arg, bool) {
	if depth == 0 {
		return facts.Arg{}, false
	}
	var found facts.Arg
	ok, stopped := false, false
	l.find(p, cls+"."+name, func(file, n string) bool {
		if file == stopIn && n == stop+"."+name {
			stopped = true
			return true
		}
		found, ok = constIn(l.get(file), n)
		return ok
	})
	if ok || stopped {
		return found, ok
	}
	file, c := l.class(p, cls)
	if c == nil {
		return facts.Arg{}, false
	}
	for _, b := range c.Bases {
		if v, ok := l.classSetting(file, b, name, stopIn, stop, depth-1); ok {
			return v, true
		}
	}
	return facts.Arg{}, false
}

// via is the call a write the site adds is made at: the foreachBatch call
// the chain went through, or the site's call.
func (s site) via() *facts.Call {
	if s.batch != nil {
		return s.batch
	}
	return s.call
}

// markVia records on a write the site adds the call it comes from, so
// rules tell a helper's write applied at a call from the helper's own, and
// see which stream a foreachBatch function's writes belong to.
func markVia(w *facts.Write, s site) {
	via := s.via()
	w.Via = &facts.Via{Call: via.Span, ForeachBatch: via.Kind == "foreachBatch", Site: s.call.Span}
}

// through is the site as seen by call c of a function in file home: a
// foreachBatch call there makes the writes below it the micro-batches' of
// the stream it sits on. The stream's facts are at c when home is the
// site's file, and at the site's call when they were moved there.
func (s site) through(c *facts.Call, home string) site {
	if c.Kind != "foreachBatch" {
		return s
	}
	at := c.Span
	if home != s.file {
		at = s.call.Span
	}
	s.batch = &facts.Call{Kind: c.Kind, Span: at, At: c.At, Callee: c.Callee}
	return s
}

// joined is a string built from parameters (see facts.Hole.Parts), known
// when every part is a string or a number. It stands at the one argument
// a caller passes for it (the first, when several), and is the function's,
// at its first default, when only defaults fill it; it is never edited.
func (in *instance) joined(parts []facts.Arg) bound {
	var b strings.Builder
	var at, first bound
	for _, p := range parts {
		if p.Kind == facts.ArgValue {
			b.WriteString(p.Value.Str)
			continue
		}
		if p.Param < 0 || p.Param >= len(in.args) {
			return bound{}
		}
		a := in.args[p.Param]
		if p.Attr() != "" {
			a = in.arg(facts.Hole{Param: p.Param, Attr: p.Attr()})
		}
		if !a.ok || a.a.Kind != facts.ArgValue || (a.a.Value.Kind != facts.String && a.a.Value.Kind != facts.Int) {
			return bound{}
		}
		b.WriteString(a.a.Value.Str)
		if !first.ok {
			first = a
		}
		if !a.deflt && !at.ok {
			at = a
		}
	}
	if !at.ok {
		at = first
	}
	if !at.ok {
		return bound{} // no parameter: nothing to fill
	}
	v := facts.Value{Kind: facts.String, Str: b.String(), Span: at.a.Span, ReadOnly: true}
	return bound{a: facts.Arg{Kind: facts.ArgValue, Value: v, Span: at.a.Span}, home: at.home, ok: true, deflt: at.deflt}
}

// argAt is argument a of a call made in file p as a binding: a module
// constant it names resolved, and an instance's attribute (spec.table)
// read from its class when the value is the constructor's argument
// written in p; what the class itself supplies is not followed there.
func (l *linker) argAt(p string, a facts.Arg) bound {
	if a.Kind != facts.ArgObject || a.Attr() == "" {
		return l.valueAt(p, a)
	}
	obj := a
	obj.SetAttr("")
	b := l.attr(bound{a: obj, home: p, ok: true}, a.Attr(), p)
	if !b.ok || b.home != p || b.deflt {
		return bound{}
	}
	b.a.Name, b.a.Splat = a.Name, a.Splat
	return b
}
