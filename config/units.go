package config

import (
	"fmt"
	"math"
	"strconv"
	"strings"
	"time"
)

// ParseSize reads a size in bytes: a plain number ("1048576") or a number
// and a unit ("10MB", "512 KB", "1.5GiB"). Units are binary, as Spark and
// Delta count them: KB = KiB = 1024 bytes.
func ParseSize(s string) (int64, error) {
	num, unit := splitNumber(strings.TrimSpace(s))
	v, err := strconv.ParseFloat(num, 64)
	if num == "" || err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("want a size like \"32MB\", got %q", s)
	}
	var mult float64
	switch strings.ToLower(strings.TrimSpace(unit)) {
	case "", "b", "byte", "bytes":
		mult = 1
	case "k", "kb", "kib":
		mult = 1 << 10
	case "m", "mb", "mib":
		mult = 1 << 20
	case "g", "gb", "gib":
		mult = 1 << 30
	case "t", "tb", "tib":
		mult = 1 << 40
	default:
		return 0, fmt.Errorf("want a size like \"32MB\", got %q (unknown unit %q)", s, unit)
	}
	bytes := math.Round(v * mult)
	if bytes >= math.MaxInt64 {
		return 0, fmt.Errorf("size %q is too large", s)
	}
	return int64(bytes), nil
}

// ParseDuration reads a time span as people and Spark trigger intervals
// write it: "30 seconds", "5 minutes", "1 hour", "500 ms", "1 minute 30
// seconds", "interval 10 seconds", Go's "1m30s", or a bare number of
// seconds.
func ParseDuration(s string) (time.Duration, error) {
	bad := func() (time.Duration, error) {
		return 0, fmt.Errorf("want a duration like \"1 minute\" or \"30s\", got %q", s)
	}
	t := strings.ToLower(strings.TrimSpace(s))
	t = strings.TrimSpace(strings.TrimPrefix(t, "interval "))
	if t == "" {
		return bad()
	}
	if d, err := time.ParseDuration(t); err == nil {
		if d < 0 {
			return bad()
		}
		return d, nil
	}
	var total float64 // nanoseconds
	for t != "" {
		num, rest := splitNumber(t)
		v, err := strconv.ParseFloat(num, 64)
		if num == "" || err != nil || v < 0 || math.IsInf(v, 0) || math.IsNaN(v) {
			return bad()
		}
		rest = strings.TrimLeft(rest, " ")
		unit := rest
		if i := strings.IndexByte(rest, ' '); i >= 0 {
			unit, rest = rest[:i], strings.TrimLeft(rest[i:], " ")
		} else {
			rest = ""
		}
		scale, ok := durationUnits[unit]
		if !ok {
			return bad()
		}
		total += v * float64(scale)
		t = rest
	}
	if total >= math.MaxInt64 {
		return 0, fmt.Errorf("duration %q is too long", s)
	}
	return time.Duration(math.Round(total)), nil
}

var durationUnits = map[string]time.Duration{
	"":   time.Second, // a bare number counts seconds
	"ms": time.Millisecond, "msec": time.Millisecond, "msecs": time.Millisecond,
	"millisecond": time.Millisecond, "milliseconds": time.Millisecond,
	"s": time.Second, "sec": time.Second, "secs": time.Second,
	"second": time.Second, "seconds": time.Second,
	"m": time.Minute, "min": time.Minute, "mins": time.Minute,
	"minute": time.Minute, "minutes": time.Minute,
	"h": time.Hour, "hr": time.Hour, "hrs": time.Hour,
	"hour": time.Hour, "hours": time.Hour,
	"d": 24 * time.Hour, "day": 24 * time.Hour, "days": 24 * time.Hour,
}

// splitNumber cuts s after its leading decimal number.
func splitNumber(s string) (num, rest string) {
	i := 0
	for i < len(s) && (s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
		i++
	}
	return s[:i], s[i:]
}
