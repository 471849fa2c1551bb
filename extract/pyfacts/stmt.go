package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// block reads the statements under n (a module or block).
func (x *extractor) block(n python.Node, sc *scope) {
	if x.inLoop == (facts.Span{}) {
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			x.statement(c, sc)
		}
		return
	}
	// in a loop: a statement the block breaks or returns after runs once
	// for the loop, not on every iteration (a retry loop: try: write; break)
	mark := len(x.work.stmts)
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		x.work.stmts = append(x.work.stmts, c)
	}
	stmts := x.work.stmts[mark:]
	exits := make([]loopExit, len(stmts))
	after := exitNone
	for i := len(stmts) - 1; i >= 0; i-- {
		exits[i] = after
		switch stmts[i].Type() {
		case "break_statement":
			after = exitBreak
		case "return_statement":
			after, exits[i] = exitReturn, exitReturn
		case "continue_statement":
			after = exitNone
		}
	}
	for i, c := range stmts {
		if exits[i] == exitNone {
			x.statement(c, sc)
			continue
		}
		loop, items, while := x.inLoop, x.loopItems, x.loopWhile
		x.inLoop, x.loopItems, x.loopWhile = facts.Span{}, 0, false
		if k := len(x.outerLoops); exits[i] == exitBreak && k > 0 {
			// break leaves the innermost loop only: the one around it repeats
			o := x.outerLoops[k-1]
			x.inLoop, x.loopItems, x.loopWhile = o.header, o.items, o.while
		}
		x.statement(c, sc)
		x.inLoop, x.loopItems, x.loopWhile = loop, items, while
	}
	x.work.stmts = x.work.stmts[:mark]
}

// loopExit is how a block leaves the loop it is in after a statement.
type loopExit uint8

const (
	exitNone   loopExit = iota
	exitBreak           // a break after it: the innermost loop is left
	exitReturn          // a return (or the statement is one): every loop is
)

// loopCtx is a loop being read: its header and what is known of it.
type loopCtx struct {
	header facts.Span
	items  int
	while  bool
}

func (x *extractor) statement(n python.Node, sc *scope) {
	switch stmtKindOf(n) {
	case sSkip:
	case sExpression:
		x.stmt = n
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.IsNamed() && !c.IsExtra() {
				x.expressionStatement(c, sc)
			}
		}
	case sImport:
		x.imports(n, sc)
	case sIf:
		x.ifStatement(n, sc)
	case sLoop:
		x.loop(n, sc)
	case sTry:
		x.tryStatement(n, sc)
	case sWith:
		x.withStatement(n, sc)
	case sMatch:
		x.matchStatement(n, sc)
	case sFunction:
		x.function(n, sc)
	case sClass:
		x.class(n, sc)
	case sDecorated:
		x.decorated(n, sc)
	case sBlock:
		// an ERROR node holds whatever the parser could not place: read
		// what statements and expressions it has
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.IsNamed() && !c.IsExtra() {
				x.statement(c, sc)
			}
		}
	case sDelete:
		x.stmt = n
		x.unbindTargets(n, sc)
	case sReturn:
		x.stmt = n
		var v val
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.IsNamed() && !c.IsExtra() {
				v = x.eval(c, sc)
			}
		}
		x.returned(v)
	default:
		// raise, assert, print, and bare expressions
		x.stmt = n
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.IsNamed() && !c.IsExtra() {
				x.eval(c, sc)
			}
		}
	}
}

func (x *extractor) expressionStatement(n python.Node, sc *scope) {
	switch n.Type() {
	case "assignment":
		x.assign(n, sc)
	case "augmented_assignment":
		x.augmented(n, sc)
	default:
		x.keepConfigured(n, x.eval(n, sc), sc)
	}
}

func (x *extractor) assign(n python.Node, sc *scope) val {
	right := n.ChildByFieldID(fRight)
	var v val
	switch {
	case right.Is("assignment"):
		v = x.assign(right, sc) // a = b = value
	case right.Valid():
		v = x.eval(right, sc)
	}
	left := n.ChildByFieldID(fLeft)
	if left.Is("attribute") && x.fn != nil {
		x.storeAttr(left, right, v, sc, !right.Is("assignment"))
	}
	if left.Is("attribute") && x.fn == nil {
		x.academyPath(x.text(left), v)
	}
	x.bind(left, v, sc)
	return v
}

// academyPath gives the value of DA.paths.x = "..." (the helper object of
// Databricks Academy courses, whose setup copies each path to the
// session's conf) to ${DA.paths.x} and ${da.paths.x}.
func (x *extractor) academyPath(target string, v val) {
	rest, ok := strings.CutPrefix(target, "DA.paths.")
	if !ok || rest == "" || strings.ContainsAny(rest, ". \t\n") {
		return
	}
	value, known := v.literalString()
	for _, name := range []string{target, "da.paths." + rest} {
		x.give(params.Given{Source: params.Conf, Name: name, Value: value, Known: known})
	}
}

func (x *extractor) augmented(n python.Node, sc *scope) {
	left, right := n.ChildByFieldID(fLeft), n.ChildByFieldID(fRight)
	r := x.eval(right, sc)
	if !left.Is("identifier") {
		if left.Is("attribute") {
			x.storeAttr(left, right, r, sc, false)
			x.forgetObject(left, sc)
		}
		x.eval(left, sc)
		return
	}
	l := x.lookup(left, sc)
	var v val
	if op := n.ChildByFieldID(fOperator); op.TextIs("+=") {
		v = x.add(l, r)
	}
	sc.set(x.text(left), v)
}

// bind assigns v to an assignment target; parts it cannot follow become unknown.
func (x *extractor) bind(target python.Node, v val, sc *scope) {
	if v.kind == kPerRun {
		x.bindPerRun(target)
	}
	switch target.Type() {
	case "identifier":
		sc.set(x.text(target), v)
	case "pattern_list", "tuple_pattern", "list_pattern", "tuple", "list", "expression_list":
		elems := target.NamedChildren(nil)
		items := v.items()
		pairwise := v.kind == kList && !v.open && len(items) == len(elems)
		for i, e := range elems {
			if pairwise && !e.Is("list_splat_pattern") {
				x.bind(e, items[i].val, sc)
			} else {
				x.bind(e, val{}, sc)
			}
		}
	case "as_pattern_target":
		x.bind(target.NamedChild(0), v, sc)
	case "parenthesized_expression", "list_splat_pattern", "list_splat":
		x.bind(target.NamedChild(0), val{}, sc)
	case "subscript":
		// d["k"] = v changes what d holds: forget it
		x.eval(target, sc)
		if obj := target.ChildByFieldID(fValue); obj.Is("identifier") {
			sc.set(x.text(obj), val{})
		}
	default:
		// attribute and subscript targets: evaluate for what they contain
		x.eval(target, sc)
		if target.Is("attribute") {
			x.forgetObject(target, sc)
		}
	}
}

// bindPerRun notes the name a value new on every run is stored under:
// run_id = ..., self.run_id = ..., df["run_id"] = ....
func (x *extractor) bindPerRun(target python.Node) {
	var name python.Node
	switch {
	case target.Is("identifier"):
		name = target
	case target.Is("attribute"):
		name = target.ChildByFieldID(fAttribute)
	case target.Is("subscript"):
		for c := target.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.Field() != "subscript" {
				continue
			}
			if text, _, ok := python.PlainString(c); ok {
				x.notePerRun(string(text), x.spanOf(c))
			}
		}
		return
	}
	if name.Valid() {
		x.notePerRun(x.text(name), x.spanOf(name))
	}
}

// unbindTargets forgets the names a del statement removes.
func (x *extractor) unbindTargets(n python.Node, sc *scope) {
	n.Descendants(func(d python.Node) bool {
		if d.Is("identifier") && !d.Parent().Is("attribute") && !d.Parent().Is("subscript") {
			sc.set(x.text(d), val{})
		}
		return !d.Is("attribute") && !d.Is("subscript")
	})
}

func (x *extractor) ifStatement(n python.Node, sc *scope) {
	cond := x.header(n, fCondition, sc)
	mark := x.pushArm(n)
	hasElse := false
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch c.Type() {
		case "elif_clause":
			x.work.armStack = append(x.work.armStack, c)
		case "else_clause":
			hasElse = true
			x.work.armStack = append(x.work.armStack, c)
		}
	}
	arms := x.work.armStack[mark:]
	readArm := func(i int) {
		switch clause := arms[i]; clause.Type() {
		case "elif_clause":
			x.header(clause, fCondition, sc)
			x.block(clause.ChildByFieldID(fConsequence), sc)
		case "else_clause":
			x.block(clause.ChildByFieldID(fBody), sc)
		default: // the if itself
			x.block(clause.ChildByFieldID(fConsequence), sc)
		}
	}
	defer x.popArms(mark)
	if taken, ok := knownArm(cond, len(arms), hasElse); ok {
		// a condition known here: only the arm it takes runs
		for i := range arms {
			if i != taken {
				untaken(sc, func() { readArm(i) })
			}
		}
		if taken >= 0 {
			readArm(taken)
		}
		return
	}
	sc.store.armWhen = x.armConditions(arms) // taken by branches
	branches(sc, !hasElse, len(arms), readArm)
}

// knownArm is the arm of an if that runs when its first condition's value
// is known (-1: none), unless elif clauses follow a false one.
func knownArm(cond val, arms int, hasElse bool) (int, bool) {
	if cond.kind != kConst {
		return 0, false
	}
	b, ok := cond.lit().Truth()
	switch {
	case !ok:
		return 0, false
	case b:
		return 0, true
	case arms == 1:
		return -1, true
	case arms == 2 && hasElse:
		return 1, true
	}
	return 0, false
}

// armConditions says when each clause of an if runs, and after them when
// none does: "`flag` is true", "`flag` is false" (or "none of `a`, `b`
// is true" after elif clauses).
func (x *extractor) armConditions(clauses []python.Node) []when {
	conds := make([]when, 0, len(clauses)+1)
	var tested []string
	for _, c := range clauses {
		if c.Is("else_clause") {
			break
		}
		cond := strings.Join(strings.Fields(x.text(c.ChildByFieldID(fCondition))), " ")
		tested = append(tested, cond)
		conds = append(conds, truth(cond, true))
	}
	switch {
	case len(tested) == 1:
		conds = append(conds, truth(tested[0], false))
	default:
		conds = append(conds, when{text: "none of `" + strings.Join(tested, "`, `") + "` is true"})
	}
	return conds
}

// truth says that condition cond is true or false, as plainly as it can:
// "not flag" false is "flag" true.
func truth(cond string, b bool) when {
	if rest, ok := strings.CutPrefix(cond, "not "); ok {
		cond, b = strings.TrimSpace(rest), !b
	}
	if b {
		return when{text: "`" + cond + "` is true", cond: cond, holds: true}
	}
	return when{text: "`" + cond + "` is false", cond: cond, holds: false}
}

// pushArm pushes n onto x.work.armStack, the clauses of the branches being
// read, and returns the stack's length before it (see popArms). One stack
// serves every statement of a file instead of a list of closures each.
func (x *extractor) pushArm(n python.Node) int {
	mark := len(x.work.armStack)
	x.work.armStack = append(x.work.armStack, n)
	return mark
}

// popArms drops the clauses pushed since the stack had length mark.
func (x *extractor) popArms(mark int) {
	x.work.armStack = x.work.armStack[:mark]
}

func (x *extractor) loop(n python.Node, sc *scope) {
	var iter val
	if n.Is("for_statement") {
		iter = x.header(n, fRight, sc)
	} else {
		x.header(n, fCondition, sc)
	}
	outer, outerItems, outerWhile := x.inLoop, x.loopItems, x.loopWhile
	x.outerLoops = append(x.outerLoops, loopCtx{outer, outerItems, outerWhile})
	x.inLoop, x.loopItems, x.loopWhile = x.loopHeader(n), 0, n.Is("while_statement")
	if iter.kind == kList && !iter.open {
		x.loopItems = len(iter.items())
	}
	defer func() {
		x.inLoop, x.loopItems, x.loopWhile = outer, outerItems, outerWhile
		x.outerLoops = x.outerLoops[:len(x.outerLoops)-1]
	}()
	item := registryItem(iter)
	if e, ok := x.loopEntry(iter); ok {
		item = e
	}
	branches(sc, true, 1, func(int) {
		if left := n.ChildByFieldID(fLeft); left.Valid() {
			x.bind(left, item, sc)
		}
		x.block(n.ChildByFieldID(fBody), sc)
		if e := n.ChildByFieldID(fAlternative); e.Valid() {
			x.block(e.ChildByFieldID(fBody), sc)
		}
	})
}

func (x *extractor) tryStatement(n python.Node, sc *scope) {
	mark := x.pushArm(n)
	var final python.Node
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch c.Type() {
		case "except_clause", "except_group_clause":
			x.work.armStack = append(x.work.armStack, c)
		case "finally_clause":
			final = c
		}
	}
	// the try body may stop anywhere, so every arm is uncertain
	branches(sc, true, len(x.work.armStack)-mark, func(i int) {
		clause := x.work.armStack[mark+i]
		if i == 0 { // the try body, then its else
			x.block(clause.ChildByFieldID(fBody), sc)
			if e := clause.ChildOfType("else_clause"); e.Valid() {
				x.block(e.ChildByFieldID(fBody), sc)
			}
			return
		}
		for d := clause.FirstChild(); d.Valid(); d = d.NextSibling() {
			switch {
			case d.Is("block"):
				x.block(d, sc)
			case d.Is("as_pattern"):
				x.eval(d.NamedChild(0), sc)
				x.bind(d.ChildByFieldID(fAlias), val{}, sc)
			case d.IsNamed() && !d.IsExtra():
				x.eval(d, sc)
			}
		}
	})
	x.popArms(mark)
	if final.Valid() {
		x.block(final.ChildOfType("block"), sc)
	}
}

func (x *extractor) withStatement(n python.Node, sc *scope) {
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch c.Type() {
		case "with_clause":
			c.Descendants(func(d python.Node) bool {
				if d.Is("with_item") {
					v := d.ChildByFieldID(fValue)
					x.stmt = v
					if v.Is("as_pattern") {
						x.eval(v.NamedChild(0), sc)
						x.bind(v.ChildByFieldID(fAlias), val{}, sc)
					} else {
						x.eval(v, sc)
					}
					return false
				}
				return true
			})
		case "block":
			x.block(c, sc)
		}
	}
}

func (x *extractor) matchStatement(n python.Node, sc *scope) {
	mark := len(x.work.armStack)
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		switch {
		case c.Is("block"):
			for cs := c.FirstChild(); cs.Valid(); cs = cs.NextSibling() {
				if cs.Is("case_clause") {
					x.work.armStack = append(x.work.armStack, cs)
				}
			}
		case c.Field() == "subject":
			x.stmt = c
			x.eval(c, sc)
		}
	}
	branches(sc, true, len(x.work.armStack)-mark, func(i int) {
		x.block(x.work.armStack[mark+i].ChildByFieldID(fConsequence), sc)
	})
	x.popArms(mark)
}

// function reads a function body in its own scope. Parameters are unknown;
// free names read the enclosing scopes as they stand at the definition.
func (x *extractor) function(n python.Node, sc *scope) *function {
	nameNode := n.ChildByFieldID(fName)
	name := x.text(nameNode)
	fs := newScope(sc.enclosing())
	fn := x.work.funcs.Take(8)
	fn.name = name
	st := x.defineFunction(fn, x.spanOf(nameNode))
	cli := x.cli // the defaults the command's click options give, for its own parameters only
	x.cli = nil
	if params := n.ChildByFieldID(fParameters); params.Valid() {
		st.sum.Params = make([]facts.Param, 0, params.NamedChildCount())
		for p := params.FirstChild(); p.Valid(); p = p.NextSibling() {
			pname := x.paramName(p)
			if pname == "" {
				continue
			}
			fp := facts.Param{Name: pname}
			switch {
			case p.Is("list_splat_pattern"):
				fp.Star = 1
			case p.Is("dictionary_splat_pattern"):
				fp.Star = 2
			}
			if d := p.ChildByFieldID(fValue); d.Valid() {
				x.stmt = d
				if td, ok := x.typerDefault(d, pname, sc); ok {
					fp.Default = x.cliArg(td) // hours: float = typer.Option(24)
				} else {
					dv := x.eval(d, sc) // defaults are evaluated where the function is defined
					def := x.factArg(dv, x.spanOf(d))
					if flag, ok := x.typerAnnotated(p.ChildByFieldID(fType), pname, sc); ok && def.Kind == facts.ArgValue {
						def.Value.From = "the default of " + flag // Annotated[float, typer.Option()] = 24
					}
					fp.Default = &def
				}
			} else if cd, ok := cli[pname]; ok {
				fp.Default = x.cliArg(cd) // @click.option("--hours", default=24)
			}
			fs.set(pname, x.paramValue(st, len(st.sum.Params), p))
			st.sum.Params = append(st.sum.Params, fp)
		}
	}
	if ca := x.curClass; sc.class && ca != nil && ca.scope == sc && !isStaticMethod(n) {
		st.statics = ca
	}
	sc.set(name, val{kind: kFunc, name: name, ref: fn})
	outer, outerClass, outerLoop, outerItems, outerWhile := x.fn, x.className, x.inLoop, x.loopItems, x.loopWhile
	outerLoops := x.outerLoops
	x.fn, x.className, x.inLoop, x.loopItems, x.loopWhile = st, "", facts.Span{}, 0, false
	x.outerLoops = nil // a function's loops are its own
	x.writerParams(st, n.ChildByFieldID(fBody), fs)
	x.block(n.ChildByFieldID(fBody), fs)
	x.fn, x.className, x.inLoop, x.loopItems, x.loopWhile = outer, outerClass, outerLoop, outerItems, outerWhile
	x.outerLoops = outerLoops
	x.endFunction(st)
	return fn
}

func (x *extractor) paramName(p python.Node) string {
	switch p.Type() {
	case "identifier":
		return x.text(p)
	case "typed_parameter", "list_splat_pattern", "dictionary_splat_pattern":
		for c := p.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.Is("identifier") {
				return x.text(c)
			}
		}
	case "default_parameter", "typed_default_parameter":
		return x.text(p.ChildByFieldID(fName))
	}
	return ""
}

func (x *extractor) class(n python.Node, sc *scope) {
	x.header(n, fSuperclasses, sc)
	cs := newScope(sc)
	cs.class = true
	outer := x.className
	funcs := 0
	if x.fn == nil && outer == "" {
		x.className = x.text(n.ChildByFieldID(fName))
		funcs = len(x.summary().Funcs)
	}
	outerAttrs := x.curClass
	x.curClass = x.newClassAttrs(x.text(n.ChildByFieldID(fName)), n, cs)
	statics := x.curClass
	x.block(n.ChildByFieldID(fBody), cs)
	x.curClass = outerAttrs
	if x.fn == nil && outer == "" {
		x.noteClassConsts(statics)
		x.noteBases(x.text(n.ChildByFieldID(fName)), n, sc)
	}
	if x.fn == nil && outer == "" && !plainBases(n) {
		// a base class may set any attribute: its instances' are not known
		if fs := x.summary().Funcs[funcs:]; len(fs) > 0 {
			fs[0].Attrs = append(fs[0].Attrs, facts.Const{Name: "*"})
		}
	}
	x.className = outer
	name := x.text(n.ChildByFieldID(fName))
	v := x.classValue(n, sc)
	if x.fn == nil && outer == "" {
		// a class of the module: calling it makes an instance the link
		// step knows by the class's name
		ci, _ := v.ref.(*classInfo)
		if ci == nil {
			ci = &classInfo{opaque: true}
		}
		ci.name = name
		if len(ci.fields) > 0 {
			x.fieldsInit(name, ci)
		}
		v = val{kind: kClass, ref: ci}
	}
	if ci, ok := v.ref.(*classInfo); ok && v.kind == kClass {
		ci.statics = statics
	}
	sc.set(name, v)
}

func (x *extractor) decorated(n python.Node, sc *scope) {
	def := n.ChildByFieldID(fDefinition)
	var decorators []python.Node
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Is("decorator") {
			decorators = append(decorators, c)
		}
	}
	tables := len(x.file.Tables)
	static, property, classMethod := false, false, false
	for _, d := range decorators {
		x.stmt = d
		x.decorator(d, def, sc)
		t := string(d.Text())
		static = static || t == "@staticmethod" || t == "@classmethod"
		classMethod = classMethod || t == "@classmethod"
		property = property || propertyDecorators[t]
	}
	outerStatic := x.static
	x.static = static
	defer func() { x.static = outerStatic }()
	switch def.Type() {
	case "function_definition":
		reads := len(x.file.Reads)
		x.cli = x.clickDefaults(decorators, sc)
		fn := x.function(def, sc)
		x.noteCommand(decorators, def, sc)
		fn.classMethod = classMethod && sc.class
		x.markStreamingTables(x.file.Tables[tables:], x.file.Reads[reads:])
		if property && sc.class && len(decorators) == 1 && constKind(fn.ret.kind) && !fn.ret.open {
			// @property def trigger(self): return {"availableNow": True}:
			// read as self.trigger, it is a setting of the class like one
			// its body binds
			sc.set(fn.name, fn.ret)
		}
	case "class_definition":
		x.class(def, sc)
	}
}

// propertyDecorators make a method an attribute read without a call.
var propertyDecorators = map[string]bool{
	"@property": true, "@functools.cached_property": true, "@cached_property": true,
}

// imports binds imported names to the qualified names they stand for.
func (x *extractor) imports(n python.Node, sc *scope) {
	module := ""
	if n.Is("import_from_statement") {
		module = x.text(n.ChildByFieldID(fModuleName))
	}
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Field() == "module_name" {
			continue
		}
		switch c.Type() {
		case "dotted_name":
			qual := x.text(c)
			if module != "" {
				sc.set(qual, x.qualified(module, qual))
			} else {
				// "import a.b" binds a
				first, _, _ := strings.Cut(qual, ".")
				sc.set(first, x.qualified("", first))
			}
		case "aliased_import":
			qual := x.text(c.ChildByFieldID(fName))
			sc.set(x.text(c.ChildByFieldID(fAlias)), x.qualified(module, qual))
		case "wildcard_import":
			sc.store.openGlobals = true
		}
	}
}

// header evaluates the expression in a compound statement's header (a
// condition, a loop's iterable) as a statement of its own.
func (x *extractor) header(n python.Node, field python.FieldID, sc *scope) val {
	if c := n.ChildByFieldID(field); c.Valid() {
		x.stmt = c
		return x.eval(c, sc)
	}
	return val{}
}

// registryItem is what a loop over a registry of instances of one class of
// the file ([Mitigator("a"), Mitigator("b")]) binds its variable to: an
// instance of that class whose constructor arguments are not known, for
// they differ from one iteration to the next. Anything else is unknown.
func registryItem(iter val) val {
	items := iter.items()
	if iter.kind != kList || iter.open || len(items) == 0 {
		return val{}
	}
	first, ok := items[0].ref.(*objRef)
	if !ok {
		return val{}
	}
	for _, it := range items[1:] {
		if r, ok := it.ref.(*objRef); !ok || r.cls != first.cls || it.kind != kUnknown {
			return val{}
		}
	}
	return val{ref: &objRef{cls: first.cls, span: first.span}}
}

func (x *extractor) evalField(n python.Node, field python.FieldID, sc *scope) val {
	if c := n.ChildByFieldID(field); c.Valid() {
		return x.eval(c, sc)
	}
	return val{}
}

// plainBases reports whether a class has no base class whose __init__
// could set attributes: none, object, ABC or a NamedTuple.
func plainBases(n python.Node) bool {
	sup := n.ChildByFieldID(fSuperclasses)
	if !sup.Valid() {
		return true
	}
	switch string(sup.Text()) {
	case "()", "(object)", "(ABC)", "(abc.ABC)":
		return true
	}
	return fieldBases[string(sup.Text())]
}
