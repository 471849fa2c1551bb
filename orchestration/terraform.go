package orchestration

import (
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/hashicorp/hcl/v2"
	"github.com/hashicorp/hcl/v2/hclsyntax"
	"github.com/zclconf/go-cty/cty"
	"github.com/zclconf/go-cty/cty/function"
	"github.com/zclconf/go-cty/cty/function/stdlib"
	"gopkg.in/yaml.v3"

	"github.com/lakelint/lakelint/internal/projectfile"
	"github.com/lakelint/lakelint/internal/walkmemo"
)

// Terraform's databricks provider declares jobs too: resource
// "databricks_job" blocks, whose schedule, trigger, continuous, task and
// job_cluster blocks say what the bundle YAML says under other names. A
// module's blocks are turned into the mapping the YAML would hold and read
// by the bundle reader. Expressions are evaluated with the module's
// variable defaults, tfvars, locals and path.module; a task's notebook or
// file is the project file a databricks_notebook (or workspace file)
// resource uploads from its source when the task names that resource or
// its path, else the file the path names relative to the module or the
// repository. What only a plan would know stays unknown.

// Terraform is the orchestrator of jobs declared in Terraform.
const Terraform Orchestrator = "terraform"

// tfModule is one Terraform module (a directory's *.tf files) being read.
type tfModule struct {
	b      *bundle
	dir    string // as the caller names it
	abs    string // the same, absolute: path.module
	bodies []tfBody
	ctx    *hcl.EvalContext
	// uploads maps the workspace path of a databricks_notebook or
	// workspace file resource to its source file.
	uploads map[string]string
	byEnd   map[string][]string
}

type tfBody struct {
	body *hclsyntax.Body
	file *yamlFile
	text []byte
}

// uploadResources are the resources that put a project file in the workspace.
var uploadResources = map[string]bool{"databricks_notebook": true, "databricks_workspace_file": true, "databricks_file": true}

// readTerraform reads the databricks_job and databricks_pipeline resources
// of the Terraform files, one module (directory) at a time.
func (p *Project) readTerraform(files []string, byEnd map[string][]string) {
	byDir := map[string][]string{}
	for _, f := range files {
		f = filepath.Clean(f)
		byDir[filepath.Dir(f)] = append(byDir[filepath.Dir(f)], f)
	}
	dirs := make([]string, 0, len(byDir))
	for d := range byDir {
		dirs = append(dirs, d)
	}
	sort.Strings(dirs)
	for _, d := range dirs {
		sort.Strings(byDir[d])
		p.readModule(d, byDir[d], byEnd)
	}
}

func (p *Project) readModule(dir string, files []string, byEnd map[string][]string) {
	m := &tfModule{dir: dir, abs: dir, uploads: map[string]string{}, byEnd: byEnd}
	if a, err := filepath.Abs(dir); err == nil {
		m.abs = a
	}
	root := repoTop(dir) // where a wheel task's package is looked for
	if root == "" {
		root = dir
	}
	m.b = &bundle{p: p, root: root, vars: map[string]string{}, resolve: m.file}
	m.b.ys.fileOf = map[*yaml.Node]*yamlFile{}
	for _, f := range files {
		src, err := projectfile.Read(f)
		if err != nil {
			continue
		}
		hf, diags := hclsyntax.ParseConfig(src, f, hcl.InitialPos)
		if diags.HasErrors() {
			p.note("%s: cannot read the Terraform file: %s", f, diags[0].Summary)
			continue
		}
		body, ok := hf.Body.(*hclsyntax.Body)
		if !ok {
			continue
		}
		yf := &yamlFile{path: f, lines: []int{0}, base: dir}
		for i, c := range src {
			if c == '\n' {
				yf.lines = append(yf.lines, i+1)
			}
		}
		m.bodies = append(m.bodies, tfBody{body, yf, src})
		p.Inputs = append(p.Inputs, f)
	}
	m.context(files)
	for _, tb := range m.bodies {
		for _, blk := range tb.body.Blocks {
			if blk.Type != "resource" || len(blk.Labels) != 2 {
				continue
			}
			switch blk.Labels[0] {
			case "databricks_job":
				j := m.b.job(blk.Labels[1], m.job(tb, blk))
				j.Source = Terraform
				p.Jobs = append(p.Jobs, j)
			case "databricks_pipeline":
				p.Pipelines = append(p.Pipelines, m.b.pipeline(blk.Labels[1], m.mapping(tb, blk.Body)))
			}
		}
	}
}

// context makes what the module's expressions are evaluated with:
// var (defaults, then terraform.tfvars and *.auto.tfvars), local, path,
// the upload resources' attributes, and references to the module's jobs
// and pipelines in the form the bundle reader knows.
func (m *tfModule) context(files []string) {
	ctx := &hcl.EvalContext{Variables: map[string]cty.Value{}, Functions: tfFunctions}
	ctx.Variables["path"] = cty.ObjectVal(map[string]cty.Value{"module": cty.StringVal(m.abs), "root": cty.StringVal(m.abs), "cwd": cty.StringVal(m.abs)})
	vars := map[string]cty.Value{}
	for _, tb := range m.bodies {
		for _, blk := range tb.body.Blocks {
			if blk.Type == "variable" && len(blk.Labels) == 1 {
				if a, ok := blk.Body.Attributes["default"]; ok {
					if v, d := a.Expr.Value(nil); !d.HasErrors() {
						vars[blk.Labels[0]] = v
					}
				}
			}
		}
	}
	tfvars, _ := filepath.Glob(filepath.Join(m.dir, "*.auto.tfvars"))
	for _, f := range append([]string{filepath.Join(m.dir, "terraform.tfvars")}, tfvars...) {
		src, err := projectfile.Read(f)
		if err != nil {
			continue
		}
		hf, diags := hclsyntax.ParseConfig(src, f, hcl.InitialPos)
		if diags.HasErrors() {
			continue
		}
		m.b.p.Inputs = append(m.b.p.Inputs, f)
		for name, a := range hf.Body.(*hclsyntax.Body).Attributes {
			if v, d := a.Expr.Value(nil); !d.HasErrors() {
				vars[name] = v
			}
		}
	}
	ctx.Variables["var"] = cty.ObjectVal(vars)
	for name, v := range vars {
		if v.Type() == cty.String && v.IsKnown() && !v.IsNull() {
			m.b.vars[name] = v.AsString()
		}
	}
	// locals may name locals: a few rounds settle them
	locals := map[string]cty.Value{}
	for range 4 {
		ctx.Variables["local"] = cty.ObjectVal(locals)
		for _, tb := range m.bodies {
			for _, blk := range tb.body.Blocks {
				if blk.Type != "locals" {
					continue
				}
				for name, a := range blk.Body.Attributes {
					if v, d := a.Expr.Value(ctx); !d.HasErrors() && v.IsWhollyKnown() {
						locals[name] = v
					}
				}
			}
		}
	}
	ctx.Variables["local"] = cty.ObjectVal(locals)
	refs := map[string]map[string]cty.Value{}
	for _, tb := range m.bodies {
		for _, blk := range tb.body.Blocks {
			if blk.Type != "resource" || len(blk.Labels) != 2 {
				continue
			}
			kind, name := blk.Labels[0], blk.Labels[1]
			if refs[kind] == nil {
				refs[kind] = map[string]cty.Value{}
			}
			switch {
			case uploadResources[kind]:
				attrs := map[string]cty.Value{}
				wsPath := m.str(ctx, blk.Body.Attributes["path"])
				source := m.str(ctx, blk.Body.Attributes["source"])
				if wsPath != "" {
					attrs["path"], attrs["id"] = cty.StringVal(wsPath), cty.StringVal(wsPath)
					attrs["workspace_path"] = cty.StringVal("/Workspace" + strings.TrimPrefix(wsPath, "/Workspace"))
					if source != "" {
						if !filepath.IsAbs(source) {
							source = filepath.Join(m.abs, filepath.FromSlash(source)) // relative to the module run
						}
						m.uploads[wsPath] = source
						m.uploads["/Workspace"+strings.TrimPrefix(wsPath, "/Workspace")] = source
						m.uploads[strings.TrimPrefix(wsPath, "/Workspace")] = source
					}
				}
				refs[kind][name] = cty.ObjectVal(attrs)
			case kind == "databricks_pipeline":
				refs[kind][name] = cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("${resources.pipelines." + name + ".id}")})
			case kind == "databricks_job":
				refs[kind][name] = cty.ObjectVal(map[string]cty.Value{"id": cty.StringVal("${resources.jobs." + name + ".id}")})
			}
		}
	}
	for kind, byName := range refs {
		ctx.Variables[kind] = cty.ObjectVal(byName)
	}
	m.ctx = ctx
}

// str is an attribute's value as a string, "" when it has none known.
func (m *tfModule) str(ctx *hcl.EvalContext, a *hclsyntax.Attribute) string {
	if a == nil {
		return ""
	}
	v, d := a.Expr.Value(ctx)
	if d.HasErrors() || !v.IsWhollyKnown() || v.IsNull() || v.Type() != cty.String {
		return ""
	}
	return v.AsString()
}

// tfFunctions are the functions module expressions commonly call to
// build names and paths.
var tfFunctions = map[string]function.Function{
	"format": stdlib.FormatFunc, "join": stdlib.JoinFunc, "lower": stdlib.LowerFunc, "upper": stdlib.UpperFunc,
	"replace": stdlib.ReplaceFunc, "trimprefix": stdlib.TrimPrefixFunc, "trimsuffix": stdlib.TrimSuffixFunc,
	"coalesce": stdlib.CoalesceFunc,
	"abspath": function.New(&function.Spec{
		Params: []function.Parameter{{Name: "path", Type: cty.String}},
		Type:   function.StaticReturnType(cty.String),
		Impl: func(args []cty.Value, _ cty.Type) (cty.Value, error) {
			return cty.StringVal(filepath.Clean(args[0].AsString())), nil
		},
	}),
}

// repeated are the block types a body may hold many of, and the list
// they make in the YAML.
var repeated = map[string]string{
	"task": "tasks", "job_cluster": "job_clusters", "parameter": "parameters", "library": "libraries",
	"cluster": "clusters", "environment": "environments", "depends_on": "depends_on",
}

// taskBlocks are what a job of one task (the provider's older form) holds
// at its top level.
var taskBlocks = []string{"notebook_task", "spark_python_task", "python_wheel_task", "sql_task", "pipeline_task", "dbt_task", "run_job_task", "spark_jar_task", "new_cluster", "existing_cluster_id", "job_cluster_key"}

// job is a databricks_job block as the bundle YAML would hold it.
func (m *tfModule) job(tb tfBody, blk *hclsyntax.Block) *yaml.Node {
	n := m.mapping(tb, blk.Body)
	oneTask := false
	for _, k := range taskBlocks[:8] {
		oneTask = oneTask || get(n, k) != nil
	}
	if get(n, "tasks") == nil && oneTask {
		task := m.node(tb, yaml.MappingNode, "", blk.Body.SrcRange)
		task.Content = append(task.Content, m.node(tb, yaml.ScalarNode, "task_key", blk.Body.SrcRange), m.node(tb, yaml.ScalarNode, blk.Labels[1], blk.Body.SrcRange))
		for _, k := range taskBlocks {
			if v := get(n, k); v != nil {
				task.Content = append(task.Content, m.node(tb, yaml.ScalarNode, k, blk.Body.SrcRange), v)
			}
		}
		tasks := m.node(tb, yaml.SequenceNode, "", blk.Body.SrcRange)
		tasks.Content = []*yaml.Node{task}
		n.Content = append(n.Content, m.node(tb, yaml.ScalarNode, "tasks", blk.Body.SrcRange), tasks)
	}
	if _, ok := blk.Body.Attributes["for_each"]; ok {
		m.b.p.note("%s: job %s is made for_each: read once, as declared", m.place(tb, blk.Body.SrcRange), blk.Labels[1])
	}
	return n
}

// mapping turns a block's body into a mapping: attributes by their
// values, nested blocks by their bodies, repeated ones into lists.
func (m *tfModule) mapping(tb tfBody, body *hclsyntax.Body) *yaml.Node {
	out := m.node(tb, yaml.MappingNode, "", body.SrcRange)
	attrs := make([]*hclsyntax.Attribute, 0, len(body.Attributes))
	for _, a := range body.Attributes {
		attrs = append(attrs, a)
	}
	sort.Slice(attrs, func(i, j int) bool { return attrs[i].SrcRange.Start.Byte < attrs[j].SrcRange.Start.Byte })
	for _, a := range attrs {
		if v := m.value(tb, a.Expr); v != nil {
			out.Content = append(out.Content, m.node(tb, yaml.ScalarNode, a.Name, a.NameRange), v)
		}
	}
	lists := map[string]*yaml.Node{}
	for _, blk := range body.Blocks {
		if blk.Type == "dynamic" {
			m.b.p.note("%s: a dynamic block is made by a plan; not read", m.place(tb, blk.TypeRange))
			continue
		}
		v := m.mapping(tb, blk.Body)
		if list, ok := repeated[blk.Type]; ok {
			if lists[list] == nil {
				lists[list] = m.node(tb, yaml.SequenceNode, "", blk.TypeRange)
				out.Content = append(out.Content, m.node(tb, yaml.ScalarNode, list, blk.TypeRange), lists[list])
			}
			lists[list].Content = append(lists[list].Content, v)
			continue
		}
		out.Content = append(out.Content, m.node(tb, yaml.ScalarNode, blk.Type, blk.TypeRange), v)
	}
	return out
}

// value is an expression's value as YAML, evaluated in the module's
// context; what cannot be evaluated is "${...}" of its source text, which
// the bundle reader takes for a reference it cannot resolve. A null is nil.
func (m *tfModule) value(tb tfBody, e hclsyntax.Expression) *yaml.Node {
	v, d := e.Value(m.ctx)
	if d.HasErrors() || !v.IsWhollyKnown() {
		r := e.Range()
		text := strings.TrimSpace(string(tb.src(r)))
		return m.node(tb, yaml.ScalarNode, "${"+strings.Trim(text, `"`)+"}", r)
	}
	return m.cty(tb, v, e.Range())
}

// cty turns a known value into YAML at range r.
func (m *tfModule) cty(tb tfBody, v cty.Value, r hcl.Range) *yaml.Node {
	if v.IsNull() {
		return nil
	}
	t := v.Type()
	switch {
	case t == cty.String:
		n := m.node(tb, yaml.ScalarNode, v.AsString(), r)
		n.Style = yaml.DoubleQuotedStyle
		return n
	case t == cty.Number:
		return m.node(tb, yaml.ScalarNode, v.AsBigFloat().Text('f', -1), r)
	case t == cty.Bool:
		if v.True() {
			return m.node(tb, yaml.ScalarNode, "true", r)
		}
		return m.node(tb, yaml.ScalarNode, "false", r)
	case t.IsObjectType() || t.IsMapType():
		out := m.node(tb, yaml.MappingNode, "", r)
		keys := make([]string, 0)
		vals := v.AsValueMap()
		for k := range vals {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			if c := m.cty(tb, vals[k], r); c != nil {
				out.Content = append(out.Content, m.node(tb, yaml.ScalarNode, k, r), c)
			}
		}
		return out
	case t.IsListType() || t.IsTupleType() || t.IsSetType():
		out := m.node(tb, yaml.SequenceNode, "", r)
		for _, e := range v.AsValueSlice() {
			if c := m.cty(tb, e, r); c != nil {
				out.Content = append(out.Content, c)
			}
		}
		return out
	}
	return nil
}

// node is a YAML node placed at the start of r in tb's file.
func (m *tfModule) node(tb tfBody, kind yaml.Kind, value string, r hcl.Range) *yaml.Node {
	line := max(r.Start.Line, 1)
	col := 1
	if line <= len(tb.file.lines) {
		col = r.Start.Byte - tb.file.lines[line-1] + 1
	}
	n := &yaml.Node{Kind: kind, Value: value, Line: line, Column: col}
	m.b.ys.fileOf[n] = tb.file
	return n
}

func (m *tfModule) place(tb tfBody, r hcl.Range) Place {
	return m.b.ys.place(m.node(tb, yaml.ScalarNode, "", r))
}

// src is the source text of r.
func (tb tfBody) src(r hcl.Range) []byte {
	if r.End.Byte > len(tb.text) || r.Start.Byte > r.End.Byte {
		return nil
	}
	return tb.text[r.Start.Byte:r.End.Byte]
}

// file maps a task's notebook or file path to the project file: the
// source of the resource that uploads to that path, else the file the
// path names relative to the module or a directory above it, or the one
// project file whose path ends as it does.
func (m *tfModule) file(v string) (file, why string) {
	switch {
	case v == "":
		return "", "no path"
	case strings.Contains(v, "${"):
		return "", "the path " + v + " is not known"
	}
	if src, ok := m.uploads[v]; ok {
		if f, ok := existing(src); ok {
			return m.named(f), ""
		}
		return "", "no project file at " + m.named(src) + ", the source uploaded to " + v
	}
	if strings.Contains(v, "://") || strings.HasPrefix(v, "dbfs:") {
		return "", "the path " + v + " is not in the project"
	}
	// a path built from path.module, or a file of this machine: the file itself
	if fromModule := strings.HasPrefix(v, m.abs+string(filepath.Separator)); fromModule || filepath.IsAbs(v) {
		if f, ok := existing(v); ok {
			return m.named(f), ""
		}
		if fromModule {
			return "", "no project file at " + m.named(filepath.Clean(v))
		}
	}
	return resolveFile(strings.TrimPrefix(v, "./"), filepath.Join(m.dir, "main.tf"), m.byEnd)
}

// named is an absolute path in the form the caller names the module's
// directory: relative to the working directory when that is.
func (m *tfModule) named(abs string) string {
	if m.abs == m.dir {
		return abs
	}
	if rel, err := filepath.Rel(m.abs, abs); err == nil {
		return filepath.Join(m.dir, rel)
	}
	return abs
}

// FindTerraform are the Terraform files (*.tf) of the repositories that
// hold the files at paths: below each one's top (the directory holding
// .git), else below the files' common directory; in path order.
func (f *BundleFinder) FindTerraform(paths []string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.tf == nil {
		f.tf = map[string][]string{}
	}
	if f.top == nil {
		f.top = map[string]string{}
	}
	roots := map[string]bool{}
	common := ""
	for i, p := range paths {
		dir := filepath.Dir(p)
		if top := f.repoTop(dir); top != "" {
			roots[top] = true
			continue
		}
		if i == 0 || common == "" {
			common = dir
		}
		for common != "" && !strings.HasPrefix(dir+string(filepath.Separator), common+string(filepath.Separator)) {
			if parent := filepath.Dir(common); parent != common {
				common = parent
			} else {
				common = ""
			}
		}
	}
	if common != "" {
		roots[common] = true
	}
	var out []string
	for root := range roots {
		found, ok := f.tf[root]
		if !ok {
			found = terraformBelow(root, f.Walks)
			f.tf[root] = found
		}
		out = append(out, found...)
	}
	sort.Strings(out)
	return slices.Compact(out)
}

// repoTop is the directory holding .git at or above dir, "" for none.
func repoTop(dir string) string {
	var f BundleFinder
	f.top = map[string]string{}
	return f.repoTop(dir)
}

// repoTop is repoTop remembering each directory's answer; f.mu is held.
func (f *BundleFinder) repoTop(dir string) string {
	if top, ok := f.top[dir]; ok {
		return top
	}
	top := ""
	if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
		top = dir
	} else if parent := filepath.Dir(dir); parent != dir {
		top = f.repoTop(parent)
	}
	f.top[dir] = top
	return top
}

// terraformBelow lists the *.tf files below root, leaving out hidden
// directories (.terraform holds downloaded modules) and environments.
func terraformBelow(root string, walks *walkmemo.Memo) []string {
	return walks.Files("terraform", root, func(look func(string)) ([]string, bool) {
		var out []string
		keep := true
		_ = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
			if err != nil {
				keep = false
				return nil
			}
			if d.IsDir() {
				if name := d.Name(); p != root && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "venv" || name == "__pycache__" || name == "site-packages") {
					return filepath.SkipDir
				}
				look(p)
				return nil
			}
			if strings.HasSuffix(d.Name(), ".tf") && d.Type().IsRegular() {
				out = append(out, filepath.Clean(p))
			}
			return nil
		})
		return out, keep
	})
}
