package engine

// Project context: when only some files are linted (a pre-commit hook names
// the staged files, an editor one buffer), the tables they use are often
// defined in files that are not named. With Options.ProjectContext the
// project's other lintable files are read for their facts, which join the
// catalog; nothing is reported in them. The result cache makes this cheap.

import (
	"context"
	"os"
	"path/filepath"
	"sync"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/walkmemo"
	"github.com/lakelint/lakelint/orchestration"
)

// ProjectRoot is the root of the project holding path, a file or directory:
// inside a git work tree, the highest directory with a lakelint config at or
// below the top level, else the top level itself; outside one, the nearest
// directory with a config. It is "" when there is neither.
func ProjectRoot(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	dir := abs
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		dir = filepath.Dir(abs)
	}
	var nearest, highest string
	for {
		if hasConfig(dir) {
			if nearest == "" {
				nearest = dir
			}
			highest = dir
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			if highest != "" {
				return highest
			}
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nearest
		}
		dir = parent
	}
}

func hasConfig(dir string) bool { return config.FileIn(dir) != "" }

// Partial reports whether the paths named on the command line make a
// partial run, which project context completes: some are files (a named
// directory is taken as the part of the project to lint, whole). A path
// that does not exist counts as a file (the name of standard input).
func Partial(paths []string) bool {
	for _, p := range paths {
		if info, err := os.Stat(p); err != nil || !info.IsDir() {
			return true
		}
	}
	return false
}

// contextFiles lists the lintable files of the projects of srcs that are not
// among srcs, found as a walk from each project root would find them.
func (l *Linter) contextFiles(srcs []Source) []string {
	named := map[string]bool{}
	var roots []string
	seenRoot := map[string]bool{}
	rootOf := map[string]string{} // directory → its project root: sources share directories
	for _, s := range srcs {
		abs := l.abs(s.Path)
		named[abs] = true
		dir := filepath.Dir(abs)
		root, ok := rootOf[dir]
		if !ok {
			root = ProjectRoot(abs)
			rootOf[dir] = root
		}
		if root != "" && !seenRoot[root] {
			seenRoot[root] = true
			roots = append(roots, root)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, root := range roots {
		files, err := l.discoverRoot(displayPath(root, srcs, l.wd()))
		if err != nil {
			continue
		}
		for _, f := range files {
			if a := l.abs(f); !named[a] && !seen[a] {
				seen[a] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// displayPath writes root as the named paths are written: relative to the
// current directory unless they are absolute, so that paths in messages and
// the catalog's path order match a run over the whole project.
func displayPath(root string, srcs []Source, wd string) string {
	if len(srcs) > 0 && filepath.IsAbs(srcs[0].Path) || wd == "" {
		return root
	}
	if rel, err := filepath.Rel(wd, root); err == nil {
		return rel
	}
	return root
}

// indexed is what reading the project context did.
type indexed struct {
	files []string
	units []*unit
}

// loadContext adds the facts of the project context to tables, reading the
// files in p next to the named ones. Without Options.ProjectContext it does
// nothing.
func (l *Linter) loadContext(ctx context.Context, p *pool.Pool, srcs []Source, bs *builders) *indexed {
	if !l.opts.ProjectContext {
		return nil
	}
	in := &indexed{files: l.contextFiles(srcs)}
	l.opts.ContextMemo.keepOnly(in.files)
	in.units = make([]*unit, len(in.files))
	for _, i := range workOrder(len(in.files)) {
		f := in.files[i]
		p.Go(func() {
			if ctx.Err() == nil {
				in.units[i] = l.loadContextFile(f, bs)
			}
		})
	}
	return in
}

// loaded returns the context's files, for the link step (none without context).
func (in *indexed) loaded() []*unit {
	if in == nil {
		return nil
	}
	return in.units
}

// report counts the files indexed; why others could not be is for
// --verbose only, since they are not linted.
func (in *indexed) report(res *Result) {
	if in == nil {
		return
	}
	for _, u := range in.units {
		if u == nil {
			continue
		}
		if u.linted {
			res.Indexed++
		}
		for _, n := range u.notes {
			if n.Path == "" {
				n.Path = u.src.Path
			}
			res.Details = append(res.Details, Note{Path: n.Path, Message: "not indexed for project context: " + n.Message})
		}
	}
}

// ContextMemo keeps the project context in memory between the runs of a
// long-lived process (the language server, which lints on every
// keystroke): each context file's facts as last loaded, with the size,
// modification time and identity the file had then. A run takes a file
// from the memo while those are unchanged, so it reads, hashes and decodes
// only the files that changed on disk since the last run. It also keeps
// the last run's catalog and link builders, so that a run takes out and
// adds again only the catalog parts of the files that changed and links
// again only those files and the ones whose calls reach them (the result
// is a fresh run's: the same code makes both), and each project root's
// walk, done again only when a directory in it changed. It holds the
// facts of a whole project, so a one-off run (check) has none. It is safe
// for concurrent use; give it to Options.ContextMemo.
type ContextMemo struct {
	mu    sync.Mutex
	files map[string]*memoEntry // by the path the file is named by
	// walks are the last walks below each project root: discovery's, the
	// spark-defaults.conf files', the Terraform files'
	walks *walkmemo.Memo
	// builders hold the catalog and the summaries of the last run's files,
	// so that a run adds only the files that changed (nil while a run has
	// them, or after one failed)
	builders *builders
}

// walkMemo is the memo's walks, nil without a memo (each run walks).
func (m *ContextMemo) walkMemo() *walkmemo.Memo {
	if m == nil {
		return nil
	}
	return m.walks
}

// NewContextMemo makes an empty memo.
func NewContextMemo() *ContextMemo {
	return &ContextMemo{files: map[string]*memoEntry{}, walks: walkmemo.New()}
}

type memoEntry struct {
	stamp walkmemo.Stamp
	cfg   *config.Config
	model [32]byte // the dbt project digest the facts were made with
	facts *facts.File
	unit  unit // as load left it, before the link step
}

// stampOf is the stamp of the regular file at path (see walkmemo.Stamp).
func stampOf(path string) (walkmemo.Stamp, bool) {
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() {
		return walkmemo.Stamp{}, false
	}
	return walkmemo.StampOfInfo(path, info), true
}

// loadContextFile loads a file of the project context, from the memo when
// it holds the file as it is on disk.
func (l *Linter) loadContextFile(path string, bs *builders) *unit {
	m := l.opts.ContextMemo
	if m == nil {
		return l.load(Source{Path: path}, nil, nil, bs, nil)
	}
	stamp, ok := stampOf(path)
	cfg, err := l.configs.For(path)
	_, model := l.models.For(path)
	if ok && err == nil {
		m.mu.Lock()
		e := m.files[path]
		m.mu.Unlock()
		if e != nil && e.stamp == stamp && e.cfg == cfg && e.model == model {
			u := e.unit // a copy: the link step sets its run and extra
			bs.keep(path, e.facts)
			return &u
		}
	}
	u := l.load(Source{Path: path}, nil, nil, bs, nil)
	m.mu.Lock()
	defer m.mu.Unlock()
	if ok && err == nil && u.linted && u.facts != nil && !stamp.Racy() {
		e := &memoEntry{stamp: stamp, cfg: cfg, model: model, facts: u.facts, unit: *u}
		e.unit.facts = nil
		m.files[path] = e
	} else {
		delete(m.files, path)
	}
	return u
}

// discoverRoot lists the lintable files below a project root. With a
// memo, a walk is done again only when a directory it walked or a
// .gitignore it looked for changed (a file added, deleted or renamed
// changes its directory): a keystroke does not walk the project.
func (l *Linter) discoverRoot(root string) ([]string, error) {
	m := l.opts.ContextMemo
	if m == nil || !filepath.IsAbs(root) {
		return l.Discover([]string{root})
	}
	var err error
	files := m.walks.Files("discover", root, func(look func(string)) ([]string, bool) {
		found, e := l.Find([]string{root})
		if e != nil {
			err = e
			return nil, false
		}
		for _, p := range found.looked {
			look(p)
		}
		return found.Files, true
	})
	return files, err
}

// takeBuilders gives a run the catalog and link builders of the memo's
// last run, or new ones: without a memo, or while another run has them.
func (m *ContextMemo) takeBuilders() *builders {
	if m == nil {
		return newBuilders(false)
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	bs := m.builders
	m.builders = nil
	if bs == nil {
		bs = newBuilders(true)
	}
	bs.fresh = map[string]bool{}
	return bs
}

// putBuilders keeps a run's builders for the next. A run that does not
// end (a panic) puts none back, and the next starts afresh.
func (m *ContextMemo) putBuilders(bs *builders) {
	if m == nil {
		return
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	m.builders = bs
}

// keepOnly forgets the files a run's context no longer has (deleted,
// excluded since, or linted as open documents).
func (m *ContextMemo) keepOnly(paths []string) {
	if m == nil {
		return
	}
	keep := make(map[string]bool, len(paths))
	for _, p := range paths {
		keep[p] = true
	}
	m.mu.Lock()
	defer m.mu.Unlock()
	for p := range m.files {
		if !keep[p] {
			delete(m.files, p)
		}
	}
}

// keepForMemo keeps a context file's facts on its unit for the memo, and
// drops them otherwise: a run holds no project's worth of facts. The memo
// links a file from its facts' summary, decoded once: such a file's
// summary is decoded now and added to links, not left to the link step.
func (u *unit) keepForMemo(l *Linter, store *cache.FactStore, f *facts.File) {
	u.facts = nil
	if store != nil || l.opts.ContextMemo == nil {
		return
	}
	if f.Summary == nil && u.summary != nil {
		s, err := facts.UnmarshalSummary(u.summary)
		if err != nil {
			return // not kept: the link step decodes it, and says so
		}
		f.Summary = s
	}
	u.facts, u.summary = f, nil
	if u.cached {
		u.dagUnread = orchestration.CallsAirflow(f.Summary) // a DAG file: parsed from disk with the others
	}
}
