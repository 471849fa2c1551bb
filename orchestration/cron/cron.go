// Package cron says how often a schedule expression fires: Unix cron (five
// fields), Quartz cron (seconds first, an optional year, `?`, `L`, `W`,
// `#`), the presets both use (@hourly, @daily, ...) and @every durations.
// Fields are parsed by github.com/robfig/cron; the day-of-month and
// day-of-week forms it does not know (`L`, `W`, `#`) are matched here. Runs
// per day are counted, not guessed: the fire times of each day of 28
// years (whole weeks and whole leap cycles), averaged.
package cron

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	robfig "github.com/robfig/cron/v3"
)

// Dialect says how an expression's fields are laid out.
type Dialect int

const (
	// Unix is five fields: minute hour day-of-month month day-of-week (0 or 7 = Sunday).
	Unix Dialect = iota
	// Quartz is six or seven fields: second minute hour day-of-month month
	// day-of-week (1 = Sunday) [year], as Databricks jobs write them.
	Quartz
)

// Frequency is how often an expression fires.
type Frequency struct {
	// RunsPerDay is the average number of fire times per day.
	RunsPerDay float64
	// Every is the interval between fires when it is constant (every 5
	// minutes, hourly); 0 otherwise.
	Every time.Duration
}

const starBit = 1 << 63

// the fields without seconds and year; descriptors for presets
var fiveFields = robfig.NewParser(robfig.Minute | robfig.Hour | robfig.Dom | robfig.Month | robfig.Dow | robfig.Descriptor)

// Parse reads expr in dialect d and counts its runs per day. An expression
// whose every part cannot be read (a year field that is not `*`, a
// malformed field) is an error: its frequency is unknown.
func Parse(expr string, d Dialect) (Frequency, error) {
	expr = strings.TrimSpace(expr)
	if strings.HasPrefix(expr, "@") {
		return preset(expr)
	}
	fields := strings.Fields(expr)
	seconds := "0"
	switch {
	case d == Unix && len(fields) == 5:
		fields[4] = unixWeekdays(fields[4])
	case d == Unix && len(fields) == 6: // a seconds field first, as some schedulers allow
		seconds, fields = fields[0], fields[1:]
	case d == Quartz && (len(fields) == 6 || len(fields) == 7):
		if len(fields) == 7 {
			if y := fields[6]; y != "*" && y != "?" {
				return Frequency{}, fmt.Errorf("year field %q: runs per day are not known", y)
			}
		}
		seconds, fields = fields[0], fields[1:6]
		dow, err := quartzWeekdays(fields[4])
		if err != nil {
			return Frequency{}, err
		}
		fields[4] = dow
	default:
		return Frequency{}, fmt.Errorf("%q: want %s fields, got %d", expr, map[Dialect]string{Unix: "5", Quartz: "6 or 7"}[d], len(fields))
	}
	dom, dow := special(fields[2], domSpecial), special(fields[4], dowSpecial)
	plain := append([]string(nil), fields...)
	if dom != nil {
		plain[2] = "*"
	}
	if dow != nil {
		plain[4] = "*"
	}
	s, err := fiveFields.Parse(strings.Join(plain, " "))
	if err != nil {
		return Frequency{}, err
	}
	spec := s.(*robfig.SpecSchedule)
	secMask, err := robfig.NewParser(robfig.Second).Parse(seconds)
	if err != nil {
		return Frequency{}, fmt.Errorf("seconds field: %w", err)
	}
	spec.Second = secMask.(*robfig.SpecSchedule).Second
	if dom != nil {
		if err := dom.err; err != nil {
			return Frequency{}, err
		}
	}
	if dow != nil {
		if err := dow.err; err != nil {
			return Frequency{}, err
		}
	}
	return count(spec, dom, dow), nil
}

// preset reads @hourly, @daily and the like, and @every <duration>.
func preset(expr string) (Frequency, error) {
	if rest, ok := strings.CutPrefix(expr, "@every "); ok {
		d, err := time.ParseDuration(strings.TrimSpace(rest))
		if err != nil || d <= 0 {
			return Frequency{}, fmt.Errorf("%q: not a duration", expr)
		}
		return Every(d), nil
	}
	s, err := fiveFields.Parse(expr)
	if err != nil {
		return Frequency{}, err
	}
	return count(s.(*robfig.SpecSchedule), nil, nil), nil
}

// Every is the frequency of a fixed interval.
func Every(d time.Duration) Frequency {
	if d <= 0 {
		return Frequency{}
	}
	return Frequency{RunsPerDay: float64(24*time.Hour) / float64(d), Every: d}
}

// count averages the fire times per day over 28 years from 2029: whole
// weeks and whole leap-year cycles, so weekly and monthly forms count
// exactly; in UTC, with no daylight-saving shifts.
func count(s *robfig.SpecSchedule, dom, dow *dayForm) Frequency {
	perDay := bits(s.Second, 60) * bits(s.Minute, 60) * bits(s.Hour, 24)
	if dom == nil && dow == nil && s.Dom&starBit != 0 && s.Dow&starBit != 0 && bits(s.Month>>1, 12) == 12 {
		// every day fires: nothing to count (most schedules)
		return Frequency{RunsPerDay: float64(perDay), Every: constantStep(s)}
	}
	return countDays(s, dom, dow, perDay)
}

// countDays counts the days of the 28 years that fire.
func countDays(s *robfig.SpecSchedule, dom, dow *dayForm, perDay int) Frequency {
	start := time.Date(2029, 1, 1, 0, 0, 0, 0, time.UTC)
	end := start.AddDate(28, 0, 0)
	days, fired := 0, 0
	for t := start; t.Before(end); t = t.Add(24 * time.Hour) { // UTC: every day has 24 hours
		days++
		if 1<<uint(t.Month())&s.Month != 0 && dayMatches(s, dom, dow, t) {
			fired++
		}
	}
	f := Frequency{RunsPerDay: float64(perDay) * float64(fired) / float64(days)}
	if fired == days {
		f.Every = constantStep(s)
	}
	return f
}

// dayMatches is robfig's rule for the two day fields: when either is `*`
// both must match, otherwise either may; the forms robfig does not know
// are matched by dom and dow.
func dayMatches(s *robfig.SpecSchedule, dom, dow *dayForm, t time.Time) bool {
	domMatch, domStar := 1<<uint(t.Day())&s.Dom != 0, s.Dom&starBit != 0
	if dom != nil {
		domMatch, domStar = dom.match(t), false
	}
	dowMatch, dowStar := 1<<uint(t.Weekday())&s.Dow != 0, s.Dow&starBit != 0
	if dow != nil {
		dowMatch, dowStar = dow.match(t), false
	}
	if domStar || dowStar {
		return domMatch && dowMatch
	}
	return domMatch || dowMatch
}

// bits counts the values set among the first n of mask.
func bits(mask uint64, n int) int {
	k := 0
	for i := range n {
		if mask&(1<<uint(i)) != 0 {
			k++
		}
	}
	return k
}

// constantStep is the interval of a schedule that fires every day at
// evenly spaced times, wrapping around midnight; 0 when the spacing varies.
func constantStep(s *robfig.SpecSchedule) time.Duration {
	var times []int // seconds of the day
	for h := range 24 {
		if s.Hour&(1<<uint(h)) == 0 {
			continue
		}
		for m := range 60 {
			if s.Minute&(1<<uint(m)) == 0 {
				continue
			}
			for sec := range 60 {
				if s.Second&(1<<uint(sec)) != 0 {
					times = append(times, h*3600+m*60+sec)
				}
			}
		}
	}
	if len(times) == 0 {
		return 0
	}
	step := times[0] + 86400 - times[len(times)-1]
	for i := 1; i < len(times); i++ {
		if times[i]-times[i-1] != step {
			return 0
		}
	}
	return time.Duration(step) * time.Second
}

// unixWeekdays maps Unix cron's 7 (Sunday, as 0) into robfig's 0-6.
func unixWeekdays(f string) string {
	return mapNumbers(f, func(n int) int {
		if n == 7 {
			return 0
		}
		return n
	})
}

// quartzWeekdays maps Quartz's 1-7 (Sunday first) to 0-6. `L` and `#`
// forms keep Quartz numbering: dowSpecial reads them.
func quartzWeekdays(f string) (string, error) {
	if strings.ContainsAny(f, "L#") {
		return f, nil
	}
	bad := false
	out := mapNumbers(f, func(n int) int {
		if n < 1 || n > 7 {
			bad = true
		}
		return n - 1
	})
	if bad {
		return "", fmt.Errorf("day-of-week %q: Quartz counts days 1 (Sunday) to 7", f)
	}
	return out, nil
}

// mapNumbers rewrites the numbers of a field that name values (not the
// steps after a slash).
func mapNumbers(f string, to func(int) int) string {
	var b strings.Builder
	step := false
	for i := 0; i < len(f); {
		c := f[i]
		if c < '0' || c > '9' {
			step = c == '/' || step && c != ',' && c != '-'
			b.WriteByte(c)
			i++
			continue
		}
		j := i
		for j < len(f) && f[j] >= '0' && f[j] <= '9' {
			j++
		}
		n, _ := strconv.Atoi(f[i:j])
		if step {
			b.WriteString(f[i:j])
		} else {
			b.WriteString(strconv.Itoa(to(n)))
		}
		i = j
	}
	return b.String()
}
