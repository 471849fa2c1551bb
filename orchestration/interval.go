package orchestration

import (
	"strconv"
	"strings"
	"time"
)

// parseInterval reads an interval as pipelines and periodic triggers write
// it: "10 seconds", "1 hour", "5 MINUTES", or a Go duration ("90s").
func parseInterval(s string) (time.Duration, bool) {
	s = strings.TrimSpace(strings.ToLower(s))
	if d, err := time.ParseDuration(s); err == nil && d > 0 {
		return d, true
	}
	num, unit, ok := strings.Cut(s, " ")
	if !ok {
		return 0, false
	}
	n, err := strconv.ParseFloat(strings.TrimSpace(num), 64)
	if err != nil || n <= 0 {
		return 0, false
	}
	per, ok := unitOf(strings.TrimSpace(unit))
	if !ok {
		return 0, false
	}
	return time.Duration(n * float64(per)), true
}

// unitOf is the length of a time unit named in English, singular or plural.
func unitOf(u string) (time.Duration, bool) {
	u = strings.ToLower(u)
	if u == "ms" {
		return time.Millisecond, true
	}
	switch strings.TrimSuffix(u, "s") {
	case "millisecond":
		return time.Millisecond, true
	case "second", "sec":
		return time.Second, true
	case "minute", "min":
		return time.Minute, true
	case "hour":
		return time.Hour, true
	case "day":
		return 24 * time.Hour, true
	case "week":
		return 7 * 24 * time.Hour, true
	}
	return 0, false
}

func itoa(n int) string { return strconv.Itoa(n) }
