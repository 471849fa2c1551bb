package orchestration

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lakelint/lakelint/orchestration/cron"
)

// bundle is one bundle being read.
type bundle struct {
	p      *Project
	ys     yamlSet
	root   string // the directory of databricks.yml
	name   string
	target string
	vars   map[string]string
	// packages are the Python packages below the root, read on first use
	packages []packageProject
	// resolve, when set, maps the paths tasks name to project files
	// instead of file's bundle rules (a Terraform module's).
	resolve func(path string) (file, why string)
}

// BundleFiles are the names a bundle's root file may have.
var BundleFiles = []string{"databricks.yml", "databricks.yaml"}

// readBundle reads the bundle whose root file is file.
func (p *Project) readBundle(file, target string) {
	b := &bundle{p: p, root: filepath.Dir(filepath.Clean(file)), vars: map[string]string{}}
	top, err := b.ys.read(file)
	if err != nil {
		p.note("%s: cannot read the bundle: %v", file, err)
		p.Unread = append(p.Unread, Unread{File: file, Why: err.Error()})
		return
	}
	b.name = scalar(path(top.root, "bundle", "name"))
	for _, inc := range items(get(top.root, "include")) {
		matches := globFiles(b.root, scalar(inc))
		if len(matches) == 0 {
			p.note("%s: include %q names no file", b.ys.place(inc), scalar(inc))
		}
		for _, m := range matches {
			if filepath.Clean(m) == top.path {
				continue
			}
			if _, err := b.ys.read(m); err != nil {
				p.note("%s: cannot read the included file: %v", m, err)
				p.Unread = append(p.Unread, Unread{File: m, Why: err.Error()})
			}
		}
	}
	// resources, variables and targets may be in any of the files
	resources := &yaml.Node{Kind: yaml.MappingNode}
	b.ys.fileOf[resources] = top
	targets := map[string]*yaml.Node{}
	var targetOrder []string
	for _, f := range b.ys.files {
		resources = b.ys.merge(resources, get(f.root, "resources"), "resources")
		for _, e := range entries(get(f.root, "variables")) {
			if d := get(e[1], "default"); d != nil && d.Kind == yaml.ScalarNode {
				b.vars[e[0].Value] = d.Value
			} else if e[1].Kind == yaml.ScalarNode {
				b.vars[e[0].Value] = e[1].Value
			}
		}
		for _, e := range entries(get(f.root, "targets")) {
			if targets[e[0].Value] == nil {
				targetOrder = append(targetOrder, e[0].Value)
			}
			targets[e[0].Value] = b.ys.merge(targets[e[0].Value], e[1], "")
		}
	}
	if py := b.pythonResources(); py != nil {
		resources = b.ys.merge(resources, py, "resources")
	}
	b.target = target
	if b.target == "" {
		for _, name := range targetOrder {
			if on, _ := truth(get(targets[name], "default")); on {
				b.target = name
			}
		}
		if b.target == "" && len(targetOrder) == 1 {
			b.target = targetOrder[0]
		}
	}
	if t, ok := targets[b.target]; ok {
		resources = b.ys.merge(resources, get(t, "resources"), "resources")
		for _, e := range entries(get(t, "variables")) {
			if e[1].Kind == yaml.ScalarNode {
				b.vars[e[0].Value] = e[1].Value
			} else if d := get(e[1], "default"); d != nil && d.Kind == yaml.ScalarNode {
				b.vars[e[0].Value] = d.Value
			}
		}
	} else if b.target != "" {
		p.note("%s: the bundle has no target %q; its base settings are used", top.path, b.target)
	}
	p.Bundles = append(p.Bundles, Root{Dir: b.root, File: top.path, Name: b.name, Target: b.target})
	for _, f := range b.ys.files {
		p.Inputs = append(p.Inputs, f.path)
	}
	for _, e := range entries(get(resources, "pipelines")) {
		p.Pipelines = append(p.Pipelines, b.pipeline(e[0].Value, e[1]))
	}
	for _, e := range entries(get(resources, "jobs")) {
		p.Jobs = append(p.Jobs, b.job(e[0].Value, e[1]))
	}
}

// ref matches a substitution: ${var.name}, ${bundle.target}, ${resources.pipelines.key.id}.
var ref = regexp.MustCompile(`\$\{([A-Za-z0-9_.\-\[\]]+)\}`)

// str is a scalar with its substitutions resolved where they are known.
func (b *bundle) str(n *yaml.Node) string {
	s := scalar(n)
	for range 5 { // variables may name variables
		next := ref.ReplaceAllStringFunc(s, func(m string) string {
			name := m[2 : len(m)-1]
			switch {
			case strings.HasPrefix(name, "var."):
				if v, ok := b.vars[name[len("var."):]]; ok {
					return v
				}
			case strings.HasPrefix(name, "variables.") && strings.HasSuffix(name, ".value"):
				if v, ok := b.vars[strings.TrimSuffix(name[len("variables."):], ".value")]; ok {
					return v
				}
			case name == "bundle.target" && b.target != "":
				return b.target
			case name == "bundle.name" && b.name != "":
				return b.name
			}
			return m
		})
		if next == s {
			break
		}
		s = next
	}
	return s
}

// workspaceRoots are the prefixes that stand for the bundle's root as deployed.
var workspaceRoots = []string{"${workspace.file_path}", "${workspace.root_path}/files", "${workspace.root_path}"}

// file maps a path of the YAML at n to the project file: relative to the
// YAML file that declares it, or to the bundle root under a workspace
// prefix; notebooks may leave out their extension.
func (b *bundle) file(n *yaml.Node) (file, why string) {
	v := b.str(n)
	if b.resolve != nil {
		return b.resolve(v)
	}
	if v == "" {
		return "", "no path"
	}
	var p string
	for _, prefix := range workspaceRoots {
		if rest, ok := strings.CutPrefix(v, prefix); ok {
			p = filepath.Join(b.root, filepath.FromSlash(rest))
			break
		}
	}
	switch {
	case p != "":
	case strings.Contains(v, "${"):
		return "", "the path " + v + " is not known"
	case strings.HasPrefix(v, "/") || strings.Contains(v, "://") || strings.HasPrefix(v, "dbfs:"):
		return "", "the path " + v + " is not in the project"
	default:
		p = filepath.Join(b.ys.dir(n), filepath.FromSlash(v))
	}
	if f, ok := existing(p); ok {
		return f, ""
	}
	return "", "no project file at " + v
}

// existing is p, or p with a notebook's extension, when that is a file.
func existing(p string) (string, bool) {
	for _, ext := range []string{"", ".py", ".ipynb", ".sql", ".scala", ".r"} {
		if info, err := os.Stat(p + ext); err == nil && info.Mode().IsRegular() {
			return filepath.Clean(p + ext), true
		}
	}
	return "", false
}

// job reads one job resource.
func (b *bundle) job(key string, n *yaml.Node) *Job {
	j := &Job{Key: key, Name: b.str(get(n, "name")), Source: Bundle, At: b.ys.place(n)}
	if j.Name == "" {
		j.Name = key
	}
	j.Schedule = b.schedule(n)
	clusters := map[string][]Conf{}
	for _, c := range items(get(n, "job_clusters")) {
		clusters[b.str(get(c, "job_cluster_key"))] = b.sparkConf(path(c, "new_cluster", "spark_conf"))
	}
	var jobParams []Conf
	for _, pn := range items(get(n, "parameters")) {
		jobParams = append(jobParams, Conf{Key: b.str(get(pn, "name")), Value: b.str(get(pn, "default")), At: b.ys.place(pn)})
	}
	for _, tn := range items(get(n, "tasks")) {
		t := b.task(tn)
		t.Job = j
		t.Params = b.taskParams(tn, jobParams)
		switch {
		case get(tn, "new_cluster") != nil:
			t.SparkConf = b.sparkConf(path(tn, "new_cluster", "spark_conf"))
		case t.Cluster != "":
			t.SparkConf = clusters[t.Cluster]
		case get(tn, "existing_cluster_id") != nil:
			// a cluster outside the bundle: its settings are not known
		case t.Kind == SQLFileTask || t.Kind == DbtTask || t.Kind == PipelineTask || t.Kind == RunJobTask:
			// a SQL warehouse, the pipeline's own compute, another job's
		default:
			// no compute named: serverless (an environment, or none at all)
			t.Serverless = true
		}
		if t.Kind == SparkSubmitTask { // its --conf settings override the cluster's
			t.SparkConf = append(slices.Clip(t.SparkConf), b.submitConf(items(path(tn, "spark_submit_task", "parameters")))...)
		}
		j.Tasks = append(j.Tasks, t)
	}
	return j
}

// jobParamRef is a task parameter that passes a job parameter on.
var jobParamRef = regexp.MustCompile(`^\{\{\s*job\.parameters\.([A-Za-z0-9_\-]+)\s*\}\}$`)

// taskParams are the parameters a task gives the file it runs: the job's,
// then its own notebook_task.base_parameters or sql_task.parameters, a
// {{job.parameters.x}} value taking the job parameter's default.
func (b *bundle) taskParams(n *yaml.Node, job []Conf) []Conf {
	out := append([]Conf(nil), job...)
	own := path(n, "notebook_task", "base_parameters")
	if own == nil {
		own = path(n, "sql_task", "parameters")
	}
	for _, e := range entries(own) {
		c := Conf{Key: e[0].Value, Value: b.str(e[1]), At: b.ys.place(e[0])}
		if m := jobParamRef.FindStringSubmatch(c.Value); m != nil {
			c.Value = "{{job.parameters." + m[1] + "}}" // unknown unless the job gives it
			for _, jp := range job {
				if jp.Key == m[1] {
					c.Value = jp.Value
				}
			}
		}
		out = append(out, c)
	}
	return out
}

// schedule reads a job's schedule, trigger or continuous setting.
func (b *bundle) schedule(n *yaml.Node) Schedule {
	paused := func(m *yaml.Node) bool { return strings.EqualFold(b.str(get(m, "pause_status")), "PAUSED") }
	if c := get(n, "continuous"); c != nil {
		s := Schedule{Kind: Continuous, Paused: paused(c), At: b.ys.place(c), Why: "a continuous job runs without a schedule: its streams' triggers say how often it writes"}
		if on, ok := truth(c); ok && !on {
			s.Paused = true
		}
		return s
	}
	if sc := get(n, "schedule"); sc != nil {
		e := get(sc, "quartz_cron_expression")
		s := Schedule{Kind: Cron, Expr: b.str(e), Paused: paused(sc), At: b.ys.place(e)}
		if f, err := cron.Parse(s.Expr, cron.Quartz); err == nil {
			s.RunsPerDay, s.Known = f.RunsPerDay, true
		} else {
			s.Why = err.Error()
		}
		return s
	}
	if tr := get(n, "trigger"); tr != nil {
		s := Schedule{Paused: paused(tr), At: b.ys.place(tr)}
		switch {
		case get(tr, "periodic") != nil:
			per := get(tr, "periodic")
			s.Kind, s.At = Periodic, b.ys.place(per)
			s.Expr = strings.TrimSpace(b.str(get(per, "interval")) + " " + b.str(get(per, "unit")))
			if d, ok := parseInterval(s.Expr); ok {
				s.RunsPerDay, s.Known = cron.Every(d).RunsPerDay, true
			} else {
				s.Why = "interval " + s.Expr + " is not known"
			}
		case get(tr, "file_arrival") != nil:
			s.Kind, s.Expr = FileArrival, b.str(path(tr, "file_arrival", "url"))
			s.Why = "runs when files arrive"
		case get(tr, "table_update") != nil || get(tr, "table") != nil:
			s.Kind, s.Why = TableUpdate, "runs when its tables change"
		default:
			s.Kind, s.Why = Manual, "a trigger lakelint does not know"
		}
		return s
	}
	return Schedule{Kind: Manual, Why: "no schedule or trigger", At: b.ys.place(n)}
}

// task reads one task.
func (b *bundle) task(n *yaml.Node) *Task {
	t := &Task{Key: b.str(get(n, "task_key")), Cluster: b.str(get(n, "job_cluster_key")), At: b.ys.place(n)}
	fileTask := func(kind TaskKind, p *yaml.Node) {
		t.Kind, t.Ref, t.At = kind, b.str(p), b.ys.place(p)
		t.File, t.Why = b.file(p)
	}
	switch {
	case get(n, "notebook_task") != nil:
		fileTask(NotebookTask, path(n, "notebook_task", "notebook_path"))
	case get(n, "spark_python_task") != nil:
		fileTask(PythonFileTask, path(n, "spark_python_task", "python_file"))
	case get(n, "sql_task") != nil:
		if f := path(n, "sql_task", "file", "path"); f != nil {
			fileTask(SQLFileTask, f)
		} else {
			t.Kind, t.Why = SQLFileTask, "a query, dashboard or alert, not a file"
		}
	case get(n, "python_wheel_task") != nil:
		w := get(n, "python_wheel_task")
		t.Kind, t.At = WheelTask, b.ys.place(w)
		pkg, entry := b.str(get(w, "package_name")), b.str(get(w, "entry_point"))
		t.Ref = pkg + ":" + entry
		t.File, t.Why = b.entryPointFile(pkg, entry)
	case get(n, "pipeline_task") != nil:
		id := get(n, "pipeline_task")
		t.Kind, t.At = PipelineTask, b.ys.place(id)
		t.Ref = scalar(get(id, "pipeline_id"))
		if m := pipelineRef.FindStringSubmatch(t.Ref); m != nil {
			t.Pipeline = m[1]
		} else {
			t.Why = "a pipeline outside the bundle"
		}
	case get(n, "dbt_task") != nil:
		d := get(n, "dbt_task")
		t.Kind, t.At, t.Ref = DbtTask, b.ys.place(d), b.str(get(d, "project_directory"))
		var cmds []string
		for _, c := range items(get(d, "commands")) {
			cmds = append(cmds, b.str(c))
		}
		t.Why = "runs no dbt models lakelint knows"
		if t.Dbt = dbtCommands(cmds); t.Dbt != nil {
			// relative to the bundle's root when not to the YAML file
			t.Dbt.Dir = t.Ref
			if t.Ref == "" || !filepath.IsAbs(t.Ref) {
				t.Dbt.Dir = filepath.Join(b.root, filepath.FromSlash(t.Ref))
			}
		}
	case get(n, "spark_submit_task") != nil:
		st := get(n, "spark_submit_task")
		t.Kind, t.At = SparkSubmitTask, b.ys.place(st)
		if f := submitFile(items(get(st, "parameters"))); f != nil {
			fileTask(SparkSubmitTask, f)
		} else {
			t.Why = "submits no Python file"
		}
	case get(n, "run_job_task") != nil:
		t.Kind, t.Ref, t.Why = RunJobTask, b.str(path(n, "run_job_task", "job_id")), "runs another job"
	}
	if t.Why != "" && t.Kind != RunJobTask && t.Kind != DbtTask && t.Pipeline == "" {
		b.p.note("%s: task %s: %s", t.At, t.Key, t.Why)
	}
	return t
}

var pipelineRef = regexp.MustCompile(`^\$\{resources\.pipelines\.([A-Za-z0-9_\-]+)\.id\}$`)

// submitFile is the Python file among spark-submit's parameters: the first
// that is no option nor an option's value and names a .py file.
func submitFile(params []*yaml.Node) *yaml.Node {
	for i := 0; i < len(params); i++ {
		v := scalar(params[i])
		switch {
		case strings.HasPrefix(v, "--"):
			if !strings.Contains(v, "=") && !strings.Contains(v, " ") {
				i++ // the option's value
			}
		case strings.HasSuffix(v, ".py"):
			return params[i]
		}
	}
	return nil
}

// submitConf reads spark-submit's --conf k=v parameters (one item or two,
// "--conf=k=v" too), each placed at its item.
func (b *bundle) submitConf(params []*yaml.Node) []Conf {
	var out []Conf
	for i := 0; i < len(params); i++ {
		v := strings.TrimSpace(scalar(params[i]))
		at := params[i]
		rest, ok := strings.CutPrefix(v, "--conf")
		if !ok {
			continue
		}
		rest = strings.TrimLeft(rest, "= ")
		if rest == "" && i+1 < len(params) {
			i++
			at, rest = params[i], strings.TrimSpace(scalar(params[i]))
		}
		if k, val, ok := strings.Cut(rest, "="); ok && k != "" {
			key := strings.TrimSpace(k)
			out = append(out, Conf{Key: key, Value: strings.Trim(strings.TrimSpace(val), `"'`), At: b.keyIn(at, key)})
		}
	}
	return out
}

// keyIn is the place of key inside the scalar item n ("--conf=k=v",
// "k=v"): where it is written when the item is on one line and its text
// up to the key has no escapes, else the item's own place.
func (b *bundle) keyIn(n *yaml.Node, key string) Place {
	p := b.ys.place(n)
	if n == nil || n.Kind != yaml.ScalarNode || p.File == "" || p.End == p.Start || strings.Contains(n.Value, "\n") {
		return p
	}
	i := strings.Index(n.Value, key)
	if i < 0 || strings.ContainsAny(n.Value[:i], "\\'\"") {
		return p
	}
	if n.Style&(yaml.DoubleQuotedStyle|yaml.SingleQuotedStyle) != 0 {
		i++ // the opening quote
	}
	p.Start += i
	p.Col += i
	p.End = p.Start + len(key)
	return p
}

// sparkConf reads a spark_conf mapping. What is not a mapping of
// settings (a list, a value of its own) is noted and read as none, and
// so is an entry whose value is not one value.
func (b *bundle) sparkConf(n *yaml.Node) []Conf {
	if n != nil && n.Kind != yaml.MappingNode {
		b.p.note("%s: spark_conf is not a mapping of settings: its settings are not read", b.ys.place(n))
		return nil
	}
	var out []Conf
	for _, e := range entries(n) {
		if e[1].Kind != yaml.ScalarNode && e[1].Kind != yaml.AliasNode {
			b.p.note("%s: spark_conf %s has no single value: it is not read", b.ys.place(e[0]), e[0].Value)
			continue
		}
		out = append(out, Conf{Key: e[0].Value, Value: b.str(e[1]), At: b.ys.place(e[0])})
	}
	return out
}

// pipeline reads one pipeline resource.
func (b *bundle) pipeline(key string, n *yaml.Node) *Pipeline {
	pl := &Pipeline{Key: key, Name: b.str(get(n, "name")), At: b.ys.place(n)}
	pl.Continuous, _ = truth(get(n, "continuous"))
	pl.Serverless, _ = truth(get(n, "serverless"))
	for _, e := range entries(get(n, "configuration")) {
		c := Conf{Key: e[0].Value, Value: b.str(e[1]), At: b.ys.place(e[0])}
		pl.Configuration = append(pl.Configuration, c)
		if strings.EqualFold(c.Key, "pipelines.trigger.interval") {
			pl.Interval = c.Value
		}
	}
	for _, c := range items(get(n, "clusters")) {
		pl.Configuration = append(pl.Configuration, b.sparkConf(get(c, "spark_conf"))...)
	}
	for _, lib := range items(get(n, "libraries")) {
		for _, kind := range []string{"notebook", "file"} {
			if p := path(lib, kind, "path"); p != nil {
				if f, why := b.file(p); f != "" {
					pl.Files = append(pl.Files, f)
				} else {
					b.p.note("%s: pipeline %s: %s", b.ys.place(p), key, why)
				}
			}
		}
		if g := path(lib, "glob", "include"); g != nil {
			v := b.str(g)
			if rest, ok := strings.CutPrefix(v, "${workspace.file_path}"); ok {
				pl.Files = append(pl.Files, globFiles(b.root, strings.TrimPrefix(rest, "/"))...)
			} else {
				pl.Files = append(pl.Files, globFiles(b.ys.dir(g), v)...)
			}
		}
	}
	sort.Strings(pl.Files)
	return pl
}

// note records something that could not be read.
func (p *Project) note(format string, args ...any) {
	p.Notes = append(p.Notes, fmt.Sprintf(format, args...))
}

// globFiles are the files below dir that pattern matches (slash-separated,
// relative to dir; `**` matches any number of directories; a pattern
// naming a directory matches every file below it), in path order.
func globFiles(dir, pattern string) []string {
	pattern = strings.TrimPrefix(filepath.ToSlash(pattern), "./")
	if pattern == "" {
		return nil
	}
	if !strings.Contains(pattern, "**") {
		out, _ := filepath.Glob(filepath.Join(dir, filepath.FromSlash(pattern)))
		var files []string
		for _, m := range out {
			if info, err := os.Stat(m); err == nil && info.Mode().IsRegular() {
				files = append(files, filepath.Clean(m))
			} else if err == nil && info.IsDir() {
				files = append(files, globFiles(m, "**")...)
			}
		}
		return files
	}
	// the literal directories first: "../src/**" walks ../src
	pat := strings.Split(pattern, "/")
	base := dir
	for len(pat) > 1 && !strings.ContainsAny(pat[0], "*?[") {
		base, pat = filepath.Join(base, pat[0]), pat[1:]
	}
	var out []string
	_ = filepath.WalkDir(base, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return nil
		}
		if d.IsDir() {
			if name := d.Name(); p != base && (strings.HasPrefix(name, ".") || name == "node_modules" || name == "__pycache__") {
				return filepath.SkipDir
			}
			return nil
		}
		rel, err := filepath.Rel(base, p)
		if err == nil && matchSegments(pat, strings.Split(filepath.ToSlash(rel), "/")) {
			out = append(out, filepath.Clean(p))
		}
		return nil
	})
	return out
}

// matchSegments matches path segments against pattern segments, `**`
// standing for any number of them.
func matchSegments(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			for i := 0; i <= len(name); i++ {
				if matchSegments(pat[1:], name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if ok, _ := filepath.Match(pat[0], name[0]); !ok {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	return len(name) == 0
}
