package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// Command-line options read for the value a program runs with when nobody
// passes one: a click option's default is its command function's
// parameter's (@click.option("--retention-hours", default=24) on
// def run(retention_hours)), a typer option's too (hours: float =
// typer.Option(24)), and an argparse argument's default is what the parsed
// namespace holds (args.retention_hours). Each is a Value whose From names
// the option, spanning the default where it is written; the link step
// applies it like any parameter default.

// cliDefault is an option's default: the value and the option it is the
// default of.
type cliDefault struct {
	v      val
	at     python.Node // the default as written
	option string      // "--retention-hours"
}

// value is the default as a fact's value, spanning where it is written and
// naming its option.
func (x *extractor) cliValue(d cliDefault) (facts.Value, bool) {
	if d.v.kind != kConst && d.v.kind != kStr {
		return facts.Value{}, false
	}
	fv := d.v.value(x.spanOf(d.at))
	if !fv.Known() {
		return facts.Value{}, false
	}
	fv.From = "the default of " + d.option
	return fv, true
}

// moduleRef is the qualified name of what n names when it is an imported
// module's member (click.option, option imported from click), "" when not,
// looked at without evaluating n.
func (x *extractor) moduleRef(n python.Node, sc *scope) string {
	switch {
	case n.Is("identifier"):
		if v := x.lookup(n, sc); v.kind == kModule {
			return v.name
		}
	case n.Is("attribute"):
		obj := n.ChildByFieldID(fObject)
		if !obj.Is("identifier") {
			return ""
		}
		if v := x.lookup(obj, sc); v.kind == kModule {
			return v.name + "." + x.text(n.ChildByFieldID(fAttribute))
		}
	}
	return ""
}

// optionNames are the names an option is declared with (its positional
// strings), in order.
func optionNames(a args) []string {
	var names []string
	for _, g := range a {
		if g.name != "" || g.splat != 0 {
			continue
		}
		if s, ok := g.v.literalString(); ok {
			names = append(names, s)
		}
	}
	return names
}

// clickName is the parameter an option declared with names gives its
// value to, as click names it, and the option's flag for messages.
func clickName(names []string) (param, flag string) {
	var long, short string
	for _, n := range names {
		switch {
		case strings.HasPrefix(n, "--"):
			if long == "" {
				long = n
			}
		case strings.HasPrefix(n, "-"):
			if short == "" {
				short = n
			}
		case param == "":
			param = n
		}
	}
	flag = long
	if flag == "" {
		flag = short
	}
	if param == "" {
		param = strings.ReplaceAll(strings.ToLower(strings.TrimLeft(flag, "-")), "-", "_")
	}
	if flag == "" {
		flag = "`" + param + "`"
	}
	return param, flag
}

// clickDefaults are the defaults the click options among decorators give
// the decorated command function's parameters, by parameter name.
func (x *extractor) clickDefaults(decorators []python.Node, sc *scope) map[string]cliDefault {
	var out map[string]cliDefault
	for _, d := range decorators {
		expr := d.NamedChild(0)
		if !expr.Is("call") {
			continue
		}
		switch x.moduleRef(expr.ChildByFieldID(fFunction), sc) {
		case "click.option", "click.argument":
		default:
			continue
		}
		mark := len(x.work.argStack)
		x.stmt = d
		a := x.args(expr.ChildByFieldID(fArguments), sc)
		def, ok := a.kw("default")
		param, flag := clickName(optionNames(a))
		if ok && param != "" {
			if out == nil {
				out = map[string]cliDefault{}
			}
			out[param] = cliDefault{v: def.v, at: def.n, option: flag}
		}
		x.popArgs(mark)
	}
	return out
}

// typerDefault is the default a typer.Option(...) or typer.Argument(...)
// parameter default d gives parameter name: its first argument or its
// default keyword, unless that is ... (required).
func (x *extractor) typerDefault(d python.Node, name string, sc *scope) (cliDefault, bool) {
	if !d.Is("call") {
		return cliDefault{}, false
	}
	switch x.moduleRef(d.ChildByFieldID(fFunction), sc) {
	case "typer.Option", "typer.Argument":
	default:
		return cliDefault{}, false
	}
	mark := len(x.work.argStack)
	defer x.popArgs(mark)
	a := x.args(d.ChildByFieldID(fArguments), sc)
	def, ok := a.kw("default")
	if !ok {
		def, ok = a.pos(0)
	}
	if !ok || def.n.Is("ellipsis") {
		return cliDefault{}, false
	}
	var names []string
	for _, n := range optionNames(a) {
		if strings.HasPrefix(n, "-") {
			names = append(names, n)
		}
	}
	return cliDefault{v: def.v, at: def.n, option: typerFlag(names, name)}, true
}

// typerFlag is the flag of a typer option declared with names for
// parameter name: its first long name, else --name with dashes.
func typerFlag(names []string, name string) string {
	for _, n := range names {
		if strings.HasPrefix(n, "--") {
			return n
		}
	}
	return "--" + strings.ReplaceAll(name, "_", "-")
}

// typerAnnotated reports whether the type t of a parameter is
// Annotated[..., typer.Option(...)] (or typer.Argument), whose default is
// the parameter's own; flag is the option's.
func (x *extractor) typerAnnotated(t python.Node, name string, sc *scope) (flag string, ok bool) {
	if !t.Valid() {
		return "", false
	}
	t.Descendants(func(n python.Node) bool {
		if ok {
			return false
		}
		if n.Is("call") {
			switch x.moduleRef(n.ChildByFieldID(fFunction), sc) {
			case "typer.Option", "typer.Argument":
				var names []string
				for c := n.ChildByFieldID(fArguments).FirstChild(); c.Valid(); c = c.NextSibling() {
					if t, _, isStr := python.PlainString(c); isStr && strings.HasPrefix(string(t), "-") {
						names = append(names, string(t))
					}
				}
				flag, ok = typerFlag(names, name), true
				return false
			}
		}
		return true
	})
	return flag, ok
}

// argParser is an argparse.ArgumentParser and the defaults of the
// arguments added to it so far, by dest; parse_args() gives the namespace
// that holds them (kCLIArgs, the same argParser).
type argParser struct {
	defaults map[string]cliDefault
}

// argparseMethod reads a method of an ArgumentParser: add_argument
// notes a default, parse_args gives the namespace.
func (x *extractor) argparseMethod(p *argParser, c callSite, a args) val {
	switch c.name {
	case "add_argument":
		def, ok := a.kw("default")
		if !ok {
			return val{}
		}
		dest, flag := clickName(optionNames(a))
		if d, ok := a.kw("dest"); ok {
			s, ok := d.v.literalString()
			if !ok {
				return val{}
			}
			dest = s
		}
		if dest == "" {
			return val{}
		}
		if p.defaults == nil {
			p.defaults = map[string]cliDefault{}
		}
		p.defaults[dest] = cliDefault{v: def.v, at: def.n, option: flag}
	case "parse_args":
		return val{kind: kCLIArgs, ref: p}
	}
	return val{}
}

// cliAttribute is attribute name of a parsed namespace: its argument's
// default, as a constant that keeps its place and option.
func (x *extractor) cliAttribute(p *argParser, name string) val {
	d, ok := p.defaults[name]
	if !ok {
		return val{}
	}
	fv, ok := x.cliValue(d)
	if !ok {
		return val{}
	}
	return val{kind: kConst, ref: &fv}
}

// cliArg is an option's default as its parameter's default; nil when it
// is not a constant.
func (x *extractor) cliArg(d cliDefault) *facts.Arg {
	fv, ok := x.cliValue(d)
	if !ok {
		return nil
	}
	return &facts.Arg{Kind: facts.ArgValue, Value: fv, Span: fv.Span}
}

// cliHole is an f-string placeholder (f"RETAIN {args.hours} HOURS") that
// holds an option's default v.
type cliHole struct {
	span facts.Span
	v    facts.Value
}

// cliPlaceholder notes placeholder expr when its value v is an option's
// default.
func (x *extractor) cliPlaceholder(expr python.Node, v val) {
	if v.kind != kConst {
		return
	}
	if c := v.lit(); c != nil && c.From != "" {
		x.cliHoles = append(x.cliHoles, cliHole{x.spanOf(expr), *c})
	}
}

// Defaults are the placeholders of a SQL string that hold a command-line
// option's default.
type Defaults struct{ holes []cliHole }

// Fill gives each VACUUM of ms, read from the SQL string, whose retention
// is written in such a placeholder the option's default it is: it keeps
// its place, where the default is written, and names its option.
func (d Defaults) Fill(ms []*facts.Maintenance) {
	for _, m := range ms {
		if m.HasRetain && m.Retain.From == "" {
			m.Retain = d.filled(m.Retain)
		}
	}
}

func (d Defaults) filled(v facts.Value) facts.Value {
	for _, h := range d.holes {
		if v.Span.File == h.span.File && v.Span.Start < h.span.End && h.span.Start < v.Span.End {
			if n, ok := v.Number(); ok {
				if m, ok := h.v.Number(); ok && n == m {
					return h.v
				}
			}
		}
	}
	return v
}

// noteCommand notes the function def, just read, when a decorator makes
// it a command (@click.command(), @cli.command(), @app.command() of
// typer) whose options have defaults: the command-line parser calls it,
// with each option's default when it is not given (see runCommands).
func (x *extractor) noteCommand(decorators []python.Node, def python.Node, sc *scope) {
	if x.fn != nil || sc != x.module || x.summary() == nil {
		return
	}
	command := false
	for _, d := range decorators {
		e := d.NamedChild(0)
		if e.Is("call") {
			e = e.ChildByFieldID(fFunction)
		}
		switch {
		case e.Is("attribute"):
			command = command || x.text(e.ChildByFieldID(fAttribute)) == "command"
		case e.Is("identifier"):
			command = command || x.moduleRef(e, sc) == "click.command"
		}
	}
	if !command {
		return
	}
	name := x.text(def.ChildByFieldID(fName))
	for _, f := range x.summary().Funcs {
		if f.Name != name {
			continue
		}
		for _, p := range f.Params {
			if p.Default != nil && p.Default.Value.From != "" {
				x.commands = append(x.commands, f.At)
				return
			}
		}
	}
}

// runCommands adds, for each command noted that the module's own code
// does not call, the call the command-line parser makes: one that passes
// nothing, so that each option's default stands.
func (x *extractor) runCommands() {
	if len(x.commands) == 0 {
		return
	}
	s := x.summary()
	for _, at := range x.commands {
		name := ""
		for _, f := range s.Funcs {
			if f.At == at {
				name = f.Name
			}
		}
		called := false
		for _, c := range s.Calls {
			called = called || c.Callee == name
		}
		if name != "" && !called {
			s.Calls = append(s.Calls, &facts.Call{Callee: name, Span: at, At: at})
		}
	}
	x.commands = x.commands[:0]
}
