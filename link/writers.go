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
	if fn == nil || fn.Writer == nil || c.Arg >= len(c.Call.Args) {
		return false
	}
	mark := len(l.bounds)
	defer func() { l.bounds = l.bounds[:mark] }()
	args := l.bind(fn, c.Call.Args, func(a *facts.Arg) bound {
		if a.Kind == facts.ArgParam {
			return bound{} // the enclosing function's parameter: unknown here
		}
		return l.argAt(p, *a)
	})
	h := fn.Writer
	if h.Param >= len(args) || !args[h.Param].ok || args[h.Param].a.Span != c.Call.Args[c.Arg].Span {
		return false // the writer is not what the helper configures
	}
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
	return true
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
			b = l.attr(b, c.Attr)
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
		if foreign {
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

// sameSetting reports whether a and b make setting bit alike.
func sameSetting(a, b *facts.WriterSettings, bit uint8) bool {
	switch bit {
	case facts.SetFormat:
		return a.Format == b.Format && !a.FormatUnknown && !b.FormatUnknown
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
