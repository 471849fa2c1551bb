// Package noqa reads suppression comments, the same way in every language:
//
//	# noqa                    every code, on this line      (-- noqa in SQL)
//	# noqa: LL101, LL102      these codes, on this line
//	# lakelint: noqa          every code, in the whole file
//	# lakelint: noqa: LL301   these codes, in the whole file
//
// "noqa" counts at the start of the comment, after "lakelint:", or after the
// marker of a second comment on the line ("# want: LL001 # noqa").
//
// SQL also has sqlfluff's ranges, read by ParseRange:
//
//	-- noqa: disable=LL301,LL302   these codes, from here ...
//	-- noqa: enable=LL301          ... to here (or the end of the SQL)
//	-- noqa: disable=all           every code, until "enable=all"
package noqa

import "strings"

// Parse reads one comment, marker included ("#" or "--").
func Parse(comment, marker string) (codes []string, fileLevel, ok bool) {
	if !strings.HasPrefix(comment, marker) {
		return nil, false, false
	}
	body := comment[len(marker):]
	lower := strings.ToLower(body)
	for from := 0; ; {
		i := strings.Index(lower[from:], "noqa")
		if i < 0 {
			return nil, false, false
		}
		i += from
		from = i + 4
		if from < len(lower) && isWordChar(lower[from]) {
			continue // a longer word
		}
		before := strings.TrimRight(lower[:i], " \t")
		fileLevel = false
		if head, found := strings.CutSuffix(before, "lakelint:"); found {
			fileLevel, before = true, strings.TrimRight(head, " \t")
		}
		if before != "" && !strings.HasSuffix(before, marker) {
			continue
		}
		return Codes(body[from:]), fileLevel, true
	}
}

// ParseRange reads a range comment, marker included: "-- noqa:
// disable=LL301,LL302" (enable false) or "-- noqa: enable=all" (enable
// true). An empty codes list means every code ("all").
func ParseRange(comment, marker string) (codes []string, enable, ok bool) {
	body, found := strings.CutPrefix(comment, marker)
	if !found {
		return nil, false, false
	}
	rest, found := strings.CutPrefix(strings.ToLower(strings.TrimLeft(body, " \t")), "noqa")
	if !found {
		return nil, false, false
	}
	rest, found = strings.CutPrefix(strings.TrimLeft(rest, " \t"), ":")
	if !found {
		return nil, false, false
	}
	rest = strings.TrimLeft(rest, " \t")
	switch {
	case strings.HasPrefix(rest, "disable="):
		rest = rest[len("disable="):]
	case strings.HasPrefix(rest, "enable="):
		rest, enable = rest[len("enable="):], true
	default:
		return nil, false, false
	}
	list, _, _ := strings.Cut(rest, " ")
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		switch {
		case f == "all":
			return nil, enable, true
		case isCode(f):
			codes = append(codes, strings.ToUpper(f))
		case f != "":
			return nil, false, false
		}
	}
	return codes, enable, len(codes) > 0
}

// Codes reads ": LL101, LL102" after "noqa"; no list means every code.
func Codes(rest string) []string {
	rest = strings.TrimLeft(rest, " \t")
	if !strings.HasPrefix(rest, ":") {
		return nil
	}
	var codes []string
	for _, f := range strings.FieldsFunc(rest[1:], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if !isCode(f) {
			break
		}
		codes = append(codes, strings.ToUpper(f))
	}
	return codes
}

// isCode matches letters followed by digits: LL101, E501.
func isCode(s string) bool {
	i := 0
	for i < len(s) && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
		i++
	}
	if i == 0 || i == len(s) {
		return false
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isWordChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}
