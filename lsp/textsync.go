package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"

	"github.com/lakelint/lakelint/config"
)

func (s *Server) didOpen(params json.RawMessage) error {
	var p didOpenParams
	if err := decode(params, &p); err != nil {
		return err
	}
	doc := p.TextDocument
	if doc.URI == "" {
		return errorf(codeInvalidParams, "textDocument.uri is missing")
	}
	path := documentPath(doc.URI, doc.LanguageID)
	s.start(s.docs.open(s.lintCtx, doc.URI, path, doc.Version, doc.Text))
	return nil
}

func (s *Server) didChange(params json.RawMessage) error {
	var p didChangeParams
	if err := decode(params, &p); err != nil {
		return err
	}
	job, ok := s.docs.edit(s.lintCtx, p.TextDocument.URI, p.TextDocument.Version, p.ContentChanges)
	if !ok {
		return errorf(codeInvalidParams, "%s is not open", p.TextDocument.URI)
	}
	s.start(job)
	return nil
}

func (s *Server) didSave(params json.RawMessage) error {
	var p didSaveParams
	if err := decode(params, &p); err != nil {
		return err
	}
	uri := p.TextDocument.URI
	if s.reloadIfConfig(uri) {
		return nil // every open document was linted again
	}
	// the text is unchanged, but what it refers to on disk may not be
	for _, job := range s.docs.relint(s.lintCtx, uri) {
		s.start(job)
	}
	return nil
}

func (s *Server) didClose(params json.RawMessage) error {
	var p didCloseParams
	if err := decode(params, &p); err != nil {
		return err
	}
	s.publishMu.Lock()
	defer s.publishMu.Unlock()
	if s.docs.close(p.TextDocument.URI) {
		s.publish(p.TextDocument.URI, nil, nil)
	}
	return nil
}

func (s *Server) didChangeWatchedFiles(params json.RawMessage) error {
	var p didChangeWatchedFilesParams
	if err := decode(params, &p); err != nil {
		return err
	}
	for _, c := range p.Changes {
		if s.reloadIfConfig(c.URI) {
			break
		}
	}
	return nil
}

// reloadIfConfig rereads the configs when uri names a config file, and
// lints every open document again under them.
func (s *Server) reloadIfConfig(uri string) bool {
	path, ok := filePath(uri)
	if !ok || !s.isConfig(path) {
		return false
	}
	st, err := s.newSetup()
	if err != nil {
		s.showError(err.Error())
		return false
	}
	s.setup.Store(st)
	s.forgetShown()
	for _, job := range s.docs.relint(s.lintCtx) {
		s.start(job)
	}
	return true
}

// isConfig reports whether path is a config file the server reads.
func (s *Server) isConfig(path string) bool {
	if explicit := s.opts.Resolver.ConfigPath; explicit != "" {
		a, errA := filepath.Abs(explicit)
		b, errB := filepath.Abs(path)
		return errA == nil && errB == nil && a == b
	}
	return slices.Contains(config.FileNames, filepath.Base(path))
}
