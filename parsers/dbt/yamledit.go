package dbt

import (
	"bytes"
	"errors"
	"io"
	"path/filepath"
	"strconv"
	"strings"
	"sync"

	"gopkg.in/yaml.v3"
)

// YAMLInsertion is where a fix adds entries to a block mapping of a YAML
// file, as a text edit that leaves every other byte as it is (comments,
// indentation, key order): Header + (Newline + "key: 'true'") for each
// entry, inserted at Offset, the end of the mapping's last line.
type YAMLInsertion struct {
	File   string // the YAML file, as the project found it
	Offset int
	// Header is the text that opens a mapping the file does not have yet
	// ("\n    +tblproperties:"); "" when an existing mapping is extended.
	Header string
	// Newline is the line break and indentation before each entry.
	Newline string
	// Shared is true for a dbt_project.yml block: it configures every
	// model below its directory, not only the one the fix is for.
	Shared bool
	// Where names the place for messages: "the models/marts block of
	// dbt_project.yml", "the config of orders in models/schema.yml".
	Where string
}

// Text is the insertion's text for the entries key: value, in order; each
// value is written as a single-quoted YAML string.
func (in *YAMLInsertion) Text(keys []string, value string) string {
	var b strings.Builder
	b.WriteString(in.Header)
	for _, k := range keys {
		b.WriteString(in.Newline + yamlKey(k) + ": '" + strings.ReplaceAll(value, "'", "''") + "'")
	}
	return b.String()
}

// yamlKey is k as a plain YAML key when it can be one, else single-quoted.
func yamlKey(k string) string {
	plain := k != ""
	for _, c := range k {
		plain = plain && (c == '_' || c == '.' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
	}
	if plain && k[0] != '-' {
		return k
	}
	return "'" + strings.ReplaceAll(k, "'", "''") + "'"
}

// yamlFile is a YAML file of the project, kept for fixes that edit it.
type yamlFile struct {
	path string
	src  []byte
	root *yaml.Node // the document node
	// editable is false when a text edit could not be trusted to mean what
	// it says: tabs in indentation, anchors, aliases or merge keys, more
	// than one document.
	editable bool

	mu     sync.Mutex
	places map[placeKey]placed // the insertions made, for the models that share them
}

type placeKey struct {
	m      *yaml.Node
	header string
}

type placed struct {
	in YAMLInsertion
	ok bool
}

func newYAMLFile(path string, src []byte, root *yaml.Node) *yamlFile {
	return &yamlFile{path: path, src: src, root: root, editable: editableYAML(src, root)}
}

// editableYAML reports whether a line-based edit of src keeps its meaning
// plain: the edit is made from line indentation, which tabs, anchors
// (a value shared with another place), merge keys and further documents
// would make say something else.
func editableYAML(src []byte, root *yaml.Node) bool {
	for _, line := range bytes.Split(src, []byte("\n")) {
		for _, c := range line {
			if c == '\t' {
				return false
			}
			if c != ' ' {
				break
			}
		}
	}
	dec := yaml.NewDecoder(bytes.NewReader(src))
	var first, second yaml.Node
	if dec.Decode(&first) != nil || !errors.Is(dec.Decode(&second), io.EOF) {
		return false // one document only
	}
	return plainNodes(root)
}

func plainNodes(n *yaml.Node) bool {
	if n == nil {
		return true
	}
	if n.Anchor != "" || n.Kind == yaml.AliasNode || n.Kind == yaml.ScalarNode && n.Tag == "!!merge" {
		return false
	}
	for _, c := range n.Content {
		if !plainNodes(c) {
			return false
		}
	}
	return true
}

// blockMapping reports whether n is a non-empty mapping in block style.
func blockMapping(n *yaml.Node) bool {
	return n != nil && n.Kind == yaml.MappingNode && n.Style&yaml.FlowStyle == 0 && len(n.Content) >= 2
}

// insertion is where entries go at the end of the block mapping m of f;
// header, when not "", is the key of a new mapping to open there (its
// entries indented one step more). parentCol is the column of m's own key
// (0 when none), for the indentation step. ok is false when the file or the
// place cannot take a plain text edit.
func (f *yamlFile) insertion(m *yaml.Node, parentCol int, header string) (YAMLInsertion, bool) {
	if f == nil || !f.editable || !blockMapping(m) {
		return YAMLInsertion{}, false
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	key := placeKey{m, header}
	if p, ok := f.places[key]; ok { // every model of a directory shares its block
		return p.in, p.ok
	}
	in, ok := f.place(m, parentCol, header)
	if f.places == nil {
		f.places = map[placeKey]placed{}
	}
	f.places[key] = placed{in, ok}
	return in, ok
}

// place is insertion, checked, made once for each mapping and header.
func (f *yamlFile) place(m *yaml.Node, parentCol int, header string) (YAMLInsertion, bool) {
	nl := "\n"
	if bytes.Contains(f.src, []byte("\r\n")) {
		nl = "\r\n"
	}
	keyCol := m.Content[0].Column
	for i := 0; i < len(m.Content); i += 2 {
		if k := m.Content[i]; k.Column != keyCol || k.Style&(yaml.LiteralStyle|yaml.FoldedStyle) != 0 || k.Kind != yaml.ScalarNode {
			return YAMLInsertion{}, false // a complex or misaligned key
		}
	}
	end, ok := mappingEnd(f.src, m.Content[len(m.Content)-2].Line, keyCol-1)
	if !ok {
		return YAMLInsertion{}, false
	}
	indent := strings.Repeat(" ", keyCol-1)
	in := YAMLInsertion{File: f.path, Offset: end, Newline: nl + indent}
	if header != "" {
		step := 2
		if parentCol > 0 && keyCol > parentCol {
			step = keyCol - parentCol
		}
		in.Header = nl + indent + header + ":"
		in.Newline = nl + indent + strings.Repeat(" ", step)
	}
	return f.checked(in, m, header)
}

// mappingEnd is the offset of the end of the last line of a block mapping
// whose last key is on line last (1-based) and whose keys are indented by
// indent spaces: the lines after it that are more indented (or a sequence
// at the key's own indentation, as YAML allows for a mapping's value)
// continue its value; blank and comment lines go with what follows them.
func mappingEnd(src []byte, last, indent int) (int, bool) {
	lines := lineStarts(src)
	if last < 1 || last > len(lines) {
		return 0, false
	}
	lineEnd := func(i int) int { // i 0-based; the end before its line break
		end := len(src)
		if i+1 < len(lines) {
			end = lines[i+1] - 1
		}
		if end > lines[i] && src[end-1] == '\r' {
			end--
		}
		return max(end, lines[i])
	}
	end := lineEnd(last - 1)
	for i := last; i < len(lines); i++ {
		text := src[lines[i]:lineEnd(i)]
		trimmed := bytes.TrimLeft(text, " ")
		if len(trimmed) == 0 || trimmed[0] == '#' {
			continue
		}
		in := len(text) - len(trimmed)
		seq := trimmed[0] == '-' && (len(trimmed) == 1 || trimmed[1] == ' ')
		if in < indent || in == indent && !seq || bytes.HasPrefix(text, []byte("---")) || bytes.HasPrefix(text, []byte("...")) {
			break
		}
		end = lineEnd(i)
	}
	return end, true
}

// lookup is the value of key in the mapping n, and the key's node; nil
// when n is no mapping or has no such key.
func lookup(n *yaml.Node, key string) (v, k *yaml.Node) {
	if n == nil || n.Kind != yaml.MappingNode {
		return nil, nil
	}
	for i := 0; i+1 < len(n.Content); i += 2 {
		if n.Content[i].Value == key {
			return n.Content[i+1], n.Content[i]
		}
	}
	return nil, nil
}

// mappingAt is the mapping node of the tree n whose first key is at line
// and column (both 1-based), and the key that names it (nil at the top).
func mappingAt(n *yaml.Node, line, col int) (m, key *yaml.Node) {
	var walk func(n, k *yaml.Node) bool
	walk = func(n, k *yaml.Node) bool {
		if n.Kind == yaml.MappingNode && n.Line == line && n.Column == col {
			m, key = n, k
			return true
		}
		for i, c := range n.Content {
			var ck *yaml.Node
			if n.Kind == yaml.MappingNode && i%2 == 1 {
				ck = n.Content[i-1]
			}
			if walk(c, ck) {
				return true
			}
		}
		return false
	}
	if n != nil {
		walk(n, nil)
	}
	return m, key
}

// checked is in when the file, edited by it with two sample entries,
// parses and holds them in the mapping meant (m extended, or m with the
// new mapping under header); false otherwise: a fix is never offered that
// would leave the file broken or say something else.
func (f *yamlFile) checked(in YAMLInsertion, m *yaml.Node, header string) (YAMLInsertion, bool) {
	sample := []string{"lakelint.check.a", "lakelint.check.b"}
	text := append(append(append([]byte(nil), f.src[:in.Offset]...), in.Text(sample, "true")...), f.src[in.Offset:]...)
	var doc yaml.Node
	if yaml.Unmarshal(text, &doc) != nil {
		return YAMLInsertion{}, false
	}
	n, _ := mappingAt(&doc, m.Line, m.Column)
	if n == nil {
		return YAMLInsertion{}, false
	}
	target, want := n, len(m.Content)+2*len(sample)
	if header != "" {
		v, _ := lookup(n, header)
		if v == nil || len(n.Content) != len(m.Content)+2 {
			return YAMLInsertion{}, false
		}
		target, want = v, 2*len(sample)
	}
	if target.Kind != yaml.MappingNode || len(target.Content) != want {
		return YAMLInsertion{}, false
	}
	for i, k := range sample {
		kn, vn := target.Content[want-2*len(sample)+2*i], target.Content[want-2*len(sample)+2*i+1]
		if kn.Value != k || vn.Value != "true" || vn.Tag != "!!str" {
			return YAMLInsertion{}, false
		}
	}
	return in, true
}

// ConfigPlace is where a fix best sets the config key (a mapping, such as
// tblproperties) of the model at path in YAML; ok is false when there is
// no such place, or none a plain text edit can trust.
//
// Where the key already holds a mapping for the model (the nearest
// dbt_project.yml directory's, or the model's properties-file config,
// which wins), that mapping is extended: dbt takes a config's value whole
// from the most specific place that sets it, so a new mapping anywhere
// else would replace it or be replaced. Where none sets it, the key is
// added to the most specific place that configures the model: its
// config: block in a properties file, else the nearest dbt_project.yml
// block on its path. A dbt_project.yml place is Shared: every model below
// it takes what is added.
func (p *Project) ConfigPlace(path, key string) (YAMLInsertion, bool) {
	cfg, ok := p.ConfigFor(path)
	if !ok || cfg == nil {
		return YAMLInsertion{}, false
	}
	if v, set := cfg[key]; set {
		return p.extend(v)
	}
	if e, ok := p.entries[ModelName(path)]; ok {
		in, ok := e.file.insertion(e.config, e.keyCol, key)
		if !ok {
			return YAMLInsertion{}, false
		}
		in.Where = "the config of " + ModelName(path) + " in " + filepath.Base(e.file.path)
		return in, true
	}
	dirs, _ := p.ModelDir(path)
	t, depth := p.tree, 0
	for t != nil && depth < len(dirs) && t.dirs[dirs[depth]] != nil {
		t = t.dirs[dirs[depth]]
		depth++
	}
	if t == nil || t.node == nil {
		return YAMLInsertion{}, false
	}
	f := p.files[filepath.Join(p.Root, ProjectFile)]
	in, ok := f.insertion(t.node, t.keyCol, "+"+key)
	if !ok {
		return YAMLInsertion{}, false
	}
	in.Shared, in.Where = true, blockName(dirs[:depth])
	return in, true
}

// extend is the insertion that extends the mapping v, read from YAML.
func (p *Project) extend(v Value) (YAMLInsertion, bool) {
	f := p.files[v.File]
	if f == nil || v.Kind != Dict || v.Line < 1 {
		return YAMLInsertion{}, false
	}
	lines := lineStarts(f.src)
	if v.Line > len(lines) {
		return YAMLInsertion{}, false
	}
	m, k := mappingAt(f.root, v.Line, v.Start-lines[v.Line-1]+1)
	if m == nil || k == nil {
		return YAMLInsertion{}, false
	}
	in, ok := f.insertion(m, k.Column, "")
	if !ok {
		return YAMLInsertion{}, false
	}
	in.Shared = filepath.Base(f.path) == ProjectFile
	in.Where = "the " + k.Value + " at line " + strconv.Itoa(k.Line) + " of " + filepath.Base(f.path)
	return in, true
}

// blockName names a dbt_project.yml block for messages: "the models/staging
// block of dbt_project.yml", "the project's block of dbt_project.yml".
func blockName(dirs []string) string {
	if len(dirs) == 0 {
		return "the project's models: block of " + ProjectFile
	}
	return "the " + strings.Join(dirs, "/") + " block of " + ProjectFile
}
