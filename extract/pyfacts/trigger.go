package pyfacts

import "github.com/lakelint/lakelint/facts"

// trigger reads .trigger(processingTime=...|once=True|availableNow=True|continuous=...),
// the keywords also given as **{"processingTime": ...}.
func (x *extractor) trigger(a args, sp facts.Span) *facts.Trigger {
	t := &facts.Trigger{Kind: facts.TriggerUnknown, Span: sp}
	kws := map[string]facts.Value{}
	for _, g := range a {
		switch {
		case g.splat == 2 && g.v.kind == kDict && !g.v.open:
			items := g.v.items()
			for i := 0; i+1 < len(items); i += 2 {
				key, ok := items[i].literalString()
				if !ok {
					return t
				}
				kws[key] = items[i+1].value(items[i+1].span)
			}
		case g.splat != 0:
			return t
		case g.name != "":
			kws[g.name] = g.v.value(x.spanOf(g.n))
		default:
			// PySpark's trigger takes keywords only
			return t
		}
	}
	if len(kws) != 1 {
		return t // none, or several: PySpark refuses both
	}
	interval := func(v facts.Value, kind facts.TriggerKind) {
		t.Kind = kind
		t.Interval = v
		if v.Kind == facts.String {
			t.Seconds, t.Parsed = facts.IntervalSeconds(v.Str)
		}
	}
	flag := func(v facts.Value, kind facts.TriggerKind) {
		if b, ok := v.Truth(); ok && b && v.Kind == facts.Bool {
			t.Kind = kind
		}
	}
	if v, ok := kws["processingTime"]; ok {
		interval(v, facts.TriggerProcessingTime)
	} else if v, ok := kws["once"]; ok {
		flag(v, facts.TriggerOnce)
	} else if v, ok := kws["availableNow"]; ok {
		flag(v, facts.TriggerAvailableNow)
	} else if v, ok := kws["continuous"]; ok {
		interval(v, facts.TriggerContinuous)
	}
	return t
}
