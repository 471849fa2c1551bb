package link

import "github.com/lakelint/lakelint/facts"

// Tables returned by helpers (facts.Maintained): an OPTIMIZE or VACUUM a
// file makes on what a call of a function it does not define returned
// (get_table(spark, "main.s.t").vacuum(0)). When the call resolves to a
// function that returns a DeltaTable (facts.Func.Table), the maintenance
// is the file's, on the table the function opens: the one the call's
// argument names (by its code when its value is not known), the one the
// function names itself, or else the one the call's code gives. A vacuum is read both as Spark's and as delta-rs's;
// only the reading of the table the function returns is kept.

// maintained adds maintenance m of file p when its call returns a table.
func (l *linker) maintained(p string, m *facts.Maintained) {
	_, fn := l.resolve(p, m.Call.Callee)
	if fn == nil || fn.Table == nil || fn.Table.RS != m.RS {
		return
	}
	out := copyFact(m.Maintenance, "", facts.Span{}).(*facts.Maintenance)
	t := fn.Table
	switch {
	case t.Param > 0:
		mark := len(l.bounds)
		defer func() { l.bounds = l.bounds[:mark] }()
		args := l.bind(fn, m.Call.Args, func(a *facts.Arg) bound {
			if a.Kind == facts.ArgParam {
				return bound{} // the enclosing function's parameter: unknown here
			}
			return l.argAt(p, *a)
		})
		i := t.Param - 1
		if i >= len(args) || !args[i].ok || args[i].home != p {
			break
		}
		fillField(out, facts.Hole{Field: facts.HoleTable}, args[i].a, false, true)
		if out.Target.Known() {
			break
		}
		for j := range m.Call.Args { // not known: named by the argument's code
			if m.Call.Args[j].Span == args[i].a.Span && j < len(m.Exprs) && m.Exprs[j] != "" {
				out.Target = facts.Target{Span: args[i].a.Span, Expr: m.Exprs[j]}
			}
		}
	case t.Target.Known() || t.Target.Expr != "": // by its code in the helper when not known
		sp := out.Target.Span
		out.Target = t.Target
		out.Target.Span = sp // the table the helper names, opened at the call
	}
	e := l.extra(p)
	e.Maintenance = push(e.Maintenance, out)
}
