package config

import (
	"strconv"
	"strings"
	"time"

	"gopkg.in/yaml.v3"
)

// Helpers that read one scalar or collection value, reporting a bad one at
// its line and returning ok=false.

func (d *decoder) scalar(key string, v *yaml.Node, want string) (string, bool) {
	if v.Kind != yaml.ScalarNode {
		d.errorf(v, "%s: want %s, got a %s", key, want, kindName(v))
		return "", false
	}
	return v.Value, true
}

func (d *decoder) str(key string, v *yaml.Node) (string, bool) {
	return d.scalar(key, v, "a string")
}

func (d *decoder) boolean(key string, v *yaml.Node) (bool, bool) {
	s, ok := d.scalar(key, v, "true or false")
	if !ok {
		return false, false
	}
	switch strings.ToLower(s) {
	case "true":
		return true, true
	case "false":
		return false, true
	}
	d.errorf(v, "%s: want true or false, got %q", key, s)
	return false, false
}

func (d *decoder) wholeNumber(key string, v *yaml.Node) (int, bool) {
	s, ok := d.scalar(key, v, "a whole number")
	if !ok {
		return 0, false
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 0 {
		d.errorf(v, "%s: want a whole number, got %q", key, s)
		return 0, false
	}
	return n, true
}

func (d *decoder) size(key string, v *yaml.Node) (int64, bool) {
	s, ok := d.scalar(key, v, "a size")
	if !ok {
		return 0, false
	}
	n, err := ParseSize(s)
	if err != nil {
		d.errorf(v, "%s: %v", key, err)
		return 0, false
	}
	return n, true
}

func (d *decoder) duration(key string, v *yaml.Node) (time.Duration, bool) {
	s, ok := d.scalar(key, v, "a duration")
	if !ok {
		return 0, false
	}
	t, err := ParseDuration(s)
	if err != nil {
		d.errorf(v, "%s: %v", key, err)
		return 0, false
	}
	return t, true
}

// list reads a sequence of scalars; each comes with its node for messages.
func (d *decoder) list(key string, v *yaml.Node) ([]*yaml.Node, bool) {
	if v.Kind != yaml.SequenceNode {
		d.errorf(v, "%s: want a list, got a %s", key, kindName(v))
		return nil, false
	}
	items := make([]*yaml.Node, 0, len(v.Content))
	ok := true
	for _, item := range v.Content {
		item = resolve(item)
		if item.Kind != yaml.ScalarNode || isNull(item) {
			d.errorf(item, "%s: want a list of strings, got a %s in it", key, kindName(item))
			ok = false
			continue
		}
		items = append(items, item)
	}
	return items, ok
}

func (d *decoder) strings(key string, v *yaml.Node) ([]string, bool) {
	items, ok := d.list(key, v)
	if !ok {
		return nil, false
	}
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = it.Value
	}
	return out, true
}

func (d *decoder) codes(key string, v *yaml.Node) ([]selector, bool) {
	items, ok := d.list(key, v)
	if !ok {
		return nil, false
	}
	sels := make([]selector, 0, len(items))
	for _, it := range items {
		sel, err := parseSelector(it.Value)
		if err != nil {
			d.errorf(it, "%s: %v", key, err)
			ok = false
			continue
		}
		sels = append(sels, sel)
	}
	return sels, ok
}

func (d *decoder) globs(key string, v *yaml.Node) ([]glob, bool) {
	items, ok := d.list(key, v)
	if !ok {
		return nil, false
	}
	gs := make([]glob, 0, len(items))
	for _, it := range items {
		g, err := compileGlob(it.Value)
		if err != nil {
			d.errorf(it, "%s: %v", key, err)
			ok = false
			continue
		}
		gs = append(gs, g)
	}
	return gs, ok
}

// pairs walks a mapping of scalar keys in file order.
func (d *decoder) pairs(key string, v *yaml.Node, each func(k, v *yaml.Node)) {
	if v.Kind != yaml.MappingNode {
		d.errorf(v, "%s: want a mapping, got a %s", key, kindName(v))
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(v.Content); i += 2 {
		k, val := v.Content[i], resolve(v.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			d.errorf(k, "%s: want a key name", key)
			continue
		}
		if seen[k.Value] {
			d.errorf(k, "%s: duplicate key %q", key, k.Value)
			continue
		}
		seen[k.Value] = true
		each(k, val)
	}
}

func (d *decoder) stringMap(key string, v *yaml.Node) (map[string]string, bool) {
	m := map[string]string{}
	ok := true
	d.pairs(key, v, func(k, val *yaml.Node) {
		s, good := d.str(key+"."+k.Value, val)
		if !good || isNull(val) {
			if good {
				d.errorf(val, "%s.%s: want a string, got null", key, k.Value)
			}
			ok = false
			return
		}
		m[k.Value] = s
	})
	return m, ok && v.Kind == yaml.MappingNode
}

func kindName(n *yaml.Node) string {
	switch n.Kind {
	case yaml.MappingNode:
		return "mapping"
	case yaml.SequenceNode:
		return "list"
	case yaml.ScalarNode:
		if isNull(n) {
			return "null"
		}
		return "single value"
	}
	return "value"
}
