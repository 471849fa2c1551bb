package health

import (
	"strconv"
	"strings"
)

// Bytes renders a size for people, in binary units as Spark and Delta count
// them: "512 B", "40 KB", "3.5 MB", "32 MB", "1.2 GB". One decimal is shown
// only below ten units, where it carries information.
func Bytes(n int64) string {
	if n < 0 {
		return "-" + Bytes(-n)
	}
	units := []string{"B", "KB", "MB", "GB", "TB", "PB"}
	v := float64(n)
	u := 0
	for v >= 1024 && u < len(units)-1 {
		v /= 1024
		u++
	}
	if u == 0 || v >= 10 {
		return strconv.FormatFloat(v, 'f', 0, 64) + " " + units[u]
	}
	s := strconv.FormatFloat(v, 'f', 1, 64)
	s = strings.TrimSuffix(s, ".0")
	return s + " " + units[u]
}

// Count renders a whole number with thousands separators: "231,000".
func Count(n int64) string {
	s := strconv.FormatInt(n, 10)
	neg := strings.HasPrefix(s, "-")
	if neg {
		s = s[1:]
	}
	var b strings.Builder
	if neg {
		b.WriteByte('-')
	}
	first := len(s) % 3
	if first == 0 {
		first = 3
	}
	b.WriteString(s[:first])
	for i := first; i < len(s); i += 3 {
		b.WriteByte(',')
		b.WriteString(s[i : i+3])
	}
	return b.String()
}

// Percent renders a share in [0, 1] as a whole percentage. Shares just
// above 0 or just below 1 are not rounded to 0% or 100%, which would
// overstate the case either way.
func Percent(share float64) string {
	p := share * 100
	switch {
	case p <= 0:
		return "0%"
	case p < 1:
		return "<1%"
	case p >= 100:
		return "100%"
	case p > 99:
		return ">99%"
	}
	return strconv.FormatFloat(p, 'f', 0, 64) + "%"
}

// Plural returns "1 file" or "3 files", with the count separated.
func Plural(n int64, one, many string) string {
	if n == 1 {
		return "1 " + one
	}
	return Count(n) + " " + many
}
