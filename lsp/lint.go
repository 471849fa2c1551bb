package lsp

import (
	"runtime/debug"

	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/output"
)

// start lints a document off the reader goroutine, and goes on with its
// newer text while there is some. A nil job is one a goroutine already has.
func (s *Server) start(job *lintJob) {
	if job == nil {
		return
	}
	s.lints.Add(1)
	go func() {
		defer s.lints.Done()
		for ; job != nil; job = s.docs.next(job) {
			s.runSafely(job)
		}
	}()
}

func (s *Server) runSafely(job *lintJob) {
	defer func() {
		if p := recover(); p != nil {
			s.log.Printf("internal error linting %s: %v\n%s", job.uri, p, debug.Stack())
		}
	}()
	s.run(job)
}

// run lints one snapshot and publishes its diagnostics unless the document
// changed or closed meanwhile.
func (s *Server) run(job *lintJob) {
	st := s.setup.Load()
	diags := make([]output.LSPDiagnostic, 0)
	if !s.excluded(st, job.path) {
		// Data must not be nil, even for an empty buffer: nil means "read the file"
		data := append(make([]byte, 0, len(job.text)), job.text...)
		res, err := s.lint(job.ctx, st.linterFor(s.opts, job.path), engine.Source{Path: job.path, Data: data})
		if err != nil {
			if job.ctx.Err() == nil {
				s.log.Printf("linting %s: %v", job.path, err)
			}
			return
		}
		for _, n := range res.Notes {
			if n.Error {
				s.showError(n.String())
			}
		}
		for i := range res.Findings {
			diags = append(diags, output.ToLSP(&res.Findings[i]))
		}
	}
	if job.ctx.Err() != nil {
		return
	}
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	if s.docs.accept(job, diags) {
		s.publish(job.uri, &job.version, diags)
	}
}

// excluded reports whether the configs or --exclude keep path from linting.
func (s *Server) excluded(st *setup, path string) bool {
	if s.opts.Engine.Exclude.Match(path) {
		return true
	}
	cfg, err := st.configs.For(path)
	return err == nil && cfg.Excluded(path)
}

// publish sends a document's diagnostics; s.publishMu is held.
func (s *Server) publish(uri string, version *int, diags []output.LSPDiagnostic) {
	if diags == nil {
		diags = []output.LSPDiagnostic{}
	}
	s.notify("textDocument/publishDiagnostics", publishDiagnosticsParams{URI: uri, Version: version, Diagnostics: diags})
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

// linterFor is the linter for a file: the setup's, with the cache of the
// file's project when there is one.
func (st *setup) linterFor(o Options, path string) *engine.Linter {
	if o.CacheFor == nil {
		return st.linter
	}
	c := o.CacheFor(path)
	if c == nil {
		return st.linter
	}
	opts := o.Engine
	opts.Cache = c
	return engine.New(st.configs, opts)
}
