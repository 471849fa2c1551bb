// Project-level facts for the rule pass: the platform of each project
// root (package platform) and how each file is run (package
// orchestration, with the parameters its tasks pass), with what run
// records must know of them.

package engine

import (
	"crypto/sha256"
	"fmt"
	"hash"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/extract/dbtfacts"
	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/projectfile"
	"github.com/lakelint/lakelint/internal/walkmemo"
	"github.com/lakelint/lakelint/orchestration"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/rules/rule"
)

// relPath shows a path relative to the working directory when it is below it.
func relPath(p string) string {
	wd, _ := os.Getwd()
	return relTo(wd, p)
}

// relTo is relPath against wd, the working directory read once ("" shows
// p as it is).
func relTo(wd, p string) string {
	if wd != "" {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}

// rel is relPath against the run's working directory.
func (l *Linter) rel(p string) string { return relTo(l.wd(), p) }

// platform decides the run's platform per project root (see package
// platform) from the loaded files' code evidence and the project files.
// A file's settings from outside its code (a spark-defaults.conf, a job
// cluster's spark_conf) and from other modules (the link step's) are read
// for the platform as its code's are.
func (l *Linter) platform(units []*unit, roots *platform.Roots, given *inheritedSettings) *platform.Decision {
	var fs platform.Files
	for _, u := range units {
		if u != nil && u.linted {
			abs := l.abs(u.src.Path)
			signs := u.signs
			if s := given.For(abs); len(s) > 0 {
				signs = append(signs[:len(signs):len(signs)], platform.FromSettings(u.src.Path, s)...)
			}
			if len(u.linkSigns) > 0 { // from other modules: a helper's builder, a settings module's dict
				signs = append(signs[:len(signs):len(signs)], u.linkSigns...)
			}
			fs.Abs = append(fs.Abs, abs)
			fs.Evidence = append(fs.Evidence, signs)
		}
	}
	return fs.Decide(roots, l.rel)
}

// inheritedSettings are the session settings files get from outside their
// code, which hold before their first line: their project root's
// spark-defaults.conf, then the spark_conf of the job cluster that runs
// them (which overrides it).
type inheritedSettings struct {
	roots *platform.Roots
	sched *orchestration.Project
	rel   func(string) string
	walks *walkmemo.Memo // a ContextMemo's, kept from run to run

	mu       sync.Mutex
	defaults map[string][]*facts.Setting     // by project root
	confs    map[string][]orchestration.Conf // the same, as read
	read     []string                        // the files they come from
	notes    []orchestration.Unread          // the files that could not be read as settings
}

// For is the inherited settings of the file at abs, a new slice.
func (s *inheritedSettings) For(abs string) []*facts.Setting {
	if s == nil {
		return nil
	}
	var out []*facts.Setting
	if root := s.roots.Of(filepath.Dir(abs)); root != "" {
		out = append(out, s.rootDefaults(root)...)
	}
	return append(out, s.sched.For(abs).Settings(s.rel)...)
}

// rootDefaults are the settings of a project root's spark-defaults.conf,
// read once.
func (s *inheritedSettings) rootDefaults(root string) []*facts.Setting {
	s.mu.Lock()
	defer s.mu.Unlock()
	if got, ok := s.defaults[root]; ok {
		return got
	}
	if s.defaults == nil {
		s.defaults, s.confs = map[string][]*facts.Setting{}, map[string][]orchestration.Conf{}
	}
	confs, notes := orchestration.ReadSparkDefaults(root, platform.IsRoot, s.walks)
	for _, n := range notes {
		if !slices.Contains(s.notes, n) {
			s.notes = append(s.notes, n)
		}
	}
	s.confs[root] = confs
	for _, c := range confs {
		if !slices.Contains(s.read, c.At.File) {
			s.read = append(s.read, c.At.File)
		}
	}
	got := orchestration.ConfSettings(confs, facts.ViaSparkDefaults, s.rel)
	s.defaults[root] = got
	return got
}

// rootConfs are the entries of the spark-defaults.conf files of the
// project root of the file at abs, as read.
func (s *inheritedSettings) rootConfs(abs string) []orchestration.Conf {
	if s == nil {
		return nil
	}
	root := s.roots.Of(filepath.Dir(abs))
	if root == "" {
		return nil
	}
	s.rootDefaults(root)
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.confs[root]
}

// unread are the notes on spark-defaults.conf files found and not read.
func (s *inheritedSettings) unread() []orchestration.Unread {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.notes)
}

// files are the spark-defaults.conf files read so far, absolute.
func (s *inheritedSettings) files() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.read)
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
			out = append(out, platform.DirEvidence(d, l.rel)...)
			if _, err := os.Stat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
				break
			}
		}
	}
	return out
}

// sparkDefaults are the spark-defaults.conf entries of the sources' roots,
// for the run record's key.
func (l *Linter) sparkDefaults(srcs []Source, roots *platform.Roots) []orchestration.Conf {
	seen := map[string]bool{}
	var out []orchestration.Conf
	for _, s := range srcs {
		root := roots.Of(filepath.Dir(l.abs(s.Path)))
		if root != "" && !seen[root] {
			seen[root] = true
			confs, _ := orchestration.ReadSparkDefaults(root, platform.IsRoot, l.opts.ContextMemo.walkMemo())
			out = append(out, confs...)
		}
	}
	return out
}

// otherDialectFile is the note of a .sql file in another SQL dialect as a
// whole, which yields no facts, and its index among f's notes; "" when f
// is not one.
func otherDialectFile(f *facts.File) (string, int) {
	for i, n := range f.Notes {
		if strings.HasPrefix(n, "not Spark SQL:") {
			return n, i
		}
	}
	return "", -1
}

// foreignDetails are the --verbose lines about a file's foreign SQL: how
// many statements of each dialect were skipped.
func foreignDetails(f *facts.File) []string {
	if len(f.Foreign) == 0 {
		return nil
	}
	if n, _ := otherDialectFile(f); n != "" {
		return nil // the whole file was noted once
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
	plat     *platform.Decision
	sched    *orchestration.Project
	settings *inheritedSettings
}

// absAll is abs of every path.
func (l *Linter) absAll(paths []string) []string {
	out := make([]string, len(paths))
	for i, p := range paths {
		out[i] = l.abs(p)
	}
	return out
}

// wd is the run's working directory, as the config resolver read it once.
func (l *Linter) wd() string { return l.configs.WorkDir() }

// abs is p made absolute against the working directory read once.
func (l *Linter) abs(p string) string {
	if filepath.IsAbs(p) || l.wd() == "" {
		return filepath.Clean(p)
	}
	return filepath.Join(l.wd(), p)
}

// schedules reads, once per run, how the project's files are run: the
// bundles above the linted files, the Terraform jobs of their
// repositories and the DAGs among them.
func (l *Linter) schedules(units []*unit, bundles *orchestration.BundleFinder) (*orchestration.Project, []Note) {
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
	opts.Bundles = bundles.Find(l.absAll(paths))
	opts.Terraform = bundles.FindTerraform(opts.Files)
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
		details = append(details, Note{Message: fmt.Sprintf("bundle %s (%s), target %s: %d job(s), %d pipeline(s)", b.Name, l.rel(b.File), target, jobs, pipelines)})
	}
	tfJobs, tfPipelines := 0, 0
	for _, j := range sched.Jobs {
		if j.Source == orchestration.Terraform {
			tfJobs++
		}
	}
	for _, pl := range sched.Pipelines {
		if strings.HasSuffix(pl.At.File, ".tf") {
			tfPipelines++
		}
	}
	if tfJobs+tfPipelines > 0 {
		details = append(details, Note{Message: fmt.Sprintf("terraform: %d job(s), %d pipeline(s)", tfJobs, tfPipelines)})
	}
	for _, f := range sched.Files() {
		if f.Known {
			details = append(details, Note{Path: l.rel(f.File), Message: fmt.Sprintf("runs %s a day (%s %s, task %s)", runsText(f.RunsPerDay), f.By.Job.Source, f.By.Job.Key, f.By.Key)})
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

// readBundles reads the bundles above the sources and the Terraform
// files of their repositories, before they are
// loaded: what their tasks pass the files (taskParams) and what the run
// record must know of them (scheduleInputs) come from this one reading;
// nil when there is none. The schedules are read after loading, with the
// DAGs the files hold.
func (l *Linter) readBundles(srcs []Source, bundles *orchestration.BundleFinder) *orchestration.Project {
	paths := make([]string, len(srcs))
	for i, s := range srcs {
		paths[i] = s.Path
	}
	abs := l.absAll(paths)
	found, tf := bundles.Find(abs), bundles.FindTerraform(abs)
	if len(found) == 0 && len(tf) == 0 {
		return nil
	}
	return orchestration.Read(orchestration.Options{Bundles: found, Terraform: tf, Target: l.opts.BundleTarget, Files: abs})
}

// scheduleInputs digests what the run's schedules are read from beside
// the sources: the bundles' YAML and package files, and the target.
func (l *Linter) scheduleInputs(bundled *orchestration.Project) [32]byte {
	h := sha256.New()
	cache.WriteField(h, l.opts.BundleTarget)
	if bundled != nil {
		for _, in := range bundled.Inputs {
			data, _ := projectfile.Read(in)
			cache.WriteField(h, in)
			cache.WriteField(h, string(data))
		}
	}
	var sum [32]byte
	h.Sum(sum[:0])
	return sum
}

// scheduleOf is what rules are told of how often a file runs: the most
// frequent unpaused known schedule of the jobs and DAGs that run it; wd is
// the run's working directory.
func scheduleOf(runs *orchestration.FileRuns, wd string) *rule.Schedule {
	if runs == nil || !runs.Known || runs.By == nil || runs.By.Job == nil {
		return nil
	}
	j := runs.By.Job
	kind := "job"
	if j.Source == orchestration.Airflow {
		kind = "DAG"
	}
	return &rule.Schedule{RunsPerDay: runs.RunsPerDay, Job: kind + " " + rule.Quote(j.Key), Where: placeOf(j.Schedule.At, wd)}
}

// placeOf is a schedule's place for messages: its file, relative to the
// working directory wd, and line.
func placeOf(p orchestration.Place, wd string) string {
	if p.File == "" {
		return ""
	}
	file := p.File
	if wd != "" {
		// relative as the run's files are named, even from below ("../../x.yml")
		if r, err := filepath.Rel(wd, file); err == nil && !strings.HasPrefix(r, "../../../..") {
			file = r
		}
	}
	return fmt.Sprintf("%s:%d", filepath.ToSlash(file), p.Line)
}

// catalogSchedules tells the catalog how often the project's jobs and
// DAGs run each file, for the rules and the ledger that weigh one writer
// against another. Rules ask it of every writer of a table, for each file
// that writes it, so each path's answer is made once.
func (l *Linter) catalogSchedules(sched *orchestration.Project) catalog.Schedules {
	var mu sync.Mutex
	made := map[string]catalog.Frequency{} // the zero Frequency: none
	wd := l.wd()
	return func(path string) (catalog.Frequency, bool) {
		mu.Lock()
		f, ok := made[path]
		mu.Unlock()
		if !ok {
			if s := scheduleOf(sched.For(l.abs(path)), wd); s != nil {
				f = catalog.Frequency{RunsPerDay: s.RunsPerDay, Known: true, Source: s.Job + ", " + s.Where}
			}
			mu.Lock()
			made[path] = f
			mu.Unlock()
		}
		return f, f.Known
	}
}

// taskParams are the parameters the bundle jobs that run each source pass
// it (a notebook's widgets, a SQL file's markers), which fill its
// placeholders: one list per source, nil when none.
func (l *Linter) taskParams(srcs []Source, p *orchestration.Project) [][]params.Given {
	out := make([][]params.Given, len(srcs))
	if p == nil {
		return out
	}
	for i, s := range srcs {
		runs := p.For(l.abs(s.Path))
		if runs == nil {
			continue
		}
		for _, t := range runs.Tasks {
			for _, c := range t.Params {
				out[i] = append(out[i], params.Given{Source: params.Widget, Name: c.Key, Value: c.Value, Known: true})
			}
			if t.Kind == orchestration.PipelineTask {
				// a pipeline's configuration is its files' Spark conf, read
				// in their SQL as ${key}
				for _, c := range t.SparkConf {
					out[i] = append(out[i], params.Given{Source: params.Conf, Name: c.Key, Value: c.Value, Known: true})
				}
			}
		}
	}
	return out
}

// writeParams adds a source's task parameters to a digest.
func writeParams(h hash.Hash, given []params.Given) {
	for _, g := range given {
		cache.WriteField(h, fmt.Sprint(g.Source, g.Known, g.All))
		cache.WriteField(h, g.Widget)
		cache.WriteField(h, g.Name)
		cache.WriteField(h, g.Value)
	}
}

// paramsSum is sum with the task parameters a file's facts depend on.
func paramsSum(sum [32]byte, given []params.Given) [32]byte {
	if len(given) == 0 {
		return sum
	}
	h := sha256.New()
	h.Write(sum[:])
	cache.WriteField(h, "task parameters")
	writeParams(h, given)
	var out [32]byte
	h.Sum(out[:0])
	return out
}

// SQLCounts say what became of the SQL statements of a run, for --verbose.
type SQLCounts struct {
	// Placeholders counts statements read whose table names or paths hold
	// placeholders; Filled those whose placeholders all took values the
	// project gives.
	Placeholders, Filled int
	// Unread counts the statements not read (Result.UnreadSQL) by reason.
	Unread map[string]int
	// Templates counts dbt files not read as SQL: macros, snapshots, tests,
	// analyses and models for other engines.
	Templates int
}

// add adds o to c.
func (c *SQLCounts) add(o SQLCounts) {
	c.Placeholders += o.Placeholders
	c.Filled += o.Filled
	c.Templates += o.Templates
	for why, n := range o.Unread {
		if c.Unread == nil {
			c.Unread = map[string]int{}
		}
		c.Unread[why] += n
	}
}

// otherDialect is the reason of a statement of another SQL dialect.
const otherDialect = "another SQL dialect"

// sqlCounts are the counts of one file's facts.
func sqlCounts(f *facts.File) SQLCounts {
	c := SQLCounts{Placeholders: f.PlaceholderSQL, Filled: f.FilledSQL}
	if f.UnreadSQL == 0 {
		return c
	}
	c.Unread = map[string]int{}
	for _, u := range f.Unread {
		c.Unread[u.Reason]++
	}
	if n := len(f.Foreign); n > 0 {
		c.Unread[otherDialect] += n
	}
	// a file mostly of another dialect leaves its other statements unread too
	if rest := f.UnreadSQL - len(f.Unread) - len(f.Foreign); rest > 0 {
		c.Unread["in a file of another dialect"] += rest
	}
	return c
}

// SQLSummary is the --verbose line on the run's SQL: how many statements
// could not be read and why, the dbt templates not read, and how many
// statements were read with placeholders. It says all was read only when
// nothing was skipped.
func (r *Result) SQLSummary() string {
	var parts []string
	if r.UnreadSQL > 0 {
		s := fmt.Sprintf("%d SQL statement(s) could not be read", r.UnreadSQL)
		whys := make([]string, 0, len(r.SQL.Unread))
		for why := range r.SQL.Unread {
			whys = append(whys, why)
		}
		sort.Slice(whys, func(i, j int) bool {
			a, b := r.SQL.Unread[whys[i]], r.SQL.Unread[whys[j]]
			return a > b || a == b && whys[i] < whys[j]
		})
		for i, why := range whys {
			whys[i] = fmt.Sprintf("%s: %d", why, r.SQL.Unread[why])
		}
		if len(whys) > 0 {
			s += " (" + strings.Join(whys, ", ") + ")"
		}
		parts = append(parts, s)
	}
	if r.SQL.Templates > 0 {
		parts = append(parts, fmt.Sprintf("%d dbt template file(s) not read (macros, snapshots, tests, analyses, models of other or unknown engines)", r.SQL.Templates))
	}
	if len(parts) == 0 {
		parts = append(parts, "every SQL statement of a kind lakelint reads was read")
	}
	parts = append(parts, fmt.Sprintf("%d read with placeholders, %d of them filled with values the project gives", r.SQL.Placeholders, r.SQL.Filled))
	return strings.Join(parts, "; ")
}

// countTemplate counts the file among the dbt templates not read when it
// is one: its remarks say so.
func (u *unit) countTemplate(m *dbtfacts.Input) {
	if m != nil && (m.Template && slices.Contains(u.details, m.Why) || !m.Template && slices.Contains(u.details, dbtfacts.UnknownEngine)) {
		u.sql.Templates = 1
	}
}
