// Package orchestration reads how a project's code is run: the jobs and
// pipelines of Databricks Asset Bundles (databricks.yml and the YAML files
// it includes) and the DAGs of Airflow, each task mapped to the project
// file it runs, with its schedule's runs per day and the Spark settings of
// the cluster it runs on. It is a fact source of its own, read once per
// project, beside the facts extracted from each file.
//
// A later step asks Project.For(path) for a file: the most frequent of
// the unpaused schedules that run it, and the cluster settings every one
// of its tasks agrees on. Paths are cleaned and in the form the caller gave
// the bundles and files (the engine gives absolute ones). A bundle is also
// platform evidence: package platform finds the same databricks.yml
// (BundleFiles) and ranks it first.
package orchestration

import (
	"path/filepath"
	"sort"
	"strings"
)

// Place is where something is declared: a YAML or DAG file and a line
// (1-based), with the byte offsets of the value.
type Place struct {
	File       string
	Line, Col  int
	Start, End int
}

func (p Place) String() string {
	if p.File == "" {
		return ""
	}
	return p.File + ":" + itoa(p.Line)
}

// TriggerKind says what starts a job.
type TriggerKind string

const (
	Manual      TriggerKind = "manual"       // nothing in the project: run by hand or by another system
	Cron        TriggerKind = "cron"         // a cron expression
	Periodic    TriggerKind = "periodic"     // every interval
	FileArrival TriggerKind = "file-arrival" // new files in a location
	TableUpdate TriggerKind = "table-update" // a table changed
	Continuous  TriggerKind = "continuous"   // always running
	Once        TriggerKind = "once"         // Airflow @once
)

// Schedule is when a job runs.
type Schedule struct {
	Kind TriggerKind
	// Expr is as written: a cron expression, "4 HOURS", "timedelta(minutes=30)".
	Expr string
	// Paused schedules keep what they say but do not run the job.
	Paused bool
	// RunsPerDay is known when Known; Why says why it is not.
	RunsPerDay float64
	Known      bool
	Why        string
	At         Place
}

// Runs reports whether the schedule runs its job at a known rate: known,
// not paused.
func (s Schedule) Runs() bool { return s.Known && !s.Paused }

// Orchestrator says which declared a job.
type Orchestrator string

const (
	Bundle  Orchestrator = "bundle"
	Airflow Orchestrator = "airflow"
)

// Job is one job of a bundle or one DAG.
type Job struct {
	Key      string // the resource key or dag_id
	Name     string
	Source   Orchestrator
	At       Place
	Schedule Schedule
	Tasks    []*Task
}

// TaskKind says what a task runs.
type TaskKind string

const (
	NotebookTask    TaskKind = "notebook"
	PythonFileTask  TaskKind = "python-file"
	WheelTask       TaskKind = "python-wheel"
	SQLFileTask     TaskKind = "sql-file"
	PipelineTask    TaskKind = "pipeline"
	DbtTask         TaskKind = "dbt"
	SparkSubmitTask TaskKind = "spark-submit"
	RunJobTask      TaskKind = "run-job" // another job, by id or name
)

// Task is one task of a job.
type Task struct {
	Key  string
	Kind TaskKind
	// Ref is what the task names as written (after variables): a path, a
	// package and entry point, a pipeline key.
	Ref string
	// File is the project file it runs, cleaned; "" when it is not in the
	// project or not known (Why says which).
	File string
	// Files are the project files a dbt task runs: its project's models.
	Files []string
	// Dbt is what a dbt task runs (a bundle dbt_task, an Airflow
	// DbtRunOperator or a BashOperator running dbt run); nil for others.
	Dbt *DbtRun
	Why string
	// Pipeline is the key of the bundle pipeline a pipeline task runs.
	Pipeline string
	// Cluster is the job cluster the task runs on ("" for its own or none).
	Cluster string
	// SparkConf is the Spark configuration of the task's cluster.
	SparkConf []Conf
	// Serverless is set when the task runs on serverless compute.
	Serverless bool
	// Params are the parameters the task gives the file it runs (a
	// notebook's widgets, a SQL file's parameter markers): its job's
	// parameters with their defaults, then its own base_parameters or
	// parameters, values after variables and job parameter references.
	Params []Conf
	At     Place
	Job    *Job

	pending bool // a DAG task's Ref, to map to a project file
}

// Unread is a project file that could not be read, and why.
type Unread struct {
	File string
	Why  string
}

// Conf is one spark_conf entry of a cluster.
type Conf struct {
	Key   string // as written
	Value string
	At    Place
}

// Pipeline is a declarative (DLT / Lakeflow) pipeline of a bundle.
type Pipeline struct {
	Key        string
	Name       string
	At         Place
	Continuous bool
	// Interval is pipelines.trigger.interval from its configuration, as written.
	Interval string
	// Configuration is its configuration, Spark settings among it.
	Configuration []Conf
	Files         []string // the project files of its libraries
	Serverless    bool
}

// Root is one bundle read: where it is and which target was applied.
type Root struct {
	Dir    string
	File   string // databricks.yml
	Name   string
	Target string
}

// Project is what the orchestration of a project says.
type Project struct {
	Bundles   []Root
	Jobs      []*Job
	Pipelines []*Pipeline
	// Notes say what could not be read or mapped, for --verbose.
	Notes []string
	// Unread are the bundle files that could not be read or parsed, each
	// with why: what they hold (schedules, cluster settings) is not known.
	Unread []Unread
	// Inputs are the project files read (bundle YAML, pyproject.toml,
	// setup.cfg), whose contents decide the model with the DAG files.
	Inputs []string

	files map[string]*FileRuns
}

// FileRuns is how a project file is run.
type FileRuns struct {
	File string
	// Tasks are every task that runs the file, the most frequent first.
	Tasks []*Task
	// RunsPerDay is the most frequent unpaused known schedule's; Known is
	// false when none is known (a manual, event-driven or paused job).
	RunsPerDay float64
	Known      bool
	// By is the task whose schedule gave RunsPerDay (nil when not Known).
	By *Task
	// Continuous is set when a continuous job or pipeline runs the file.
	Continuous bool
	// SparkConf holds the cluster settings every task running the file
	// gives the same value, in key order.
	SparkConf []Conf
	// Serverless is set when every task running the file runs on
	// serverless compute (which forces optimized writes and auto
	// compaction on, and allows only availableNow stream triggers).
	Serverless bool
}

// For is how the file at path (cleaned as the project's are) is run; nil
// when no job or pipeline names it.
func (p *Project) For(path string) *FileRuns {
	if p == nil {
		return nil
	}
	return p.files[filepath.Clean(path)]
}

// Files lists the files some job or pipeline runs, in path order.
func (p *Project) Files() []*FileRuns {
	out := make([]*FileRuns, 0, len(p.files))
	for _, f := range p.files {
		out = append(out, f)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].File < out[j].File })
	return out
}

// index builds the per-file view from the jobs and pipelines.
func (p *Project) index() {
	p.files = map[string]*FileRuns{}
	add := func(file string, t *Task) *FileRuns {
		f := p.files[file]
		if f == nil {
			f = &FileRuns{File: file}
			p.files[file] = f
		}
		f.Tasks = append(f.Tasks, t)
		return f
	}
	pipelines := map[string]*Pipeline{}
	for _, pl := range p.Pipelines {
		pipelines[pl.Key] = pl
	}
	for _, j := range p.Jobs {
		for _, t := range j.Tasks {
			if t.File != "" {
				add(t.File, t)
			}
			for _, f := range t.Files {
				add(f, t)
			}
			if pl := pipelines[t.Pipeline]; pl != nil {
				for _, file := range pl.Files {
					add(file, t)
				}
			}
		}
	}
	for _, pl := range p.Pipelines {
		// a pipeline's own run: continuous, or every trigger interval
		own := &Task{Key: pl.Key, Kind: PipelineTask, Ref: pl.Key, Pipeline: pl.Key, At: pl.At, Serverless: pl.Serverless, SparkConf: pl.Configuration,
			Job: &Job{Key: pl.Key, Name: pl.Name, Source: Bundle, At: pl.At, Schedule: pipelineSchedule(pl)}}
		for _, file := range pl.Files {
			add(file, own)
		}
	}
	for _, f := range p.files {
		sort.SliceStable(f.Tasks, func(i, j int) bool { return moreFrequent(f.Tasks[i].Job.Schedule, f.Tasks[j].Job.Schedule) })
		for _, t := range f.Tasks {
			s := t.Job.Schedule
			if s.Kind == Continuous && !s.Paused {
				f.Continuous = true
			}
			if s.Runs() && (!f.Known || s.RunsPerDay > f.RunsPerDay) {
				f.RunsPerDay, f.Known, f.By = s.RunsPerDay, true, t
			}
		}
		f.SparkConf = agreed(f.Tasks)
		f.Serverless = true
		for _, t := range f.Tasks {
			f.Serverless = f.Serverless && t.Serverless
		}
	}
}

// moreFrequent orders schedules: running before paused, known before
// unknown, then by runs per day.
func moreFrequent(a, b Schedule) bool {
	if a.Runs() != b.Runs() {
		return a.Runs()
	}
	return a.RunsPerDay > b.RunsPerDay
}

// pipelineSchedule is how a pipeline runs by itself: a continuous one
// every trigger interval (or continuously); a triggered one only when a
// job or a person starts it.
func pipelineSchedule(pl *Pipeline) Schedule {
	if !pl.Continuous {
		return Schedule{Kind: Manual, Why: "a triggered pipeline runs when a job or a person starts it", At: pl.At}
	}
	s := Schedule{Kind: Continuous, Expr: pl.Interval, At: pl.At}
	if pl.Interval == "" {
		s.Why = "a continuous pipeline without pipelines.trigger.interval"
		return s
	}
	if d, ok := parseInterval(pl.Interval); ok {
		s.RunsPerDay, s.Known = 86400/d.Seconds(), true
	} else {
		s.Why = "pipelines.trigger.interval " + pl.Interval + " is not a duration"
	}
	return s
}

// agreed is the Spark settings every task gives the same value, by key
// (case-insensitive), at the first task's place.
func agreed(tasks []*Task) []Conf {
	if len(tasks) == 0 {
		return nil
	}
	var out []Conf
	for _, c := range tasks[0].SparkConf {
		same := true
		for _, t := range tasks[1:] {
			v, ok := confValue(t.SparkConf, c.Key)
			same = same && ok && v == c.Value
		}
		if same {
			out = append(out, c)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return strings.ToLower(out[i].Key) < strings.ToLower(out[j].Key) })
	return out
}

func confValue(cs []Conf, key string) (string, bool) {
	for _, c := range cs {
		if c.Key == key {
			return c.Value, true
		}
	}
	return "", false
}
