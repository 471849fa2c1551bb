package pyfacts

import "github.com/lakelint/lakelint/facts"

// trigger reads .trigger(processingTime=...|once=True|availableNow=True|continuous=...),
// the keywords also given as **{"processingTime": ...}. A **mapping not
// known here (an imported constant) is noted in Trigger.Kwargs, for the
// link step.
func (x *extractor) trigger(a args, sp facts.Span) *facts.Trigger {
	kws := map[string]facts.Value{}
	for _, g := range a {
		switch {
		case g.splat == 2 && g.v.kind == kDict && !g.v.open:
			items := g.v.items()
			for i := 0; i+1 < len(items); i += 2 {
				key, ok := items[i].literalString()
				if !ok {
					return facts.TriggerOf(nil, sp)
				}
				kws[key] = items[i+1].value(items[i+1].span)
			}
		case g.splat == 2 && len(a) == 1:
			t := facts.TriggerOf(nil, sp)
			t.Kwargs = x.spanOf(g.n)
			return t
		case g.splat != 0:
			return facts.TriggerOf(nil, sp)
		case g.name != "":
			kws[g.name] = g.v.value(x.spanOf(g.n))
		default:
			// PySpark's trigger takes keywords only
			return facts.TriggerOf(nil, sp)
		}
	}
	return facts.TriggerOf(kws, sp)
}
