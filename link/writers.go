package link

import (
	"maps"
	"slices"

	"github.com/lakelint/lakelint/facts"
)

// Writers configured by helpers (facts.Finished): a write the file
// finishes on a writer that calls of functions it does not define
// configured. Each call resolves to a function that configures the writer
// it is given and returns it (facts.Func.Writer); its settings replace
// what the code set before the call, not what it sets after. Of the ways
// through the helper's branches, those whose conditions the call's
// arguments contradict are left out; where the rest disagree on a
// setting, it is unknown, and a trigger that some way leaves unset is
// unset, saying when that way runs.

// finish adds write f of file p when every call that configured its writer
// resolves to a writer helper; otherwise nothing, as for a call that does
// not resolve, unless the code went on with the writer it passed (the
// call's effect on it is then not known, as before).
func (l *linker) finish(p string, f *facts.Finished) {
	w := copyFact(f.Write, "", facts.Span{}).(*facts.Write)
	for i := len(f.Helpers) - 1; i >= 0; i-- { // the oldest call first
		if h := &f.Helpers[i]; !l.configure(p, w, h) && !h.InPlace {
			return
		}
	}
	e := l.extra(p)
	e.Writes = push(e.Writes, w)
}

// configure applies to w what the call c, made in file p, sets on the
// writer it is given; false when c is not a call of a writer helper given
// the writer.
func (l *linker) configure(p string, w *facts.Write, c *facts.Configured) bool {
	home, fn := l.resolve(p, c.Call.Callee)
	if fn == nil || fn.Writer == nil || c.Arg >= len(c.Call.Args) || !sameKind(fn.Writer, c, w.API) {
		return false
	}
	mark := len(l.bounds)
	defer func() { l.bounds = l.bounds[:mark] }()
	args := l.bind(fn, c.Call.Args, func(a *facts.Arg) bound {
		if a.Kind == facts.ArgParam {
			// the enclosing function's parameter: unknown here, but for the
			// DataFrame a helper makes the writer from, whatever it is
			return bound{a: *a, ok: c.Builds && a.Span == c.Call.Args[c.Arg].Span}
		}
		return l.argAt(p, *a)
	})
	if fn.Writer.Param >= len(args) || !args[fn.Writer.Param].ok || args[fn.Writer.Param].a.Span != c.Call.Args[c.Arg].Span {
		return false // the writer is not what the helper configures
	}
	h := l.writerOf(home, fn, 0)
	if h == nil {
		return false
	}
	h = l.withTriggers(home, h)
	h = withIntervals(h, args, home, p)
	ways := make([]*facts.WriterWay, 0, len(h.Ways))
	for i := range h.Ways {
		if l.takes(&h.Ways[i], args, home) {
			ways = append(ways, &h.Ways[i])
		}
	}
	if len(ways) == 0 {
		return false
	}
	foreign := home != p
	for bit := facts.SetFormat; bit != 0 && bit <= facts.SetQuery; bit <<= 1 {
		if c.After&bit != 0 {
			continue // the caller's code sets it after the call
		}
		setting(w, ways, bit, home, foreign, c.Call.At)
	}
	if w.Stream != nil {
		w.Stream.Batch = batchNamed(fn, args, w.Stream.Batch)
	}
	return true
}

// batchNamed is the function a helper's foreachBatch(name) hands the
// micro-batches to, as messages name it: the function the call passes
// when name is the helper's parameter.
func batchNamed(fn *facts.Func, args []bound, name string) string {
	for i, p := range fn.Params {
		if p.Name == name && i < len(args) && args[i].ok && args[i].a.Kind == facts.ArgFunc {
			return args[i].a.Func()
		}
	}
	return name
}

// sameKind reports whether call c, which configures the writer it is
// given or makes one of kind api ("" when not known) from the DataFrame
// it is given (Configured.Builds), calls a helper h that does that.
func sameKind(h *facts.WriterHelper, c *facts.Configured, api facts.API) bool {
	return h.Builds == c.Builds && (!c.Builds || api == "" || h.API == api)
}

// takes reports whether way can run at a call whose arguments are args:
// none of its conditions is on an argument whose truth is known otherwise.
func (l *linker) takes(way *facts.WriterWay, args []bound, home string) bool {
	for _, c := range way.Conds {
		if c.Param >= len(args) {
			continue
		}
		b := args[c.Param]
		if c.Attr != "" {
			if b.home == "" {
				b.home = home
			}
			b = l.attr(b, c.Attr, home)
		}
		if !b.ok || b.a.Kind != facts.ArgValue {
			continue
		}
		if t, ok := b.a.Value.Truth(); ok && t != c.Holds {
			return false
		}
	}
	return true
}

// setting gives w the setting bit of the ways, when they agree on it.
func setting(w *facts.Write, ways []*facts.WriterWay, bit uint8, home string, foreign bool, at facts.Span) {
	var first *facts.WriterSettings
	set, unset := 0, ""
	agree := true
	for _, way := range ways {
		s := &way.Sets
		if s.Set&bit == 0 {
			if unset == "" {
				unset = way.When
				if unset == "" {
					unset = "the loop or branch before it does not set one"
				}
			}
			continue
		}
		set++
		if first == nil {
			first = s
		} else if !sameSetting(first, s, bit) {
			agree = false
		}
	}
	if set == 0 {
		return // no way sets it: the caller's stands
	}
	c := facts.Copier{}
	if foreign {
		c.Home = facts.FileOf(home)
	}
	if set < len(ways) || !agree {
		switch bit {
		case facts.SetFormat:
			w.Format, w.FormatUnknown = "", true
		case facts.SetPartition:
			w.PartitionBy = &facts.Partitioning{Dynamic: true}
		case facts.SetTrigger:
			if set < len(ways) && !w.HasTrigger && w.Stream != nil {
				w.Stream.NoTriggerWhen = unset
			} else if set == len(ways) || w.HasTrigger {
				w.Trigger, w.HasTrigger = &facts.Trigger{Kind: facts.TriggerUnknown}, true
				if set == len(ways) {
					if t := fastestOf(ways, c, foreign, at); t != nil {
						w.Trigger = t
						if w.Stream != nil {
							w.Stream.NoTriggerWhen = ""
						}
					}
				}
			}
		}
		return
	}
	switch bit {
	case facts.SetFormat:
		w.Format, w.FormatUnknown, w.FormatSpan = first.Format, first.FormatUnknown, first.FormatSpan
		if foreign {
			w.FormatSpan = first.FormatSpan.In(home)
		}
		if w.Stream != nil {
			// foreachBatch(fn) in the helper: the writes of fn, which the
			// link step applies at the call, are the stream's
			w.Stream.Batch, w.Stream.BatchSpan = first.Batch, facts.Span{}
			if first.Batch != "" {
				w.Stream.BatchSpan = at
			}
		}
	case facts.SetMode:
		w.Mode = *c.Value(&first.Mode)
	case facts.SetPartition:
		w.PartitionBy = c.Partitioning(first.PartitionBy)
	case facts.SetCluster:
		w.ClusterBy = nil
		for i := range first.ClusterBy {
			w.ClusterBy = append(w.ClusterBy, *c.Column(&first.ClusterBy[i]))
		}
	case facts.SetOptions:
		w.Options = withValues(w.Options, first.Options, c.Value)
	case facts.SetProps:
		w.Properties = withValues(w.Properties, first.Properties, c.Value)
	case facts.SetTrigger:
		t := c.Trigger(first.Trigger)
		if foreign || t.Span.Foreign() {
			// reported at the call, where the helper is named: its own
			// code makes no write to report it at, nor to fix
			t.Span, t.Interval.Span, t.Interval.ReadOnly = at, at, true
		}
		w.Trigger, w.HasTrigger = t, true
		if w.Stream != nil {
			w.Stream.NoTriggerWhen = ""
		}
	case facts.SetQuery:
		if w.Stream != nil {
			w.Stream.QueryName = *c.Value(&first.QueryName)
		}
	}
}

// fastestOf is the processing-time trigger of the way that triggers most
// often, saying when it runs, when that is known (see facts.Trigger.When).
func fastestOf(ways []*facts.WriterWay, c facts.Copier, foreign bool, at facts.Span) *facts.Trigger {
	var best *facts.WriterWay
	for _, way := range ways {
		t := way.Sets.Trigger
		if t == nil || t.Kind != facts.TriggerProcessingTime || !t.IntervalOK() {
			continue
		}
		if best == nil || t.Seconds < best.Sets.Trigger.Seconds {
			best = way
		}
	}
	if best == nil || best.When == "" {
		return nil
	}
	t := c.Trigger(best.Sets.Trigger)
	if foreign || t.Span.Foreign() {
		t.Span, t.Interval.Span, t.Interval.ReadOnly = at, at, true
	}
	t.When = best.When
	return t
}

// sameSetting reports whether a and b make setting bit alike.
func sameSetting(a, b *facts.WriterSettings, bit uint8) bool {
	switch bit {
	case facts.SetFormat:
		return a.Format == b.Format && a.Batch == b.Batch && !a.FormatUnknown && !b.FormatUnknown
	case facts.SetMode:
		return a.Mode.Kind == b.Mode.Kind && a.Mode.Str == b.Mode.Str
	case facts.SetPartition:
		return samePartitioning(a.PartitionBy, b.PartitionBy)
	case facts.SetCluster:
		return slices.EqualFunc(a.ClusterBy, b.ClusterBy, func(x, y facts.Column) bool { return x.Name == y.Name && x.Name != "" })
	case facts.SetOptions:
		return sameValues(a.Options, b.Options)
	case facts.SetProps:
		return sameValues(a.Properties, b.Properties)
	case facts.SetTrigger:
		return a.Trigger != nil && b.Trigger != nil && a.Trigger.Kind == b.Trigger.Kind &&
			a.Trigger.Interval.Kind == b.Trigger.Interval.Kind && a.Trigger.Interval.Str == b.Trigger.Interval.Str
	case facts.SetQuery:
		return a.QueryName.Kind == b.QueryName.Kind && a.QueryName.Str == b.QueryName.Str
	}
	return false
}

func samePartitioning(a, b *facts.Partitioning) bool {
	if a == nil || b == nil || a.Dynamic || b.Dynamic {
		return false
	}
	return slices.EqualFunc(a.Columns, b.Columns, func(x, y facts.Column) bool { return x.Name == y.Name && x.Name != "" })
}

func sameValues(a, b map[string]facts.Value) bool {
	return maps.EqualFunc(a, b, func(x, y facts.Value) bool { return x.Kind == y.Kind && x.Str == y.Str && x.Known() })
}

// withValues is have with what a helper sets added (copied by value), in
// a new map: have may be shared with the write the helper's copy came from.
func withValues(have, set map[string]facts.Value, value func(*facts.Value) *facts.Value) map[string]facts.Value {
	out := maps.Clone(have)
	if out == nil {
		out = map[string]facts.Value{}
	}
	for k, v := range set {
		out[k] = *value(&v)
	}
	return out
}

// writerOf is what writer helper fn, defined in home, sets: its summary's
// ways, each way that calls writer helpers of other modules
// (facts.WriterWay.Helpers) made into the ways through them, with what
// they set; nil when such a call is not of a writer helper given the
// writer.
func (l *linker) writerOf(home string, fn *facts.Func, depth int) *facts.WriterHelper {
	h := fn.Writer
	nested := false
	for i := range h.Ways {
		nested = nested || len(h.Ways[i].Helpers) > 0
	}
	if !nested {
		return h
	}
	if depth >= maxDepth {
		return nil
	}
	out := &facts.WriterHelper{Param: h.Param, Builds: h.Builds, API: h.API}
	for i := range h.Ways {
		ways := []facts.WriterWay{h.Ways[i]}
		for j := len(h.Ways[i].Helpers) - 1; j >= 0; j-- { // the oldest call first
			ways = l.through(home, ways, &h.Ways[i].Helpers[j], depth)
			if ways == nil {
				return nil
			}
		}
		out.Ways = append(out.Ways, ways...)
	}
	if len(out.Ways) > maxWays {
		return nil
	}
	return out
}

// maxWays bounds the ways through helpers that call helpers.
const maxWays = 16

// through is each of ways followed by each way through c, a call of a
// writer helper made in home on the writer the ways configure; nil when c
// is no such call.
func (l *linker) through(home string, ways []facts.WriterWay, c *facts.Configured, depth int) []facts.WriterWay {
	inHome, fn := l.resolve(home, c.Call.Callee)
	if fn == nil || fn.Writer == nil || c.Arg >= len(c.Call.Args) || !sameKind(fn.Writer, c, "") {
		return nil
	}
	mark := len(l.bounds)
	args := slices.Clone(l.bind(fn, c.Call.Args, func(a *facts.Arg) bound {
		if a.Kind == facts.ArgParam {
			return bound{a: *a, home: home, ok: true} // the outer helper's parameter
		}
		return l.argAt(home, *a)
	}))
	l.bounds = l.bounds[:mark]
	if fn.Writer.Param >= len(args) || !args[fn.Writer.Param].ok || args[fn.Writer.Param].a.Span != c.Call.Args[c.Arg].Span {
		return nil
	}
	inner := l.writerOf(inHome, fn, depth+1)
	if inner == nil {
		return nil
	}
	inner = l.withTriggers(inHome, inner)
	var out []facts.WriterWay
	for i := range inner.Ways {
		in := &inner.Ways[i]
		if !l.takes(in, args, inHome) {
			continue
		}
		for _, w := range ways {
			out = append(out, joinWay(w, in, args, c.After, inHome != home, inHome))
		}
	}
	return out
}

// joinWay is way w with what way in of a helper it calls sets, where the
// code after the call (after) does not set it. The inner way's conditions
// on parameters the call passes the outer helper's own are conditions on
// those; its spans are those of home when foreign.
func joinWay(w facts.WriterWay, in *facts.WriterWay, args []bound, after uint8, foreign bool, home string) facts.WriterWay {
	out := facts.WriterWay{When: w.When, Conds: slices.Clone(w.Conds), Sets: w.Sets}
	if in.When != "" {
		out.When = in.When
	}
	for _, c := range in.Conds {
		if c.Param >= len(args) || args[c.Param].a.Kind != facts.ArgParam || args[c.Param].a.Attr() != "" {
			continue
		}
		out.Conds = append(out.Conds, facts.WayCond{Param: args[c.Param].a.Param, Attr: c.Attr, Holds: c.Holds})
	}
	s := in.Sets
	if foreign {
		cp := facts.Copier{Home: facts.FileOf(home)}
		s.FormatSpan = s.FormatSpan.In(home)
		s.Mode = *cp.Value(&s.Mode)
		s.PartitionBy = cp.Partitioning(s.PartitionBy)
		s.Trigger = cp.Trigger(s.Trigger)
		s.QueryName = *cp.Value(&s.QueryName)
	}
	overlay(&out.Sets, &s, after)
	return out
}

// overlay gives dst the settings of src but those a later step sets
// (after); options and properties add up, the later ones winning.
func overlay(dst, src *facts.WriterSettings, after uint8) {
	bits := src.Set &^ after
	same := func(v *facts.Value) *facts.Value { return v }
	if o := src.Set & after & facts.SetOptions; o != 0 {
		dst.Options = withValues(src.Options, dst.Options, same)
	}
	if o := src.Set & after & facts.SetProps; o != 0 {
		dst.Properties = withValues(src.Properties, dst.Properties, same)
	}
	if bits == 0 {
		return
	}
	dst.Set |= bits
	if bits&facts.SetFormat != 0 {
		dst.Format, dst.FormatUnknown, dst.FormatSpan, dst.Batch = src.Format, src.FormatUnknown, src.FormatSpan, src.Batch
	}
	if bits&facts.SetMode != 0 {
		dst.Mode = src.Mode
	}
	if bits&facts.SetPartition != 0 {
		dst.PartitionBy = src.PartitionBy
	}
	if bits&facts.SetCluster != 0 {
		dst.ClusterBy = src.ClusterBy
	}
	if bits&facts.SetOptions != 0 {
		dst.Options = withValues(dst.Options, src.Options, same)
	}
	if bits&facts.SetProps != 0 {
		dst.Properties = withValues(dst.Properties, src.Properties, same)
	}
	if bits&facts.SetTrigger != 0 {
		dst.Trigger = src.Trigger
	}
	if bits&facts.SetQuery != 0 {
		dst.QueryName = src.QueryName
	}
}

// withTriggers is h with the triggers its ways read from module constants
// (facts.WriterSettings.TriggerGlobal) read, seen from home; h itself
// when none does.
func (l *linker) withTriggers(home string, h *facts.WriterHelper) *facts.WriterHelper {
	var out *facts.WriterHelper
	for i := range h.Ways {
		s := &h.Ways[i].Sets
		if s.TriggerGlobal == "" || s.Trigger == nil {
			continue
		}
		d, ok := l.constant(home, s.TriggerGlobal)
		if !ok || d.Kind != facts.ArgDict || d.Open {
			continue
		}
		if out == nil {
			out = &facts.WriterHelper{Param: h.Param, Builds: h.Builds, API: h.API, Ways: slices.Clone(h.Ways)}
		}
		t := triggerOf(placeArg(d, s.Trigger.Kwargs), s.Trigger.Span)
		out.Ways[i].Sets.Trigger, out.Ways[i].Sets.TriggerGlobal = t, ""
	}
	if out == nil {
		return h
	}
	return out
}

// withIntervals is h with the trigger intervals its ways take from a
// parameter (facts.WriterSettings.TriggerParam) given the call's
// arguments args, made in file p; h itself when none does.
func withIntervals(h *facts.WriterHelper, args []bound, home, p string) *facts.WriterHelper {
	var out *facts.WriterHelper
	for i := range h.Ways {
		s := &h.Ways[i].Sets
		k := s.TriggerParam - 1
		if k < 0 || k >= len(args) || s.Trigger == nil || !args[k].ok || args[k].a.Kind != facts.ArgValue {
			continue
		}
		if out == nil {
			out = &facts.WriterHelper{Param: h.Param, Builds: h.Builds, API: h.API, Ways: slices.Clone(h.Ways)}
		}
		t := *s.Trigger
		v := args[k].a.Value
		if args[k].home != "" && args[k].home != p {
			v.Span = v.Span.In(args[k].home) // a default, written in the helper
		}
		t.Interval, t.Seconds, t.Parsed = v, 0, false
		if v.Kind == facts.String {
			t.Seconds, t.Parsed = facts.IntervalSeconds(v.Str)
		}
		out.Ways[i].Sets.Trigger, out.Ways[i].Sets.TriggerParam = &t, 0
	}
	if out == nil {
		return h
	}
	return out
}
