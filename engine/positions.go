package engine

import (
	"bytes"
	"encoding/binary"
	"go/token"
	"math"
	"path"
	"sort"
	"strconv"
	"strings"
	"sync"
	"unicode/utf8"

	"golang.org/x/tools/go/analysis"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/parsers/document"
)

// positioner turns document offsets into line, column and UTF-16 character.
type positioner struct {
	doc   *document.Document
	lines lineTable // start offset of each line
	// fileLines index doc.File, for notebooks; made on first use, once:
	// the positions of a file other files cite serve every check at once
	fileOnce  sync.Once
	fileLines lineTable
}

func newPositioner(doc *document.Document) *positioner {
	return &positioner{doc: doc, lines: lineStarts(doc.Text)}
}

// lineTable is the start offset of each line of a text: in 32 bits for a
// text under 2 GB, as nearly all are (half the room of ints), else in wide.
type lineTable struct {
	narrow []int32
	wide   []int
	// marks are places in long lines whose column is known, by offset: a
	// position far along one (a minified notebook's JSON, a SQL script on
	// one line) is counted from the mark before it, not from the line's
	// start for every finding
	marks []lineMark
}

// lineMark is a place in a long line and its column and UTF-16 character.
type lineMark struct{ off, col, char int }

// markEvery is how many bytes of a long line there are between marks.
var markEvery = 4096

func (t lineTable) len() int {
	if t.wide != nil {
		return len(t.wide)
	}
	return len(t.narrow)
}

// at is the start of line i (0-based).
func (t lineTable) at(i int) int {
	if t.wide != nil {
		return t.wide[i]
	}
	return int(t.narrow[i])
}

// search is the 0-based line holding off.
func (t lineTable) search(off int) int {
	if t.wide != nil {
		return sort.Search(len(t.wide), func(i int) bool { return t.wide[i] > off }) - 1
	}
	return sort.Search(len(t.narrow), func(i int) bool { return int(t.narrow[i]) > off }) - 1
}

func lineStarts(text []byte) lineTable {
	n := bytes.Count(text, []byte("\n")) + 1
	var t lineTable
	if len(text) > math.MaxInt32 {
		t.wide = appendLineStarts(make([]int, 1, n), text)
	} else {
		t.narrow = appendLineStarts(make([]int32, 1, n), text)
	}
	t.marks = longLineMarks(text, t)
	return t
}

// longLineMarks marks every line longer than markEvery at about every
// markEvery bytes, each mark at the start of a character.
func longLineMarks(text []byte, t lineTable) []lineMark {
	var marks []lineMark
	for i := range t.len() {
		start, end := lineSpan(text, t, i)
		if end-start <= markEvery {
			continue
		}
		col, char := 1, 0
		for at := start + markEvery; at < end; at += markEvery {
			for at < end && !utf8.RuneStart(text[at]) {
				at++ // not inside a character
			}
			if at >= end {
				break
			}
			col, char = countColumns(text[start:at], col, char)
			marks = append(marks, lineMark{off: at, col: col, char: char})
			start = at
		}
	}
	return marks
}

// lineSpan is where line i's text starts (after a byte order mark) and ends.
func lineSpan(text []byte, t lineTable, i int) (start, end int) {
	start, end = t.at(i), len(text)
	if i+1 < t.len() {
		end = t.at(i + 1)
	}
	if i == 0 && bytes.HasPrefix(text, bom) {
		start = len(bom)
	}
	return start, end
}

// appendLineStarts appends the starts of the lines after the first.
func appendLineStarts[T int | int32](lines []T, text []byte) []T {
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], '\n')
		if j < 0 {
			return lines
		}
		i += j + 1
		lines = append(lines, T(i))
	}
}

var bom = []byte{0xEF, 0xBB, 0xBF}

// position returns the position of off; in a Jupyter notebook, lines count
// from the start of the cell holding off, and cell is its 1-based index.
func (p *positioner) position(off int) (pos finding.Position, cell int) {
	off = max(0, min(off, len(p.doc.Text)))
	pos, line := positionIn(p.doc.Text, p.lines, off)
	if c := p.doc.CellAt(off); c != nil {
		cell = c.Index
		first := p.lines.search(c.Start)
		pos.Line = line - first + 1
	}
	return pos, cell
}

// filePosition returns the position of off in the file's own lines: for a
// notebook, the line of its JSON text that holds the source line; ok is
// false for documents whose Text is the file.
func (p *positioner) filePosition(off int) (pos finding.Position, ok bool) {
	if p.doc.FileOffset == nil {
		return finding.Position{}, false
	}
	p.fileOnce.Do(func() { p.fileLines = lineStarts(p.doc.File) })
	raw := max(0, min(p.doc.FileOffset(max(0, min(off, len(p.doc.Text)))), len(p.doc.File)))
	pos, _ = positionIn(p.doc.File, p.fileLines, raw)
	return pos, true
}

// positionIn places off in text, whose lines start at lines; it also
// returns the 0-based line index.
func positionIn(text []byte, lines lineTable, off int) (finding.Position, int) {
	line := lines.search(off)
	start := lines.at(line)
	if line == 0 && bytes.HasPrefix(text, bom) {
		start = min(off, len(bom)) // editors do not count the byte order mark
	}
	col, char := 1, 0
	if m := lines.markBefore(off); m != nil && m.off >= start {
		start, col, char = m.off, m.col, m.char
	}
	col, char = countColumns(text[start:off], col, char)
	return finding.Position{Offset: off, Line: line + 1, Column: col, Character: char}, line
}

// markBefore is the last mark at or before off; nil for none.
func (t lineTable) markBefore(off int) *lineMark {
	i := sort.Search(len(t.marks), func(i int) bool { return t.marks[i].off > off }) - 1
	if i < 0 {
		return nil
	}
	return &t.marks[i]
}

// countColumns adds the columns and UTF-16 characters of s to col and char.
func countColumns(s []byte, col, char int) (int, int) {
	for len(s) > 0 {
		if len(s) >= 8 && binary.LittleEndian.Uint64(s)&0x8080808080808080 == 0 {
			s = s[8:] // eight ASCII bytes at once
			col += 8
			char += 8
			continue
		}
		if s[0] < utf8.RuneSelf { // ASCII, most text: one byte, one column
			s = s[1:]
			col++
			char++
			continue
		}
		r, n := utf8.DecodeRune(s)
		s = s[n:]
		col++
		if r >= 0x10000 {
			char += 2
		} else {
			char++
		}
	}
	return col, char
}

// context returns the text of the lines from first to last (document
// lines, 0-based indexes), at most maxContext of them, without line endings.
func (p *positioner) context(first, last int) []string {
	last = p.contextLast(first, last)
	start, end := p.linesSpan(first, last)
	// one string holds every line; each is a slice of it
	return p.contextOf(string(p.doc.Text[start:end]), first, last, make([]string, 0, last-first+1))
}

// contextLast is the last line context keeps of first to last.
func (p *positioner) contextLast(first, last int) int {
	return min(last, first+maxContext-1, p.lines.len()-1)
}

// linesSpan is the document span of lines first to last, line endings included.
func (p *positioner) linesSpan(first, last int) (start, end int) {
	end = len(p.doc.Text)
	if last+1 < p.lines.len() {
		end = p.lines.at(last + 1)
	}
	return p.lines.at(first), end
}

// contextOf appends to out the lines first to last of text, which holds
// them (linesSpan), without their line endings.
func (p *positioner) contextOf(text string, first, last int, out []string) []string {
	for i := first; i <= last; i++ {
		start := p.lines.at(i) - p.lines.at(first)
		stop := len(text)
		if i+1 < p.lines.len() {
			stop = p.lines.at(i+1) - p.lines.at(first)
		}
		line := text[start:stop]
		line = strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
		if i == 0 {
			line = strings.TrimPrefix(line, "\xEF\xBB\xBF") // bom
		}
		out = append(out, line)
	}
	return out
}

// maxContext caps the source lines a finding carries for code frames.
const maxContext = 12

// lineIndex returns the 0-based document line holding off.
func (p *positioner) lineIndex(off int) int {
	off = max(0, min(off, len(p.doc.Text)))
	return p.lines.search(off)
}

// place describes an offset for rule messages: "line 7", or "cell 2, line 3".
func (p *positioner) place(off int) string {
	pos, cell := p.position(off)
	var b [40]byte // one string made, not two
	s := b[:0]
	if cell > 0 {
		s = strconv.AppendInt(append(s, "cell "...), int64(cell), 10)
		s = append(s, ", "...)
	}
	s = strconv.AppendInt(append(s, "line "...), int64(pos.Line), 10)
	return string(s)
}

// runFiles are a run's files by path, for the spans that name another file
// (facts.Span.File): a helper's code applied at a call, a table's definition
// cited as evidence. A file's text is read again only when a finding cites
// a place in it. It is read by every check at once: what it holds of the
// run's files is made before the rule pass, and each file's positions
// under a lock of its own.
//
// A file's positions (its text and line table) are let go once its own
// findings are resolved, unless another file's findings have cited it:
// memory holds the files in flight and the cited ones, not every file
// checked. A file cited after its own check is read again, once.
type runFiles struct {
	byPath map[string]*runFile      // by clean path
	byTok  map[*token.File]*runFile // the same files, by their token.File
	fset   *token.FileSet           // positions of every file of the rule pass
	mu     sync.Mutex               // guards others
	others map[string]*token.File   // files not of the run that spans name, by clean path
}

// runFile is one file of the run.
type runFile struct {
	unit *unit
	tok  *token.File // its positions in the run's file set

	mu    sync.Mutex  // guards what follows
	abs   string      // its absolute path, set when its positions are first read
	read  bool        // pos and note are made
	pos   *positioner // nil when it cannot be read, and note says why
	note  string
	cited bool // another file's findings cite it: its positions stay for the run
	text  bool // a project file read beside the sources (addProjectTexts), not a source
}

func newRunFiles(units []*unit) *runFiles {
	r := &runFiles{byPath: make(map[string]*runFile, len(units)), byTok: make(map[*token.File]*runFile, len(units)),
		fset: token.NewFileSet(), others: map[string]*token.File{}}
	for _, u := range units {
		if u != nil && u.size > 0 {
			f := &runFile{unit: u, tok: r.fset.AddFile(u.src.Path, -1, u.size)}
			if old := r.byPath[cleanPath(u.src.Path)]; old != nil {
				delete(r.byTok, old.tok)
			}
			r.byPath[cleanPath(u.src.Path)] = f
			r.byTok[f.tok] = f
		}
	}
	return r
}

// file is the run's file at p, nil when it is not one of the run's.
func (r *runFiles) file(p string) *runFile {
	if r == nil {
		return nil
	}
	return r.byPath[cleanPath(p)]
}

// unit is the file at p, nil when it is not one of the run's.
func (r *runFiles) unit(p string) *unit {
	if f := r.file(p); f != nil {
		return f.unit
	}
	return nil
}

// cite reads the file at p for positions another file's findings cite;
// nil when it cannot.
func (r *runFiles) cite(p string) *positioner {
	if f := r.file(p); f != nil {
		return f.cite()
	}
	return nil
}

// cite reads the file for positions another file's findings cite, and
// keeps them for the run; nil when it cannot.
func (f *runFile) cite() *positioner {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.cited = true
	f.readLocked()
	return f.pos
}

// positions are the file's positions for its own rule pass, with, when
// there are none, the reason; release lets them go after.
func (f *runFile) positions() (*positioner, string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.readLocked()
	return f.pos, f.note
}

// release lets the file's positions go once its own findings are
// resolved, unless another file's cite them.
func (f *runFile) release() {
	f.mu.Lock()
	defer f.mu.Unlock()
	if !f.cited {
		f.read, f.pos, f.note = false, nil, ""
	}
}

// absPath is the file's absolute path, once its positions are read.
func (f *runFile) absPath() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.abs
}

// readLocked reads the file's positions unless they are at hand.
func (f *runFile) readLocked() {
	if f.read {
		return
	}
	f.read = true
	u := f.unit
	if f.abs == "" {
		f.abs = absPath(u.src.Path)
	}
	doc, note := readDocument(u.src, 0)
	switch {
	case note != "":
		f.note = note
	case len(doc.Text) != u.size:
		f.note = "its length changed since it was read" // its facts' places are not in this text
	default:
		f.pos = newPositioner(doc)
	}
}

// addFile adds a file to the run's file set.
func (r *runFiles) addFile(p string, size int) *token.File {
	r.mu.Lock()
	defer r.mu.Unlock()
	return r.fset.AddFile(p, -1, size)
}

// tokFile is the token.File of the file at p, whose clean path is clean:
// the run's file's, or one of size 0 added on first use for a file not of
// the run, where every span is at its start, still another file's.
func (r *runFiles) tokFile(p, clean string) *token.File {
	if f := r.byPath[clean]; f != nil {
		return f.tok
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	tf, ok := r.others[clean]
	if !ok {
		tf = r.fset.AddFile(p, -1, 0)
		r.others[clean] = tf
	}
	return tf
}

// addProjectTexts makes the project files a run read beside its sources
// (a bundle's YAML) places that messages and related locations can cite
// by line, as the run's other files are.
func addProjectTexts(units []*unit, paths []string, read func(string) ([]byte, error)) {
	var run *runFiles
	for _, u := range units {
		if u != nil && u.run != nil {
			run = u.run
			break
		}
	}
	if run == nil {
		return
	}
	for _, p := range paths {
		shown := relPath(p)
		if run.byPath[cleanPath(shown)] != nil {
			continue
		}
		data, err := read(p)
		if err != nil {
			continue
		}
		doc := &document.Document{Path: shown, Text: data, File: data}
		f := &runFile{unit: &unit{src: Source{Path: shown}, size: len(data)}, tok: run.fset.AddFile(shown, -1, len(data)),
			abs: absPath(p), read: true, pos: newPositioner(doc), cited: true, text: true} // read here only for citing
		run.byPath[cleanPath(shown)] = f
		if abs := cleanPath(f.abs); run.byPath[abs] == nil {
			run.byPath[abs] = f // a fact may name it by its absolute path
		}
		run.byTok[f.tok] = f
	}
}

// cleanPath is a path as the link step and the catalog's callers compare it.
func cleanPath(p string) string { return path.Clean(strings.ReplaceAll(p, "\\", "/")) }

// otherFiles give a file's rule pass the positions of the run's files, in
// the run's file set (a file set of its own without a run), where each file
// is added once: what the pass's spans name, by ID, is kept.
type otherFiles struct {
	run       *runFiles
	fset      *token.FileSet
	self      *token.File
	selfClean string
	byID      map[facts.FileID]*token.File // what tok has given
	added     map[string]*token.File       // without a run: the files added, by clean path
}

func newOtherFiles(un *unit) *otherFiles {
	run, path := un.run, un.src.Path
	o := &otherFiles{run: run, selfClean: cleanPath(path)}
	switch f := run.file(path); {
	case f != nil && f.unit == un:
		o.fset, o.self = run.fset, f.tok
	case run != nil: // a file the run does not list (empty, or named twice)
		o.fset, o.self = run.fset, run.addFile(path, un.size)
	default:
		o.fset = token.NewFileSet()
		o.self = o.fset.AddFile(path, -1, un.size)
	}
	return o
}

// tok is the token.File of the file a span names: the pass's own for 0,
// else the run's file at its path (one of size 0 for a file the run does
// not know).
func (o *otherFiles) tok(id facts.FileID) *token.File {
	if id == 0 {
		return o.self
	}
	if tf, ok := o.byID[id]; ok {
		return tf
	}
	p := id.Path()
	clean := cleanPath(p)
	var tf *token.File
	switch {
	case clean == o.selfClean:
		tf = o.self // evidence that names the file itself
	case o.run != nil:
		tf = o.run.tokFile(p, clean)
	default:
		if tf = o.added[clean]; tf == nil {
			tf = o.fset.AddFile(p, -1, 0)
			if o.added == nil {
				o.added = map[string]*token.File{}
			}
			o.added[clean] = tf
		}
	}
	if o.byID == nil {
		o.byID = make(map[facts.FileID]*token.File, 4)
	}
	o.byID[id] = tf
	return tf
}

// fileOf is the token.File holding pos, a position in another file; nil
// for none.
func (o *otherFiles) fileOf(pos token.Pos) *token.File { return o.fset.File(pos) }

// other is the run's file that tf stands for; nil for none.
func (o *otherFiles) other(tf *token.File) *runFile {
	if o.run == nil {
		return nil
	}
	return o.run.byTok[tf]
}

// editable is the run's file, other than the pass's own, that holds the
// edit from pos to end whole; nil when none does (a file the run does not
// have, whose offsets are all at its start).
func (o *otherFiles) editable(pos, end token.Pos) *runFile {
	tf := o.fileOf(pos)
	if tf == nil || tf == o.self || o.fileOf(end) != tf || tf.Size() == 0 {
		return nil
	}
	return o.other(tf)
}

// foreign reports whether pos is in another file than the pass's own.
func (o *otherFiles) foreign(pos token.Pos) bool {
	return pos.IsValid() && (int(pos) < o.self.Base() || int(pos) > o.self.Base()+o.self.Size())
}

// place describes an offset of the run's file at p for messages.
func (o *otherFiles) place(p string, off int) string {
	name := p
	if u := o.run.unit(p); u != nil {
		name = u.src.Path
	}
	if pos := o.run.cite(p); pos != nil {
		return pos.place(off) + " of " + name
	}
	return name
}

// addFilePlaces fills in what output formats that read files as text need
// beyond the cell-relative positions: raw-file positions in notebooks, and
// the diagnostic's related places. (The subject is resolveAll's, for all
// of a file's findings at once.)
func (l *Linter) addFilePlaces(f *finding.Finding, d analysis.Diagnostic, u *loaded, pos *positioner) {
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
		f.Related = make([]finding.Related, 0, len(d.Related))
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
		if pos = o.cite(); pos == nil {
			return rel, false
		}
		rel.Path, rel.AbsPath = o.unit.src.Path, o.absPath()
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
			if e.Foreign() {
				continue // its lines are another file's
			}
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
