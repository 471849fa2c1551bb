package lsp

import (
	"cmp"
	"context"
	"os"
	"path/filepath"
	"runtime/debug"
	"slices"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/finding"
)

// start starts the lint goroutine when a change says so. The goroutine
// lints snapshots until one is current.
func (s *Server) start(needed bool) {
	if !needed {
		return
	}
	s.lints.Add(1)
	go func() {
		defer s.lints.Done()
		for snap := s.docs.next(s.lintCtx); snap != nil; snap = s.docs.next(s.lintCtx) {
			s.runSafely(snap)
		}
	}()
}

func (s *Server) runSafely(snap *snapshot) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Printf("internal error linting: %v\n%s", p, debug.Stack())
		}
	}()
	s.run(snap)
}

// lintGroupSafely lints a group; when that panics, it lints each of its
// documents alone, so that one file's trouble costs only its diagnostics.
func (s *Server) lintGroupSafely(ctx context.Context, st *setup, docs []*docSnapshot) {
	ok := s.tryLint(ctx, st, docs)
	for i := 0; !ok && len(docs) > 1 && i < len(docs); i++ {
		s.tryLint(ctx, st, docs[i:i+1])
	}
}

func (s *Server) tryLint(ctx context.Context, st *setup, docs []*docSnapshot) (ok bool) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Printf("internal error linting %s: %v\n%s", docs[0].path, p, debug.Stack())
		}
	}()
	s.lintGroup(ctx, st, docs)
	return true
}

// run lints a snapshot: with Engine.ProjectContext, the open documents of
// each project together, so that each sees the others' unsaved text, and
// the project's other files from disk; without, each alone. Excluded
// documents get no diagnostics.
func (s *Server) run(snap *snapshot) {
	st := s.setup.Load()
	var groups [][]*docSnapshot
	byRoot := map[string][]int{} // project root → its groups
	for i := range snap.docs {
		d := &snap.docs[i]
		if s.excluded(st, d.path) {
			s.publishAccepted(snap.ctx, d, emptyDiagnostics(d))
			continue
		}
		root := d.uri // without project context, each buffer is linted alone
		if s.opts.Engine.ProjectContext {
			root = engine.ProjectRoot(d.path)
		}
		// a notebook open as text too is one path twice: lint them apart
		at := slices.IndexFunc(byRoot[root], func(g int) bool {
			return !slices.ContainsFunc(groups[g], func(o *docSnapshot) bool { return o.path == d.path })
		})
		if at < 0 {
			byRoot[root] = append(byRoot[root], len(groups))
			groups = append(groups, nil)
			at = len(byRoot[root]) - 1
		}
		g := byRoot[root][at]
		groups[g] = append(groups[g], d)
	}
	// the project edited last goes first: its buffer's own diagnostics
	// should not wait for other projects'
	newest := func(g []*docSnapshot) uint64 {
		var n uint64
		for _, d := range g {
			n = max(n, d.gen)
		}
		return n
	}
	slices.SortStableFunc(groups, func(a, b []*docSnapshot) int { return cmp.Compare(newest(b), newest(a)) })
	for _, g := range groups {
		if snap.ctx.Err() != nil {
			return
		}
		s.lintGroupSafely(snap.ctx, st, g)
	}
}

// lintGroup lints documents of one project in one run and publishes them.
func (s *Server) lintGroup(ctx context.Context, st *setup, docs []*docSnapshot) {
	srcs := make([]engine.Source, len(docs))
	shifts := make([][]int, len(docs))
	for i, d := range docs {
		// Data must not be nil, even for an empty buffer: nil means "read the file"
		data := append(make([]byte, 0, len(d.text)), d.text...)
		if d.notebook {
			data, shifts[i] = notebookFile(d.cells, d.kernel)
		}
		srcs[i] = engine.Source{Path: d.path, Data: data}
	}
	var cat *catalog.Catalog
	res, err := s.lint(ctx, st.linterFor(s.opts, docs[0].path, func(c *catalog.Catalog) { cat = c }), srcs)
	if err != nil {
		if ctx.Err() == nil {
			s.log.Printf("linting %s: %v", docs[0].path, err)
		}
		return
	}
	s.keepTables(cat, res, srcs)
	for _, n := range res.Notes {
		if n.Error {
			s.showError(n.String())
		}
	}
	// a settings file's findings name it as the run shows it (relative to
	// the working directory): matched to documents by absolute path
	byPath := map[string][]finding.Finding{}
	for _, f := range res.Findings {
		byPath[absPath(f.Path)] = append(byPath[absPath(f.Path)], f)
	}
	for i, d := range docs {
		if engine.SettingsFileName(d.path) && !savedText(d) {
			continue // its findings are of the file on disk: shown again once saved
		}
		s.publishAccepted(ctx, d, diagnosticsOf(d, srcs[i].Data, shifts[i], byPath[absPath(d.path)]))
	}
}

// absPath is p made absolute, p itself when it cannot be.
func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

// savedText reports whether a document's text is the file's on disk.
func savedText(d *docSnapshot) bool {
	data, err := os.ReadFile(d.path)
	return err == nil && string(data) == d.text
}

// publishAccepted publishes a document's diagnostics unless its text
// changed, it closed, or a newer run is under way; of those still
// current, only the ones that differ from what was last sent are sent.
func (s *Server) publishAccepted(ctx context.Context, d *docSnapshot, diags map[string][]diagnostic) {
	if ctx.Err() != nil {
		return
	}
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	send := s.docs.accept(d, diags)
	slices.Sort(send)
	for _, uri := range send {
		version := d.versionOf(uri)
		s.publish(uri, &version, diags[uri])
	}
}

// emptyDiagnostics is no diagnostic for each URI of a document.
func emptyDiagnostics(d *docSnapshot) map[string][]diagnostic {
	out := map[string][]diagnostic{}
	for _, uri := range d.uris() {
		out[uri] = []diagnostic{}
	}
	return out
}

// uris are the URIs a document's diagnostics are published for.
func (d *docSnapshot) uris() []string {
	if !d.notebook {
		return []string{d.uri}
	}
	out := make([]string, len(d.cells))
	for i, c := range d.cells {
		out[i] = c.uri
	}
	return out
}

// excluded reports whether the configs or --exclude keep path from linting.
func (s *Server) excluded(st *setup, path string) bool {
	if s.opts.Engine.Exclude.Match(path) {
		return true
	}
	cfg, err := st.configs.For(path)
	return err == nil && cfg.Excluded(path)
}

// publish sends diagnostics; s.publishMu is held.
func (s *Server) publish(uri string, version *int, diags []diagnostic) {
	if diags == nil {
		diags = []diagnostic{}
	}
	s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Version: version, Diagnostics: diags})
}

// clear publishes no diagnostics for URIs that closed.
func (s *Server) clear(uris []string) {
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	for _, uri := range uris {
		s.publish(uri, nil, nil)
	}
}

// showError tells the user about a problem once until the configs are
// reloaded: a broken config file would otherwise silently stop all
// diagnostics, and repeating it on every keystroke would be noise.
func (s *Server) showError(msg string) {
	s.shownMu.Lock()
	seen := s.shown[msg]
	s.shown[msg] = true
	s.shownMu.Unlock()
	if !seen {
		s.log.Print(msg)
		s.notify("window/showMessage", showMessageParams{Type: messageError, Message: "lakelint: " + msg})
	}
}

// forgetShown lets errors be shown again, after the configs changed.
func (s *Server) forgetShown() {
	s.shownMu.Lock()
	clear(s.shown)
	s.shownMu.Unlock()
}

// linterFor is the linter for a file: the setup's options and memo, with
// the cache of the file's project when there is one, handing the run's
// catalog to keep (for hovers).
func (st *setup) linterFor(o Options, path string, keep func(*catalog.Catalog)) *engine.Linter {
	opts := st.engineOptions(o)
	opts.Catalog = keep
	if o.CacheFor != nil {
		if c := o.CacheFor(path); c != nil {
			opts.Cache = c
		}
	}
	return engine.New(st.configs, opts)
}

// engineOptions are the server's engine options with the setup's memo.
func (st *setup) engineOptions(o Options) engine.Options {
	opts := o.Engine
	opts.ContextMemo = st.memo
	return opts
}
