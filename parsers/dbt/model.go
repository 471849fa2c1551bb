package dbt

import (
	"bytes"
	"path/filepath"
	"regexp"
	"strings"
)

// Model is what a model file says of itself.
type Model struct {
	// Config holds the keyword arguments of the model's config() calls, later
	// calls winning, keys lower-cased; a key {% if %} branches set to
	// different values (or in some branches only) is Unknown.
	Config map[string]Value
	// ConfigCall spans the last config(...) call that surely runs (outside
	// {% if %} branches, or in the adapter's), from "config" to its ')';
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
// is incremental, its adapter not known (ReadModelFor).
func ReadModel(src []byte) Model { return ReadModelFor(src, "") }

// ReadModelFor is ReadModel for a project on the adapter of that type
// ("databricks", "spark"; "" when not known). A config() inside
// {% if %} branches gives a value only when every branch gives the same
// one; branches on the adapter ({% if target.type == 'databricks' %},
// adapter.type()) take the adapter's branch when it is known.
func ReadModelFor(src []byte, adapter string) Model {
	m := Model{Config: map[string]Value{}}
	root := &scope{}
	stack := []*scope{root}
	var blocks []*block
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
			tag := src[start : start+end]
			if bytes.Contains(tag, []byte("is_incremental()")) {
				m.Incremental = true
			}
			stack, blocks = branch(tag, stack, blocks)
			i = start + end + 2
			continue
		}
		i += j + 2
		name, at := callName(src, i)
		switch name {
		case "config":
			c := &call{cfg: map[string]Value{}}
			i = m.readConfig(src, at, c)
			top := stack[len(stack)-1]
			top.items = append(top.items, item{call: c})
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
	if last := root.resolve(m.Config, adapter); last != nil {
		m.ConfigCall, m.ConfigArgsEnd, m.ConfigEmpty = last.span, last.argsEnd, last.empty
	}
	return m
}

// A scope is a model's text or one branch of an {% if %}: its config()
// calls and the {% if %} blocks within it, in order.
type scope struct{ items []item }

type item struct {
	call  *call
	block *block
}

// call is one config(...) call: its keyword arguments and where it is.
type call struct {
	cfg     map[string]Value
	span    Span
	argsEnd int
	empty   bool
}

// block is an {% if %} ... {% endif %} with its branches.
type block struct{ arms []arm }

// arm is one branch: its condition on the adapter, if it is one.
type arm struct {
	body *scope
	// onAdapter is set for a test of target.type or adapter.type();
	// adapter and equal say which: == 'databricks' or != 'spark'.
	onAdapter, equal, isElse bool
	adapter                  string
}

// adapterTest reads a branch condition on the adapter: target.type ==
// 'databricks', adapter.type() != "spark", target.type in ['a', 'b'].
var adapterTest = regexp.MustCompile(`^(?:target\.type|adapter\.type\(\))\s*(==|!=)\s*['"]([A-Za-z_]+)['"]$`)

// branch follows an {% if %}, {% elif %}, {% else %} or {% endif %} tag.
func branch(tag []byte, stack []*scope, blocks []*block) ([]*scope, []*block) {
	t := strings.TrimSpace(strings.Trim(strings.TrimSpace(string(tag)), "-+"))
	word, rest, _ := strings.Cut(t, " ")
	rest = strings.TrimSpace(rest)
	open := func(a arm) {
		a.body = &scope{}
		if g := adapterTest.FindStringSubmatch(rest); g != nil {
			a.onAdapter, a.equal, a.adapter = true, g[1] == "==", strings.ToLower(g[2])
		}
		b := blocks[len(blocks)-1]
		b.arms = append(b.arms, a)
		stack = append(stack, a.body)
	}
	switch word {
	case "if":
		b := &block{}
		top := stack[len(stack)-1]
		top.items = append(top.items, item{block: b})
		blocks = append(blocks, b)
		open(arm{})
	case "elif", "else":
		if len(blocks) == 0 {
			return stack, blocks
		}
		stack = stack[:len(stack)-1]
		open(arm{isElse: word == "else"})
	case "endif":
		if len(blocks) == 0 {
			return stack, blocks
		}
		stack, blocks = stack[:len(stack)-1], blocks[:len(blocks)-1]
	}
	return stack, blocks
}

// resolve lays the scope's configs into cfg, later calls winning, and
// returns the last call that surely runs (nil when none does).
func (s *scope) resolve(cfg map[string]Value, adapter string) *call {
	var last *call
	for _, it := range s.items {
		if it.call != nil {
			for k, v := range it.call.cfg {
				cfg[k] = v
			}
			if it.call.span.End > it.call.span.Start { // closed
				last = it.call
			}
			continue
		}
		if a := it.block.chosen(adapter); a != nil {
			if c := a.body.resolve(cfg, adapter); c != nil {
				last = c
			}
			continue
		}
		it.block.agree(cfg, adapter)
	}
	return last
}

// chosen is the branch a project on the adapter takes, when every branch
// tests the adapter and the adapter is known; nil otherwise.
func (b *block) chosen(adapter string) *arm {
	if adapter == "" {
		return nil
	}
	for _, a := range b.arms {
		if !a.onAdapter && !a.isElse {
			return nil
		}
	}
	for i := range b.arms {
		a := &b.arms[i]
		if a.isElse || a.equal == (a.adapter == adapter) {
			return a
		}
	}
	return &arm{body: &scope{}} // no branch runs
}

// agree lays into cfg what the branches of a block that cannot be chosen
// set: a key every branch (an else among them) sets to the same value
// keeps it, any other key set in a branch is unknown.
func (b *block) agree(cfg map[string]Value, adapter string) {
	hasElse := false
	sets := make([]map[string]Value, len(b.arms))
	for i, a := range b.arms {
		sets[i] = map[string]Value{}
		a.body.resolve(sets[i], adapter)
		hasElse = hasElse || a.isElse
	}
	for _, set := range sets {
		for k, v := range set {
			same := hasElse
			for _, other := range sets {
				o, ok := other[k]
				same = same && ok && equalValues(o, v)
			}
			if same {
				cfg[k] = v
			} else {
				cfg[k] = Value{Start: v.Start, End: v.End, File: v.File, Line: v.Line} // unknown
			}
		}
	}
}

// equalValues reports whether two config values are the same literal.
func equalValues(a, b Value) bool {
	if a.Kind != b.Kind || a.Kind == Unknown || a.Str != b.Str || a.Bool != b.Bool || len(a.List) != len(b.List) || len(a.Dict) != len(b.Dict) {
		return false
	}
	for i := range a.List {
		if !equalValues(a.List[i], b.List[i]) {
			return false
		}
	}
	for k, v := range a.Dict {
		if w, ok := b.Dict[k]; !ok || !equalValues(v, w) {
			return false
		}
	}
	return true
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

// readConfig reads the keyword arguments of config( at open into c; it
// returns the offset after the call.
func (m *Model) readConfig(src []byte, open int, c *call) int {
	p := &exprParser{src: src, pos: open + 1, end: len(src)}
	start := open - len("config")
	for start > 0 && src[start] != 'c' {
		start--
	}
	c.empty = true
	c.argsEnd = open + 1
	for {
		ch := p.peek()
		if ch == ')' {
			p.pos++
			break
		}
		if ch == 0 {
			return p.pos
		}
		key := p.word()
		if p.peek() != '=' { // a positional argument or **kwargs: not read
			p.skipExpr()
		} else {
			p.pos++
			v := p.value(0)
			c.cfg[strings.ToLower(key.Str)] = v
			c.empty = false
			c.argsEnd = p.pos
		}
		if p.peek() == ',' {
			p.pos++
		}
	}
	c.span = Span{start, p.pos}
	return p.pos
}

// ModelName is the model a file defines: its base name without ".sql".
func ModelName(path string) string {
	return strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
}
