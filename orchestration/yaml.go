package orchestration

import (
	"github.com/lakelint/lakelint/internal/projectfile"
	"path/filepath"
	"strings"

	"gopkg.in/yaml.v3"
)

// yamlFile is one parsed bundle YAML file.
type yamlFile struct {
	path  string
	root  *yaml.Node // the top mapping
	lines []int      // start offset of each line
	// base is the directory its relative paths start from when it is not
	// the file's own: the bundle's root, for resources defined in Python.
	base string
}

// yamlSet is the YAML files of a bundle, with which file each node came from.
type yamlSet struct {
	files  []*yamlFile
	fileOf map[*yaml.Node]*yamlFile
}

// read parses path and remembers its nodes; nil when it cannot be read.
func (s *yamlSet) read(path string) (*yamlFile, error) {
	data, err := projectfile.Read(path)
	if err != nil {
		return nil, err
	}
	var doc yaml.Node
	if err := yaml.Unmarshal(data, &doc); err != nil {
		return nil, err
	}
	f := &yamlFile{path: filepath.Clean(path), lines: []int{0}}
	for i, c := range data {
		if c == '\n' {
			f.lines = append(f.lines, i+1)
		}
	}
	if len(doc.Content) > 0 && doc.Content[0].Kind == yaml.MappingNode {
		f.root = doc.Content[0]
	} else {
		f.root = &yaml.Node{Kind: yaml.MappingNode}
	}
	if s.fileOf == nil {
		s.fileOf = map[*yaml.Node]*yamlFile{}
	}
	var mark func(n *yaml.Node)
	mark = func(n *yaml.Node) {
		s.fileOf[n] = f
		for _, c := range n.Content {
			mark(c)
		}
	}
	mark(f.root)
	s.files = append(s.files, f)
	return f, nil
}

// place is where node n is: its file, line and byte offsets (a scalar's
// value; the start of anything else).
func (s *yamlSet) place(n *yaml.Node) Place {
	f := s.fileOf[n]
	if f == nil || n == nil {
		return Place{}
	}
	p := Place{File: f.path, Line: n.Line, Col: n.Column}
	if n.Line >= 1 && n.Line <= len(f.lines) {
		p.Start = f.lines[n.Line-1] + n.Column - 1
		p.End = p.Start
		if n.Kind == yaml.ScalarNode && n.Style&(yaml.LiteralStyle|yaml.FoldedStyle) == 0 {
			p.End = p.Start + len(n.Value)
			if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
				p.End += 2
			}
		}
	}
	return p
}

// dir is the directory of the file that declares n: bundle paths are
// relative to it.
func (s *yamlSet) dir(n *yaml.Node) string {
	if f := s.fileOf[n]; f != nil {
		if f.base != "" {
			return f.base
		}
		return filepath.Dir(f.path)
	}
	return ""
}

// get is the value of key in mapping m, nil when absent.
func get(m *yaml.Node, key string) *yaml.Node {
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

// path walks nested mappings.
func path(m *yaml.Node, keys ...string) *yaml.Node {
	for _, k := range keys {
		m = get(m, k)
	}
	return m
}

// entries are a mapping's keys and values in order.
func entries(m *yaml.Node) [][2]*yaml.Node {
	if m == nil || m.Kind != yaml.MappingNode {
		return nil
	}
	out := make([][2]*yaml.Node, 0, len(m.Content)/2)
	for i := 0; i+1 < len(m.Content); i += 2 {
		out = append(out, [2]*yaml.Node{m.Content[i], m.Content[i+1]})
	}
	return out
}

// items are a sequence's elements.
func items(n *yaml.Node) []*yaml.Node {
	if n == nil || n.Kind != yaml.SequenceNode {
		return nil
	}
	return n.Content
}

// scalar is a scalar's value, "" for anything else.
func scalar(n *yaml.Node) string {
	if n == nil || n.Kind != yaml.ScalarNode {
		return ""
	}
	return n.Value
}

// truth reads a YAML boolean; ok is false when n is not one.
func truth(n *yaml.Node) (v, ok bool) {
	switch strings.ToLower(scalar(n)) {
	case "true", "yes", "on":
		return true, true
	case "false", "no", "off":
		return false, true
	}
	return false, false
}

// keyedLists are the sequences a target override merges element by
// element, matched on the key each element holds (as the bundle CLI does).
var keyedLists = map[string]string{"tasks": "task_key", "job_clusters": "job_cluster_key", "environments": "environment_key"}

// merge lays over on base: mappings key by key, keyed lists by element
// key, anything else replaced. base is not changed.
func (s *yamlSet) merge(base, over *yaml.Node, key string) *yaml.Node {
	if base == nil {
		return over
	}
	if over == nil {
		return base
	}
	switch {
	case base.Kind == yaml.MappingNode && over.Kind == yaml.MappingNode:
		out := &yaml.Node{Kind: yaml.MappingNode, Line: base.Line, Column: base.Column}
		s.fileOf[out] = s.fileOf[base]
		out.Content = append(out.Content, base.Content...)
		for _, e := range entries(over) {
			replaced := false
			for i := 0; i+1 < len(out.Content); i += 2 {
				if out.Content[i].Value == e[0].Value {
					out.Content[i+1] = s.merge(out.Content[i+1], e[1], e[0].Value)
					replaced = true
				}
			}
			if !replaced {
				out.Content = append(out.Content, e[0], e[1])
			}
		}
		return out
	case base.Kind == yaml.SequenceNode && over.Kind == yaml.SequenceNode && keyedLists[key] != "":
		k := keyedLists[key]
		out := &yaml.Node{Kind: yaml.SequenceNode, Line: base.Line, Column: base.Column}
		s.fileOf[out] = s.fileOf[base]
		out.Content = append(out.Content, base.Content...)
		for _, o := range over.Content {
			replaced := false
			for i, b := range out.Content {
				if id := scalar(get(b, k)); id != "" && id == scalar(get(o, k)) {
					out.Content[i] = s.merge(b, o, "")
					replaced = true
				}
			}
			if !replaced {
				out.Content = append(out.Content, o)
			}
		}
		return out
	}
	return over
}
