package lsp

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
)

// codeAction offers the fixes of the diagnostics the client names. They are
// matched by range and code against the last published diagnostics, and
// only while those still describe the buffer: a fix computed for older text
// would edit the wrong place.
func (s *Server) codeAction(params json.RawMessage) (any, error) {
	var p codeActionParams
	if err := decode(params, &p); err != nil {
		return nil, err
	}
	actions := []codeAction{}
	if !wants(p.Context.Only, kindQuickFix) {
		return actions, nil
	}
	uri := p.TextDocument.URI
	path, published, ok := s.docs.current(uri)
	if !ok || isNotebook(path) {
		// notebook positions are per cell: they do not map onto the JSON text
		return actions, nil
	}
	used := make([]bool, len(published))
	for _, raw := range p.Context.Diagnostics {
		var key diagnosticKey
		if json.Unmarshal(raw, &key) != nil {
			continue
		}
		code := codeString(key.Code)
		for i := range published {
			d := &published[i]
			if used[i] || d.Range != key.Range || d.Code != code {
				continue
			}
			used[i] = true
			for _, fx := range d.Data.Fixes {
				actions = append(actions, quickFix(uri, raw, fx))
			}
		}
	}
	return actions, nil
}

func quickFix(uri string, diag json.RawMessage, fx output.LSPFix) codeAction {
	safe := fx.Applicability == string(finding.Safe)
	title := fx.Title
	if !safe {
		title = unsafeTitleTag + title
	}
	return codeAction{
		Title:       title,
		Kind:        kindQuickFix,
		Diagnostics: []json.RawMessage{diag},
		IsPreferred: safe,
		Edit:        workspaceEdit{Changes: map[string][]output.LSPTextEdit{uri: fx.Edits}},
	}
}

// wants reports whether a kind passes the client's "only" filter; kinds are
// hierarchical, so "quickfix" also admits "quickfix.x".
func wants(only []string, kind string) bool {
	if len(only) == 0 {
		return true
	}
	for _, o := range only {
		if o == kind || strings.HasPrefix(kind, o+".") {
			return true
		}
	}
	return false
}

// codeString reads a diagnostic code, a string or a number in LSP.
func codeString(code any) string {
	switch c := code.(type) {
	case string:
		return c
	case float64:
		return fmt.Sprint(c)
	}
	return ""
}
