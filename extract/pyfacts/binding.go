package pyfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// Bindings: a table whose path (or name) is a value the code computes at
// run time (f"{args.output}/{meta.folder}") has no name lakelint can
// follow, but the code may still say it is one table: the same variable,
// bound once, is given to the helper that creates the table and to the
// one that writes it. bindingOf names that binding (facts.Target.Bind).

// bindingKey is a name of a scope, for bindingOf's answers.
type bindingKey struct {
	scope int
	name  string
}

// bindingOf is the Bind of the value expression n: when n is a name
// assigned exactly once in the scope it is read in (a plain name =
// value, before n), never rebound there (no other assignment, loop
// variable, import, del, global or nonlocal of it), and not one of the
// scope's parameters; "" otherwise. Names at module level of a file of
// several regions (a notebook's cells) have none: another cell may bind
// them again.
func (x *extractor) bindingOf(n python.Node) string {
	for n.Is("parenthesized_expression") && n.NamedChildCount() == 1 {
		n = n.NamedChild(0)
	}
	if !n.Is("identifier") {
		return ""
	}
	name := x.text(n)
	scope := python.Node{}
	for p := n.Parent(); p.Valid() && !scope.Valid(); p = p.Parent() {
		switch p.Type() {
		case "function_definition":
			if bindsParam(p.ChildByFieldID(fParameters), name) {
				return ""
			}
			scope = p
		case "lambda":
			if bindsParam(p.ChildByFieldID(fParameters), name) {
				return ""
			}
		case "list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression":
			if bindsComprehension(p, name) {
				return ""
			}
		case "class_definition":
			return "" // a class body's names are not its methods'
		case "module":
			if len(x.regions) > 1 {
				return ""
			}
			scope = p
		}
	}
	if !scope.Valid() {
		return ""
	}
	start := x.spanOf(scope).Start
	if scope.Is("module") {
		start = 0
	}
	k := bindingKey{start, name}
	assign, ok := x.bindings[k]
	if !ok {
		assign = x.onlyAssignment(scope, name)
		if x.bindings == nil {
			x.bindings = map[bindingKey]python.Node{}
		}
		x.bindings[k] = assign
	}
	if !assign.Valid() || assign.End() > n.Start() {
		return ""
	}
	return facts.BindKey(name, start, x.spanOf(assign).Start)
}

// onlyAssignment is the one statement name = value that binds name in
// scope (a function definition or the module), outside the scopes nested
// in it; invalid when there is none, or any other binding.
func (x *extractor) onlyAssignment(scope python.Node, name string) python.Node {
	body := scope
	if scope.Is("function_definition") {
		body = scope.ChildByFieldID(fBody)
	}
	var only python.Node
	count := 0
	body.Descendants(func(d python.Node) bool {
		if count > 1 {
			return false
		}
		switch d.Type() {
		case "global_statement", "nonlocal_statement":
			// a nested function's nonlocal rebinds it too: looked for everywhere below
			d.Descendants(func(c python.Node) bool {
				if c.Is("identifier") && x.text(c) == name {
					count = 2
				}
				return true
			})
			return false
		case "function_definition", "class_definition":
			if x.text(d.ChildByFieldID(fName)) == name {
				count = 2
			}
			d.Descendants(func(c python.Node) bool { // only what rebinds name here
				if (c.Is("global_statement") || c.Is("nonlocal_statement")) && containsName(x, c, name) {
					count = 2
				}
				return true
			})
			return false
		case "lambda", "list_comprehension", "set_comprehension", "dictionary_comprehension", "generator_expression":
			return d.Is("list_comprehension") || d.Is("set_comprehension") || d.Is("dictionary_comprehension") || d.Is("generator_expression") // a walrus inside binds the enclosing scope's name
		case "identifier":
			if x.text(d) != name || !bindingPlace(d) {
				return false
			}
			count++
			if p := d.Parent(); p.Is("assignment") && p.ChildByFieldID(fLeft) == d {
				only = p
			} else {
				count = 2
			}
		}
		return true
	})
	if count != 1 {
		return python.Node{}
	}
	return only
}

// containsName reports whether an identifier name is below n.
func containsName(x *extractor, n python.Node, name string) bool {
	found := false
	n.Descendants(func(c python.Node) bool {
		if c.Is("identifier") && x.text(c) == name {
			found = true
		}
		return !found
	})
	return found
}

// bindingPlace reports whether identifier d stands where Python binds it:
// an assignment's or a for loop's target (or a part of one), a with or
// except alias, a walrus, an import, a del.
func bindingPlace(d python.Node) bool {
	child := d
	for p := d.Parent(); p.Valid(); child, p = p, p.Parent() {
		switch p.Type() {
		case "pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "parenthesized_expression",
			"list_splat_pattern", "list_splat", "as_pattern_target", "expression_list":
			continue
		case "assignment", "augmented_assignment", "for_statement", "for_in_clause":
			return p.ChildByFieldID(fLeft) == child
		case "named_expression":
			return p.ChildByFieldID(fName) == child
		case "as_pattern", "with_item", "except_clause", "except_group_clause":
			return child.Is("as_pattern_target") || precededByAs(child)
		case "aliased_import":
			return p.ChildByFieldID(fAlias) == child
		case "dotted_name":
			q := p.Parent()
			return (q.Is("import_statement") || q.Is("aliased_import") && q.ChildByFieldID(fAlias) != p) && p.NamedChild(0) == child
		case "delete_statement", "import_from_statement", "import_statement":
			return true
		case "case_pattern", "keyword_pattern", "splat_pattern", "dict_pattern", "class_pattern", "union_pattern", "as_pattern_target_name":
			return true // a match statement's capture: conservative
		}
		return false
	}
	return false
}

// precededByAs reports whether the token before n is the keyword as.
func precededByAs(n python.Node) bool {
	p := n.Parent()
	var prev python.Node
	for c := p.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c == n {
			return prev.Valid() && prev.TextIs("as")
		}
		prev = c
	}
	return false
}

// bindsParam reports whether a parameter list binds name (or mentions it
// in a default: conservative).
func bindsParam(params python.Node, name string) bool {
	found := false
	params.Descendants(func(c python.Node) bool {
		if c.Is("identifier") && c.TextIs(name) {
			found = true
		}
		return !found
	})
	return found
}

// bindsComprehension reports whether a comprehension's for clauses bind
// name (or mention it: conservative).
func bindsComprehension(comp python.Node, name string) bool {
	for c := comp.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Is("for_in_clause") && bindsParam(c.ChildByFieldID(fLeft), name) {
			return true
		}
	}
	return false
}

// noteBinding gives a call's argument a, written at n, the binding its
// value is when the value is not known (see facts.ArgMore.Bind).
func (x *extractor) noteBinding(a *facts.Arg, n python.Node) {
	if a.Known() || a.Kind == facts.ArgParam || a.Splat != 0 {
		return
	}
	if b := x.bindingOf(n); b != "" {
		a.SetBind(b)
	}
}
