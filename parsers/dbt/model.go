package dbt

import (
	"bytes"
	"path/filepath"
	"strings"
)

// Model is what a model file says of itself.
type Model struct {
	// Config holds the keyword arguments of the model's config() calls, later
	// calls winning, keys lower-cased.
	Config map[string]Value
	// ConfigCall spans the last config(...) call, from "config" to its ')';
	// zero when the model has none.
	ConfigCall Span
	// ConfigArgsEnd is the offset just after the call's last argument,
	// where a fix adds one; ConfigEmpty is true when the call has none.
	ConfigArgsEnd int
	ConfigEmpty   bool
	// Refs are the relations the model selects from: ref('x') as "x",
	// source('s', 't') as "s.t".
	Refs []string
	// Incremental is true when the model tests is_incremental().
	Incremental bool
}

// Span is a byte range in a model file.
type Span struct{ Start, End int }

// HasJinja reports whether src holds a Jinja expression or tag.
func HasJinja(src []byte) bool {
	return bytes.Contains(src, []byte("{{")) || bytes.Contains(src, []byte("{%"))
}

// ReadModel reads a model file's config() calls, relations and whether it
// is incremental.
func ReadModel(src []byte) Model {
	m := Model{Config: map[string]Value{}}
	for i := 0; i < len(src); {
		j := bytes.Index(src[i:], []byte("{{"))
		k := bytes.Index(src[i:], []byte("{%"))
		if j < 0 && k < 0 {
			break
		}
		if j < 0 || (k >= 0 && k < j) { // a tag: {% if is_incremental() %}
			start := i + k + 2
			end := bytes.Index(src[start:], []byte("%}"))
			if end < 0 {
				break
			}
			if bytes.Contains(src[start:start+end], []byte("is_incremental()")) {
				m.Incremental = true
			}
			i = start + end + 2
			continue
		}
		i += j + 2
		name, at := callName(src, i)
		switch name {
		case "config":
			i = m.readConfig(src, at)
		case "ref", "source":
			p := &exprParser{src: src, pos: at, end: len(src)}
			args := p.list(0, ')')
			if parts, ok := args.Strings(); ok && len(parts) > 0 {
				if name == "ref" {
					m.Refs = append(m.Refs, parts[len(parts)-1])
				} else {
					m.Refs = append(m.Refs, strings.Join(parts, "."))
				}
			}
		}
	}
	return m
}

// callName reads "-? name(" after a "{{" ending at i: the name, and the
// offset of its '('; "" when the expression is no call.
func callName(src []byte, i int) (string, int) {
	for i < len(src) && (src[i] == ' ' || src[i] == '-' || src[i] == '\t' || src[i] == '\n' || src[i] == '\r') {
		i++
	}
	start := i
	for i < len(src) && (src[i] == '_' || src[i] >= 'a' && src[i] <= 'z' || src[i] >= 'A' && src[i] <= 'Z' || src[i] >= '0' && src[i] <= '9') {
		i++
	}
	name := string(src[start:i])
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i >= len(src) || src[i] != '(' || name == "" {
		return "", i
	}
	return name, i
}

// readConfig reads the keyword arguments of config( at open; it returns the
// offset after the call.
func (m *Model) readConfig(src []byte, open int) int {
	p := &exprParser{src: src, pos: open + 1, end: len(src)}
	start := open - len("config")
	for start > 0 && src[start] != 'c' {
		start--
	}
	m.ConfigEmpty = true
	m.ConfigArgsEnd = open + 1
	for {
		c := p.peek()
		if c == ')' {
			p.pos++
			break
		}
		if c == 0 {
			return p.pos
		}
		key := p.word()
		if p.peek() != '=' { // a positional argument or **kwargs: not read
			p.skipExpr()
		} else {
			p.pos++
			v := p.value(0)
			m.Config[strings.ToLower(key.Str)] = v
			m.ConfigEmpty = false
			m.ConfigArgsEnd = p.pos
		}
		if p.peek() == ',' {
			p.pos++
		}
	}
	m.ConfigCall = Span{start, p.pos}
	return p.pos
}

// ModelName is the model a file defines: its base name without ".sql".
func ModelName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}
