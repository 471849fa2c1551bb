package link

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/facts"
)

// instance is one application of a function's summary at a site.
type instance struct {
	l    *linker
	home string // the function's file
	fn   *facts.Func
	args []bound
	s    site
}

// foreign reports whether spans of file f must stand at the call instead.
func (in *instance) foreign(f string) bool { return f != in.s.file }

// at is the span that stands for code of another file: the callee's name.
func (in *instance) at() facts.Span { return in.s.call.At }

// facts adds the function's facts that a known argument fills to the
// site's file; settings are added whatever the arguments (calling the
// function sets them). A fact filled only by defaults, from another file,
// goes to the function's own file, where the default is written.
func (in *instance) facts() {
	fn := in.fn
	for i, w := range fn.Writes {
		in.one(facts.FactWrite, i, w, func(e *Extra, v any) { e.Writes = append(e.Writes, v.(*facts.Write)) })
	}
	for i, r := range fn.Reads {
		in.one(facts.FactRead, i, r, func(e *Extra, v any) { e.Reads = append(e.Reads, v.(*facts.Read)) })
	}
	for i, t := range fn.Tables {
		in.one(facts.FactTable, i, t, func(e *Extra, v any) { e.Tables = append(e.Tables, v.(*facts.TableDef)) })
	}
	for i, s := range fn.Settings {
		in.one(facts.FactSetting, i, s, func(e *Extra, v any) { e.Settings = append(e.Settings, v.(*facts.Setting)) })
	}
	for i, m := range fn.Maintenance {
		in.one(facts.FactMaintenance, i, m, func(e *Extra, v any) { e.Maintenance = append(e.Maintenance, v.(*facts.Maintenance)) })
	}
}

// holesOf are the holes of fact i of list kind.
func (in *instance) holesOf(kind facts.FactKind, i int) []facts.Hole {
	var out []facts.Hole
	for _, h := range in.fn.Holes {
		if h.Fact == kind && h.Index == i && h.Param < len(in.args) {
			out = append(out, h)
		}
	}
	return out
}

func (in *instance) one(kind facts.FactKind, i int, tmpl any, add func(*Extra, any)) {
	holes := in.holesOf(kind, i)
	byCaller, byDefault := 0, 0
	for _, h := range holes {
		b := in.args[h.Param]
		switch {
		case !b.ok || !b.a.Known():
		case b.deflt:
			byDefault++
		default:
			byCaller++
		}
	}
	if byCaller == 0 && byDefault == 0 && kind != facts.FactSetting {
		return // the function's own fact says it all
	}
	if kind == facts.FactSetting && in.foreign(in.home) {
		// a call of a function in another file sets it there too: a finding
		// about the setting itself is reported once, in the function
		key := fmt.Sprintf("%s|%s|%d|%d|home", in.home, in.fn.Name, kind, i)
		if e := in.l.extra(in.home); !e.seen[key] {
			e.seen[key] = true
			add(e, in.fill(tmpl, holes, in.home, true))
		}
	}
	if byCaller > 0 || kind == facts.FactSetting || !in.foreign(in.home) {
		key := fmt.Sprintf("%s|%s|%d|%d|%d:%d", in.home, in.fn.Name, kind, i, in.s.call.At.Start, in.s.call.At.End)
		e := in.l.extra(in.s.file)
		if e.seen[key] {
			return
		}
		e.seen[key] = true
		v := in.fill(tmpl, holes, in.s.file, false)
		if w, ok := v.(*facts.Write); ok && in.l.b.OnWrite != nil {
			in.l.b.OnWrite(in.s.call, w)
		}
		add(e, v)
		if in.foreign(in.home) && !contains(e.Borrowed, in.at()) {
			e.Borrowed = append(e.Borrowed, in.at())
		}
		if byDefault == 0 || !in.foreign(in.home) {
			return
		}
		// the defaults the caller left in place are also the helper's,
		// reported there, at the default (in the caller they are borrowed)
	}
	// only defaults fill it: once, in the function's file, at the default
	key := fmt.Sprintf("%s|%s|%d|%d|defaults", in.home, in.fn.Name, kind, i)
	e := in.l.extra(in.home)
	if e.seen[key] {
		return
	}
	e.seen[key] = true
	add(e, in.fill(tmpl, holes, in.home, true))
}

func contains(s []facts.Span, sp facts.Span) bool {
	for _, x := range s {
		if x == sp {
			return true
		}
	}
	return false
}

// fill copies the fact template with its holes filled, for file dst.
// onlyDefaults fills the holes that defaults fill and no other.
func (in *instance) fill(tmpl any, holes []facts.Hole, dst string, onlyDefaults bool) any {
	v := copyFact(tmpl, in.home != dst, in.at())
	for _, h := range holes {
		b := in.args[h.Param]
		if !b.ok || !b.a.Known() || (onlyDefaults && !b.deflt) {
			continue
		}
		a := b.a
		if b.home != dst {
			a = *copyFact(&a, true, in.at()).(*facts.Arg)
		}
		in.fillHole(v, h, a)
	}
	return v
}

func (in *instance) fillHole(v any, h facts.Hole, a facts.Arg) {
	str, isStr := "", false
	if a.Kind == facts.ArgValue && a.Value.Kind == facts.String {
		str, isStr = a.Value.Str, true
	}
	target := func(t *facts.Target) {
		if !isStr {
			return
		}
		s := strings.TrimSpace(str)
		if looksPath(s) {
			*t = facts.Target{Path: s, Span: a.Span}
		} else {
			*t = facts.Target{Table: strings.ReplaceAll(s, "`", ""), Span: a.Span}
		}
	}
	switch f := v.(type) {
	case *facts.Write:
		switch h.Field {
		case facts.HoleTable, facts.HolePath:
			target(&f.Target)
			if f.Target.Known() && !in.foreign(in.home) {
				break
			}
			if f.Target.Known() {
				f.At = a.Span // a finding about the table is about the caller's argument
			}
		case facts.HoleMode:
			if a.Kind == facts.ArgValue {
				f.Mode = a.Value
			}
		case facts.HoleFormat:
			if isStr {
				f.Format, f.FormatUnknown, f.FormatSpan = strings.ToLower(strings.TrimSpace(str)), false, a.Span
			}
		case facts.HolePartitionBy:
			p := &facts.Partitioning{Span: a.Span}
			if f.PartitionBy != nil {
				p.Span = f.PartitionBy.Span
			}
			switch a.Kind {
			case facts.ArgList:
				p.Dynamic = a.Open
				for _, it := range a.Items {
					c := facts.Column{Span: it.Span}
					if it.Kind == facts.String {
						c.Name = strings.ReplaceAll(it.Str, "`", "")
					} else {
						p.Dynamic = true
					}
					p.Columns = append(p.Columns, c)
				}
			case facts.ArgValue:
				if !isStr {
					return
				}
				p.Columns = []facts.Column{{Name: strings.ReplaceAll(str, "`", ""), Span: a.Span}}
			default:
				return
			}
			f.PartitionBy = p
		case facts.HoleTrigger:
			if f.Trigger != nil && a.Kind == facts.ArgValue {
				t := *f.Trigger
				t.Interval = a.Value
				t.Seconds, t.Parsed = 0, false
				if isStr && in.l.b.Seconds != nil {
					if s, ok := in.l.b.Seconds(str); ok {
						t.Seconds, t.Parsed = s, true
					}
				}
				f.Trigger = &t
			}
		case facts.HoleFrame:
			if a.Kind == facts.ArgFrame {
				f.Transforms = append(append([]facts.Transform{}, a.Transforms...), f.Transforms...)
			}
		case facts.HoleOption:
			if a.Kind == facts.ArgValue {
				opts := make(map[string]facts.Value, len(f.Options))
				for k, o := range f.Options {
					opts[k] = o
				}
				opts[h.Key] = a.Value
				f.Options = opts
			}
		}
	case *facts.Read:
		if h.Field == facts.HoleTable || h.Field == facts.HolePath {
			target(&f.Target)
		}
	case *facts.Maintenance:
		switch h.Field {
		case facts.HoleTable, facts.HolePath:
			target(&f.Target)
		case facts.HoleRetain:
			if a.Kind == facts.ArgValue {
				f.Retain, f.HasRetain = a.Value, true
			}
		}
	case *facts.Setting:
		if h.Field == facts.HoleValue && a.Kind == facts.ArgValue {
			f.Value = a.Value
		}
	}
}

// looksPath reports whether a target string is a storage path, not a table name.
func looksPath(s string) bool {
	return strings.ContainsAny(s, "/:\\")
}
