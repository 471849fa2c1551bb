// Project-level facts for the rule pass: the platform of each project
// root (package platform) and how each file is run (package
// orchestration), with what run records must know of them.

package engine

import (
	"crypto/sha256"
	"fmt"
	"github.com/lakelint/lakelint/catalog"
	"os"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/orchestration"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/rules/rule"
)

// relPath shows a path relative to the working directory when it is below it.
func relPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}

// platform decides the run's platform per project root (see package
// platform) from the loaded files' code evidence and the project files.
func (l *Linter) platform(units []*unit, roots *platform.Roots) *platform.Decision {
	var fs platform.Files
	for _, u := range units {
		if u != nil && u.linted {
			fs.Abs = append(fs.Abs, l.abs(u.src.Path))
			fs.Evidence = append(fs.Evidence, u.signs)
		}
	}
	return fs.Decide(roots, relPath)
}

// projectEvidence is what the project files of the sources' roots say of
// the platform, for the run record's key.
func (l *Linter) projectEvidence(srcs []Source, roots *platform.Roots) []platform.Evidence {
	seen := map[string]bool{}
	var out []platform.Evidence
	for _, s := range srcs {
		root := roots.Of(filepath.Dir(l.abs(s.Path)))
		if root == "" || seen[root] {
			continue
		}
		seen[root] = true
		for d := root; ; d = filepath.Dir(d) {
			out = append(out, platform.DirEvidence(d, relPath)...)
			if _, err := os.Stat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
				break
			}
		}
	}
	return out
}

// foreignDetails are the --verbose lines about a file's foreign SQL: how
// many statements of each dialect were skipped.
func foreignDetails(f *facts.File) []string {
	if len(f.Foreign) == 0 {
		return nil
	}
	for _, n := range f.Notes {
		if strings.HasPrefix(n, "not Spark SQL:") {
			return nil // the whole file was noted once
		}
	}
	count := map[string]int{}
	for _, x := range f.Foreign {
		count[x.Dialect]++
	}
	parts := make([]string, 0, len(count))
	seen := map[string]bool{}
	for _, x := range f.Foreign {
		if seen[x.Dialect] {
			continue
		}
		seen[x.Dialect] = true
		parts = append(parts, fmt.Sprintf("%d %s, e.g. %s", count[x.Dialect], x.Dialect, x.Marker))
	}
	word := "statements"
	if len(f.Foreign) == 1 {
		word = "statement"
	}
	return []string{fmt.Sprintf("%d SQL %s of other dialects skipped (%s)", len(f.Foreign), word, strings.Join(parts, "; "))}
}

// noteSigns keeps what a file says of the platform, parsed or from the cache.
func (u *unit) noteSigns(f *facts.File) {
	u.signs = append(u.signs, platform.FromFile(u.src.Path, f)...)
}

// project is what a run knows of the project as a whole beside the
// catalog: the platform of each root and how each file is run.
type project struct {
	plat  *platform.Decision
	sched *orchestration.Project
}

// absAll is abs of every path.
func (l *Linter) absAll(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = l.abs(p)
	}
	return out
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
	opts.Bundles = orchestration.FindBundles(l.absAll(paths))
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

// scheduleInputs digests what the run's schedules are read from beside
// the sources: the bundles' YAML and package files, and the target.
func (l *Linter) scheduleInputs(srcs []Source) [32]byte {
	paths := make([]string, len(srcs))
	for i, s := range srcs {
		paths[i] = s.Path
	}
	h := sha256.New()
	cache.WriteField(h, l.opts.BundleTarget)
	bundles := orchestration.FindBundles(l.absAll(paths))
	if len(bundles) > 0 {
		p := orchestration.Read(orchestration.Options{Bundles: bundles, Target: l.opts.BundleTarget})
		for _, in := range p.Inputs {
			data, _ := os.ReadFile(in)
			cache.WriteField(h, in)
			cache.WriteField(h, string(data))
		}
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// scheduleOf is what rules are told of how often a file runs: the most
// frequent unpaused known schedule of the jobs and DAGs that run it.
func scheduleOf(runs *orchestration.FileRuns) *rule.Schedule {
	if runs == nil || !runs.Known || runs.By == nil || runs.By.Job == nil {
		return nil
	}
	j := runs.By.Job
	kind := "job"
	if j.Source == orchestration.Airflow {
		kind = "DAG"
	}
	return &rule.Schedule{RunsPerDay: runs.RunsPerDay, Job: kind + " " + rule.Quote(j.Key), Where: placeOf(j.Schedule.At)}
}

// placeOf is a schedule's place for messages: its file, relative to the
// working directory, and line.
func placeOf(p orchestration.Place) string {
	if p.File == "" {
		return ""
	}
	file := p.File
	if wd, err := os.Getwd(); err == nil {
		// relative as the run's files are named, even from below ("../../x.yml")
		if r, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(r, "../../../..") {
			file = r
		}
	}
	return fmt.Sprintf("%s:%d", filepath.ToSlash(file), p.Line)
}

// catalogSchedules tells the catalog how often the project's jobs and
// DAGs run each file, for the rules and the ledger that weigh one writer
// against another.
func catalogSchedules(sched *orchestration.Project) catalog.Schedules {
	return func(path string) (catalog.Frequency, bool) {
		s := scheduleOf(sched.For(absPath(path)))
		if s == nil {
			return catalog.Frequency{}, false
		}
		return catalog.Frequency{RunsPerDay: s.RunsPerDay, Known: true, Source: s.Job + ", " + s.Where}, true
	}
}
