package orchestration

import (
	"bytes"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/lakelint/lakelint/orchestration/cron"
	"github.com/lakelint/lakelint/parsers/python"
)

var (
	fFunction   = python.FieldByName("function")
	fArguments  = python.FieldByName("arguments")
	fName       = python.FieldByName("name")
	fValue      = python.FieldByName("value")
	fLeft       = python.FieldByName("left")
	fRight      = python.FieldByName("right")
	fKey        = python.FieldByName("key")
	fAttribute  = python.FieldByName("attribute")
	fDefinition = python.FieldByName("definition")
	fAlias      = python.FieldByName("alias")
)

// MaybeDAG reports whether src may declare an Airflow DAG, cheaply: only
// such files are parsed.
func MaybeDAG(src []byte) bool {
	return bytes.Contains(src, []byte("airflow")) && (bytes.Contains(src, []byte("DAG")) || bytes.Contains(src, []byte("dag")))
}

// DAGFile is what one Python file declares of Airflow: its DAGs, whose
// tasks' files are mapped to project files by Read.
type DAGFile struct {
	Jobs  []*Job
	Notes []string
}

// dagFile is one Python file being read for DAGs.
type dagFile struct {
	p       *DAGFile
	path    string
	tree    *python.Tree
	lines   []int
	consts  map[string]python.Node // module-level NAME = value
	dags    []*Job
	byName  map[string]*Job   // DAGs bound to a name: dag = DAG(...)
	aliases map[string]string // import aliases: ModelDAG → DAG
}

// ParseDAGs reads the DAGs of one Python file (none unless MaybeDAG):
// with the Python parser, as a fact source of its own beside the file's
// extracted facts. Task files are left for Read to map.
func ParseDAGs(path string, src []byte) *DAGFile {
	out := &DAGFile{}
	if !MaybeDAG(src) {
		return out
	}
	tree, err := python.Parse(src)
	if err != nil {
		return out
	}
	defer tree.Release()
	d := &dagFile{p: out, path: filepath.Clean(path), tree: tree, consts: map[string]python.Node{}, byName: map[string]*Job{}, aliases: map[string]string{}, lines: []int{0}}
	for i, c := range src {
		if c == '\n' {
			d.lines = append(d.lines, i+1)
		}
	}
	root := tree.Root()
	d.readAliases(root)
	for c := root.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Is("expression_statement") {
			if a := c.FirstChild(); a.Is("assignment") {
				if l := a.ChildByFieldID(fLeft); l.Is("identifier") {
					d.consts[l.String()] = a.ChildByFieldID(fRight)
				}
			}
		}
	}
	// DAGs first, then the operators, which name their DAG
	walk(root, func(n python.Node) {
		if n.Is("call") && d.isDAGCall(n) {
			d.dagOf(n, kwarg(n, "dag_id"), firstString(n))
		}
		if n.Is("decorated_definition") {
			for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
				if c.Is("decorator") && d.isDagDecorator(c) {
					call := python.Node{}
					if e := c.FirstChild().NextSibling(); e.Is("call") {
						call = e
					}
					name := n.ChildByFieldID(fDefinition).ChildByFieldID(fName).String()
					j := d.dagOf(call, kwarg(call, "dag_id"), name)
					d.byName["@"+name] = j
				}
			}
		}
	})
	walk(root, func(n python.Node) {
		if n.Is("call") {
			d.operator(n)
		}
	})
	out.Jobs = d.dags
	return out
}

// note records something that could not be read.
func (f *DAGFile) note(format string, args ...any) {
	f.Notes = append(f.Notes, fmt.Sprintf(format, args...))
}

// walk visits n and its descendants in source order.
func walk(n python.Node, visit func(python.Node)) {
	visit(n)
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		walk(c, visit)
	}
}

// callee is the last name of a call's function: DAG for models.DAG(...).
// An import's alias (from airflow.models import DAG as ModelDAG) is
// read as the name it stands for.
func (d *dagFile) callee(call python.Node) string {
	f := call.ChildByFieldID(fFunction)
	if f.Is("attribute") {
		return f.ChildByFieldID(fAttribute).String()
	}
	if f.Is("identifier") {
		if name, ok := d.aliases[f.String()]; ok {
			return name
		}
		return f.String()
	}
	return ""
}

func (d *dagFile) isDAGCall(n python.Node) bool { return d.callee(n) == "DAG" }

func (d *dagFile) isDagDecorator(dec python.Node) bool {
	e := dec.FirstChild().NextSibling() // after "@"
	if e.Is("call") {
		return d.callee(e) == "dag"
	}
	if e.Is("identifier") {
		return e.TextIs("dag") || d.aliases[e.String()] == "dag"
	}
	return e.Is("attribute") && e.ChildByFieldID(fAttribute).TextIs("dag")
}

// readAliases records the names imports bind under another name.
func (d *dagFile) readAliases(root python.Node) {
	walk(root, func(n python.Node) {
		if n.Is("aliased_import") {
			if name, alias := n.ChildByFieldID(fName), n.ChildByFieldID(fAlias); name.Valid() && alias.Valid() {
				parts := strings.Split(name.String(), ".")
				d.aliases[alias.String()] = parts[len(parts)-1]
			}
		}
	})
}

// kwarg is the value of a call's keyword argument; the zero Node when absent.
func kwarg(call python.Node, name string) python.Node {
	args := call.ChildByFieldID(fArguments)
	for c := args.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Is("keyword_argument") && c.ChildByFieldID(fName).TextIs(name) {
			return c.ChildByFieldID(fValue)
		}
	}
	return python.Node{}
}

// firstString is a call's first positional argument when it is a string.
func firstString(call python.Node) python.Node {
	args := call.ChildByFieldID(fArguments)
	for c := args.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.IsNamed() && !c.IsExtra() {
			if python.IsString(c) {
				return c
			}
			return python.Node{}
		}
	}
	return python.Node{}
}

// value follows a name to its module-level value, once.
func (d *dagFile) value(n python.Node) python.Node {
	if n.Is("identifier") {
		if v, ok := d.consts[n.String()]; ok {
			return v
		}
	}
	return n
}

// text is a string's value, following a name; ok is false when unknown.
func (d *dagFile) text(n python.Node) (string, bool) {
	n = d.value(n)
	if !python.IsString(n) {
		return "", false
	}
	v, ok := python.DecodeString(n, nil)
	if !ok || !v.Literal() {
		return "", false
	}
	return v.Text, true
}

func (d *dagFile) place(n python.Node) Place {
	off := n.Start()
	line := 0
	for line+1 < len(d.lines) && d.lines[line+1] <= off {
		line++
	}
	return Place{File: d.path, Line: line + 1, Col: off - d.lines[line] + 1, Start: off, End: n.End()}
}

// dagOf records the DAG a DAG(...) call or @dag function declares.
func (d *dagFile) dagOf(call, id python.Node, fallback any) *Job {
	j := &Job{Source: Airflow, At: d.place(call)}
	if s, ok := d.text(id); ok {
		j.Key = s
	}
	if j.Key == "" {
		switch f := fallback.(type) {
		case python.Node:
			j.Key, _ = d.text(f)
		case string:
			j.Key = f
		}
	}
	j.Name = j.Key
	if !call.Valid() {
		j.At = Place{File: d.path}
	}
	j.Schedule = d.schedule(call)
	d.dags = append(d.dags, j)
	// dag = DAG(...): operators may name it with dag=dag
	if p := call.Parent(); p.Is("assignment") && p.ChildByFieldID(fLeft).Is("identifier") {
		d.byName[p.ChildByFieldID(fLeft).String()] = j
	}
	if p := call.Parent(); p.Is("as_pattern") {
		if alias := p.NamedChild(1); alias.Valid() {
			d.byName[strings.TrimSpace(alias.String())] = j
		}
	}
	return j
}

// airflowPresets are Airflow's presets that cron does not know, as cron.
var airflowPresets = map[string]string{"@quarterly": "0 0 1 */3 *"}

// schedule reads a DAG's schedule (or schedule_interval).
func (d *dagFile) schedule(call python.Node) Schedule {
	n := kwarg(call, "schedule")
	if !n.Valid() {
		n = kwarg(call, "schedule_interval")
	}
	if !n.Valid() {
		n = kwarg(call, "timetable")
	}
	if !n.Valid() {
		// Airflow 2 ran a DAG without a schedule daily; Airflow 3 runs it by hand
		return Schedule{Kind: Manual, Why: "no schedule given (daily in Airflow 2, by hand in Airflow 3)", At: d.place(call)}
	}
	at := d.place(n)
	v := d.value(n)
	s := Schedule{Expr: n.String(), At: at}
	switch {
	case v.Is("none"):
		s.Kind, s.Why = Manual, "schedule=None: run by hand or by another DAG"
	case python.IsString(v):
		expr, ok := d.text(v)
		if !ok {
			s.Kind, s.Why = Cron, "the schedule is not known"
			return s
		}
		s.Expr = expr
		switch expr {
		case "@once":
			s.Kind, s.Why = Once, "runs once"
			return s
		case "@continuous":
			s.Kind, s.Why = Continuous, "a continuous DAG starts a run as soon as the last ends"
			return s
		}
		if c, ok := airflowPresets[expr]; ok {
			expr = c
		}
		s.Kind = Cron
		if f, err := cron.Parse(expr, cron.Unix); err == nil {
			s.RunsPerDay, s.Known = f.RunsPerDay, true
		} else {
			s.Why = err.Error()
		}
	case v.Is("call") && (d.callee(v) == "timedelta" || d.callee(v) == "duration"):
		s.Kind = Periodic
		if dur, ok := timedelta(v); ok {
			s.RunsPerDay, s.Known = cron.Every(dur).RunsPerDay, true
		} else {
			s.Why = "the interval is not known"
		}
	case v.Is("list") || v.Is("call") && (d.callee(v) == "Dataset" || d.callee(v) == "Asset"):
		s.Kind, s.Why = TableUpdate, "runs when its datasets are updated"
	default:
		s.Kind, s.Why = Manual, "a timetable lakelint does not read"
	}
	return s
}

// timedelta reads timedelta(hours=1, minutes=30) and timedelta(1) (days).
func timedelta(call python.Node) (time.Duration, bool) {
	units := map[string]time.Duration{"weeks": 7 * 24 * time.Hour, "days": 24 * time.Hour, "hours": time.Hour,
		"minutes": time.Minute, "seconds": time.Second, "milliseconds": time.Millisecond}
	var total time.Duration
	args := call.ChildByFieldID(fArguments)
	positional := 0
	for c := args.FirstChild(); c.Valid(); c = c.NextSibling() {
		if !c.IsNamed() || c.IsExtra() {
			continue
		}
		var unit time.Duration
		val := c
		if c.Is("keyword_argument") {
			u, ok := units[c.ChildByFieldID(fName).String()]
			if !ok {
				return 0, false
			}
			unit, val = u, c.ChildByFieldID(fValue)
		} else {
			unit = []time.Duration{24 * time.Hour, time.Second, time.Microsecond}[min(positional, 2)]
			positional++
		}
		x, ok := number(val)
		if !ok {
			return 0, false
		}
		total += time.Duration(x * float64(unit))
	}
	return total, total > 0
}

// number reads an integer or float literal.
func number(n python.Node) (float64, bool) {
	if !n.Is("integer") && !n.Is("float") {
		return 0, false
	}
	x, err := strconv.ParseFloat(strings.ReplaceAll(n.String(), "_", ""), 64)
	return x, err == nil
}

// operator reads a task of a DAG: what it runs, and which DAG it is of.
func (d *dagFile) operator(call python.Node) {
	name := d.callee(call)
	var t *Task
	switch {
	case strings.HasSuffix(name, "SparkSubmitOperator"):
		t = d.fileTask(call, SparkSubmitTask, kwarg(call, "application"))
	case name == "DatabricksSubmitRunOperator" || name == "DatabricksNotebookOperator":
		t = d.databricksTask(call)
	case name == "DatabricksRunNowOperator":
		t = &Task{Kind: RunJobTask, Why: "runs a Databricks job by id or name"}
		if v, ok := d.text(kwarg(call, "job_name")); ok {
			t.Ref = v
		}
	case name == "DbtRunOperator" || name == "DbtBuildOperator":
		// airflow-dbt: dir= the project, models= or select= the models
		run := &DbtRun{All: true}
		if v, ok := d.text(kwarg(call, "dir")); ok {
			run.Dir = v
		}
		for _, k := range []string{"models", "select"} {
			if v, ok := d.text(kwarg(call, k)); ok {
				sel := dbtCommands([]string{"dbt run --select " + v})
				run.All, run.Select = false, sel.Select
			}
		}
		t = &Task{Kind: DbtTask, Ref: run.Dir, Dbt: run, Why: "runs no dbt models lakelint knows"}
	case name == "BashOperator":
		cmd, ok := d.text(kwarg(call, "bash_command"))
		if ok && strings.Contains(cmd, "dbt ") {
			if run := dbtCommands([]string{cmd}); run != nil {
				if run.Dir == "" {
					run.Dir = projectDir(cmd)
				}
				t = &Task{Kind: DbtTask, Ref: run.Dir, Dbt: run, Why: "runs no dbt models lakelint knows"}
				break
			}
		}
		if !ok || !strings.Contains(cmd, "spark-submit") {
			return
		}
		t = &Task{Kind: SparkSubmitTask, Ref: submittedFile(cmd)}
		if t.Ref == "" {
			t.Why = "spark-submit of no .py file"
		} else {
			t.pending = true
		}
	default:
		return
	}
	t.Key, _ = d.text(kwarg(call, "task_id"))
	if !t.At.Valid() {
		t.At = d.place(call)
	}
	j := d.owner(call)
	if j == nil {
		d.p.note("%s: task %s belongs to no DAG lakelint can see", d.place(call), t.Key)
		return
	}
	t.Job = j
	j.Tasks = append(j.Tasks, t)
}

// Valid reports whether the place is set.
func (p Place) Valid() bool { return p.File != "" }

// fileTask is a task that runs the file its argument names.
func (d *dagFile) fileTask(call python.Node, kind TaskKind, arg python.Node) *Task {
	t := &Task{Kind: kind, At: d.place(call)}
	ref, ok := d.text(arg)
	if !ok {
		t.Why = "the file it runs is not known"
		return t
	}
	t.Ref, t.At, t.pending = ref, d.place(arg), true
	return t
}

// databricksTask reads DatabricksSubmitRunOperator's json or keyword
// arguments (notebook_task, spark_python_task) and DatabricksNotebookOperator.
func (d *dagFile) databricksTask(call python.Node) *Task {
	if p := kwarg(call, "notebook_path"); p.Valid() {
		return d.fileTask(call, NotebookTask, p)
	}
	lookups := []struct {
		kind       TaskKind
		task, file string
	}{{NotebookTask, "notebook_task", "notebook_path"}, {PythonFileTask, "spark_python_task", "python_file"}}
	spec := d.value(kwarg(call, "json"))
	for _, l := range lookups {
		v := kwarg(call, l.task)
		if !v.Valid() && spec.Is("dictionary") {
			v = d.entry(spec, l.task)
			if !v.Valid() {
				// a json whose tasks are a list: the first that has it
				for _, item := range d.listOf(d.entry(spec, "tasks")) {
					if v = d.entry(d.value(item), l.task); v.Valid() {
						break
					}
				}
			}
		}
		if v := d.value(v); v.Is("dictionary") {
			return d.fileTask(call, l.kind, d.entry(v, l.file))
		}
	}
	return &Task{Kind: NotebookTask, Why: "runs nothing lakelint can find in the project"}
}

// entry is a dictionary literal's value at a string key, or a dict(...) call's keyword.
func (d *dagFile) entry(dict python.Node, key string) python.Node {
	dict = d.value(dict)
	if dict.Is("call") && d.callee(dict) == "dict" {
		return kwarg(dict, key)
	}
	for c := dict.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Is("pair") {
			if k, ok := d.text(c.ChildByFieldID(fKey)); ok && k == key {
				return c.ChildByFieldID(fValue)
			}
		}
	}
	return python.Node{}
}

func (d *dagFile) listOf(n python.Node) []python.Node {
	n = d.value(n)
	if !n.Is("list") {
		return nil
	}
	var out []python.Node
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.IsNamed() && !c.IsExtra() {
			out = append(out, c)
		}
	}
	return out
}

// owner is the DAG an operator is of: the dag= argument, the `with DAG()`
// block or @dag function around it, or the file's only DAG.
func (d *dagFile) owner(call python.Node) *Job {
	if v := kwarg(call, "dag"); v.Is("identifier") {
		if j := d.byName[v.String()]; j != nil {
			return j
		}
	}
	for p := call.Parent(); p.Valid(); p = p.Parent() {
		switch {
		case p.Is("with_statement"):
			var found *Job
			for c := p.FirstChild(); c.Valid() && !c.Is("block"); c = c.NextSibling() {
				walk(c, func(n python.Node) {
					if found == nil && n.Is("call") && d.isDAGCall(n) {
						found = d.jobAt(n)
					}
				})
			}
			if found != nil {
				return found
			}
		case p.Is("function_definition"):
			if j := d.byName["@"+p.ChildByFieldID(fName).String()]; j != nil {
				return j
			}
		}
	}
	if len(d.dags) == 1 {
		return d.dags[0]
	}
	return nil
}

// jobAt is the DAG declared by the call at n.
func (d *dagFile) jobAt(n python.Node) *Job {
	for _, j := range d.dags {
		if j.At.Start == n.Start() && j.At.File == d.path {
			return j
		}
	}
	return nil
}

// submittedFile is the .py file a spark-submit command line runs: the
// first argument after spark-submit's options that ends in .py.
func submittedFile(cmd string) string {
	_, rest, ok := strings.Cut(cmd, "spark-submit")
	if !ok {
		return ""
	}
	for _, f := range strings.Fields(rest) {
		f = strings.Trim(f, `"'`)
		if strings.HasSuffix(f, ".py") && !strings.HasPrefix(f, "--") {
			return f
		}
	}
	return ""
}
