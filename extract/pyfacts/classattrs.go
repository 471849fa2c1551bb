package pyfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// classAttrs are the names a class body binds (trig = {...}, fmt = "delta"):
// the settings a class keeps for its methods, read there as self.X, cls.X,
// self.__class__.X or ClassName.X, and elsewhere as ClassName.X.
type classAttrs struct {
	name  string
	scope *scope // the class body's scope
	// onInstance are the names a method assigns on self or cls: there the
	// instance's value, not the class's, is what a read finds.
	onInstance map[string]bool
}

// newClassAttrs starts the attributes of the class whose body is body,
// read into scope cs.
func (x *extractor) newClassAttrs(name string, def python.Node, cs *scope) *classAttrs {
	ca := &classAttrs{name: name, scope: cs}
	body := def.ChildByFieldID(fBody)
	x.instanceAssigned(body, ca)
	if isDataclass(def) {
		// a field's default is what an instance holds when its constructor
		// is not given one: each instance's own
		for c := body.FirstChild(); c.Valid(); c = c.NextSibling() {
			if as := c.NamedChild(0); c.Is("expression_statement") && as.Is("assignment") && as.ChildByFieldID(fType).Valid() {
				ca.instance(x.text(as.ChildByFieldID(fLeft)))
			}
		}
	}
	return ca
}

func (ca *classAttrs) instance(name string) {
	if ca.onInstance == nil {
		ca.onInstance = map[string]bool{}
	}
	ca.onInstance[name] = true
}

// instanceAssigned marks the names assigned as self.X or cls.X anywhere
// under n.
func (x *extractor) instanceAssigned(n python.Node, ca *classAttrs) {
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Is("assignment") || c.Is("augmented_assignment") {
			t := c.ChildByFieldID(fLeft)
			if obj := t.ChildByFieldID(fObject); t.Is("attribute") && (obj.TextIs("self") || obj.TextIs("cls")) {
				ca.instance(x.text(t.ChildByFieldID(fAttribute)))
			}
		}
		x.instanceAssigned(c, ca)
	}
}

// get is the value the class body bound name to, when it is a setting
// (a string, number, list or dict) no method replaces on the instance.
func (ca *classAttrs) get(name string) (val, bool) {
	if ca == nil || ca.onInstance[name] {
		return val{}, false
	}
	v, ok := ca.scope.get(name)
	if !ok {
		return val{}, false
	}
	switch v.kind {
	case kConst, kStr, kList, kDict, kColumn:
		return *v, true
	}
	return val{}, false
}

// classRef is the class itself as a value (self.__class__, cls): its
// attributes are the class's.
func (ca *classAttrs) classRef() val {
	return val{kind: kClass, ref: &classInfo{name: ca.name, opaque: true, statics: ca}}
}

// ownClassAttr is ClassName.X read inside a method of ClassName, where the
// name is not bound yet: obj is the attribute's object.
func (x *extractor) ownClassAttr(obj python.Node, name string) (val, bool) {
	for f := x.fn; f != nil; f = f.parent {
		if f.statics != nil && obj.Is("identifier") && x.text(obj) == f.statics.name {
			return f.statics.get(name)
		}
	}
	return val{}, false
}

// isStaticMethod reports whether the function definition def is decorated
// with @staticmethod: its first parameter is an ordinary argument.
func isStaticMethod(def python.Node) bool {
	p := def.Parent()
	if !p.Is("decorated_definition") {
		return false
	}
	for c := p.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Is("decorator") && (c.TextIs("@staticmethod") || c.TextIs("@builtins.staticmethod")) {
			return true
		}
	}
	return false
}

// ownMethod is the method name of the file's class that recv (self, or
// an instance made here) is an instance of, when it is defined already.
func (x *extractor) ownMethod(recv val, name string, sc *scope) *function {
	var ca *classAttrs
	switch r := recv.ref.(type) {
	case *param:
		if r.i == 0 && r.attr == "" && r.fn != nil {
			ca = r.fn.statics
		}
	case *classInfo:
		ca = r.statics // Conf.eager(): a static or class method
	case *objRef:
		if cls, ok := sc.lookup(r.cls); ok {
			if ci, ok := cls.ref.(*classInfo); ok && cls.kind == kClass {
				ca = ci.statics
			}
		}
	}
	if ca == nil {
		return nil
	}
	v, ok := ca.scope.get(name)
	if !ok || v.kind != kFunc {
		return nil
	}
	fn, _ := v.ref.(*function)
	return fn
}

// noteStaticRead remembers that n, obj.name read in a method, is a setting
// of the method's class read through its instance (self.interval): an
// instance of a subclass that binds name reads its own (see
// facts.Hole.Static).
func (x *extractor) noteStaticRead(obj val, name string, n python.Node) {
	r, ok := obj.ref.(*param)
	if !ok || x.fn == nil || r.fn != x.fn || r.i != 0 || r.attr != "" || x.fn.statics == nil || x.fn.class == "" {
		return
	}
	if _, ok := x.fn.statics.get(name); !ok {
		return
	}
	if x.fn.staticReads == nil {
		x.fn.staticReads = map[facts.Span]string{}
	}
	x.fn.staticReads[x.spanOf(n)] = name
}

// noteBases records the bases of module-level class n that are classes
// of the project, for the link step: what an instance of n does not find
// in n it finds in them.
func (x *extractor) noteBases(name string, n python.Node, sc *scope) {
	sup := n.ChildByFieldID(fSuperclasses)
	if !sup.Valid() {
		return
	}
	var bases []string
	for c := sup.FirstChild(); c.Valid(); c = c.NextSibling() {
		if !c.Is("identifier") && !c.Is("attribute") {
			continue
		}
		v := x.eval(c, sc)
		switch {
		case v.kind == kClass:
			if ci, ok := v.ref.(*classInfo); ok && ci.name != "" {
				bases = append(bases, ci.name)
			}
		case v.kind == kModule && projectName(v.name):
			bases = append(bases, v.name)
		}
	}
	if len(bases) > 0 {
		s := x.summary()
		s.Classes = append(s.Classes, facts.Class{Name: name, Bases: bases})
	}
}
