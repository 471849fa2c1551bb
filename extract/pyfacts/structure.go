package pyfacts

import (
	"slices"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// Values through structure: subscripts and .get of dict and list
// literals. A container that code changes in place (an item assigned, a
// mutating method called) is forgotten, never read stale.

// subscript evaluates d["key"] and xs[i] of known containers.
func (x *extractor) subscript(n python.Node, sc *scope) val {
	obj := x.evalField(n, fValue, sc)
	var key val
	keys := 0
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Field() != "subscript" {
			continue
		}
		key = x.eval(c, sc)
		keys++
	}
	if keys != 1 || obj.open {
		return val{}
	}
	switch obj.kind {
	case kDict:
		if k, ok := key.literalString(); ok {
			v, _ := dictGet(obj, k)
			return v
		}
	case kList:
		if i, ok := key.intValue(); ok {
			items := obj.items()
			if i < 0 {
				i += int64(len(items))
			}
			if i >= 0 && i < int64(len(items)) {
				return items[i].val
			}
		}
	case kFrame, kUnknown:
		_, helper := obj.ref.(*linkedCall)
		if key.kind == kList && (obj.kind == kFrame || helper) {
			return obj // df[["a", "b"]] selects columns: the rows stay where they are
		}
	}
	return val{}
}

// dictMethod applies d.get(key[, default]) and d.items() to a known dict.
func (x *extractor) dictMethod(d val, c callSite, a args) val {
	if c.name == "items" && len(a) == 0 {
		return x.dictItems(d)
	}
	if c.name != "get" || d.open {
		return val{}
	}
	k, ok := a.pos(0)
	if !ok {
		return val{}
	}
	key, ok := k.v.literalString()
	if !ok {
		return val{}
	}
	if v, found := dictGet(d, key); found {
		return v
	}
	if def, ok := a.pos(1); ok {
		return def.v
	}
	return val{}
}

// mutating are the methods that change a dict or list in place.
var mutating = map[string]bool{
	"update": true, "pop": true, "popitem": true, "setdefault": true, "clear": true,
	"append": true, "extend": true, "insert": true, "remove": true, "sort": true, "reverse": true,
	"__setitem__": true, "__delitem__": true,
}

// forgetMutated unbinds the name a container bound to it is reached by
// when a method called on it changes it.
func (x *extractor) forgetMutated(recv val, fn python.Node, sc *scope) {
	obj := fn.ChildByFieldID(fObject)
	if !obj.Is("identifier") || !mutating[x.text(fn.ChildByFieldID(fAttribute))] {
		return
	}
	sc.set(x.text(obj), val{})
}

// classInfo is a class of the file whose instances keep their
// constructor's arguments as attributes: a dataclass, a NamedTuple, or a
// class whose __init__ only stores its parameters (self.x = x).
type classInfo struct {
	name     string   // the class's name, for a class of the module
	opaque   bool     // what instances hold is not known here
	params   []string // the constructor's parameters, in order
	defaults []val    // their defaults (kUnknown: none)
	attrs    []string // the attribute each parameter is stored as ("" for none)
	// fields are where a dataclass's or NamedTuple's fields are declared,
	// with whether each has a default and where it is written
	fields []fieldDecl
	// statics are the attributes its body binds (nil when not read)
	statics *classAttrs
}

type fieldDecl struct {
	at, def facts.Span
	hasDef  bool
	// readOnly says the default is no literal to edit where it is
	// written (a default_factory naming a function)
	readOnly bool
}

// fieldMakers are the functions that declare a field with its default
// (trigger: str = field(default="5 seconds")).
var fieldMakers = map[string]bool{
	"dataclasses.field": true, "pydantic.Field": true, "pydantic.fields.Field": true,
	"sqlmodel.Field": true,
}

// fieldDefault is the default a field declaration's value r gives its
// instances: r itself, or the default of field(default=...) and
// pydantic's Field(default=...) or Field(value), or what their
// default_factory returns when it is a lambda or a function of the module
// that gives a constant. at is where the default is written; ok is false
// when the declaration gives none (field(), Field(...)), and readOnly when
// at names a function rather than the value.
func (x *extractor) fieldDefault(r python.Node, sc *scope) (v val, at python.Node, ok, readOnly bool) {
	if !r.Is("call") {
		return x.eval(r, sc), r, true, false
	}
	fn := x.eval(r.ChildByFieldID(fFunction), sc)
	if fn.kind != kModule || !fieldMakers[fn.name] {
		return x.eval(r, sc), r, true, false
	}
	first := true
	for c := r.ChildByFieldID(fArguments).FirstChild(); c.Valid(); c = c.NextSibling() {
		if !c.IsNamed() || c.IsExtra() {
			continue
		}
		switch {
		case c.Is("keyword_argument"):
			name, d := x.text(c.ChildByFieldID(fName)), c.ChildByFieldID(fValue)
			switch name {
			case "default":
				if d.Is("ellipsis") {
					return val{}, r, false, false // required
				}
				return x.eval(d, sc), d, true, false
			case "default_factory":
				return x.factoryDefault(d, sc)
			}
		case first && strings.HasPrefix(fn.name, "pydantic") || first && fn.name == "sqlmodel.Field":
			if c.Is("ellipsis") {
				return val{}, r, false, false
			}
			return x.eval(c, sc), c, true, false
		}
		first = false
	}
	return val{}, r, false, false
}

// factoryDefault is what a default_factory d gives: the constant a lambda
// returns, at the lambda's body, or the one a function of the module
// returns whatever it is given, at d.
func (x *extractor) factoryDefault(d python.Node, sc *scope) (val, python.Node, bool, bool) {
	if d.Is("lambda") {
		if p := d.ChildByFieldID(fParameters); p.Valid() && p.NamedChildCount() > 0 {
			return val{}, d, true, false
		}
		b := d.ChildByFieldID(fBody)
		return x.eval(b, sc), b, true, false
	}
	f := x.eval(d, sc)
	if fn, ok := f.ref.(*function); ok && f.kind == kFunc && fn.retFrame == 0 && constKind(fn.ret.kind) && !fn.ret.open {
		return fn.ret, d, true, true
	}
	return val{}, d, true, false
}

// instance is an instance made with arguments a; what is not known of an
// attribute leaves it unknown, as a splat makes them all.
func (ci *classInfo) instance(a args) val {
	vals := make([]val, len(ci.params))
	set := make([]bool, len(ci.params))
	pos := 0
	for _, g := range a {
		switch {
		case g.splat != 0:
			return val{}
		case g.name != "":
			for i, p := range ci.params {
				if p == g.name {
					vals[i], set[i] = g.v, true
				}
			}
		default:
			if pos < len(vals) {
				vals[pos], set[pos] = g.v, true
			}
			pos++
		}
	}
	items := make([]item, 0, 2*len(ci.params))
	for i, attr := range ci.attrs {
		if attr == "" {
			continue
		}
		v := vals[i]
		if !set[i] {
			v = ci.defaults[i]
		}
		items = append(items, item{val: val{kind: kStr, name: attr}}, item{val: v})
	}
	v := val{kind: kObject}
	if len(items) > 0 {
		v.ref = &list{items}
	}
	return v
}

// classValue is what a class definition binds its name to: a kClass when
// its instances hold their arguments, unknown otherwise.
func (x *extractor) classValue(n python.Node, sc *scope) val {
	body := n.ChildByFieldID(fBody)
	if !body.Valid() {
		return val{}
	}
	dataclass := isDataclass(n)
	if sup := n.ChildByFieldID(fSuperclasses); sup.Valid() && !dataclass {
		return val{} // what a base class's __init__ does is not known here
	}
	ci := &classInfo{}
	for c := body.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch {
		case dataclass && c.Is("expression_statement"):
			as := c.NamedChild(0)
			if !as.Is("assignment") || !as.ChildByFieldID(fType).Valid() || !as.ChildByFieldID(fLeft).Is("identifier") {
				continue
			}
			name := x.text(as.ChildByFieldID(fLeft))
			def := val{}
			fd := fieldDecl{at: x.spanOf(as.ChildByFieldID(fLeft))}
			if r := as.ChildByFieldID(fRight); r.Valid() {
				var at python.Node
				def, at, fd.hasDef, fd.readOnly = x.fieldDefault(r, sc)
				if fd.hasDef {
					fd.def = x.spanOf(at)
				}
			}
			ci.params, ci.attrs, ci.defaults = append(ci.params, name), append(ci.attrs, name), append(ci.defaults, def)
			ci.fields = append(ci.fields, fd)
		case !dataclass && c.Is("function_definition") && x.text(c.ChildByFieldID(fName)) == "__init__":
			if !x.initStores(c, ci, sc) {
				return val{}
			}
		}
	}
	if len(ci.params) == 0 {
		return val{}
	}
	return val{kind: kClass, ref: ci}
}

// isDataclass reports whether class definition n is a dataclass or a
// NamedTuple: the names its body annotates are its instances' fields.
func isDataclass(n python.Node) bool {
	if p := n.Parent(); p.Is("decorated_definition") {
		for c := p.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.Is("decorator") {
				t := string(c.Text())
				if t == "@dataclass" || strings.HasPrefix(t, "@dataclass(") || strings.HasPrefix(t, "@dataclasses.dataclass") {
					return true
				}
			}
		}
	}
	if sup := n.ChildByFieldID(fSuperclasses); sup.Valid() {
		return fieldBases[string(sup.Text())]
	}
	return false
}

// fieldBases are the bases, as written, that make the names a class body
// annotates its instances' fields: a NamedTuple's, or a pydantic model's
// (pydantic-settings' BaseSettings is not among them: the environment may
// give a field another value than its default).
var fieldBases = map[string]bool{
	"(NamedTuple)": true, "(typing.NamedTuple)": true, "(BaseModel)": true, "(pydantic.BaseModel)": true,
}

// initStores reads an __init__ whose body only stores parameters
// (self.x = x); anything else and the class is not followed.
func (x *extractor) initStores(def python.Node, ci *classInfo, sc *scope) bool {
	params := def.ChildByFieldID(fParameters)
	if k := params.NamedChildCount(); ci.params == nil && k > 1 { // self and the rest
		ci.params, ci.attrs, ci.defaults = make([]string, 0, k-1), make([]string, 0, k-1), make([]val, 0, k-1)
	}
	first := true
	for p := params.FirstChild(); p.Valid(); p = p.NextSibling() {
		name := x.paramName(p)
		if name == "" {
			continue
		}
		if p.Is("list_splat_pattern") || p.Is("dictionary_splat_pattern") {
			return false
		}
		if first {
			first = false // self
			continue
		}
		def := val{}
		if d := p.ChildByFieldID(fValue); d.Valid() {
			def = x.eval(d, sc)
		}
		ci.params, ci.attrs, ci.defaults = append(ci.params, name), append(ci.attrs, ""), append(ci.defaults, def)
	}
	for st := def.ChildByFieldID(fBody).FirstChild(); st.Valid(); st = st.NextSibling() {
		switch {
		case st.Is("comment") || st.Is("pass_statement"):
			continue
		case st.Is("expression_statement") && st.NamedChild(0).Is("string"):
			continue // a docstring
		case !st.Is("expression_statement"):
			return false
		}
		as := st.NamedChild(0)
		left, right := as.ChildByFieldID(fLeft), as.ChildByFieldID(fRight)
		if !as.Is("assignment") || !left.Is("attribute") || !right.Is("identifier") ||
			x.text(left.ChildByFieldID(fObject)) != "self" {
			return false
		}
		i := slices.Index(ci.params, x.text(right))
		if i < 0 {
			return false
		}
		ci.attrs[i] = x.text(left.ChildByFieldID(fAttribute))
	}
	return true
}

// fieldsInit adds to the summary the __init__ a dataclass or NamedTuple
// gets from its fields, so that the link step reads an instance's
// attributes in other modules as it reads a class's own __init__.
func (x *extractor) fieldsInit(name string, ci *classInfo) {
	if len(ci.fields) != len(ci.params) || len(ci.fields) == 0 {
		return
	}
	fn := &facts.Func{Name: name + ".__init__", At: ci.fields[0].at, Params: []facts.Param{{Name: "self"}}}
	for i, p := range ci.params {
		fp := facts.Param{Name: p}
		if fd := ci.fields[i]; fd.hasDef {
			def := x.factArg(ci.defaults[i], fd.def)
			if fd.readOnly {
				def.Value.ReadOnly = true
			}
			fp.Default = &def
		}
		fn.Params = append(fn.Params, fp)
		fn.Attrs = append(fn.Attrs, facts.Const{Name: p, Value: facts.Arg{Kind: facts.ArgParam, Param: i + 1}})
	}
	s := x.summary()
	s.Funcs = push(&x.funcLists, s.Funcs, fn)
}
