package orchestration

import (
	"os"
	"path/filepath"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lakelint/lakelint/internal/projectfile"
	"github.com/lakelint/lakelint/parsers/python"
)

// A bundle may define resources in Python (the databricks-bundles
// package): databricks.yml lists "module:function" entries under
// python.resources, each a function returning the resources, built with
// Job.from_dict({...}), Job(name=..., tasks=[Task(...)]) and the like,
// added with resources.add_job(...) or loaded from a package's module-level
// definitions (load_resources_from_current_package_module()). lakelint
// never runs that code: it reads the definitions and the calls as written,
// turns each job and pipeline into the mapping the YAML would hold, and
// reads that as it reads the YAML's. What only running the code would
// tell (a loop over a list of sources, an f-string of a variable, a
// mutator) stays unknown, with a note.

var (
	fObject     = python.FieldByName("object")
	fBody       = python.FieldByName("body")
	fModuleName = python.FieldByName("module_name")
)

// pyModule is one parsed Python file of a bundle.
type pyModule struct {
	path    string
	tree    *python.Tree
	file    *yamlFile // the nodes made from it, for places
	consts  map[string]python.Node
	funcs   map[string]python.Node
	imports map[string]string // name → "module" or "module:name"
	vars    map[string]bool   // classes decorated @variables
}

// pyReader reads the Python resources of one bundle.
type pyReader struct {
	b       *bundle
	mods    map[string]*pyModule
	jobs    *yaml.Node
	pipes   *yaml.Node
	visited map[string]bool
}

// maxPyDepth bounds how far definitions are followed through names and calls.
const maxPyDepth = 8

// pythonResources is the resources mapping the bundle's Python code
// defines, nil when its files name none.
func (b *bundle) pythonResources() *yaml.Node {
	var entries []*yaml.Node
	for _, f := range b.ys.files {
		for _, p := range [][]string{{"python", "resources"}, {"experimental", "python", "resources"}} {
			entries = append(entries, items(path(f.root, p...))...)
		}
		for _, p := range [][]string{{"python", "mutators"}, {"experimental", "python", "mutators"}} {
			if len(items(path(f.root, p...))) > 0 {
				b.p.note("%s: python mutators may change the bundle's jobs; lakelint reads them as defined", b.ys.place(path(f.root, p...)))
			}
		}
	}
	if len(entries) == 0 {
		return nil
	}
	r := &pyReader{b: b, mods: map[string]*pyModule{}, visited: map[string]bool{},
		jobs: &yaml.Node{Kind: yaml.MappingNode}, pipes: &yaml.Node{Kind: yaml.MappingNode}}
	defer func() {
		for _, m := range r.mods {
			m.tree.Release()
		}
	}()
	for _, e := range entries {
		module, fn, _ := strings.Cut(b.str(e), ":")
		m := r.module(r.b.root, module)
		if m == nil {
			b.p.note("%s: no Python file for module %s in the bundle", b.ys.place(e), module)
			continue
		}
		if fn == "" {
			fn = "load_resources"
		}
		r.function(m, fn, 0)
	}
	out := &yaml.Node{Kind: yaml.MappingNode}
	b.ys.fileOf[out] = b.ys.files[0]
	for _, kv := range []struct {
		key string
		n   *yaml.Node
	}{{"jobs", r.jobs}, {"pipelines", r.pipes}} {
		if len(kv.n.Content) > 0 {
			out.Content = append(out.Content, &yaml.Node{Kind: yaml.ScalarNode, Value: kv.key}, kv.n)
		}
	}
	return out
}

// module parses the file of a dotted module name, relative to dir for a
// leading dot, else to the bundle's root or its src directory; nil when
// there is none.
func (r *pyReader) module(dir, name string) *pyModule {
	rel := strings.TrimLeft(name, ".")
	bases := []string{r.b.root, filepath.Join(r.b.root, "src")}
	if dots := len(name) - len(rel); dots > 0 {
		for range dots - 1 {
			dir = filepath.Dir(dir)
		}
		bases = []string{dir}
	}
	p := filepath.FromSlash(strings.ReplaceAll(rel, ".", "/"))
	for _, base := range bases {
		for _, cand := range []string{filepath.Join(base, p) + ".py", filepath.Join(base, p, "__init__.py")} {
			if info, err := os.Stat(cand); err == nil && info.Mode().IsRegular() {
				return r.parse(cand)
			}
		}
	}
	return nil
}

// parse reads one Python file, once.
func (r *pyReader) parse(file string) *pyModule {
	file = filepath.Clean(file)
	if m, ok := r.mods[file]; ok {
		return m
	}
	r.mods[file] = nil
	src, err := projectfile.Read(file)
	if err != nil {
		return nil
	}
	tree, err := python.Parse(src)
	if err != nil {
		return nil
	}
	m := &pyModule{path: file, tree: tree, consts: map[string]python.Node{}, funcs: map[string]python.Node{}, imports: map[string]string{}, vars: map[string]bool{},
		file: &yamlFile{path: file, lines: []int{0}, base: r.b.root}}
	for i, c := range src {
		if c == '\n' {
			m.file.lines = append(m.file.lines, i+1)
		}
	}
	r.mods[file] = m
	r.b.p.Inputs = append(r.b.p.Inputs, file)
	for c := tree.Root().FirstChild(); c.Valid(); c = c.NextSibling() {
		def := c
		if c.Is("decorated_definition") {
			def = c.ChildByFieldID(fDefinition)
		}
		switch {
		case c.Is("expression_statement"):
			if a := c.FirstChild(); a.Is("assignment") {
				if l := a.ChildByFieldID(fLeft); l.Is("identifier") {
					m.consts[l.String()] = a.ChildByFieldID(fRight)
				}
			}
		case def.Is("function_definition"):
			m.funcs[def.ChildByFieldID(fName).String()] = def
		case def.Is("class_definition") && c.Is("decorated_definition"):
			for d := c.FirstChild(); d.Valid(); d = d.NextSibling() {
				if d.Is("decorator") && strings.HasSuffix(strings.TrimSpace(strings.TrimPrefix(d.String(), "@")), "variables") {
					m.vars[def.ChildByFieldID(fName).String()] = true
				}
			}
		case c.Is("import_from_statement"):
			from := c.ChildByFieldID(fModuleName).String()
			for n := c.FirstChild(); n.Valid(); n = n.NextSibling() {
				if n.Field() != "name" {
					continue
				}
				name, local := n.String(), n.String()
				if n.Is("aliased_import") {
					name, local = n.ChildByFieldID(fName).String(), n.ChildByFieldID(fAlias).String()
				}
				m.imports[local] = from + ":" + name
			}
		case c.Is("import_statement"):
			for n := c.FirstChild(); n.Valid(); n = n.NextSibling() {
				switch {
				case n.Is("dotted_name"):
					m.imports[n.String()] = n.String()
				case n.Is("aliased_import"):
					m.imports[n.ChildByFieldID(fAlias).String()] = n.ChildByFieldID(fName).String()
				}
			}
		}
	}
	return m
}

// function reads the resources a load_resources function adds or loads,
// following the functions of the bundle it calls.
func (r *pyReader) function(m *pyModule, name string, depth int) {
	key := m.path + ":" + name
	if r.visited[key] || depth > maxPyDepth {
		return
	}
	r.visited[key] = true
	fn, ok := m.funcs[name]
	if !ok {
		if target, ok := m.imports[name]; ok && strings.Contains(target, ":") {
			mod, fname, _ := strings.Cut(target, ":")
			if other := r.module(filepath.Dir(m.path), mod); other != nil {
				r.function(other, fname, depth+1)
				return
			}
		}
		r.b.p.note("%s: no function %s", m.path, name)
		return
	}
	walk(fn.ChildByFieldID(fBody), func(n python.Node) {
		if n.Is("call") {
			r.call(m, n, depth)
		}
	})
}

// call reads one call in a load_resources function.
func (r *pyReader) call(m *pyModule, call python.Node, depth int) {
	f := call.ChildByFieldID(fFunction)
	callee := f.String()
	if f.Is("attribute") {
		callee = f.ChildByFieldID(fAttribute).String()
	}
	args := positional(call)
	arg := func(i int, kw ...string) python.Node {
		for _, k := range kw {
			if v := kwarg(call, k); v.Valid() {
				return v
			}
		}
		if i < len(args) {
			return args[i]
		}
		return python.Node{}
	}
	switch callee {
	case "add_job", "add_pipeline", "add_resource":
		key, ok := r.text(m, arg(0, "resource_name"))
		value := arg(1, "job", "pipeline", "resource")
		if !ok {
			r.b.p.note("%s: a resource added under a name only running the code gives", r.place(m, call))
			return
		}
		kind := map[string]string{"add_job": "jobs", "add_pipeline": "pipelines"}[callee]
		if kind == "" {
			kind = r.kind(m, value, 0)
		}
		r.add(m, kind, key, value, call)
	case "load_resources_from_current_package_module":
		r.packageDefinitions(filepath.Dir(m.path))
	case "load_resources_from_package_module", "load_resources_from_module", "load_resources_from_modules":
		for _, a := range args {
			for _, e := range r.elements(m, a) {
				r.moduleArgument(m, e, callee == "load_resources_from_package_module")
			}
		}
	default:
		if f.Is("identifier") {
			if _, ok := m.funcs[callee]; ok {
				r.function(m, callee, depth+1)
			} else if target, ok := m.imports[callee]; ok && strings.Contains(target, ":") {
				r.function(m, callee, depth+1)
			}
		}
	}
}

// moduleArgument reads the module a load_resources_from_* call names: an
// imported module, as a package (all its files) or one file.
func (r *pyReader) moduleArgument(m *pyModule, n python.Node, pkg bool) {
	name := n.String()
	var other *pyModule
	if target, ok := m.imports[name]; ok {
		mod, sub, named := strings.Cut(target, ":")
		if named {
			// from pkg import jobs: the submodule pkg.jobs
			joined := mod + "." + sub
			if strings.Trim(mod, ".") == "" {
				joined = mod + sub
			}
			other = r.module(filepath.Dir(m.path), joined)
		} else {
			other = r.module(filepath.Dir(m.path), mod)
		}
	} else {
		other = r.module(filepath.Dir(m.path), name)
	}
	if other == nil {
		r.b.p.note("%s: no Python file for module %s in the bundle", r.place(m, n), name)
		return
	}
	if pkg && filepath.Base(other.path) == "__init__.py" {
		r.packageDefinitions(filepath.Dir(other.path))
		return
	}
	r.definitions(other)
}

// packageDefinitions reads the module-level jobs and pipelines of every
// file of the package in dir.
func (r *pyReader) packageDefinitions(dir string) {
	var files []string
	_ = filepath.WalkDir(dir, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && strings.HasSuffix(p, ".py") {
			files = append(files, p)
		}
		return nil
	})
	sort.Strings(files)
	for _, f := range files {
		if m := r.parse(f); m != nil {
			r.definitions(m)
		}
	}
}

// definitions reads a module's module-level jobs and pipelines, each under
// the name it is bound to.
func (r *pyReader) definitions(m *pyModule) {
	names := make([]string, 0, len(m.consts))
	for name := range m.consts {
		names = append(names, name)
	}
	sort.Slice(names, func(i, j int) bool { return m.consts[names[i]].Start() < m.consts[names[j]].Start() })
	for _, name := range names {
		v := m.consts[name]
		if kind := r.kind(m, v, 0); kind != "" {
			r.add(m, kind, name, v, v)
		}
	}
}

// add records a job or pipeline under its key.
func (r *pyReader) add(m *pyModule, kind, key string, value, at python.Node) {
	var into *yaml.Node
	switch kind {
	case "jobs":
		into = r.jobs
	case "pipelines":
		into = r.pipes
	default:
		return
	}
	if get(into, key) != nil {
		return // a module loaded twice
	}
	n := r.value(m, value, "", 0)
	if n == nil || n.Kind != yaml.MappingNode {
		r.b.p.note("%s: %s %s is built by code lakelint does not run", r.place(m, at), strings.TrimSuffix(kind, "s"), key)
		return
	}
	k := &yaml.Node{Kind: yaml.ScalarNode, Value: key}
	r.b.ys.fileOf[k] = m.file
	into.Content = append(into.Content, k, n)
}

// kind is "jobs" or "pipelines" for a value that builds a Job or a
// Pipeline (Job(...), Job.from_dict(...)), else "".
func (r *pyReader) kind(m *pyModule, n python.Node, depth int) string {
	n, m = r.follow(m, n, depth)
	if !n.Is("call") {
		return ""
	}
	f := n.ChildByFieldID(fFunction)
	if f.Is("attribute") && f.ChildByFieldID(fAttribute).TextIs("from_dict") {
		f = f.ChildByFieldID(fObject)
	}
	name := f.String()
	if f.Is("attribute") {
		name = f.ChildByFieldID(fAttribute).String()
	}
	if target, ok := m.imports[name]; ok {
		_, name, _ = strings.Cut(target, ":")
	}
	switch name {
	case "Job":
		return "jobs"
	case "Pipeline":
		return "pipelines"
	}
	return ""
}

// follow is the definition a name stands for: a module-level value of
// its file, or one a bundle module it imports from defines.
func (r *pyReader) follow(m *pyModule, n python.Node, depth int) (python.Node, *pyModule) {
	for ; n.Is("identifier") && depth < maxPyDepth; depth++ {
		if v, ok := m.consts[n.String()]; ok {
			n = v
			continue
		}
		target, ok := m.imports[n.String()]
		mod, name, named := strings.Cut(target, ":")
		if !ok || !named {
			break
		}
		other := r.module(filepath.Dir(m.path), mod)
		if other == nil {
			break
		}
		v, ok := other.consts[name]
		if !ok {
			break
		}
		n, m = v, other
	}
	return n, m
}

// triggerClasses are the trigger configurations a job's trigger may be
// given directly, and the key each stands under in the YAML.
var triggerClasses = map[string]string{
	"PeriodicTriggerConfiguration":    "periodic",
	"FileArrivalTriggerConfiguration": "file_arrival",
	"TableUpdateTriggerConfiguration": "table_update",
}

// value turns a Python expression into the YAML node it stands for: a
// dict or a dataclass call a mapping, a list a sequence, a literal a
// scalar. What is known only when the code runs is a scalar "${...}" of
// its source text, which the bundle reads as an unresolved reference;
// None is nil (left out).
func (r *pyReader) value(m *pyModule, n python.Node, key string, depth int) *yaml.Node {
	if depth > 4*maxPyDepth {
		return nil
	}
	n, m = r.follow(m, n, depth)
	out := &yaml.Node{}
	line, col := r.lineCol(m, n.Start())
	out.Line, out.Column = line, col
	r.b.ys.fileOf[out] = m.file
	switch {
	case n.Is("none"):
		return nil
	case n.Is("true"), n.Is("false"):
		out.Kind, out.Value = yaml.ScalarNode, strings.ToLower(n.String())
	case n.Is("integer"), n.Is("float"):
		out.Kind, out.Value = yaml.ScalarNode, strings.ReplaceAll(n.String(), "_", "")
	case python.IsString(n):
		out.Kind = yaml.ScalarNode
		if s, ok := r.text(m, n); ok {
			out.Value, out.Style = s, yaml.DoubleQuotedStyle
		} else {
			out.Value = "${" + n.String() + "}"
		}
	case n.Is("dictionary"):
		out.Kind = yaml.MappingNode
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if !c.Is("pair") {
				continue
			}
			k, ok := r.text(m, c.ChildByFieldID(fKey))
			if !ok {
				continue
			}
			r.entry(m, out, k, c.ChildByFieldID(fKey), c.ChildByFieldID(fValue), depth)
		}
	case n.Is("list"), n.Is("tuple"):
		out.Kind = yaml.SequenceNode
		for _, e := range r.elements(m, n) {
			if v := r.value(m, e, "", depth+1); v != nil {
				out.Content = append(out.Content, v)
			}
		}
	case n.Is("call"):
		f := n.ChildByFieldID(fFunction)
		if f.Is("attribute") && f.ChildByFieldID(fAttribute).TextIs("from_dict") {
			if args := positional(n); len(args) == 1 {
				return r.value(m, args[0], key, depth+1)
			}
		}
		class := f.String()
		if f.Is("attribute") {
			class = f.ChildByFieldID(fAttribute).String()
		}
		if class == "" || class[0] < 'A' || class[0] > 'Z' {
			break // a function's result
		}
		out.Kind = yaml.MappingNode
		for c := n.ChildByFieldID(fArguments).FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.Is("keyword_argument") {
				name := c.ChildByFieldID(fName)
				r.entry(m, out, name.String(), name, c.ChildByFieldID(fValue), depth)
			}
		}
		if wrap, ok := triggerClasses[class]; ok && key == "trigger" {
			inner := out
			out = &yaml.Node{Kind: yaml.MappingNode, Line: line, Column: col}
			r.b.ys.fileOf[out] = m.file
			k := &yaml.Node{Kind: yaml.ScalarNode, Value: wrap, Line: line, Column: col}
			r.b.ys.fileOf[k] = m.file
			out.Content = []*yaml.Node{k, inner}
		}
		return out
	case n.Is("attribute"):
		obj, attr := n.ChildByFieldID(fObject), n.ChildByFieldID(fAttribute).String()
		switch {
		case obj.Is("identifier") && m.vars[obj.String()]:
			out.Kind, out.Value = yaml.ScalarNode, "${var."+attr+"}" // a bundle variable
			return out
		case obj.Is("identifier") && attr == strings.ToUpper(attr):
			out.Kind, out.Value = yaml.ScalarNode, attr // an enum member: PauseStatus.PAUSED
			return out
		}
	}
	if out.Kind == 0 {
		out.Kind, out.Value = yaml.ScalarNode, "${"+n.String()+"}"
	}
	return out
}

// entry adds key: value to mapping out, leaving out None.
func (r *pyReader) entry(m *pyModule, out *yaml.Node, key string, at, value python.Node, depth int) {
	v := r.value(m, value, key, depth+1)
	if v == nil {
		return
	}
	line, col := r.lineCol(m, at.Start())
	k := &yaml.Node{Kind: yaml.ScalarNode, Value: key, Line: line, Column: col}
	r.b.ys.fileOf[k] = m.file
	out.Content = append(out.Content, k, v)
}

// elements are a list's or tuple's items, following a name.
func (r *pyReader) elements(m *pyModule, n python.Node) []python.Node {
	n, _ = r.follow(m, n, 0)
	if !n.Is("list") && !n.Is("tuple") {
		return []python.Node{n}
	}
	var out []python.Node
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.IsNamed() && !c.IsExtra() {
			out = append(out, c)
		}
	}
	return out
}

// text is a literal string's value, following names.
func (r *pyReader) text(m *pyModule, n python.Node) (string, bool) {
	n, _ = r.follow(m, n, 0)
	if !python.IsString(n) {
		return "", false
	}
	v, ok := python.DecodeString(n, nil)
	if !ok || !v.Literal() {
		return "", false
	}
	return v.Text, true
}

func (r *pyReader) lineCol(m *pyModule, off int) (line, col int) {
	i := sort.Search(len(m.file.lines), func(i int) bool { return m.file.lines[i] > off }) - 1
	i = max(i, 0)
	return i + 1, off - m.file.lines[i] + 1
}

func (r *pyReader) place(m *pyModule, n python.Node) Place {
	line, col := r.lineCol(m, n.Start())
	return Place{File: m.path, Line: line, Col: col, Start: n.Start(), End: n.End()}
}

// positional are a call's positional arguments.
func positional(call python.Node) []python.Node {
	var out []python.Node
	for c := call.ChildByFieldID(fArguments).FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.IsNamed() && !c.IsExtra() && !c.Is("keyword_argument") && !c.Is("comment") {
			out = append(out, c)
		}
	}
	return out
}
