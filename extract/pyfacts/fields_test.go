package pyfacts

import (
	"testing"

	"github.com/lakelint/lakelint/parsers/python"
)

// TestFieldIDs checks that every field the extractor reads by id is one
// the grammar has: an id of 0 would find no child and read nothing.
func TestFieldIDs(t *testing.T) {
	ids := map[string]python.FieldID{
		"object":       fObject,
		"body":         fBody,
		"attribute":    fAttribute,
		"value":        fValue,
		"right":        fRight,
		"name":         fName,
		"left":         fLeft,
		"arguments":    fArguments,
		"function":     fFunction,
		"parameters":   fParameters,
		"operator":     fOperator,
		"superclasses": fSuperclasses,
		"consequence":  fConsequence,
		"condition":    fCondition,
		"alias":        fAlias,
		"type":         fType,
		"key":          fKey,
		"module_name":  fModuleName,
		"definition":   fDefinition,
		"argument":     fArgument,
		"alternative":  fAlternative,
	}

	for name, id := range ids {
		if id == 0 || id != python.FieldByName(name) {
			t.Errorf("field %q has id %d", name, id)
		}
	}
}

// TestExprKinds checks that every type eval reads is one the grammar
// has, and that a node's kind is its type's.
func TestExprKinds(t *testing.T) {
	have := map[string]bool{}
	for i := range python.SymbolCount() {
		have[python.SymbolName(python.Symbol(i))] = true
	}
	for typ := range exprKinds {
		if !have[typ] {
			t.Errorf("no node type %q in the grammar", typ)
		}
	}
	tree, err := python.Parse([]byte("a = [f(x).y, -1, 2.0, None, {'k': (v)}, s[0], b if c else d, (n := 1), lambda q: q, {i for i in r}] + ?\n"))
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Release()
	tree.Root().Descendants(func(n python.Node) bool {
		if got, want := exprKindOf(n), exprKinds[n.Type()]; got != want {
			t.Errorf("%s: kind %d, want %d", n.Type(), got, want)
		}
		return true
	})
}

// TestStmtKinds checks that every type statement reads is one the grammar
// has, and that a node's kind is its type's, ERROR nodes included.
func TestStmtKinds(t *testing.T) {
	have := map[string]bool{"ERROR": true}
	for i := range python.SymbolCount() {
		have[python.SymbolName(python.Symbol(i))] = true
	}
	for typ := range stmtKinds {
		if !have[typ] {
			t.Errorf("no node type %q in the grammar", typ)
		}
	}
	src := "import a\nfrom b import c\n# note\nif x:\n    pass\nelif y:\n    del z\nfor i in r:\n    break\nwhile w:\n    continue\n" +
		"try:\n    f()\nexcept E:\n    raise\nwith o as p:\n    assert q\nmatch m:\n    case 1:\n        g()\n" +
		"def h(u):\n    global G\n    return u\nclass K:\n    @d\n    def k(self):\n        nonlocal v\n+ = )\n"
	tree, err := python.Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Release()
	seen := map[stmtKind]bool{}
	tree.Root().Descendants(func(n python.Node) bool {
		got, want := stmtKindOf(n), stmtKinds[n.Type()]
		if got != want {
			t.Errorf("%s: kind %d, want %d", n.Type(), got, want)
		}
		seen[got] = true
		return true
	})
	for k := sOther; k <= sReturn; k++ {
		if !seen[k] {
			t.Errorf("no statement of kind %d: the test reads less than it means to", k)
		}
	}
}
