package orchestration

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/walkmemo"
	"github.com/lakelint/lakelint/parsers/document"
)

// Options say what Read reads.
type Options struct {
	// Bundles are the root files (databricks.yml) of the project's bundles.
	Bundles []string
	// Target is the bundle target to apply (--bundle-target); "" applies
	// each bundle's default target.
	Target string
	// Python are the project's Python files, which may declare Airflow
	// DAGs; Src, when not nil, is the text (else it is read from disk).
	Python []Source
	// DAGs are Python files' DAGs parsed already (ParseDAGs).
	DAGs []*DAGFile
	// Files are the project's files, for paths a DAG names outside the
	// repository (/opt/airflow/jobs/x.py): matched by their ending.
	Files []string
	// Terraform are the project's Terraform files (*.tf), whose
	// databricks_job and databricks_pipeline resources are read as a
	// bundle's jobs and pipelines (BundleFinder.FindTerraform finds them).
	Terraform []string
}

// Source is one Python file.
type Source struct {
	Path string
	Src  []byte
}

// Read reads the project's bundles and DAGs, once.
func Read(opts Options) *Project {
	p := &Project{}
	for _, b := range opts.Bundles {
		p.readBundle(b, opts.Target)
	}
	byEnd := map[string][]string{}
	for _, f := range opts.Files {
		f = filepath.Clean(f)
		base := filepath.Base(f)
		byEnd[base] = append(byEnd[base], f)
		if ext := filepath.Ext(base); ext != "" { // notebooks are named without it
			byEnd[strings.TrimSuffix(base, ext)] = append(byEnd[strings.TrimSuffix(base, ext)], f)
		}
	}
	dags := opts.DAGs
	for _, s := range opts.Python {
		src := s.Src
		if src == nil {
			var err error
			if src, err = os.ReadFile(s.Path); err != nil {
				continue
			}
		}
		dags = append(dags, ParseDAGs(s.Path, src))
	}
	for _, df := range dags {
		p.Notes = append(p.Notes, df.Notes...)
		for _, j := range df.Jobs {
			for _, t := range j.Tasks {
				if t.pending {
					t.File, t.Why = resolveFile(t.Ref, j.At.File, byEnd)
					if t.Why != "" {
						p.note("%s: task %s: %s", t.At, t.Key, t.Why)
					}
				}
			}
			p.Jobs = append(p.Jobs, j)
		}
	}
	p.readTerraform(opts.Terraform, byEnd)
	p.mapDbt(opts.Files)
	p.index()
	return p
}

// resolveFile maps a path a DAG task names to a project file: relative to
// the DAG's directory or its parents, or else the one project file whose
// path ends the same way, by most trailing components.
func resolveFile(ref, from string, byEnd map[string][]string) (string, string) {
	if strings.Contains(ref, "{") || strings.Contains(ref, "://") && !strings.HasPrefix(ref, "file://") {
		return "", "the path " + ref + " is not in the project"
	}
	ref = strings.TrimPrefix(ref, "file://")
	if !filepath.IsAbs(ref) {
		for dir := filepath.Dir(from); ; dir = filepath.Dir(dir) {
			if f, ok := existing(filepath.Join(dir, ref)); ok {
				return f, ""
			}
			if filepath.Dir(dir) == dir || dir == "." {
				break
			}
		}
	}
	parts := strings.Split(filepath.ToSlash(ref), "/")
	best, bestN, tie := "", 0, false
	for _, cand := range byEnd[parts[len(parts)-1]] {
		cp := strings.Split(filepath.ToSlash(cand), "/")
		if last := cp[len(cp)-1]; last != parts[len(parts)-1] {
			cp[len(cp)-1] = strings.TrimSuffix(last, filepath.Ext(last))
		}
		n := 0
		for n < len(parts) && n < len(cp) && parts[len(parts)-1-n] == cp[len(cp)-1-n] {
			n++
		}
		switch {
		case n > bestN:
			best, bestN, tie = cand, n, false
		case n == bestN:
			tie = true
		}
	}
	if best == "" || tie {
		return "", "no single project file at " + ref
	}
	return best, ""
}

// FindBundles are the bundle root files (databricks.yml) in the
// directories of the files at paths and above them, up to each
// repository's top (the directory holding .git), in path order.
func FindBundles(paths []string) []string {
	var f BundleFinder
	return f.Find(paths)
}

// BundleFinder is FindBundles remembering each directory's answer, for a
// run that looks more than once (its record's key, then its schedules).
// It is safe for concurrent use.
type BundleFinder struct {
	// Walks, when not nil, keeps the walks for Terraform files from one
	// run to the next (an editor's keystrokes).
	Walks *walkmemo.Memo
	mu    sync.Mutex
	memo  map[string][]string
	tf    map[string][]string // Terraform files below a root
	top   map[string]string   // a directory's repository top
}

// Find is FindBundles.
func (f *BundleFinder) Find(paths []string) []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.memo == nil {
		f.memo = map[string][]string{}
	}
	seen := map[string]bool{}
	var out []string
	for _, p := range paths {
		for _, b := range bundlesAbove(filepath.Dir(p), f.memo) {
			if !seen[b] {
				seen[b] = true
				out = append(out, b)
			}
		}
	}
	sort.Strings(out)
	return out
}

// bundlesAbove are the bundle files in dir and above it, remembered per directory.
func bundlesAbove(dir string, memo map[string][]string) []string {
	if b, ok := memo[dir]; ok {
		return b
	}
	var found []string
	for _, name := range BundleFiles {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() {
			found = append(found, filepath.Join(dir, name))
			break
		}
	}
	_, err := os.Stat(filepath.Join(dir, ".git"))
	if parent := filepath.Dir(dir); err != nil && parent != dir {
		found = append(found, bundlesAbove(parent, memo)...)
	}
	memo[dir] = found
	return found
}

// CallsAirflow reports whether a file's summary calls into Airflow (its
// calls name their callees through the imports: airflow.DAG), which tells
// a file whose text is not at hand worth reading for DAGs.
func CallsAirflow(s *facts.Summary) bool {
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

// Settings are the cluster settings of f as session settings of the file,
// set before its first line: spans in the YAML file, named as file says.
func (f *FileRuns) Settings(file func(string) string) []*facts.Setting {
	if f == nil {
		return nil
	}
	return ConfSettings(f.SparkConf, facts.ViaJobCluster, file)
}

// ConfSettings are entries of a settings file (a job cluster's spark_conf,
// a spark-defaults.conf) as session settings of a file they apply to, set
// before its first line: spans in the settings file, named as file says.
func ConfSettings(confs []Conf, via string, file func(string) string) []*facts.Setting {
	if len(confs) == 0 {
		return nil
	}
	out := make([]*facts.Setting, 0, len(confs))
	for _, c := range confs {
		at := facts.Span{Start: c.At.Start, End: c.At.End, File: facts.FileOf(file(c.At.File))}
		out = append(out, &facts.Setting{
			Key:   c.Key,
			Value: facts.Value{Kind: facts.String, Str: c.Value, Span: at, ReadOnly: true},
			Via:   via,
			Lang:  document.Python,
			Span:  at,
			At:    at,
		})
	}
	return out
}
