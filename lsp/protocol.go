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
	PositionEncoding     string               `json:"positionEncoding"`
	TextDocumentSync     textDocumentSync     `json:"textDocumentSync"`
	NotebookDocumentSync notebookDocumentSync `json:"notebookDocumentSync"`
	CodeActionProvider   codeActionProvider   `json:"codeActionProvider"`
	HoverProvider        bool                 `json:"hoverProvider"`
}

// clientCapabilities are the few client capabilities lakelint reads.
type clientCapabilities struct {
	Workspace struct {
		DidChangeWatchedFiles struct {
			DynamicRegistration bool `json:"dynamicRegistration"`
		} `json:"didChangeWatchedFiles"`
	} `json:"workspace"`
}

type notebookDocumentSync struct {
	NotebookSelector []notebookSelector `json:"notebookSelector"`
	Save             bool               `json:"save"`
}

// notebookSelector names the notebooks whose cells (all of them) the
// client syncs as notebook documents.
type notebookSelector struct {
	Notebook notebookFilter `json:"notebook"`
}

type notebookFilter struct {
	NotebookType string `json:"notebookType"`
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
		URI  string `json:"uri"`
		Type int    `json:"type"` // created, changed, deleted
	} `json:"changes"`
}

// The notebook notifications of LSP 3.17.

type notebookDocument struct {
	URI          string          `json:"uri"`
	NotebookType string          `json:"notebookType"`
	Version      int             `json:"version"`
	Metadata     json.RawMessage `json:"metadata"`
	Cells        []notebookCell  `json:"cells"`
}

type notebookCell struct {
	Kind     int    `json:"kind"` // 1 markup, 2 code
	Document string `json:"document"`
}

const cellKindCode = 2

type didOpenNotebookParams struct {
	NotebookDocument  notebookDocument   `json:"notebookDocument"`
	CellTextDocuments []textDocumentItem `json:"cellTextDocuments"`
}

type didChangeNotebookParams struct {
	NotebookDocument versionedTextDocumentIdentifier `json:"notebookDocument"`
	Change           notebookChange                  `json:"change"`
}

type notebookChange struct {
	Metadata json.RawMessage `json:"metadata"`
	Cells    *struct {
		Structure *struct {
			Array struct {
				Start       int            `json:"start"`
				DeleteCount int            `json:"deleteCount"`
				Cells       []notebookCell `json:"cells"`
			} `json:"array"`
			DidOpen  []textDocumentItem       `json:"didOpen"`
			DidClose []textDocumentIdentifier `json:"didClose"`
		} `json:"structure"`
		Data        []notebookCell `json:"data"`
		TextContent []struct {
			Document versionedTextDocumentIdentifier `json:"document"`
			Changes  []contentChange                 `json:"changes"`
		} `json:"textContent"`
	} `json:"cells"`
}

type didSaveNotebookParams struct {
	NotebookDocument textDocumentIdentifier `json:"notebookDocument"`
}

type didCloseNotebookParams struct {
	NotebookDocument  textDocumentIdentifier   `json:"notebookDocument"`
	CellTextDocuments []textDocumentIdentifier `json:"cellTextDocuments"`
}

// client/registerCapability, for the watched files.

type registrationParams struct {
	Registrations []registration `json:"registrations"`
}

type registration struct {
	ID              string `json:"id"`
	Method          string `json:"method"`
	RegisterOptions any    `json:"registerOptions"`
}

type watchedFilesOptions struct {
	Watchers []fileSystemWatcher `json:"watchers"`
}

type fileSystemWatcher struct {
	GlobPattern string `json:"globPattern"`
}

type publishDiagnosticsParams struct {
	URI         string       `json:"uri"`
	Version     *int         `json:"version,omitempty"`
	Diagnostics []diagnostic `json:"diagnostics"`
}

// diagnostic is what --output-format json prints, with an id in its data
// that names it among the published diagnostics of its document: clients
// echo data as it was sent, where some echo a range in other columns
// (bytes rather than UTF-16 units).
type diagnostic struct {
	output.LSPDiagnostic
	Data diagnosticData `json:"data"`
}

type diagnosticData struct {
	output.LSPDiagnosticData
	Code string `json:"code"` // the rule code, as the diagnostic's code
	ID   string `json:"id"`   // the diagnostic's place; unique in its document
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

// diagnosticKey is what identifies a diagnostic the client sends back:
// its data, as lakelint sent it, else its range and code.
type diagnosticKey struct {
	Range output.LSPRange `json:"range"`
	Code  any             `json:"code"` // a string for lakelint's, but LSP allows numbers
	Data  json.RawMessage `json:"data"` // read as dataKey when it is one
}

type dataKey struct {
	Code string `json:"code"`
	ID   string `json:"id"`
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

type hoverParams struct {
	TextDocument struct {
		URI string `json:"uri"`
	} `json:"textDocument"`
	Position output.LSPPosition `json:"position"`
}

type hoverResult struct {
	Contents markupContent    `json:"contents"`
	Range    *output.LSPRange `json:"range,omitempty"`
}

type markupContent struct {
	Kind  string `json:"kind"`
	Value string `json:"value"`
}
