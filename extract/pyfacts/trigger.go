package pyfacts

import (
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/facts"
)

// trigger reads .trigger(processingTime=...|once=True|availableNow=True|continuous=...).
func (x *extractor) trigger(a args, sp facts.Span) *facts.Trigger {
	t := &facts.Trigger{Kind: facts.TriggerUnknown, Span: sp}
	for _, g := range a {
		if g.splat != 0 {
			return t
		}
	}
	interval := func(g arg, kind facts.TriggerKind) {
		t.Kind = kind
		t.Interval = g.v.value(x.spanOf(g.n))
		if s, ok := g.v.literalString(); ok {
			if secs, ok := parseInterval(s); ok {
				t.Seconds = secs
			}
		}
	}
	flag := func(g arg, kind facts.TriggerKind) {
		if b, ok := g.v.value(facts.Span{}).Truth(); ok && b {
			t.Kind = kind
		}
	}
	if g, ok := a.get(0, "processingTime"); ok {
		interval(g, facts.TriggerProcessingTime)
	} else if g, ok := a.kw("once"); ok {
		flag(g, facts.TriggerOnce)
	} else if g, ok := a.kw("availableNow"); ok {
		flag(g, facts.TriggerAvailableNow)
	} else if g, ok := a.kw("continuous"); ok {
		interval(g, facts.TriggerContinuous)
	}
	return t
}

// intervalUnits are seconds per unit, by every spelling Spark accepts.
var intervalUnits = map[string]float64{
	"us": 1e-6, "microsecond": 1e-6, "microseconds": 1e-6,
	"ms": 1e-3, "milli": 1e-3, "millis": 1e-3, "millisecond": 1e-3, "milliseconds": 1e-3,
	"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
	"m": 60, "min": 60, "mins": 60, "minute": 60, "minutes": 60,
	"h": 3600, "hour": 3600, "hours": 3600,
	"d": 86400, "day": 86400, "days": 86400,
	"w": 604800, "week": 604800, "weeks": 604800,
}

// parseInterval reads "30 seconds", "1 minute", "500 ms", "interval 1 hour
// 30 minutes" or "10s" into seconds.
func parseInterval(s string) (float64, bool) {
	fields := strings.Fields(strings.ToLower(s))
	if len(fields) > 0 && fields[0] == "interval" {
		fields = fields[1:]
	}
	if len(fields) == 0 {
		return 0, false
	}
	total := 0.0
	for i := 0; i < len(fields); {
		num, unit := fields[i], ""
		// "10s" glues the unit to the number
		if j := strings.IndexFunc(num, func(r rune) bool { return (r < '0' || r > '9') && r != '.' && r != '-' }); j > 0 {
			num, unit = num[:j], num[j:]
		}
		n, err := strconv.ParseFloat(num, 64)
		if err != nil {
			return 0, false
		}
		i++
		if unit == "" {
			if i == len(fields) {
				return 0, false
			}
			unit = fields[i]
			i++
		}
		per, ok := intervalUnits[unit]
		if !ok {
			return 0, false
		}
		total += n * per
	}
	return total, true
}
