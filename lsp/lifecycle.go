package lsp

import (
	"encoding/json"

	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/parsers"
)

func (s *Server) initialize(params json.RawMessage) (any, error) {
	if s.initialized {
		return nil, errorf(codeInvalidRequest, "initialize was already received")
	}
	var p initializeParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	s.initialized = true
	var caps clientCapabilities
	if json.Unmarshal(p.Caps, &caps) == nil {
		s.watchFiles = caps.Workspace.DidChangeWatchedFiles.DynamicRegistration
	}
	return initializeResult{
		Capabilities: serverCapabilities{
			PositionEncoding: "utf-16",
			TextDocumentSync: textDocumentSync{OpenClose: true, Change: syncFull, Save: saveOptions{}},
			NotebookDocumentSync: notebookDocumentSync{
				NotebookSelector: []notebookSelector{{Notebook: notebookFilter{NotebookType: "jupyter-notebook"}}},
				Save:             true,
			},
			CodeActionProvider: codeActionProvider{CodeActionKinds: []string{kindQuickFix}},
			HoverProvider:      true,
		},
		ServerInfo: serverInfo{Name: output.Source, Version: s.opts.Version},
	}, nil
}

// shutdownRequest stops linting; the client then sends exit.
func (s *Server) shutdownRequest(json.RawMessage) (any, error) {
	s.shutdown = true
	s.stopLinting()
	return nil, nil
}

// initializedNotification asks the client to watch the files lakelint
// reads, when it can be asked: configs, and the sources of the project
// context, which change under the open buffers (a pull, a branch switch,
// another editor).
func (s *Server) initializedNotification(json.RawMessage) error {
	if !s.watchFiles {
		return nil
	}
	var watchers []fileSystemWatcher
	for _, name := range configNames() {
		watchers = append(watchers, fileSystemWatcher{GlobPattern: "**/" + name})
	}
	for _, ext := range parsers.Extensions {
		watchers = append(watchers, fileSystemWatcher{GlobPattern: "**/*" + ext})
	}
	s.request("client/registerCapability", registrationParams{Registrations: []registration{{
		ID: "lakelint-watched-files", Method: "workspace/didChangeWatchedFiles",
		RegisterOptions: watchedFilesOptions{Watchers: watchers},
	}}})
	return nil
}
