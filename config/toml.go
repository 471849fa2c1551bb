package config

import (
	"bytes"
	"errors"
	"sort"
	"strconv"
	"strings"

	"github.com/pelletier/go-toml/v2"
	"github.com/pelletier/go-toml/v2/unstable"
	"gopkg.in/yaml.v3"
)

// PyprojectName is the Python project file whose [tool.lakelint] table is
// a config source, with the keys of .lakelint.yaml.
const PyprojectName = "pyproject.toml"

// pyprojectTable is where lakelint's settings sit in pyproject.toml.
var pyprojectTable = []string{"tool", "lakelint"}

// tomlTable returns the part of a TOML file lakelint reads: [tool.lakelint]
// of a pyproject.toml, the whole of any other .toml file.
func tomlTable(name string) []string {
	if strings.EqualFold(baseName(name), PyprojectName) {
		return pyprojectTable
	}
	return nil
}

func isTOML(name string) bool { return strings.HasSuffix(strings.ToLower(name), ".toml") }

func baseName(name string) string {
	if i := strings.LastIndexAny(name, `/\`); i >= 0 {
		return name[i+1:]
	}
	return name
}

// tomlRoot reads TOML into the node tree the YAML decoder walks, so that
// both formats have the same keys, checks and messages (with lines). It
// returns the mapping at table; found is false when the file has none.
func tomlRoot(shown string, data []byte, table []string) (root *yaml.Node, found bool, err error) {
	// the library's decoder checks what its parser lets through
	// (a key defined twice, a table reopened)
	var check map[string]any
	if err := toml.Unmarshal(data, &check); err != nil {
		var de *toml.DecodeError
		if errors.As(err, &de) {
			row, _ := de.Position()
			return nil, false, &Error{Path: shown, Line: row, Msg: "cannot parse TOML: " + de.Error()}
		}
		return nil, false, &Error{Path: shown, Msg: "cannot parse TOML: " + err.Error()}
	}
	b := tomlBuilder{lines: lineStarts(data), doc: &yaml.Node{Kind: yaml.MappingNode, Line: 1}}
	p := unstable.Parser{}
	p.Reset(data)
	current := b.doc
	for p.NextExpression() {
		e := p.Expression()
		switch e.Kind {
		case unstable.Table:
			current = b.at(b.doc, e.Key())
		case unstable.ArrayTable:
			current = b.arrayTable(e.Key())
		case unstable.KeyValue:
			b.keyValue(current, e)
		}
	}
	if err := p.Error(); err != nil {
		return nil, false, &Error{Path: shown, Msg: "cannot parse TOML: " + err.Error()}
	}
	node := b.doc
	for _, k := range table {
		node = mappingChild(node, k)
		if node == nil {
			return nil, false, nil
		}
	}
	return node, true, nil
}

// tomlBuilder turns parsed TOML expressions into YAML nodes.
type tomlBuilder struct {
	lines []int // the offset each line starts at
	doc   *yaml.Node
}

func lineStarts(data []byte) []int {
	starts := []int{0}
	for i, c := range data {
		if c == '\n' {
			starts = append(starts, i+1)
		}
	}
	return starts
}

func (b *tomlBuilder) line(n *unstable.Node) int {
	off := int(n.Raw.Offset)
	return sort.Search(len(b.lines), func(i int) bool { return b.lines[i] > off })
}

// at walks a dotted key from m, making the tables it names.
func (b *tomlBuilder) at(m *yaml.Node, key unstable.Iterator) *yaml.Node {
	for key.Next() {
		k := key.Node()
		child := mappingChild(m, string(k.Data))
		if child == nil {
			child = &yaml.Node{Kind: yaml.MappingNode, Line: b.line(k)}
			m.Content = append(m.Content, b.keyNode(k), child)
		}
		if child.Kind == yaml.SequenceNode && len(child.Content) > 0 { // [[array]] then [array.sub]
			child = child.Content[len(child.Content)-1]
		}
		m = child
	}
	return m
}

// arrayTable appends a table to the array of tables a [[key]] names.
func (b *tomlBuilder) arrayTable(key unstable.Iterator) *yaml.Node {
	var parts []*unstable.Node
	for key.Next() {
		parts = append(parts, key.Node())
	}
	m := b.doc
	for _, k := range parts[:len(parts)-1] {
		child := mappingChild(m, string(k.Data))
		if child == nil {
			child = &yaml.Node{Kind: yaml.MappingNode, Line: b.line(k)}
			m.Content = append(m.Content, b.keyNode(k), child)
		}
		if child.Kind == yaml.SequenceNode && len(child.Content) > 0 {
			child = child.Content[len(child.Content)-1]
		}
		m = child
	}
	last := parts[len(parts)-1]
	seq := mappingChild(m, string(last.Data))
	if seq == nil {
		seq = &yaml.Node{Kind: yaml.SequenceNode, Line: b.line(last)}
		m.Content = append(m.Content, b.keyNode(last), seq)
	}
	table := &yaml.Node{Kind: yaml.MappingNode, Line: b.line(last)}
	seq.Content = append(seq.Content, table)
	return table
}

// keyValue adds "a.b.c = value" to the table m.
func (b *tomlBuilder) keyValue(m *yaml.Node, e *unstable.Node) {
	var parts []*unstable.Node
	for it := e.Key(); it.Next(); {
		parts = append(parts, it.Node())
	}
	for _, k := range parts[:len(parts)-1] {
		child := mappingChild(m, string(k.Data))
		if child == nil {
			child = &yaml.Node{Kind: yaml.MappingNode, Line: b.line(k)}
			m.Content = append(m.Content, b.keyNode(k), child)
		}
		m = child
	}
	m.Content = append(m.Content, b.keyNode(parts[len(parts)-1]), b.value(e.Value()))
}

func (b *tomlBuilder) keyNode(k *unstable.Node) *yaml.Node {
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: string(k.Data), Line: b.line(k)}
}

// value converts a TOML value: strings stay strings (a TOML "null" is not
// YAML's null), numbers keep their decimal text, arrays become lists and
// inline tables mappings.
func (b *tomlBuilder) value(v *unstable.Node) *yaml.Node {
	line := b.line(v)
	switch v.Kind {
	case unstable.String:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: string(v.Data), Line: line}
	case unstable.Bool:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!bool", Value: string(v.Data), Line: line}
	case unstable.Integer:
		text := strings.ReplaceAll(string(v.Data), "_", "")
		if n, err := strconv.ParseInt(text, 0, 64); err == nil {
			text = strconv.FormatInt(n, 10)
		}
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!int", Value: text, Line: line}
	case unstable.Float:
		return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!float", Value: strings.ReplaceAll(string(v.Data), "_", ""), Line: line}
	case unstable.Array:
		seq := &yaml.Node{Kind: yaml.SequenceNode, Line: line}
		for it := v.Children(); it.Next(); {
			if c := it.Node(); c.Kind != unstable.Comment {
				seq.Content = append(seq.Content, b.value(c))
			}
		}
		return seq
	case unstable.InlineTable:
		m := &yaml.Node{Kind: yaml.MappingNode, Line: line}
		for it := v.Children(); it.Next(); {
			if c := it.Node(); c.Kind == unstable.KeyValue {
				b.keyValue(m, c)
			}
		}
		return m
	}
	// dates and times: their text
	return &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: string(v.Data), Line: line}
}

// mappingChild returns the value of key in the mapping m, or nil.
func mappingChild(m *yaml.Node, key string) *yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	for i := 0; i+1 < len(m.Content); i += 2 {
		if m.Content[i].Value == key {
			return m.Content[i+1]
		}
	}
	return nil
}

// hasPyprojectTable reports whether a pyproject.toml holds [tool.lakelint]
// (or cannot be read as TOML but mentions lakelint, so that loading it
// reports the error rather than passing over the file).
func hasPyprojectTable(path string, data []byte) bool {
	if !bytes.Contains(data, []byte("lakelint")) {
		return false
	}
	_, found, err := tomlRoot(path, data, pyprojectTable)
	return found || err != nil
}
