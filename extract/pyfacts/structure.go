package pyfacts

import (
	"github.com/lakelint/lakelint/parsers/python"
)

// Values through structure: subscripts and .get of dict and list
// literals. A container that code changes in place (an item assigned, a
// mutating method called) is forgotten, never read stale.

// subscript evaluates d["key"] and xs[i] of known containers.
func (x *extractor) subscript(n python.Node, sc *scope) val {
	obj := x.evalField(n, "value", sc)
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
	}
	return val{}
}

// dictMethod applies d.get(key[, default]) to a known dict.
func (x *extractor) dictMethod(d val, c callSite, a args) val {
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
	obj := fn.ChildByField("object")
	if !obj.Is("identifier") || !mutating[x.text(fn.ChildByField("attribute"))] {
		return
	}
	sc.set(x.text(obj), val{})
}
