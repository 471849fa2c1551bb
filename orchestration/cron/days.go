package cron

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// dayForm is a day field in a Quartz form robfig does not read: the last
// day of the month (`L`, `L-3`), the weekday nearest a day (`15W`, `LW`),
// the last given weekday (`6L`), the nth given weekday (`2#1`). A list
// holds any of them; err says why the field cannot be read.
type dayForm struct {
	match func(time.Time) bool
	err   error
}

// special reads f with read when it holds one of the forms, else nil.
func special(f string, read func(string) (func(time.Time) bool, error)) *dayForm {
	if !strings.ContainsAny(strings.ReplaceAll(strings.ToUpper(f), "WED", ""), "LW#") {
		return nil
	}
	var parts []func(time.Time) bool
	for _, p := range strings.Split(strings.ToUpper(f), ",") {
		m, err := read(p)
		if err != nil {
			return &dayForm{err: err}
		}
		parts = append(parts, m)
	}
	return &dayForm{match: func(t time.Time) bool {
		for _, m := range parts {
			if m(t) {
				return true
			}
		}
		return false
	}}
}

// lastDay is the last day of t's month.
func lastDay(t time.Time) int {
	return time.Date(t.Year(), t.Month()+1, 0, 0, 0, 0, 0, time.UTC).Day()
}

// domSpecial reads one item of a day-of-month field.
func domSpecial(p string) (func(time.Time) bool, error) {
	switch {
	case p == "L":
		return func(t time.Time) bool { return t.Day() == lastDay(t) }, nil
	case strings.HasPrefix(p, "L-"):
		n, err := strconv.Atoi(p[2:])
		if err != nil || n < 0 || n > 30 {
			return nil, fmt.Errorf("day-of-month %q: not a Quartz form", p)
		}
		return func(t time.Time) bool { return t.Day() == lastDay(t)-n }, nil
	case p == "LW":
		return func(t time.Time) bool { return t.Day() == nearestWeekday(t, lastDay(t)) }, nil
	case strings.HasSuffix(p, "W"):
		n, err := strconv.Atoi(p[:len(p)-1])
		if err != nil || n < 1 || n > 31 {
			return nil, fmt.Errorf("day-of-month %q: not a Quartz form", p)
		}
		return func(t time.Time) bool { return t.Day() == nearestWeekday(t, min(n, lastDay(t))) }, nil
	case !strings.ContainsAny(p, "LW#"):
		return plainDays(p, 1, 31, nil, func(t time.Time) int { return t.Day() })
	}
	return nil, fmt.Errorf("day-of-month %q: not a Quartz form", p)
}

// nearestWeekday is the day of t's month, Monday to Friday, nearest day
// d without leaving the month, as Quartz's W reads.
func nearestWeekday(t time.Time, d int) int {
	day := time.Date(t.Year(), t.Month(), d, 0, 0, 0, 0, time.UTC)
	switch day.Weekday() {
	case time.Saturday:
		if d == 1 {
			return 3 // Monday the 3rd
		}
		return d - 1
	case time.Sunday:
		if d == lastDay(t) {
			return d - 2
		}
		return d + 1
	}
	return d
}

var weekdayNames = map[string]int{"SUN": 1, "MON": 2, "TUE": 3, "WED": 4, "THU": 5, "FRI": 6, "SAT": 7}

// quartzDay reads a Quartz day of the week, 1 (Sunday) to 7 or a name,
// as a time.Weekday.
func quartzDay(s string) (time.Weekday, error) {
	if n, ok := weekdayNames[s]; ok {
		return time.Weekday(n - 1), nil
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 || n > 7 {
		return 0, fmt.Errorf("day-of-week %q: Quartz counts days 1 (Sunday) to 7", s)
	}
	return time.Weekday(n - 1), nil
}

// dowSpecial reads one item of a day-of-week field, in Quartz numbering.
func dowSpecial(p string) (func(time.Time) bool, error) {
	switch {
	case p == "L": // alone, the last day of the week: Saturday
		return func(t time.Time) bool { return t.Weekday() == time.Saturday }, nil
	case strings.HasSuffix(p, "L"):
		wd, err := quartzDay(p[:len(p)-1])
		if err != nil {
			return nil, err
		}
		return func(t time.Time) bool { return t.Weekday() == wd && t.Day()+7 > lastDay(t) }, nil
	case strings.Contains(p, "#"):
		day, nth, _ := strings.Cut(p, "#")
		wd, err := quartzDay(day)
		k, kerr := strconv.Atoi(nth)
		if err != nil || kerr != nil || k < 1 || k > 5 {
			return nil, fmt.Errorf("day-of-week %q: not a Quartz form", p)
		}
		return func(t time.Time) bool { return t.Weekday() == wd && (t.Day()-1)/7+1 == k }, nil
	case !strings.ContainsAny(p, "L#"):
		return plainDays(p, 1, 7, weekdayNames, func(t time.Time) int { return int(t.Weekday()) + 1 })
	}
	return nil, fmt.Errorf("day-of-week %q: not a Quartz form", p)
}

// plainDays reads a plain item (a value, a range, a step) that shares a
// list with special forms.
func plainDays(p string, lo, hi int, names map[string]int, of func(time.Time) int) (func(time.Time) bool, error) {
	value := func(s string) (int, error) {
		if n, ok := names[s]; ok {
			return n, nil
		}
		n, err := strconv.Atoi(s)
		if err != nil || n < lo || n > hi {
			return 0, fmt.Errorf("%q: not a day", p)
		}
		return n, nil
	}
	rng, stepText, hasStep := strings.Cut(p, "/")
	from, to := lo, hi
	if rng != "*" && rng != "?" {
		a, b, isRange := strings.Cut(rng, "-")
		var err error
		if from, err = value(a); err != nil {
			return nil, err
		}
		to = from
		if isRange {
			if to, err = value(b); err != nil {
				return nil, err
			}
		} else if hasStep {
			to = hi
		}
	}
	step := 1
	if hasStep {
		var err error
		if step, err = strconv.Atoi(stepText); err != nil || step < 1 {
			return nil, fmt.Errorf("%q: not a step", p)
		}
	}
	return func(t time.Time) bool {
		v := of(t)
		return v >= from && v <= to && (v-from)%step == 0
	}, nil
}
