package engine

import (
	"sort"
	"strings"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/finding"
)

// addFilePlaces fills in what output formats that read files as text need
// beyond the cell-relative positions: raw-file positions in notebooks, and
// the diagnostic's related places. (The subject is resolveAll's, for all
// of a file's findings at once.)
func (l *Linter) addFilePlaces(f *finding.Finding, d analysis.Diagnostic, u *loaded, pos *positioner, room *findingRoom) {
	startOff := u.tok.Offset(d.Pos)
	endOff := startOff
	if d.End.IsValid() {
		endOff = u.tok.Offset(d.End)
	}
	if s, ok := pos.filePosition(startOff); ok {
		f.FileStart = s
		f.FileEnd, _ = pos.filePosition(endOff)
	}
	if len(d.Related) > 0 {
		f.Related = take(&room.related, len(d.Related))
	}
	for _, r := range d.Related {
		if rel, ok := relatedAt(u, r, pos); ok {
			f.Related = append(f.Related, rel)
		}
	}
	if len(f.Related) == 0 {
		f.Related = nil // none could be placed: as if none were given
	}
}

// relatedAt resolves a related place in the finding's file or in another
// file of the run; ok is false for a place in no file that can be read.
func relatedAt(u *loaded, r analysis.RelatedInformation, pos *positioner) (finding.Related, bool) {
	tf := u.tok
	var rel finding.Related
	if u.other.foreign(r.Pos) {
		tf = u.other.fileOf(r.Pos)
		if tf == nil {
			return rel, false
		}
		o := u.other.other(tf)
		if o == nil {
			return rel, false
		}
		if pos = o.positioner(); pos == nil {
			return rel, false
		}
		rel.Path, rel.AbsPath = o.unit.src.Path, o.abs
	} else if !r.Pos.IsValid() {
		return rel, false // a place in no file of this run
	}
	rs, cell := pos.position(tf.Offset(r.Pos))
	re := rs
	if r.End.IsValid() && int(r.End) >= int(r.Pos) && int(r.End) <= tf.Base()+tf.Size() {
		re, _ = pos.position(tf.Offset(r.End))
	}
	rel.Message, rel.Start, rel.End, rel.Cell = u.own(r.Message), rs, re, cell
	if fs, ok := pos.filePosition(rs.Offset); ok {
		rel.FileStart = fs
		rel.FileEnd, _ = pos.filePosition(re.Offset)
	}
	return rel, true
}

// addSource keeps the text of the lines the finding and its fixes cover.
func addSource(f *finding.Finding, pos *positioner) {
	first, last := pos.sourceLines(f)
	f.Source = pos.context(first, last)
	p, _ := pos.position(pos.lines.at(first))
	f.SourceLine = p.Line
}

// addSources is addSource for every finding of a file, with one string and
// one slice holding the lines of them all. Findings that share lines share
// their text: each line is kept once however many findings it has, so that
// a script on one long line with a finding per statement does not keep the
// line once per finding.
func addSources(fs []finding.Finding, pos *positioner) {
	if len(fs) == 0 {
		return
	}
	type span struct{ first, last, start, end int }
	spans := make([]span, len(fs))
	lines := 0
	for i := range fs {
		first, last := pos.sourceLines(&fs[i])
		start, end := pos.linesSpan(first, last)
		spans[i] = span{first, last, start, end}
		lines += last - first + 1
	}
	byStart := make([]int, len(fs))
	for i := range byStart {
		byStart[i] = i
	}
	sort.Slice(byStart, func(a, b int) bool { return spans[byStart[a]].start < spans[byStart[b]].start })
	// runs of overlapping spans are written once; at[i] is where finding
	// i's lines begin in the text written
	var b strings.Builder
	at := make([]int, len(fs))
	runEnd := -1 // where the text written so far ends in the document
	for _, i := range byStart {
		sp := spans[i]
		if sp.start >= runEnd { // a new run
			runEnd = sp.start
			b.Grow(sp.end - sp.start)
		}
		if sp.end > runEnd {
			b.Write(pos.doc.Text[runEnd:sp.end])
			runEnd = sp.end
		}
		at[i] = b.Len() - (runEnd - sp.start)
	}
	text := b.String()
	room := make([]string, lines)
	for i := range fs {
		sp := spans[i]
		n := sp.last - sp.first + 1
		fs[i].Source = pos.contextOf(text[at[i]:at[i]+sp.end-sp.start], sp.first, sp.last, room[:0:n])
		room = room[n:]
		p, _ := pos.position(pos.lines.at(sp.first))
		fs[i].SourceLine = p.Line
	}
}

// sourceLines are the first and last document lines (0-based) of the
// finding's source: those it and its fixes cover, kept inside a notebook
// finding's cell, at most maxContext.
func (p *positioner) sourceLines(f *finding.Finding) (first, last int) {
	first = p.lineIndex(f.Start.Offset)
	last = p.lineIndex(f.End.Offset)
	for _, fx := range f.Fixes {
		for _, e := range fx.Edits {
			first = min(first, p.lineIndex(e.Start.Offset))
			last = max(last, p.lineIndex(e.End.Offset))
		}
	}
	if f.Cell > 0 {
		// a fix never leaves its cell; keep the frame inside it too
		if c := p.doc.CellAt(f.Start.Offset); c != nil {
			first = max(first, p.lineIndex(c.Start))
			last = min(last, p.lineIndex(max(c.End-1, c.Start)))
		}
	}
	if last < first {
		last = first
	}
	return first, p.contextLast(first, last)
}

// addPlaces is what addFilePlaces and addSource give a finding lakelint
// makes itself, with no diagnostic behind it.
func addPlaces(f *finding.Finding, pos *positioner) {
	if s, ok := pos.filePosition(f.Start.Offset); ok {
		f.FileStart = s
		f.FileEnd, _ = pos.filePosition(f.End.Offset)
	}
	addSource(f, pos)
}
