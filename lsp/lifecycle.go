package lsp

import (
	"encoding/json"

	"github.com/lakelint/lakelint/output"
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
	return initializeResult{
		Capabilities: serverCapabilities{
			PositionEncoding:   "utf-16",
			TextDocumentSync:   textDocumentSync{OpenClose: true, Change: syncFull, Save: saveOptions{}},
			CodeActionProvider: codeActionProvider{CodeActionKinds: []string{kindQuickFix}},
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
