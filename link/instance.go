package link

import (
	"slices"
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
	// attrs are the attributes of arguments the holes read, once looked up
	attrs map[attrKey]bound
	// fnAt is fn's place among its file's functions plus one, once looked up
	fnAt int
}

// foreign reports whether spans of file f must stand at the call instead.
func (in *instance) foreign(f string) bool { return f != in.s.file }

// at is the call's callee name: where a fact a call adds stands in the
// calling file's execution order.
func (in *instance) at() facts.Span { return in.s.call.At }

// foreignTo is home when spans of file home copied into file dst must
// name it, "" when they are dst's own.
func foreignTo(home, dst string) string {
	if home == dst {
		return ""
	}
	return home
}

// facts adds the function's facts that a known argument fills to the
// site's file; settings are added whatever the arguments (calling the
// function sets them). A fact filled only by defaults, from another file,
// goes to the function's own file, where the default is written.
func (in *instance) facts() {
	fn := in.fn
	for i, w := range fn.Writes {
		in.one(facts.FactWrite, i, w, func(e *Extra, v any) { e.Writes = push(e.Writes, v.(*facts.Write)) })
	}
	if in.s.repeatsOnly {
		return
	}
	for i, r := range fn.Reads {
		in.one(facts.FactRead, i, r, func(e *Extra, v any) { e.Reads = push(e.Reads, v.(*facts.Read)) })
	}
	for i, t := range fn.Tables {
		in.one(facts.FactTable, i, t, func(e *Extra, v any) { e.Tables = push(e.Tables, v.(*facts.TableDef)) })
	}
	for i, s := range fn.Settings {
		in.one(facts.FactSetting, i, s, func(e *Extra, v any) { e.Settings = push(e.Settings, v.(*facts.Setting)) })
	}
	for i, m := range fn.Maintenance {
		in.one(facts.FactMaintenance, i, m, func(e *Extra, v any) { e.Maintenance = push(e.Maintenance, v.(*facts.Maintenance)) })
	}
	in.given()
}

// given adds, at the call, the settings the body gives a session from a
// dict or SparkConf a parameter holds, when the call passes a known one
// (session(SparkConf().set(...)), session(CONF)).
func (in *instance) given() {
	for _, g := range in.fn.Given {
		if g.Param < 1 || g.Param > len(in.args) {
			continue
		}
		b := in.args[g.Param-1]
		if !b.ok {
			continue
		}
		g.Span, g.At = in.s.call.Span, in.at()
		e := in.l.extra(in.s.file)
		for _, st := range givenSettings(b.a, g) {
			e.Settings = push(e.Settings, st)
		}
	}
}

// push appends v to list, which starts with room for a few: a file's
// calls add several facts of a kind, and growing one by one allocates often.
func push[T any](list []T, v T) []T {
	if list == nil {
		list = make([]T, 0, 4)
	}
	return append(list, v)
}

// holesOf are the holes of fact i of list kind that a parameter fills,
// in the linker's buffer: valid until the next call.
func (in *instance) holesOf(kind facts.FactKind, i int) []facts.Hole {
	fn := in.fn
	out := in.l.holes[:0]
	for j := range fn.Holes {
		if h := &fn.Holes[j]; h.Fact == kind && h.Index == i && h.Param >= 0 && h.Param < len(fn.Params) {
			out = append(out, *h)
		}
	}
	in.l.holes = out
	return out
}

// arg is what fills hole h: the argument bound to its parameter, or the
// attribute of that argument the hole reads (self.table).
func (in *instance) arg(h facts.Hole) bound {
	if h.Parts != nil {
		return in.joined(h.Parts)
	}
	if h.Static {
		return in.static(h)
	}
	if h.Attr == "" {
		return in.args[h.Param]
	}
	if in.attrs == nil {
		in.attrs = map[attrKey]bound{}
	}
	k := attrKey{h.Param, h.Attr}
	b, ok := in.attrs[k]
	if !ok {
		b = in.l.attr(in.args[h.Param], h.Attr, in.home)
		if b.ok && b.home == "" {
			b.home = in.home
		}
		in.attrs[k] = b
	}
	return b
}

type attrKey struct {
	param int
	attr  string
}

// fillGlobals fills the holes of fact i that the module constants it
// imports fill, seen from the function's file, for file dst.
func (in *instance) fillGlobals(kind facts.FactKind, i int, v any, dst string) {
	for j := range in.fn.Holes {
		h := &in.fn.Holes[j]
		if h.Fact != kind || h.Index != i || h.Global == "" {
			continue
		}
		at := h.Span
		if in.home != dst {
			at = at.In(in.home)
		}
		a, own, ok := in.l.global(in.home, h.Global, h.Obj, at)
		if !ok {
			continue
		}
		if own && in.home != dst {
			a = copyArg(a, in.home)
		}
		fillField(v, *h, a, false, true)
	}
}

func (in *instance) one(kind facts.FactKind, i int, tmpl any, add func(*Extra, any)) {
	holes := in.holesOf(kind, i)
	foreign := in.foreign(in.home)
	byCaller, byDefault := 0, 0
	var dflt facts.Span // where the first default that fills a hole is written
	for _, h := range holes {
		b := in.arg(h)
		switch {
		case !b.ok || !b.a.Known() && !in.bindsTarget(h, b):
		case b.deflt:
			byDefault++
		case foreign && in.ownDefault(b):
			// a default of a function of the helper's file, passed on to
			// it down a chain from a call elsewhere: the caller's fact,
			// and the helper's file's, where the default is written
			byCaller++
			byDefault++
		default:
			byCaller++
		}
		if in.ownDefault(b) && dflt == (facts.Span{}) {
			dflt = b.a.Value.Span
		}
	}
	if w, ok := tmpl.(*facts.Write); ok && kind == facts.FactWrite {
		// a DataFrame the call gives, through the steps of functions of
		// other files that return it, is written: as a HoleFrame's
		if fr := in.framedOf(w); fr != nil {
			if b, given := in.frameArg(fr); given {
				if _, known := in.l.frameSteps(in.home, in.home, fr, nil, maxDepth); known && b.deflt {
					byDefault++
				} else if known {
					byCaller++
				}
			}
		}
	}
	// a call in a loop repeats the writes of its function
	loop := in.s.call.Loop
	inLoop := kind == facts.FactWrite && loop != (facts.Span{})
	// a function handed to foreachBatch makes its writes with each
	// micro-batch, those its arguments leave alone too: they are the stream's
	inBatch := kind == facts.FactWrite && in.s.via().Kind == "foreachBatch"
	if byCaller == 0 && byDefault == 0 && kind != facts.FactSetting && !inLoop && !inBatch {
		return // the function's own fact says it all
	}
	if kind == facts.FactSetting && foreign {
		// a call of a function in another file sets it there too: a finding
		// about the setting itself is reported once, in the function
		in.once(in.home, in.key(kind, i, facts.Span{}, onceHome), func(e *Extra) {
			add(e, in.fill(kind, i, tmpl, holes, in.home, true))
		})
	}
	if byCaller > 0 || kind == facts.FactSetting || (!foreign && byDefault > 0) || inLoop || inBatch {
		key := in.key(kind, i, in.s.call.At, onceCall)
		in.once(in.s.file, key, func(e *Extra) {
			v := in.fill(kind, i, tmpl, holes, in.s.file, false)
			if w, ok := v.(*facts.Write); ok {
				if inLoop && !inBatch && byCaller == 0 && byDefault == 0 && (!w.Accumulates() || !w.Target.Fixed()) {
					return
				}
				if inLoop && w.Loop == (facts.Span{}) {
					w.Loop, w.LoopItems, w.LoopWhile = loop, in.s.call.LoopItems, in.s.call.LoopWhile
				}
				markVia(w, in.s)
			}
			add(e, v)
		})
	}
	if foreign && byDefault > 0 && kind != facts.FactSetting && !in.s.repeatsOnly {
		// what the defaults fill: once, in the function's file, at the default
		in.once(in.home, in.key(kind, i, dflt, onceDefaults), func(e *Extra) {
			add(e, in.fill(kind, i, tmpl, holes, in.home, true))
		})
	}
}

// onceKey names what a call adds to a file once: fact i of list kind of
// function fn of file home, applied at a call (at), in the calling file,
// or once for the file fn is in. A function resolves only when its file
// defines its name once, and fn is its place among the file's functions:
// a key names it by its file and name, whichever decoding of the
// file's summary it came from (see linker.get), and holds no part of it.
type onceKey struct {
	home string
	fn   int
	kind facts.FactKind
	i    int
	at   facts.Span
	tag  uint8
}

// key is the once-key of fact i of list kind of the instance's function.
func (in *instance) key(kind facts.FactKind, i int, at facts.Span, tag uint8) onceKey {
	if in.fnAt == 0 {
		in.fnAt = slices.Index(in.l.get(in.home).Funcs, in.fn) + 1
	}
	return onceKey{home: in.home, fn: in.fnAt - 1, kind: kind, i: i, at: at, tag: tag}
}

const (
	onceCall uint8 = iota
	onceHome
	onceDefaults
)

// once runs do with file p's Extra the first time key is seen there.
// What the file linked adds to another file (p), the calls of other files
// may add too, and the merge keeps what the first of them in path order
// added: a linker takes files in path order, so once it added a key to p,
// the files it links after need not (they note the key as skipped, for
// Link to know whom to link again when the file that added it no longer does).
func (in *instance) once(p string, key onceKey, do func(*Extra)) {
	seen := in.l.seen
	if p != in.s.file {
		seen = in.l.added
	}
	if seen[key] {
		if p != in.s.file {
			in.l.skipped = append(in.l.skipped, key)
		}
		return
	}
	seen[key] = true
	e := in.l.extra(p)
	if p != in.s.file {
		e.log = append(e.log, logged{key: key, mark: e.marks()})
	}
	do(e)
}

// fill copies the fact template with its holes filled, for file dst.
// onlyDefaults fills the holes that defaults fill and no other.
func (in *instance) fill(kind facts.FactKind, i int, tmpl any, holes []facts.Hole, dst string, onlyDefaults bool) any {
	v := copyFact(tmpl, foreignTo(in.home, dst), in.at())
	in.fillGlobals(kind, i, v, dst)
	for _, h := range holes {
		b := in.arg(h)
		if !b.ok || !b.a.Known() && (dst != in.s.file || !in.bindsTarget(h, b)) || (onlyDefaults && !in.ownDefault(b)) {
			continue
		}
		a := b.a
		if b.home != dst {
			a = copyArg(a, b.home)
		}
		in.fillHole(v, h, a)
	}
	if w, ok := v.(*facts.Write); ok && kind == facts.FactWrite {
		if fr := in.framedOf(tmpl.(*facts.Write)); fr != nil {
			in.reframe(w, fr, dst, onlyDefaults)
		}
	}
	return v
}

// ownDefault reports whether binding b is a default: the callee's own, or
// a default of its file's (a function there that passes its parameter on)
// that the call leaves in place.
func (in *instance) ownDefault(b bound) bool {
	return b.deflt || b.ok && b.home == in.home && b.a.Kind == facts.ArgValue && b.a.Value.From != ""
}

// bindsTarget reports whether b, which fills hole h, is a value not known
// that one variable binding of the site's file gives, and h a target:
// the fact is then of the table that binding names (see
// facts.Target.Bind). A binding of another file, or of a default, names
// nothing at the site.
func (in *instance) bindsTarget(h facts.Hole, b bound) bool {
	return (h.Field == facts.HoleTable || h.Field == facts.HolePath) && h.Parts == nil &&
		b.a.Bind() != "" && b.home == in.s.file && !b.deflt
}

func (in *instance) fillHole(v any, h facts.Hole, a facts.Arg) {
	fillField(v, h, a, in.foreign(in.home), true)
}

// fillField sets the field h names of fact v to a; moveAt says a write
// whose target a fills is reported at a (the helper's code is elsewhere).
// owned says v is a deep copy (see copyFact) whose parts nothing else
// holds: they are changed in place rather than copied again.
func fillField(v any, h facts.Hole, a facts.Arg, moveAt, owned bool) {
	str, isStr := "", false
	if a.Kind == facts.ArgValue && a.Value.Kind == facts.String {
		str, isStr = a.Value.Str, true
	}
	target := func(t *facts.Target) {
		if b := a.Bind(); !isStr && b != "" && !a.Known() {
			*t = facts.Target{Span: a.Span, Expr: facts.BindName(b), Bind: b}
			return
		}
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
			if (f.Target.Known() || f.Target.Bind != "") && moveAt {
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
			if a.Kind != facts.ArgList && (a.Kind != facts.ArgValue || !isStr) {
				return
			}
			var p *facts.Partitioning
			var buf []facts.Column
			switch old := f.PartitionBy; {
			case old != nil && owned:
				p, buf = old, old.Columns[:0]
				*p = facts.Partitioning{Span: old.Span}
			case old != nil:
				p = &facts.Partitioning{Span: old.Span}
			default:
				p = &facts.Partitioning{Span: a.Span}
			}
			if a.Kind == facts.ArgValue {
				p.Columns = append(buf, facts.Column{Name: strings.ReplaceAll(str, "`", ""), Span: a.Span})
				f.PartitionBy = p
				return
			}
			p.Dynamic = a.Open
			if its := a.Items(); len(its) > 0 {
				p.Columns = slices.Grow(buf, len(its))
				for _, it := range its {
					c := facts.Column{Span: it.Span}
					if it.Kind == facts.String {
						c.Name = strings.ReplaceAll(it.Str, "`", "")
					} else {
						p.Dynamic = true
					}
					p.Columns = append(p.Columns, c)
				}
			}
			f.PartitionBy = p
		case facts.HoleTrigger:
			if f.Trigger != nil && a.Kind == facts.ArgValue {
				t := f.Trigger
				if !owned {
					c := *t
					t = &c
				}
				t.Interval = a.Value
				t.Seconds, t.Parsed = 0, false
				if isStr {
					if s, ok := facts.IntervalSeconds(str); ok {
						t.Seconds, t.Parsed = s, true
					}
				}
				f.Trigger = t
			}
		case facts.HoleTriggerArgs:
			if f.Trigger != nil && a.Kind == facts.ArgDict {
				f.Trigger = triggerOf(a, f.Trigger.Span)
			}
		case facts.HoleFrame:
			// a MERGE's source is joined, not written: its shape does not
			// decide the files the MERGE writes
			if a.Kind == facts.ArgFrame && !f.API.Rewrites() {
				ts := make([]facts.Transform, 0, len(a.Transforms())+len(f.Transforms))
				f.Transforms = append(append(ts, a.Transforms()...), f.Transforms...)
			}
			if a.Kind != facts.ArgParam {
				f.FrameFromCaller = false // this call says what the DataFrame is
			}
		case facts.HoleReturned:
			returned(f, a)
		case facts.HoleOption:
			if a.Kind == facts.ArgValue {
				opts := f.Options
				if !owned || opts == nil {
					opts = make(map[string]facts.Value, len(f.Options))
					for k, o := range f.Options {
						opts[k] = o
					}
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
		case facts.HoleZOrder:
			if a.Kind == facts.ArgList && !a.Open {
				f.ZOrderBy = nil
				for _, it := range a.Items() {
					if it.Kind != facts.String {
						f.ZOrderBy = nil
						return
					}
					f.ZOrderBy = append(f.ZOrderBy, facts.Column{Name: strings.ReplaceAll(it.Str, "`", ""), Span: it.Span})
				}
			}
		}
	case *facts.TableDef:
		if h.Field == facts.HolePath {
			var t facts.Target
			target(&t)
			switch {
			case isStr && strings.TrimSpace(str) != "":
				f.Location, f.LocationBind, f.LocationAt = strings.TrimSpace(str), "", a.Span
			case t.Bind != "":
				f.LocationBind, f.LocationAt = t.Bind, a.Span
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

// static is what fills a hole the method's class fills (facts.Hole.Static):
// the setting of the instance's class, when that class, a subclass of the
// method's, binds it itself or inherits it from another class between.
func (in *instance) static(h facts.Hole) bound {
	if h.Param >= len(in.args) {
		return bound{}
	}
	self := in.args[h.Param]
	if !self.ok || self.a.Kind != facts.ArgObject {
		return bound{}
	}
	own := in.fn.Name[:max(strings.LastIndexByte(in.fn.Name, '.'), 0)]
	c, ok := in.l.classSetting(self.home, self.a.Func(), h.Attr, in.home, own, maxBases)
	if !ok {
		return bound{}
	}
	return bound{a: placeArg(c, self.a.Span), home: self.home, ok: true}
}

// triggerOf is the trigger .trigger(**d) sets at sp, d a dict constant.
func triggerOf(d facts.Arg, sp facts.Span) *facts.Trigger {
	its := d.Items()
	kws := make(map[string]facts.Value, len(its)/2)
	for i := 0; i+1 < len(its); i += 2 {
		kws[its[i].Str] = its[i+1]
	}
	return facts.TriggerOf(kws, sp)
}
