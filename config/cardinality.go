package config

import "strings"

// HighCardinality reports whether a column with this name is likely to have
// very many distinct values (ids, timestamps, emails), going by the
// configured name patterns. A low-cardinality pattern wins, so "event_date"
// is fine though "*_at"-like patterns abound. Names compare case-insensitively,
// a camelCase name as its snake_case words ("studyLocusId" is "study_locus_id").
func (c *Config) HighCardinality(column string) bool {
	name := snakeCase(strings.TrimSpace(column))
	key := keyOf(name)
	return matchAny(c.Rules.HighCardinalityPatterns, name) &&
		!matchAny(c.Rules.LowCardinalityPatterns, name) &&
		!matchAny(c.Rules.LowCardinalityPatterns, key) &&
		(key == "" || !DatePart(key)) // the id of a month is a month ("UniqMonthID", "fiscal_year_key")
}

// keyOf is what an id or key column names: "country" for "country_id",
// "order_type" for "order_type_key". The key of a small dimension has as few
// values as the dimension has rows.
func keyOf(name string) string {
	for _, suffix := range []string{"_id", "_key"} {
		if stem, ok := strings.CutSuffix(name, suffix); ok && stem != "" {
			return stem
		}
	}
	return ""
}

// LowCardinality reports whether the column matches a low-cardinality pattern.
func (c *Config) LowCardinality(column string) bool {
	return matchAny(c.Rules.LowCardinalityPatterns, snakeCase(strings.TrimSpace(column)))
}

// snakeCase lowers a name, putting an underscore where a camelCase word
// begins: "studyLocusId" is "study_locus_id", "HTTPStatus" "http_status".
// Scala and Java schemas name their columns so, and the patterns are written
// for snake_case.
func snakeCase(name string) string {
	b := []byte(name)
	if !strings.ContainsFunc(name, func(r rune) bool { return 'A' <= r && r <= 'Z' }) {
		return name
	}
	out := make([]byte, 0, len(b)+4)
	for i, c := range b {
		if i > 0 && isUpper(c) && b[i-1] != '_' &&
			(!isUpper(b[i-1]) || (i+1 < len(b) && isLower(b[i+1]))) {
			out = append(out, '_')
		}
		if isUpper(c) {
			c += 'a' - 'A'
		}
		out = append(out, c)
	}
	return string(out)
}

func isUpper(c byte) bool { return 'A' <= c && c <= 'Z' }
func isLower(c byte) bool { return 'a' <= c && c <= 'z' }

// matchAny reports whether name, lower case, matches one of patterns. The
// patterns are lower case already: the loader lowers them once, and the
// defaults are written so.
func matchAny(patterns []string, name string) bool {
	for _, p := range patterns {
		if wildcard(p, name) {
			return true
		}
	}
	return false
}

// wildcard matches name against a pattern where "*" is any run of bytes and
// "?" any one character. It backtracks only to the last star, so it runs in
// linear time for patterns with a single star and never worse than
// len(p)*len(name).
func wildcard(p, name string) bool {
	pi, ni := 0, 0
	star, mark := -1, 0
	for ni < len(name) {
		switch {
		case pi < len(p) && p[pi] == '*':
			star, mark = pi, ni
			pi++
		case pi < len(p) && (p[pi] == '?' || p[pi] == name[ni]):
			if p[pi] == '?' {
				ni += runeLen(name[ni:])
			} else {
				ni++
			}
			pi++
		case star >= 0:
			mark++
			pi, ni = star+1, mark
		default:
			return false
		}
	}
	for pi < len(p) && p[pi] == '*' {
		pi++
	}
	return pi == len(p)
}

func runeLen(s string) int {
	for i := 1; i < len(s); i++ {
		if s[i]&0xC0 != 0x80 {
			return i
		}
	}
	return len(s)
}

// DatePart reports whether a column names a part of a date or time
// ("year", "import_month", "eventDay", "dt"): a table partitioned by
// year, month, day and hour has one directory per hour, as one column
// would make, not one per combination of four.
func DatePart(column string) bool {
	name := snakeCase(strings.TrimSpace(column))
	if i := strings.LastIndexByte(name, '_'); i >= 0 {
		name = name[i+1:]
	}
	return dateParts[name]
}

var dateParts = map[string]bool{
	"year": true, "yyyy": true, "quarter": true, "month": true, "mm": true, "week": true,
	"day": true, "dd": true, "date": true, "dt": true, "ds": true, "hour": true, "hh": true, "minute": true,
}
