package lsp

import (
	"encoding/json"

	"github.com/lakelint/lakelint/output"
)

// The few LSP shapes lakelint reads and writes. Positions, ranges, edits and
// diagnostics are output's, so the server publishes exactly what
// --output-format json prints.

const (
	syncFull       = 1 // TextDocumentSyncKind.Full
	kindQuickFix   = "quickfix"
	messageError   = 1 // MessageType.Error
	unsafeTitleTag = "(unsafe) "
)

type initializeParams struct {
	ProcessID *int            `json:"processId"`
	RootURI   *string         `json:"rootUri"`
	Caps      json.RawMessage `json:"capabilities"`
}

type initializeResult struct {
	Capabilities serverCapabilities `json:"capabilities"`
	ServerInfo   serverInfo         `json:"serverInfo"`
}

type serverInfo struct {
	Name    string `json:"name"`
	Version string `json:"version,omitempty"`
}

type serverCapabilities struct {
	PositionEncoding   string             `json:"positionEncoding"`
	TextDocumentSync   textDocumentSync   `json:"textDocumentSync"`
	CodeActionProvider codeActionProvider `json:"codeActionProvider"`
}

type textDocumentSync struct {
	OpenClose bool        `json:"openClose"`
	Change    int         `json:"change"`
	Save      saveOptions `json:"save"`
}

type saveOptions struct {
	IncludeText bool `json:"includeText"`
}

type codeActionProvider struct {
	CodeActionKinds []string `json:"codeActionKinds"`
}

type textDocumentIdentifier struct {
	URI string `json:"uri"`
}

type textDocumentItem struct {
	URI        string `json:"uri"`
	LanguageID string `json:"languageId"`
	Version    int    `json:"version"`
	Text       string `json:"text"`
}

type versionedTextDocumentIdentifier struct {
	URI     string `json:"uri"`
	Version int    `json:"version"`
}

type didOpenParams struct {
	TextDocument textDocumentItem `json:"textDocument"`
}

type didChangeParams struct {
	TextDocument   versionedTextDocumentIdentifier `json:"textDocument"`
	ContentChanges []contentChange                 `json:"contentChanges"`
}

// contentChange is the whole new text, or, from a client that ignores the
// full sync lakelint asks for, the text of one range.
type contentChange struct {
	Range *output.LSPRange `json:"range"`
	Text  string           `json:"text"`
}

type didSaveParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didCloseParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
}

type didChangeWatchedFilesParams struct {
	Changes []struct {
		URI string `json:"uri"`
	} `json:"changes"`
}

type publishDiagnosticsParams struct {
	URI         string                 `json:"uri"`
	Version     *int                   `json:"version,omitempty"`
	Diagnostics []output.LSPDiagnostic `json:"diagnostics"`
}

type showMessageParams struct {
	Type    int    `json:"type"`
	Message string `json:"message"`
}

type codeActionParams struct {
	TextDocument textDocumentIdentifier `json:"textDocument"`
	Range        output.LSPRange        `json:"range"`
	Context      codeActionContext      `json:"context"`
}

type codeActionContext struct {
	// Diagnostics are kept raw so the actions echo them exactly.
	Diagnostics []json.RawMessage `json:"diagnostics"`
	Only        []string          `json:"only"`
}

// diagnosticKey is what identifies a diagnostic the client sends back.
type diagnosticKey struct {
	Range output.LSPRange `json:"range"`
	Code  any             `json:"code"` // a string for lakelint's, but LSP allows numbers
}

type codeAction struct {
	Title       string            `json:"title"`
	Kind        string            `json:"kind"`
	Diagnostics []json.RawMessage `json:"diagnostics,omitempty"`
	IsPreferred bool              `json:"isPreferred,omitempty"`
	Edit        workspaceEdit     `json:"edit"`
}

type workspaceEdit struct {
	Changes map[string][]output.LSPTextEdit `json:"changes"`
}
