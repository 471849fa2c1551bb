// Package params gives the placeholders of SQL table names the values a
// project gives them: a widget's default (CREATE WIDGET, dbutils.widgets),
// a SET key's value, a session variable's DEFAULT (DECLARE VARIABLE) and
// the parameters of the jobs that run the file. A placeholder is filled
// only when every source that names it gives the same known value; two
// different defaults, or one that is no literal, leave it unknown, as a
// value is never guessed.
package params

import "strings"

// Source says what gave a value, which decides the placeholders it fills.
type Source uint8

const (
	// Widget is a notebook widget's default or a job task's parameter:
	// read as ${x}, $x, :x and {{x}}.
	Widget Source = iota
	// Conf is a SET key = value: read as ${key} (legacy substitution).
	Conf
	// Variable is a session variable's DEFAULT: read as :x and IDENTIFIER(x).
	Variable
)

// Given is one value given to a name.
type Given struct {
	Source Source
	Name   string
	Value  string
	// Known is false when the source gives something that is no literal.
	Known bool
	// All says that every name Source gave a value before loses it
	// (dbutils.widgets.removeAll()); Name and Value are then unused.
	All bool
	// Widget, when set, says the value is widget Widget's, whatever it
	// is (spark.conf.set("k", dbutils.widgets.get("w"))); Value and Known
	// are then unused.
	Widget string
}

// Session collects the values a file's sources give and the statements
// whose table names hold placeholders, and fills them once all are known.
// The zero value is ready to use.
type Session struct {
	given map[key][]entry
	stmts []stmt
	// Gave, when set, is told of each value given, in order.
	Gave func(Given)
}

// stmt is the names and paths of one fact; counted says it is a SQL
// statement, which Fill counts.
type stmt struct {
	names   []*string
	counted bool
}

// entry is one value given: "" stands for a value that is not known; a
// widget's name for the value of that widget.
type entry struct{ value, widget string }

type key struct {
	src  Source
	name string
}

// Give adds a value to name.
func (s *Session) Give(g Given) {
	if s.Gave != nil {
		s.Gave(g)
	}
	if g.All {
		// what was given before is gone; a placeholder it would have
		// filled stays as written
		for k := range s.given {
			if k.src == g.Source {
				delete(s.given, k)
			}
		}
		return
	}
	if g.Name == "" {
		return
	}
	if s.given == nil {
		s.given = map[key][]entry{}
	}
	e := entry{value: g.Value, widget: g.Widget}
	if !g.Known || !fillable(e.value) {
		e.value = ""
	}
	k := key{g.Source, g.Name}
	s.given[k] = append(s.given[k], e)
}

// fillable reports whether a value can stand in a table name or path: not
// empty, on one line, and not itself a template.
func fillable(v string) bool {
	return strings.TrimSpace(v) != "" && !strings.ContainsAny(v, "\n\r{}$") && !strings.Contains(v, "||")
}

// Statement records the names and paths of one statement read, when any of
// them holds a placeholder; Fill fills them in place.
func (s *Session) Statement(names ...*string) {
	s.record(true, names)
}

// Names records the names and paths of a fact that is no SQL statement (a
// Python write to f"{env}.events" with env a widget's value): Fill fills
// them too, without counting them.
func (s *Session) Names(names ...*string) {
	s.record(false, names)
}

func (s *Session) record(counted bool, names []*string) {
	for _, n := range names {
		if Has(*n) {
			s.stmts = append(s.stmts, stmt{names, counted})
			return
		}
	}
}

// Pending is how many statements wait to be filled; Forget(n) drops those
// recorded after Pending returned n.
func (s *Session) Pending() int { return len(s.stmts) }

// Forget drops the statements recorded after the first n.
func (s *Session) Forget(n int) {
	if n < len(s.stmts) {
		s.stmts = s.stmts[:n]
	}
}

// Fill fills every recorded statement's placeholders that have a known
// value and returns how many statements held placeholders and how many of
// them hold none any more.
func (s *Session) Fill() (held, filled int) {
	for _, st := range s.stmts {
		left := false
		for _, n := range st.names {
			*n = s.fill(*n)
			left = left || Has(*n)
		}
		if !st.counted {
			continue
		}
		held++
		if !left {
			filled++
		}
	}
	s.stmts = nil
	return held, filled
}

// Value is the value every source gives name among srcs, if they agree.
func (s *Session) Value(name string, srcs ...Source) (string, bool) {
	return s.value(name, srcs, 0)
}

// maxRefs bounds a chain of values that are widgets' values.
const maxRefs = 4

func (s *Session) value(name string, srcs []Source, depth int) (string, bool) {
	val, seen := "", false
	for _, src := range srcs {
		for _, e := range s.given[key{src, name}] {
			v := e.value
			if e.widget != "" && depth < maxRefs {
				v, _ = s.value(e.widget, widgetOnly, depth+1)
			}
			if v == "" || seen && v != val {
				return "", false
			}
			val, seen = v, true
		}
	}
	return val, seen
}

// fill replaces the placeholders of a name or path whose value is known.
func (s *Session) fill(text string) string {
	if s.given == nil || !Has(text) {
		return text
	}
	var b strings.Builder
	for i := 0; i < len(text); {
		end, name, srcs := placeholderAt(text, i)
		if end <= i {
			b.WriteByte(text[i])
			i++
			continue
		}
		if v, ok := s.Value(name, srcs...); ok {
			b.WriteString(v)
		} else {
			b.WriteString(text[i:end])
		}
		i = end
	}
	return b.String()
}

// Has reports whether a name or path holds a placeholder: ${x}, $x, :x,
// {x}, {{x}}, <x> or ?.
func Has(text string) bool {
	for i := 0; i < len(text); i++ {
		switch text[i] {
		case '{', '?':
			return true
		case '$', ':':
			if end, _, _ := placeholderAt(text, i); end > i {
				return true
			}
		case '<':
			if strings.IndexByte(text[i:], '>') > 0 {
				return true
			}
		}
	}
	return false
}

var (
	dollarBrace = []Source{Widget, Conf}
	marker      = []Source{Widget, Variable}
	widgetOnly  = []Source{Widget}
	variable    = []Source{Variable}
)

// placeholderAt reads a fillable placeholder at text[i]: its end, the name
// it stands for and the sources that fill it; end is i when there is none.
// A colon is a parameter only at a name part's start, so s3://b and a
// JSON path's raw:field stay as written.
func placeholderAt(text string, i int) (end int, name string, srcs []Source) {
	rest := text[i:]
	switch {
	case strings.HasPrefix(rest, "${"):
		j := strings.IndexByte(rest, '}')
		if j < 0 {
			return i, "", nil
		}
		name = strings.TrimSpace(rest[2:j])
		if n, ok := strings.CutPrefix(name, "hiveconf:"); ok {
			name = n
		}
		return i + j + 1, name, dollarBrace
	case strings.HasPrefix(rest, "{{"):
		j := strings.Index(rest, "}}")
		if j < 0 {
			return i, "", nil
		}
		return i + j + 2, strings.TrimSpace(rest[2:j]), widgetOnly
	case rest[0] == '{':
		j := strings.IndexByte(rest, '}')
		if j < 0 {
			return i, "", nil
		}
		return i + j + 1, rest[1:j], variable
	case rest[0] == '$' || rest[0] == ':':
		if rest[0] == ':' && i > 0 && text[i-1] != '.' {
			return i, "", nil
		}
		j := 1
		for j < len(rest) && isWordByte(rest[j]) {
			j++
		}
		if j == 1 || rest[1] >= '0' && rest[1] <= '9' {
			return i, "", nil
		}
		if rest[0] == '$' {
			return i + j, rest[1:j], widgetOnly
		}
		return i + j, rest[1:j], marker
	}
	return i, "", nil
}

func isWordByte(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_' || c >= 0x80
}
