package config

import (
	"crypto/sha256"
	"errors"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lakelint/lakelint/internal/projectfile"
)

// maxFileSize bounds what Load reads: a config file is a page of YAML.
const maxFileSize = 1 << 20

// Error is a problem at a line of a config file.
type Error struct {
	Path string
	Line int // 1-based; 0 when the problem is not at one line
	Msg  string
}

func (e *Error) Error() string {
	if e.Line > 0 {
		return fmt.Sprintf("%s:%d: %s", e.Path, e.Line, e.Msg)
	}
	return e.Path + ": " + e.Msg
}

// Load reads and parses the config file at path. Globs and the stats file
// are relative to the file's directory.
func Load(path string) (*Config, error) {
	data, err := projectfile.Read(path) // never waits on a FIFO nor reads a device
	if err != nil {
		return nil, err
	}
	if len(data) > maxFileSize {
		return nil, &Error{Path: path, Msg: "config file is larger than 1 MiB"}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		return nil, err
	}
	c, err := parse(path, abs, data)
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Parse reads a config from data; name is the file it came from, used in
// messages, as Path, and for Dir (its directory).
func Parse(name string, data []byte) (*Config, error) {
	return parse(name, name, data)
}

// parse names errors after shown and places the config at path. A .toml
// file is TOML ([tool.lakelint] of a pyproject.toml), anything else YAML.
func parse(shown, path string, data []byte) (c *Config, err error) {
	defer func() {
		// The YAML library has panicked on hostile input before; a config
		// must fail with a message, never take the process down.
		if r := recover(); r != nil {
			c, err = nil, &Error{Path: shown, Msg: fmt.Sprintf("cannot parse the config: %v", r)}
		}
	}()
	var root *yaml.Node
	if isTOML(path) {
		table, found, err := tomlRoot(shown, data, tomlTable(path))
		if err != nil {
			return nil, err
		}
		if !found {
			return nil, &Error{Path: shown, Msg: "no [tool.lakelint] table"}
		}
		root = table
	} else {
		var doc yaml.Node
		if err := yaml.Unmarshal(data, &doc); err != nil {
			return nil, yamlError(shown, err)
		}
		if len(doc.Content) > 0 {
			root = resolve(doc.Content[0])
		}
	}
	c = Defaults()
	c.Path, c.Dir = path, filepath.Dir(path)
	c.source = sha256.Sum256(data)
	d := &decoder{file: shown, cfg: c, layer: &c.layers[0]}
	if root != nil {
		if root.Kind == yaml.ScalarNode && root.ShortTag() == "!!null" {
			return c, nil // a file of comments only
		}
		d.mapping(root, "", topFields)
	}
	if len(d.errs) > 0 {
		return nil, errors.Join(d.errs...)
	}
	c.Warnings = d.warnings
	return c, nil
}

// yamlError turns the YAML library's "yaml: line N: msg" into an *Error.
func yamlError(path string, err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	line := 0
	if rest, ok := strings.CutPrefix(msg, "line "); ok {
		if n, after, ok := strings.Cut(rest, ": "); ok {
			if v, err := strconv.Atoi(n); err == nil {
				line, msg = v, after
			}
		}
	}
	return &Error{Path: path, Line: line, Msg: msg}
}

// decoder walks the YAML tree, filling cfg and collecting every error with
// the line it was found at.
type decoder struct {
	file     string
	cfg      *Config
	layer    *layer // the file's selection layer
	errs     []error
	warnings []string
}

// A field decodes the value of one key; key is its dotted name for messages.
type field func(d *decoder, key string, v *yaml.Node)

const maxErrors = 20

func (d *decoder) errorf(n *yaml.Node, format string, args ...any) {
	if len(d.errs) == maxErrors {
		d.errs = append(d.errs, &Error{Path: d.file, Line: n.Line, Msg: "too many errors"})
	}
	if len(d.errs) > maxErrors {
		return
	}
	d.errs = append(d.errs, &Error{Path: d.file, Line: n.Line, Msg: fmt.Sprintf(format, args...)})
}

// warnf notes something the file should change that still works (an old
// key name), at the node's line.
func (d *decoder) warnf(n *yaml.Node, format string, args ...any) {
	d.warnings = append(d.warnings, (&Error{Path: d.file, Line: n.Line, Msg: fmt.Sprintf(format, args...)}).Error())
}

// resolve follows an alias to the node it names.
func resolve(n *yaml.Node) *yaml.Node {
	for i := 0; n.Kind == yaml.AliasNode && n.Alias != nil && i < 100; i++ {
		n = n.Alias
	}
	return n
}

func isNull(n *yaml.Node) bool {
	return n.Kind == yaml.ScalarNode && n.ShortTag() == "!!null"
}

// mapping decodes a mapping whose keys must all be in fields. Keys set to
// null keep their defaults.
func (d *decoder) mapping(n *yaml.Node, section string, fields map[string]field) {
	if n.Kind != yaml.MappingNode {
		if section == "" {
			d.errorf(n, "want a mapping of settings at the top level")
		} else {
			d.errorf(n, "%s: want a mapping", section)
		}
		return
	}
	seen := map[string]bool{}
	for i := 0; i+1 < len(n.Content); i += 2 {
		k, v := n.Content[i], resolve(n.Content[i+1])
		if k.Kind != yaml.ScalarNode {
			d.errorf(k, "want a key name")
			continue
		}
		key := k.Value
		if section != "" {
			key = section + "." + k.Value
		}
		if seen[k.Value] {
			d.errorf(k, "duplicate key %q", key)
			continue
		}
		seen[k.Value] = true
		fn, ok := fields[k.Value]
		if !ok {
			d.errorf(k, "unknown key %q%s", k.Value, suggest(k.Value, fields))
			continue
		}
		if !isNull(v) {
			fn(d, key, v)
		}
	}
}

// suggest names a known key close to an unknown one, as a hint.
func suggest(key string, fields map[string]field) string {
	best, bestDist := "", 3
	for name := range fields {
		if dist := editDistance(key, name); dist < bestDist || dist == bestDist && best != "" && name < best {
			best, bestDist = name, dist
		}
	}
	if best == "" {
		return ""
	}
	return fmt.Sprintf(" (did you mean %q?)", best)
}

func editDistance(a, b string) int {
	if len(a) > 64 || len(b) > 64 {
		return 64
	}
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
