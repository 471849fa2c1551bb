package output

import (
	"cmp"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/internal/redact"
)

// LSP shapes, as the JSON format prints them and a language server can send
// them. Lines are 0-based and characters count UTF-16 code units.

// LSPPosition is a 0-based line and UTF-16 character.
type LSPPosition struct {
	Line      int `json:"line"`
	Character int `json:"character"`
}

// LSPRange is a half-open range of positions.
type LSPRange struct {
	Start LSPPosition `json:"start"`
	End   LSPPosition `json:"end"`
}

// LSPTextEdit replaces a range with new text. URI and Path name the file
// when it is another than the diagnostic's (a dbt model's fix in its
// project's YAML); a language server moves them to its WorkspaceEdit.
type LSPTextEdit struct {
	Range   LSPRange `json:"range"`
	NewText string   `json:"newText"`
	URI     string   `json:"uri,omitempty"`
	Path    string   `json:"path,omitempty"`
}

// LSPCodeDescription links a diagnostic's code to its documentation.
type LSPCodeDescription struct {
	Href string `json:"href"`
}

// LSPDiagnostic is an LSP Diagnostic whose data carries lakelint's extras.
type LSPDiagnostic struct {
	Range           LSPRange            `json:"range"`
	Severity        int                 `json:"severity"`
	Code            string              `json:"code"`
	CodeDescription *LSPCodeDescription `json:"codeDescription,omitempty"`
	Source          string              `json:"source"`
	Message         string              `json:"message"`
	Data            LSPDiagnosticData   `json:"data"`
	// RelatedInformation is the evidence the message cites.
	RelatedInformation []LSPRelated `json:"relatedInformation,omitempty"`
}

// LSPRelated is an LSP DiagnosticRelatedInformation.
type LSPRelated struct {
	Location LSPLocation `json:"location"`
	Message  string      `json:"message"`
}

// LSPLocation is a range in a document.
type LSPLocation struct {
	URI   string   `json:"uri"`
	Range LSPRange `json:"range"`
}

// LSPDiagnosticData is what lakelint puts in a diagnostic's data field.
type LSPDiagnosticData struct {
	Rule  string   `json:"rule"`
	Cell  int      `json:"cell,omitempty"` // 1-based notebook cell; lines are relative to it
	Fixes []LSPFix `json:"fixes"`
	// FileRange is the range in the lines of the file as stored (0-based,
	// UTF-16), for a notebook: what a tool reading the .ipynb as text needs.
	FileRange *LSPRange `json:"fileRange,omitempty"`
}

// LSPFix is one suggested fix, as lakelint's data field carries it.
type LSPFix struct {
	Title         string        `json:"title"`
	Applicability string        `json:"applicability"` // "safe" or "unsafe"
	Edits         []LSPTextEdit `json:"edits"`
}

// ToLSP converts a finding to an LSP diagnostic. Lists are empty, never nil,
// so they print as []. Credentials are removed, as Stream removes them.
func ToLSP(f *finding.Finding) LSPDiagnostic {
	if redact.Active() {
		f, _ = redactFinding(f)
	}
	d := LSPDiagnostic{
		Range:    lspRange(f.Start, f.End),
		Severity: int(severity(f)),
		Code:     f.Code,
		Source:   Source,
		Message:  f.Message,
		Data: LSPDiagnosticData{
			Rule:  f.Rule,
			Cell:  f.Cell,
			Fixes: make([]LSPFix, 0, len(f.Fixes)),
		},
	}
	if f.Cell > 0 && f.FileStart.Line > 0 {
		r := lspRange(f.FileStart, f.FileEnd)
		d.Data.FileRange = &r
	}
	if f.URL != "" {
		d.CodeDescription = &LSPCodeDescription{Href: f.URL}
	}
	for _, fix := range f.Fixes {
		lf := LSPFix{
			Title:         fix.Title,
			Applicability: string(fix.Applicability),
			Edits:         make([]LSPTextEdit, 0, len(fix.Edits)),
		}
		for _, e := range fix.Edits {
			le := LSPTextEdit{Range: lspRange(e.Start, e.End), NewText: e.NewText}
			if e.Foreign() {
				le.URI, le.Path = fileURI(cmp.Or(e.AbsPath, e.Path)), e.Path
			}
			lf.Edits = append(lf.Edits, le)
		}
		d.Data.Fixes = append(d.Data.Fixes, lf)
	}
	for i := range f.Related {
		r := &f.Related[i]
		path, abs := f.RelatedPath(r) // the finding's file, or the one the evidence is in
		d.RelatedInformation = append(d.RelatedInformation, LSPRelated{
			Location: LSPLocation{URI: fileURI(cmp.Or(abs, path)), Range: lspRange(r.Start, r.End)}, Message: r.Message})
	}
	return d
}

func lspRange(start, end finding.Position) LSPRange {
	return LSPRange{Start: lspPosition(start), End: lspPosition(end)}
}

func lspPosition(p finding.Position) LSPPosition {
	return LSPPosition{Line: max(p.Line-1, 0), Character: max(p.Character, 0)}
}
