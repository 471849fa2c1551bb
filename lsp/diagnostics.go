package lsp

import (
	"encoding/json"
	"fmt"
	"reflect"
	"slices"
	"unicode/utf8"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/notebook"
)

// diagnosticsOf turns a document's findings into its diagnostics, by the
// URI they are published for: every URI of the document has a list, empty
// when clean. data is the source the document was linted as, and shift
// the lines each notebook cell gained in it (notebookFile).
func diagnosticsOf(d *docSnapshot, data []byte, shift []int, fs []finding.Finding) map[string][]diagnostic {
	out := emptyDiagnostics(d)
	for i := range fs {
		f := &fs[i]
		ld := output.ToLSP(f)
		uri := d.uri
		switch {
		case d.notebook:
			if f.Cell < 1 || f.Cell > len(d.cells) {
				continue
			}
			uri = d.cells[f.Cell-1].uri
			inCell(&ld, f, d.cells, shift)
		case isNotebook(d.path):
			inJSON(&ld, f, d.path, data)
		}
		data := ld.Data
		ld.Data = output.LSPDiagnosticData{} // the wrapper's Data is the one sent
		out[uri] = append(out[uri], diagnostic{LSPDiagnostic: ld, Data: diagnosticData{LSPDiagnosticData: data}})
	}
	for _, list := range out {
		nameDiagnostics(list)
	}
	return out
}

// inCell places a notebook document's diagnostic in its cell's lines, and
// evidence in another cell in that cell.
func inCell(ld *output.LSPDiagnostic, f *finding.Finding, cells []cell, shift []int) {
	k := shift[f.Cell-1]
	ld.Range = shiftRange(ld.Range, k)
	ld.Data.FileRange = nil // the lines of a file the client never sees
	for _, fx := range ld.Data.Fixes {
		for j := range fx.Edits {
			if fx.Edits[j].URI == "" { // an edit in another file keeps its lines
				fx.Edits[j].Range = shiftRange(fx.Edits[j].Range, k)
			}
		}
	}
	for j := range ld.RelatedInformation {
		r := &f.Related[j]
		if r.Path == "" && r.Cell >= 1 && r.Cell <= len(cells) {
			loc := &ld.RelatedInformation[j].Location
			loc.URI, loc.Range = cells[r.Cell-1].uri, shiftRange(loc.Range, shift[r.Cell-1])
		}
	}
}

// shiftRange moves a range up k lines.
func shiftRange(r output.LSPRange, k int) output.LSPRange {
	up := func(p output.LSPPosition) output.LSPPosition {
		if p.Line -= k; p.Line < 0 {
			return output.LSPPosition{}
		}
		return p
	}
	return output.LSPRange{Start: up(r.Start), End: up(r.End)}
}

// inJSON places the diagnostic of an .ipynb file open as text in the
// lines of its JSON, as concise output does, and makes its fixes edits of
// that JSON. A fix that cannot be written back is not offered.
func inJSON(ld *output.LSPDiagnostic, f *finding.Finding, path string, file []byte) {
	if fr := ld.Data.FileRange; fr != nil {
		ld.Range = *fr
	}
	for j := range ld.RelatedInformation {
		if r := &f.Related[j]; r.Path == "" && r.Cell > 0 && r.FileStart.Line > 0 {
			ld.RelatedInformation[j].Location.Range = fileRange(r.FileStart, r.FileEnd)
		}
	}
	fixes := ld.Data.Fixes[:0]
	for j, fx := range ld.Data.Fixes {
		if edits, ok := jsonEdits(path, file, f.Fixes[j]); ok {
			fx.Edits = edits
			fixes = append(fixes, fx)
		}
	}
	ld.Data.Fixes = fixes
}

func fileRange(start, end finding.Position) output.LSPRange {
	at := func(p finding.Position) output.LSPPosition {
		return output.LSPPosition{Line: max(p.Line-1, 0), Character: max(p.Character, 0)}
	}
	return output.LSPRange{Start: at(start), End: at(end)}
}

// jsonEdits applies a fix to a notebook's code as the fixer does and
// returns the change to the file's JSON as one edit of its text.
func jsonEdits(path string, file []byte, fx finding.Fix) ([]output.LSPTextEdit, bool) {
	if fx.Foreign() {
		return nil, false // one edit of the JSON cannot carry another file's
	}
	doc, err := parsers.Load(path, file)
	if err != nil || doc.RenderAt == nil {
		return nil, false
	}
	edits := slices.Clone(fx.Edits)
	slices.SortStableFunc(edits, func(a, b finding.Edit) int { return a.Start.Offset - b.Start.Offset })
	text := make([]byte, 0, len(doc.Text))
	at := 0
	for _, e := range edits {
		if e.Start.Offset < at || e.End.Offset < e.Start.Offset || e.End.Offset > len(doc.Text) {
			return nil, false // overlapping or out of the text
		}
		text = append(append(text, doc.Text[at:e.Start.Offset]...), e.NewText...)
		at = e.End.Offset
	}
	text = append(text, doc.Text[at:]...)
	// where each code cell starts in the edited text, as the fixer tells the renderer
	var starts []int
	for _, c := range doc.Cells {
		if !c.Code {
			continue
		}
		moved := 0
		for _, e := range edits {
			if e.Start.Offset < c.Start && e.End.Offset > c.Start {
				return nil, false // a fix never spans two cells
			}
			if e.Start.Offset < c.Start {
				moved += len(e.NewText) - (e.End.Offset - e.Start.Offset)
			}
		}
		starts = append(starts, c.Start+moved)
	}
	after, err := doc.RenderAt(text, starts)
	if err != nil || !json.Valid(after[notebook.BOMLen(after):]) {
		return nil, false
	}
	return []output.LSPTextEdit{smallestEdit(string(file), string(after))}, true
}

// smallestEdit is the one edit that turns old into new: what lies between
// their common start and end, cut where a position can fall (not inside a
// character or a CRLF).
func smallestEdit(old, new string) output.LSPTextEdit {
	n := min(len(old), len(new))
	pre := 0
	for pre < n && old[pre] == new[pre] {
		pre++
	}
	for pre > 0 && (!boundary(old, pre) || !boundary(new, pre)) {
		pre--
	}
	suf := 0
	for suf < n-pre && old[len(old)-1-suf] == new[len(new)-1-suf] {
		suf++
	}
	for suf > 0 && (!boundary(old, len(old)-suf) || !boundary(new, len(new)-suf)) {
		suf--
	}
	return output.LSPTextEdit{
		Range:   output.LSPRange{Start: positionOf(old, pre), End: positionOf(old, len(old)-suf)},
		NewText: new[pre : len(new)-suf],
	}
}

// boundary reports whether a position can fall at offset i of s.
func boundary(s string, i int) bool {
	if i <= 0 || i >= len(s) {
		return true
	}
	return utf8.RuneStart(s[i]) && (s[i-1] != '\r' || s[i] != '\n')
}

// nameDiagnostics gives each diagnostic of a document its id: its code and
// range, and a count among equals, so that the same finding keeps its id
// when the document is linted again.
func nameDiagnostics(list []diagnostic) {
	seen := map[string]int{}
	for i := range list {
		d := &list[i]
		r := d.Range
		id := fmt.Sprintf("%s@%d:%d-%d:%d", d.Code, r.Start.Line, r.Start.Character, r.End.Line, r.End.Character)
		n := seen[id]
		seen[id]++
		if n > 0 {
			id = fmt.Sprintf("%s#%d", id, n)
		}
		d.Data.Code, d.Data.ID = d.Code, id
	}
}

// sameDiagnostics reports whether two lists say the same: a document whose
// diagnostics did not change is not sent them again.
func sameDiagnostics(a, b []diagnostic) bool {
	return reflect.DeepEqual(a, b)
}
