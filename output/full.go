package output

import (
	"bufio"
	"strings"
	"unicode/utf8"

	"github.com/lakelint/lakelint/finding"
)

// fullPrinter prints each finding as text does, then its source lines with
// the range marked and each fix as a diff of those lines:
//
//	jobs/etl.py:12:5: LL101 [*] message
//	   |
//	12 |     df.repartition(64).write.saveAsTable("t")
//	   |     ^^^^^^^^^^^^^^^^^^
//	   = note: jobs/etl.py:3:1: optimized writes are turned on here
//	   = fix (safe): Remove the repartition call
//	   - 12 |     df.repartition(64).write.saveAsTable("t")
//	   + 12 |     df.write.saveAsTable("t")
//
// Notes are the evidence the message cites, in its file or another.
type fullPrinter struct{ text textPrinter }

func (p *fullPrinter) file(w *bufio.Writer, findings []*finding.Finding) error {
	for _, f := range findings {
		if p.text.total > 0 {
			w.WriteString("\n") // a blank line between findings
		}
		if err := p.text.file(w, []*finding.Finding{f}); err != nil {
			return err
		}
		frame(w, f)
	}
	return nil
}

func (p *fullPrinter) end(w *bufio.Writer) error { return p.text.end(w) }

func (p *fullPrinter) notices(ns []Notice) { p.text.notices(ns) }

// frame prints the finding's source lines and its fixes; a finding that
// carries no source gets nothing.
func frame(w *bufio.Writer, f *finding.Finding) {
	if len(f.Source) == 0 || f.SourceLine == 0 {
		return
	}
	first := max(f.Start.Line, f.SourceLine)
	last := min(max(f.End.Line, first), f.SourceLine+len(f.Source)-1)
	width := len(itoa(f.SourceLine + len(f.Source) - 1))
	gutter := strings.Repeat(" ", width) + " |"
	w.WriteString(gutter + "\n")
	for n := first; n <= last; n++ {
		line, _ := codeLine(f, n)
		w.WriteString(padLeft(itoa(n), width) + " | " + printable(line) + "\n")
		from, to := 1, utf8.RuneCountInString(line)+1
		if n == f.Start.Line {
			from = f.Start.Column
		}
		if n == f.End.Line {
			to = f.End.Column
		}
		if to > from {
			w.WriteString(gutter + " " + caretIndent(line, from) + strings.Repeat("^", to-from) + "\n")
		}
	}
	for i := range f.Related {
		w.WriteString(strings.Repeat(" ", width) + " = note: " + relatedPlace(f, &f.Related[i]) + printable(f.Related[i].Message) + "\n")
	}
	for _, fix := range f.Fixes {
		w.WriteString(strings.Repeat(" ", width) + " = fix (" + string(fix.Applicability) + "): " + printable(fix.Title) + "\n")
		if fix.Foreign() {
			writeForeignFix(w, f, fix, width)
			continue
		}
		old, changed, start, ok := applyToSource(f, fix)
		if !ok {
			continue
		}
		for i, line := range old {
			w.WriteString(strings.Repeat(" ", width) + " - " + padLeft(itoa(start+i), width) + " | " + printable(line) + "\n")
		}
		for i, line := range changed {
			w.WriteString(strings.Repeat(" ", width) + " + " + padLeft(itoa(start+i), width) + " | " + printable(line) + "\n")
		}
	}
}

// writeForeignFix shows a fix that edits another file by the place of each
// edit and the lines it inserts: that file's lines are not at hand.
func writeForeignFix(w *bufio.Writer, f *finding.Finding, fix finding.Fix, width int) {
	for i := range fix.Edits {
		e := &fix.Edits[i]
		path, _ := f.EditPath(e)
		w.WriteString(strings.Repeat(" ", width) + "   in " + printable(path) + ":" + itoa(e.Start.Line) + ":" + itoa(e.Start.Column) + "\n")
		for _, line := range strings.Split(strings.TrimLeft(e.NewText, "\r\n"), "\n") {
			w.WriteString(strings.Repeat(" ", width) + " + " + printable(strings.TrimSuffix(line, "\r")) + "\n")
		}
	}
}

// relatedPlace is "path:line:col: " ("path:cell N:line:col: " in a
// notebook) of a related place.
func relatedPlace(f *finding.Finding, r *finding.Related) string {
	path, _ := f.RelatedPath(r)
	s := printable(path) + ":"
	if r.Cell > 0 {
		s += "cell " + itoa(r.Cell) + ":"
	}
	return s + itoa(r.Start.Line) + ":" + itoa(r.Start.Column) + ": "
}

// caretIndent is the blank that puts a caret under column col of line:
// tabs are kept so the caret lines up however tabs are shown.
func caretIndent(line string, col int) string {
	var b strings.Builder
	n := 1
	for _, r := range line {
		if n >= col {
			break
		}
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
		n++
	}
	for ; n < col; n++ {
		b.WriteByte(' ')
	}
	return b.String()
}

func padLeft(s string, width int) string {
	if len(s) >= width {
		return s
	}
	return strings.Repeat(" ", width-len(s)) + s
}

// applyToSource applies a fix's edits to the finding's source lines and
// returns the lines that change, before and after, and the number of the
// first; ok is false when an edit falls outside the lines the finding
// carries.
func applyToSource(f *finding.Finding, fix finding.Fix) (old, changed []string, start int, ok bool) {
	text := strings.Join(f.Source, "\n")
	type span struct {
		from, to int
		newText  string
	}
	spans := make([]span, 0, len(fix.Edits))
	for _, e := range fix.Edits {
		from, ok1 := sourceOffset(f, e.Start)
		to, ok2 := sourceOffset(f, e.End)
		if !ok1 || !ok2 || to < from {
			return nil, nil, 0, false
		}
		spans = append(spans, span{from, to, e.NewText})
	}
	// sort by start, then apply from the last so earlier offsets stay put
	for i := 1; i < len(spans); i++ {
		for j := i; j > 0 && spans[j].from < spans[j-1].from; j-- {
			spans[j], spans[j-1] = spans[j-1], spans[j]
		}
	}
	out := text
	for i := len(spans) - 1; i >= 0; i-- {
		s := spans[i]
		if i+1 < len(spans) && s.to > spans[i+1].from {
			return nil, nil, 0, false // overlapping edits
		}
		out = out[:s.from] + s.newText + out[s.to:]
	}
	before := strings.Split(text, "\n")
	after := strings.Split(out, "\n")
	// drop the lines both share at the start and the end
	p := 0
	for p < len(before) && p < len(after) && before[p] == after[p] {
		p++
	}
	q := 0
	for q < len(before)-p && q < len(after)-p && before[len(before)-1-q] == after[len(after)-1-q] {
		q++
	}
	return before[p : len(before)-q], after[p : len(after)-q], f.SourceLine + p, true
}

// sourceOffset turns a position into a byte offset in the finding's source
// lines joined by "\n".
func sourceOffset(f *finding.Finding, p finding.Position) (int, bool) {
	i := p.Line - f.SourceLine
	if f.SourceLine == 0 || i < 0 || i >= len(f.Source) {
		return 0, false
	}
	off := 0
	for _, l := range f.Source[:i] {
		off += len(l) + 1
	}
	b, ok := byteColumn(f.Source[i], p.Column)
	return off + b - 1, ok
}

// byteColumn turns a 1-based code-point column into a 1-based byte column
// of line; ok is false past the end of the line (one past is allowed).
func byteColumn(line string, col int) (int, bool) {
	if col < 1 {
		return 0, false
	}
	b := 0
	for n := 1; n < col; n++ {
		if b >= len(line) {
			return 0, false
		}
		_, size := utf8.DecodeRuneInString(line[b:])
		b += size
	}
	return b + 1, true
}
