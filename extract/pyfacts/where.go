package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// predicateWords are SQL words that are not column names in a predicate.
var predicateWords = map[string]bool{
	"and": true, "or": true, "not": true, "in": true, "is": true, "null": true, "true": true,
	"false": true, "between": true, "like": true, "ilike": true, "rlike": true, "regexp": true,
	"exists": true, "case": true, "when": true, "then": true, "else": true, "end": true,
	"interval": true, "date": true, "timestamp": true, "cast": true, "as": true, "escape": true,
	"current_date": true, "current_timestamp": true, "year": true, "years": true, "month": true,
	"months": true, "day": true, "days": true, "hour": true, "hours": true, "minute": true,
	"minutes": true, "second": true, "seconds": true, "week": true, "weeks": true, "any": true,
	"all": true, "some": true, "distinct": true, "from": true, "to": true,
}

// whereColumns returns the columns a SQL predicate string refers to: the
// identifiers in it that are not functions, keywords or literals.
func (x *extractor) whereColumns(v val) []facts.Column {
	if v.kind != kStr {
		return nil
	}
	// a plain literal's text is as written at v.at: it needs no map
	s, holes := v.name, []python.Hole(nil)
	var m document.PosMap
	if v.ref != nil {
		d := v.str()
		s, holes, m = d.Text, d.Holes, d.Map
	}
	span := func(i, j int) facts.Span {
		if v.ref == nil { // a plain literal, written at v.at as it reads
			return facts.Span{Start: int(v.at) + i, End: int(v.at) + j}
		}
		return x.textSpan(m, i, j)
	}
	inHole := func(i int) bool {
		for _, h := range holes {
			if i >= h.Start && i < h.End {
				return true
			}
		}
		return false
	}
	var cols []facts.Column
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '\'' || c == '"':
			i = skipQuoted(s, i)
		case c == '`':
			end := strings.IndexByte(s[i+1:], '`')
			if end < 0 {
				return cols
			}
			end += i + 2
			j := end
			for j < len(s) && s[j] == '.' && j+1 < len(s) && (s[j+1] == '`' || isIdentStart(s[j+1])) {
				j = skipIdentPart(s, j+1)
			}
			cols = append(cols, facts.Column{Name: stripBackticks(s[i:j]), Span: span(i, j)})
			i = j
		case isIdentStart(c):
			j := i
			for j < len(s) && (isIdentStart(s[j]) || s[j] >= '0' && s[j] <= '9' || s[j] == '.') {
				j++
			}
			word := strings.TrimRight(s[i:j], ".")
			j = i + len(word)
			k := j
			for k < len(s) && (s[k] == ' ' || s[k] == '\t' || s[k] == '\n') {
				k++
			}
			isCall := k < len(s) && s[k] == '('
			if !isCall && !predicateWords[strings.ToLower(word)] && !inHole(i) {
				cols = append(cols, facts.Column{Name: word, Span: span(i, j)})
			}
			i = j
		case c >= '0' && c <= '9':
			for i < len(s) && (isIdentStart(s[i]) || s[i] >= '0' && s[i] <= '9' || s[i] == '.') {
				i++
			}
		default:
			i++
		}
	}
	return cols
}

func skipQuoted(s string, i int) int {
	q := s[i]
	for j := i + 1; j < len(s); j++ {
		switch s[j] {
		case '\\':
			j++
		case q:
			if j+1 < len(s) && s[j+1] == q {
				j++
				continue
			}
			return j + 1
		}
	}
	return len(s)
}

func skipIdentPart(s string, i int) int {
	if i < len(s) && s[i] == '`' {
		if end := strings.IndexByte(s[i+1:], '`'); end >= 0 {
			return i + end + 2
		}
		return len(s)
	}
	for i < len(s) && (isIdentStart(s[i]) || s[i] >= '0' && s[i] <= '9') {
		i++
	}
	return i
}

func isIdentStart(c byte) bool {
	return c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= 0x80
}
