package facts

import "strings"

// intervalUnits are the units Spark's interval strings name, in
// microseconds, in the order Spark tries them: each is matched as a whole
// word, optionally followed by "s". Months and years are accepted by the
// grammar but refused by triggers.
var intervalUnits = []struct {
	name   string
	micros float64
}{
	{"year", -1}, {"week", 7 * 86400e6}, {"day", 86400e6}, {"hour", 3600e6}, {"second", 1e6},
	{"month", -1}, {"minute", 60e6}, {"millisecond", 1e3}, {"microsecond", 1},
}

// IntervalSeconds reads a trigger interval into seconds the way Spark does
// (IntervalUtils.stringToInterval, then the trigger's own checks): an
// optional "interval " prefix, then groups of a signed whole number (a
// fraction only for seconds), spaces and a unit word in full, singular or
// plural, in any case: "10 seconds", "1 minute", "500 milliseconds",
// "interval 1 hour 30 minutes". Abbreviations ("10s", "10 sec", "5 min")
// are refused by Spark, as are months, years and negative totals: ok is
// false for them. The extractor reads a trigger's interval with it, and the
// link step one that a call passes to a helper's parameter.
func IntervalSeconds(s string) (secs float64, ok bool) {
	s = strings.ToLower(strings.TrimSpace(s))
	if s == "" || s == "interval" {
		return 0, false
	}
	s = strings.TrimPrefix(s, "interval ")
	fields := strings.Fields(s)
	if len(fields) == 0 || len(fields)%2 != 0 {
		return 0, false
	}
	total := 0.0
	for i := 0; i < len(fields); i += 2 {
		n, frac, ok := intervalNumber(fields[i])
		if !ok {
			return 0, false
		}
		per, ok := intervalUnit(fields[i+1])
		if !ok || per < 0 || (frac && per != 1e6) {
			return 0, false
		}
		total += n * per
	}
	if total < 0 {
		return 0, false
	}
	return total / 1e6, true
}

// intervalNumber reads [+-]digits[.digits]; frac says a fraction was given.
func intervalNumber(f string) (n float64, frac, ok bool) {
	sign := 1.0
	switch {
	case strings.HasPrefix(f, "-"):
		sign, f = -1, f[1:]
	case strings.HasPrefix(f, "+"):
		f = f[1:]
	}
	whole, fraction, hasDot := strings.Cut(f, ".")
	if whole == "" || strings.Trim(whole, "0123456789") != "" ||
		(hasDot && (len(fraction) > 9 || strings.Trim(fraction, "0123456789") != "")) || len(whole) > 15 {
		return 0, false, false
	}
	for _, c := range whole {
		n = n*10 + float64(c-'0')
	}
	scale := 0.1
	for _, c := range fraction {
		n += float64(c-'0') * scale
		scale /= 10
	}
	return sign * n, hasDot, true
}

// intervalUnit returns the microseconds of a unit word, -1 for months and years.
func intervalUnit(w string) (float64, bool) {
	for _, u := range intervalUnits {
		if w == u.name || w == u.name+"s" {
			return u.micros, true
		}
	}
	return 0, false
}

// TriggerOf is the trigger .trigger(**kws) sets, at sp:
// processingTime, once, availableNow or continuous, as PySpark reads
// them; TriggerUnknown when kws hold none of them, or several (PySpark
// refuses both), or a value not known.
func TriggerOf(kws map[string]Value, sp Span) *Trigger {
	t := &Trigger{Kind: TriggerUnknown, Span: sp}
	if len(kws) != 1 {
		return t
	}
	interval := func(v Value, kind TriggerKind) {
		t.Kind = kind
		t.Interval = v
		if v.Kind == String {
			t.Seconds, t.Parsed = IntervalSeconds(v.Str)
		}
	}
	flag := func(v Value, kind TriggerKind) {
		if b, ok := v.Truth(); ok && b && v.Kind == Bool {
			t.Kind = kind
		}
	}
	if v, ok := kws["processingTime"]; ok {
		interval(v, TriggerProcessingTime)
	} else if v, ok := kws["once"]; ok {
		flag(v, TriggerOnce)
	} else if v, ok := kws["availableNow"]; ok {
		flag(v, TriggerAvailableNow)
	} else if v, ok := kws["continuous"]; ok {
		interval(v, TriggerContinuous)
	}
	return t
}
