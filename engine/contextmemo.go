package engine

import (
	"os"
	"sync"
	"time"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/fileid"
	"github.com/lakelint/lakelint/link"
)

// ContextMemo keeps the project context in memory between the runs of a
// long-lived process (the language server, which lints on every
// keystroke): each context file's facts as last loaded, with the size,
// modification time and identity the file had then. A run takes a file
// from the memo while those are unchanged, so it reads, hashes and decodes
// only the files that changed on disk since the last run. It holds the
// facts of a whole project, so a one-off run (check) has none. It is safe
// for concurrent use; give it to Options.ContextMemo.
type ContextMemo struct {
	mu    sync.Mutex
	files map[string]*memoEntry // by the path the file is named by
}

// NewContextMemo makes an empty memo.
func NewContextMemo() *ContextMemo {
	return &ContextMemo{files: map[string]*memoEntry{}}
}

type memoEntry struct {
	stamp fileStamp
	cfg   *config.Config
	model [32]byte // the dbt project digest the facts were made with
	facts *facts.File
	unit  unit // as load left it, before the link step
}

// fileStamp is what tells that a file is the one loaded before.
type fileStamp struct {
	size  int64
	mtime int64 // in nanoseconds
	id    any
}

// racyWindow is how recent a modification time must be for the stamp not
// to be trusted: file systems keep times in ticks of a few milliseconds, so
// a file written twice within one, at the same size, keeps its stamp.
// Such a file is loaded afresh until its time is older.
const racyWindow = 2 * time.Second

func (s fileStamp) racy() bool {
	return time.Since(time.Unix(0, s.mtime)) < racyWindow
}

func stampOf(path string) (fileStamp, bool) {
	info, err := os.Stat(path)
	if err != nil || !info.Mode().IsRegular() {
		return fileStamp{}, false
	}
	id, _ := fileid.Of(path, info)
	return fileStamp{size: info.Size(), mtime: info.ModTime().UnixNano(), id: id}, true
}

// loadContextFile loads a file of the project context, from the memo when
// it holds the file as it is on disk.
func (l *Linter) loadContextFile(path string, tables *catalog.Builder, links *link.Builder) *unit {
	m := l.opts.ContextMemo
	if m == nil {
		return l.load(Source{Path: path}, nil, nil, tables, links, nil)
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
			tables.Add(e.facts)
			links.Add(path, e.facts.Summary)
			return &u
		}
	}
	u := l.load(Source{Path: path}, nil, nil, tables, links, nil)
	m.mu.Lock()
	defer m.mu.Unlock()
	if ok && err == nil && u.linted && u.facts != nil && !stamp.racy() {
		e := &memoEntry{stamp: stamp, cfg: cfg, model: model, facts: u.facts, unit: *u}
		e.unit.facts = nil
		m.files[path] = e
	} else {
		delete(m.files, path)
	}
	return u
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
// drops them otherwise: a run holds no project's worth of facts.
func (u *unit) keepForMemo(l *Linter, store *cache.FactStore, f *facts.File) {
	u.facts = nil
	if store == nil && l.opts.ContextMemo != nil {
		u.facts = f
	}
}
