package lsp

import (
	"encoding/json"
	"path/filepath"
	"slices"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/parsers"
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
	s.start(s.docs.open(doc.URI, path, doc.Version, doc.Text))
	return nil
}

func (s *Server) didChange(params json.RawMessage) error {
	var p didChangeParams
	if err := decode(params, &p); err != nil {
		return err
	}
	start, ok := s.docs.edit(p.TextDocument.URI, p.TextDocument.Version, p.ContentChanges)
	if !ok {
		return errorf(codeInvalidParams, "%s is not open", p.TextDocument.URI)
	}
	s.start(start)
	return nil
}

func (s *Server) didSave(params json.RawMessage) error {
	var p didSaveParams
	if err := decode(params, &p); err != nil {
		return err
	}
	s.filesChanged(p.TextDocument.URI)
	return nil
}

func (s *Server) didClose(params json.RawMessage) error {
	var p didCloseParams
	if err := decode(params, &p); err != nil {
		return err
	}
	cleared, start := s.docs.close(p.TextDocument.URI)
	s.clear(cleared)
	s.start(start) // the others see the file on disk again
	return nil
}

func (s *Server) didOpenNotebook(params json.RawMessage) error {
	var p didOpenNotebookParams
	if err := decode(params, &p); err != nil {
		return err
	}
	nb := p.NotebookDocument
	if nb.URI == "" {
		return errorf(codeInvalidParams, "notebookDocument.uri is missing")
	}
	path := documentPath(nb.URI, "jupyter-notebook")
	if !isNotebook(path) {
		path += ".ipynb" // what the cells are read as
	}
	s.start(s.docs.openNotebook(nb.URI, path, nb.Version, kernelName(nb.Metadata), nb.Cells, p.CellTextDocuments))
	return nil
}

func (s *Server) didChangeNotebook(params json.RawMessage) error {
	var p didChangeNotebookParams
	if err := decode(params, &p); err != nil {
		return err
	}
	cleared, start, ok := s.docs.changeNotebook(p.NotebookDocument.URI, p.NotebookDocument.Version, p.Change)
	if !ok {
		return errorf(codeInvalidParams, "%s is not open", p.NotebookDocument.URI)
	}
	s.clear(cleared)
	s.start(start)
	return nil
}

func (s *Server) didSaveNotebook(params json.RawMessage) error {
	var p didSaveNotebookParams
	if err := decode(params, &p); err != nil {
		return err
	}
	s.filesChanged(p.NotebookDocument.URI)
	return nil
}

func (s *Server) didCloseNotebook(params json.RawMessage) error {
	var p didCloseNotebookParams
	if err := decode(params, &p); err != nil {
		return err
	}
	cleared, start := s.docs.closeNotebook(p.NotebookDocument.URI)
	s.clear(cleared)
	s.start(start)
	return nil
}

func (s *Server) didChangeWatchedFiles(params json.RawMessage) error {
	var p didChangeWatchedFilesParams
	if err := decode(params, &p); err != nil {
		return err
	}
	uris := make([]string, len(p.Changes))
	for i, c := range p.Changes {
		uris[i] = c.URI
	}
	s.filesChanged(uris...)
	return nil
}

// filesChanged follows files saved or changed on disk: a config rereads
// the configs, and any file lakelint reads lints the open documents
// again, since each may depend on it (a table's definition, a helper, a
// stream's source) through the project context.
func (s *Server) filesChanged(uris ...string) {
	relint := false
	for _, uri := range uris {
		path, ok := filePath(uri)
		if !ok {
			continue
		}
		if s.isConfig(path) {
			s.reloadConfigs()
			return // every open document is linted again
		}
		// a bundle file or spark-defaults.conf gives the code settings and schedules
		relint = relint || isSource(path) || engine.SettingsFileName(path)
	}
	if relint {
		s.start(s.docs.touch())
	}
}

// reloadConfigs rereads the configs and lints every open document again
// under them. A broken config is shown, and the last good one kept.
func (s *Server) reloadConfigs() {
	st, err := s.newSetup()
	if err != nil {
		s.showError(err.Error())
		return
	}
	s.setup.Store(st)
	s.forgetShown()
	s.start(s.docs.touch())
}

// configNames are the names of the files that configure lakelint: its own
// config files, and pyproject.toml, which may hold a [tool.lakelint] table.
func configNames() []string {
	return append(slices.Clone(config.FileNames), config.PyprojectName)
}

// isConfig reports whether path is a config file the server reads.
func (s *Server) isConfig(path string) bool {
	if explicit := s.opts.Resolver.ConfigPath; explicit != "" {
		a, errA := filepath.Abs(explicit)
		b, errB := filepath.Abs(path)
		return errA == nil && errB == nil && a == b
	}
	return slices.Contains(configNames(), filepath.Base(path))
}

// isSource reports whether lakelint lints the file and reads it for
// project context.
func isSource(path string) bool { return parsers.Lintable(path) }
