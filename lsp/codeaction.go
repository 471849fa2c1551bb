package lsp

import (
	"encoding/json"
	"fmt"
	"os"
	"strings"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
)

// codeAction offers the fixes of the diagnostics the client names, for a
// text document or a notebook cell. They are matched against the last
// published diagnostics by the id lakelint put in their data, else by
// range and code; and only while those still describe the buffer: a fix
// computed for older text would edit the wrong place.
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
	_, published, ok := s.docs.current(uri)
	if !ok {
		return actions, nil
	}
	used := make([]bool, len(published))
	for _, raw := range p.Context.Diagnostics {
		var key diagnosticKey
		if json.Unmarshal(raw, &key) != nil {
			continue
		}
		if i := match(published, used, key); i >= 0 {
			used[i] = true
			for _, fx := range published[i].Data.Fixes {
				if s.othersAsLinted(fx) {
					actions = append(actions, quickFix(uri, raw, fx))
				}
			}
		}
	}
	return actions, nil
}

// match finds the published diagnostic the client names: by the code and
// id of its data, which clients keep as sent, else by range and code,
// which some clients send back in other columns. It returns -1 for none.
func match(published []diagnostic, used []bool, key diagnosticKey) int {
	var data dataKey
	if json.Unmarshal(key.Data, &data) == nil && data.ID != "" {
		for i := range published {
			if d := &published[i]; !used[i] && d.Data.ID == data.ID && d.Code == data.Code {
				return i
			}
		}
	}
	code := codeString(key.Code)
	for i := range published {
		if d := &published[i]; !used[i] && d.Range == key.Range && d.Code == code {
			return i
		}
	}
	return -1
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
		Edit:        workspaceEdit{Changes: changesByFile(uri, fx.Edits)},
	}
}

// othersAsLinted reports whether the other files a fix edits are as the
// lint read them: from disk, so one open with unsaved changes would take
// the edit at the wrong place, and the fix is not offered.
func (s *Server) othersAsLinted(fx output.LSPFix) bool {
	for _, e := range fx.Edits {
		if e.URI == "" {
			continue
		}
		if _, text, _, open := s.docs.textOf(e.URI); open {
			path, ok := filePath(e.URI)
			if !ok {
				return false
			}
			disk, err := os.ReadFile(path)
			if err != nil || string(disk) != text {
				return false
			}
		}
	}
	return true
}

// changesByFile puts each edit under the URI of its file: the
// diagnostic's, or the one the edit names (a dbt model's YAML).
func changesByFile(uri string, edits []output.LSPTextEdit) map[string][]output.LSPTextEdit {
	out := map[string][]output.LSPTextEdit{}
	for _, e := range edits {
		at := uri
		if e.URI != "" {
			at = e.URI
		}
		e.URI, e.Path = "", "" // a TextEdit has no file of its own
		out[at] = append(out[at], e)
	}
	return out
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
