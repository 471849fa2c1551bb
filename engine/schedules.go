package engine

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/orchestration"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/platform"
)

// project is what a run knows of the project as a whole beside the
// catalog: the platform of each root and how each file is run.
type project struct {
	plat  *platform.Decision
	sched *orchestration.Project
}

// wd is the working directory, read once per linter.
func (l *Linter) wd() string {
	l.wdOnce.Do(func() { l.workDir, _ = os.Getwd() })
	return l.workDir
}

// abs is p made absolute against the working directory read once.
func (l *Linter) abs(p string) string {
	if filepath.IsAbs(p) || l.wd() == "" {
		return filepath.Clean(p)
	}
	return filepath.Join(l.wd(), p)
}

// bundlesAbove are the bundle root files (databricks.yml) in dir and the
// directories above it, up to the repository's top.
func (l *Linter) bundlesAbove(dir string, memo map[string][]string) []string {
	if b, ok := memo[dir]; ok {
		return b
	}
	var found []string
	for _, name := range orchestration.BundleFiles {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() {
			found = append(found, filepath.Join(dir, name))
			break
		}
	}
	_, err := os.Stat(filepath.Join(dir, ".git"))
	if parent := filepath.Dir(dir); err != nil && parent != dir {
		found = append(found, l.bundlesAbove(parent, memo)...)
	}
	memo[dir] = found
	return found
}

// bundleFiles are the bundles above the files at paths.
func (l *Linter) bundleFiles(paths []string) []string {
	memo := map[string][]string{}
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		for _, b := range l.bundlesAbove(filepath.Dir(l.abs(p)), memo) {
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	sort.Strings(out)
	return out
}

// schedules reads, once per run, how the project's files are run: the
// bundles above the linted files and the DAGs among them.
func (l *Linter) schedules(units []*unit) (*orchestration.Project, []Note) {
	opts := orchestration.Options{Target: l.opts.BundleTarget}
	var paths []string
	for _, u := range units {
		if u == nil || !u.linted {
			continue
		}
		paths = append(paths, u.src.Path)
		opts.Files = append(opts.Files, l.abs(u.src.Path))
		switch {
		case u.dags != nil:
			opts.DAGs = append(opts.DAGs, u.dags)
		case u.dagUnread:
			opts.Python = append(opts.Python, orchestration.Source{Path: l.abs(u.src.Path)})
		}
	}
	opts.Bundles = l.bundleFiles(paths)
	sched := orchestration.Read(opts)
	var details []Note
	for _, b := range sched.Bundles {
		jobs, pipelines := 0, 0
		for _, j := range sched.Jobs {
			if j.Source == orchestration.Bundle && strings.HasPrefix(j.At.File, b.Dir+string(filepath.Separator)) {
				jobs++
			}
		}
		for _, pl := range sched.Pipelines {
			if strings.HasPrefix(pl.At.File, b.Dir+string(filepath.Separator)) {
				pipelines++
			}
		}
		target := b.Target
		if target == "" {
			target = "none"
		}
		details = append(details, Note{Message: fmt.Sprintf("bundle %s (%s), target %s: %d job(s), %d pipeline(s)", b.Name, relPath(b.File), target, jobs, pipelines)})
	}
	for _, f := range sched.Files() {
		if f.Known {
			details = append(details, Note{Path: relPath(f.File), Message: fmt.Sprintf("runs %s a day (%s %s, task %s)", runsText(f.RunsPerDay), f.By.Job.Source, f.By.Job.Key, f.By.Key)})
		}
	}
	for _, n := range sched.Notes {
		details = append(details, Note{Message: "schedules: " + n})
	}
	return sched, details
}

// runsText is a number of runs for a message: whole when it is, else to
// two decimals.
func runsText(x float64) string {
	if x == float64(int64(x)) {
		return fmt.Sprintf("%d times", int64(x))
	}
	return fmt.Sprintf("%.2f times", x)
}

// noteDAGs parses a Python file's Airflow DAGs when its text may hold one.
func (l *Linter) noteDAGs(u *unit, doc *document.Document) {
	if doc.Format == document.PlainPython && orchestration.MaybeDAG(doc.Text) {
		u.dags = orchestration.ParseDAGs(l.abs(u.src.Path), doc.Text)
	}
}

// callsAirflow reports whether a file's summary calls into Airflow (its
// calls name their callees through the imports: airflow.DAG): a file whose
// facts come from the cache is read for DAGs only then.
func callsAirflow(s *facts.Summary) bool {
	if s == nil {
		return false
	}
	airflow := func(calls []*facts.Call) bool {
		for _, c := range calls {
			if strings.HasPrefix(c.Callee, "airflow.") {
				return true
			}
		}
		return false
	}
	if airflow(s.Calls) {
		return true
	}
	for _, fn := range s.Funcs {
		if airflow(fn.Calls) {
			return true
		}
	}
	return false
}

// clusterSettings are the Spark settings the clusters of the tasks
// running file set, as session settings that come before the file's own
// code, cited at their YAML lines.
func (l *Linter) clusterSettings(sched *orchestration.Project, path string) []*facts.Setting {
	runs := sched.For(l.abs(path))
	if runs == nil {
		return nil
	}
	out := make([]*facts.Setting, 0, len(runs.SparkConf))
	for _, c := range runs.SparkConf {
		at := facts.Span{Start: c.At.Start, End: c.At.End, File: facts.FileOf(relPath(c.At.File))}
		out = append(out, &facts.Setting{
			Key:   strings.ToLower(c.Key),
			Value: facts.Value{Kind: facts.String, Str: c.Value, Span: at, ReadOnly: true},
			Via:   "job cluster spark_conf",
			Lang:  document.Python,
			Span:  at,
			At:    at,
		})
	}
	return out
}

// writeSettings adds injected settings to a check key.
func writeSettings(h hash.Hash, ss []*facts.Setting) {
	for _, s := range ss {
		writeField(h, fmt.Sprintf("%s=%s@%s:%d-%d", s.Key, s.Value.Str, s.At.File.Path(), s.At.Start, s.At.End))
	}
}

// scheduleInputs digests what the run's schedules are read from beside
// the sources: the bundles' YAML and package files, and the target.
func (l *Linter) scheduleInputs(srcs []Source) [32]byte {
	paths := make([]string, len(srcs))
	for i, s := range srcs {
		paths[i] = s.Path
	}
	h := sha256.New()
	writeField(h, l.opts.BundleTarget)
	bundles := l.bundleFiles(paths)
	if len(bundles) > 0 {
		p := orchestration.Read(orchestration.Options{Bundles: bundles, Target: l.opts.BundleTarget})
		for _, in := range p.Inputs {
			data, _ := os.ReadFile(in)
			writeField(h, in)
			writeField(h, string(data))
		}
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}
