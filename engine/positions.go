package engine

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"go/token"
	"path"
	"sort"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/parsers/document"
)

// positioner turns document offsets into line, column and UTF-16 character.
type positioner struct {
	doc   *document.Document
	lines []int // start offset of each line
	// fileLines index doc.File, for notebooks; made on first use
	fileLines []int
}

func newPositioner(doc *document.Document) *positioner {
	return &positioner{doc: doc, lines: lineStarts(doc.Text)}
}

func lineStarts(text []byte) []int {
	lines := make([]int, 1, bytes.Count(text, []byte("\n"))+1)
	for i := 0; ; {
		j := bytes.IndexByte(text[i:], '\n')
		if j < 0 {
			return lines
		}
		i += j + 1
		lines = append(lines, i)
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
		first := sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > c.Start }) - 1
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
	if p.fileLines == nil {
		p.fileLines = lineStarts(p.doc.File)
	}
	raw := max(0, min(p.doc.FileOffset(max(0, min(off, len(p.doc.Text)))), len(p.doc.File)))
	pos, _ = positionIn(p.doc.File, p.fileLines, raw)
	return pos, true
}

// positionIn places off in text, whose lines start at lines; it also
// returns the 0-based line index.
func positionIn(text []byte, lines []int, off int) (finding.Position, int) {
	line := sort.Search(len(lines), func(i int) bool { return lines[i] > off }) - 1
	start := lines[line]
	if line == 0 && bytes.HasPrefix(text, bom) {
		start = min(off, len(bom)) // editors do not count the byte order mark
	}
	col, char := 1, 0
	for s := text[start:off]; len(s) > 0; {
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
	return finding.Position{Offset: off, Line: line + 1, Column: col, Character: char}, line
}

// context returns the text of the lines from first to last (document
// lines, 0-based indexes), at most maxContext of them, without line endings.
func (p *positioner) context(first, last int) []string {
	last = min(last, first+maxContext-1, len(p.lines)-1)
	end := len(p.doc.Text)
	if last+1 < len(p.lines) {
		end = p.lines[last+1]
	}
	// one string holds every line; each is a slice of it
	text := string(p.doc.Text[p.lines[first]:end])
	out := make([]string, 0, last-first+1)
	for i := first; i <= last; i++ {
		start := p.lines[i] - p.lines[first]
		stop := len(text)
		if i+1 < len(p.lines) {
			stop = p.lines[i+1] - p.lines[first]
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
	return sort.Search(len(p.lines), func(i int) bool { return p.lines[i] > off }) - 1
}

// place describes an offset for rule messages: "line 7", or "cell 2, line 3".
func (p *positioner) place(off int) string {
	pos, cell := p.position(off)
	if cell > 0 {
		return fmt.Sprintf("cell %d, line %d", cell, pos.Line)
	}
	return fmt.Sprintf("line %d", pos.Line)
}

// runFiles are a run's files by path, for the spans that name another file
// (facts.Span.File): a helper's code applied at a call, a table's definition
// cited as evidence. A file's text is read again only when a finding cites
// a place in it, and then once per run.
type runFiles struct {
	byPath map[string]*unit

	mu  sync.Mutex
	pos map[string]*positioner // nil entry: could not be read
	// fset holds the token.File of each file the rule pass gives positions
	// in, by clean path: one for the run, not one per file checked
	fset *token.FileSet
	tok  map[string]*token.File
}

func newRunFiles(units []*unit) *runFiles {
	r := &runFiles{byPath: make(map[string]*unit, len(units)), pos: map[string]*positioner{},
		fset: token.NewFileSet(), tok: map[string]*token.File{}}
	for _, u := range units {
		if u != nil && u.size > 0 {
			r.byPath[cleanPath(u.src.Path)] = u
		}
	}
	return r
}

// unit is the file at p, nil when it is not one of the run's.
func (r *runFiles) unit(p string) *unit {
	if r == nil {
		return nil
	}
	return r.byPath[cleanPath(p)]
}

// positioner reads the file at p for positions; nil when it cannot.
func (r *runFiles) positioner(p string) *positioner {
	u := r.unit(p)
	if u == nil {
		return nil
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	pos, ok := r.pos[u.src.Path]
	if !ok {
		if u.stored != nil && u.stored.doc != nil {
			pos = newPositioner(u.stored.doc) // kept with its facts: not read again
		} else if doc, note := readDocument(u.src, 0); note == "" && len(doc.Text) == u.size {
			pos = newPositioner(doc) // a file changed since it was read has no places
		}
		r.pos[u.src.Path] = pos
	}
	return pos
}

// tokFile is the token.File of the file at p, whose clean path is clean,
// of size bytes: added to the run's file set on first use.
func (r *runFiles) tokFile(p, clean string, size int) *token.File {
	r.mu.Lock()
	defer r.mu.Unlock()
	tf, ok := r.tok[clean]
	if !ok {
		tf = r.fset.AddFile(p, -1, size)
		r.tok[clean] = tf
	}
	return tf
}

// cleanPath is a path as the link step and the catalog's callers compare it.
func cleanPath(p string) string { return path.Clean(strings.ReplaceAll(p, "\\", "/")) }

// otherFiles give a file's rule pass the positions of the run's other
// files, in the run's file set (a file set of its own without a run), each
// added on first use.
type otherFiles struct {
	run       *runFiles
	fset      *token.FileSet
	self      *token.File
	selfClean string
	tok       map[string]*token.File
	// seen are the other files that related places were found in: few
	seen []otherFile
}

// otherFile is another file of the run as related places need it; a nil
// unit or positioner when it cannot be read.
type otherFile struct {
	tf   *token.File
	unit *unit
	pos  *positioner
	abs  string
}

func newOtherFiles(run *runFiles, path string, size int) *otherFiles {
	o := &otherFiles{run: run, selfClean: cleanPath(path)}
	if run == nil {
		o.fset = token.NewFileSet()
		o.self = o.fset.AddFile(path, -1, size)
	} else {
		o.fset = run.fset
		o.self = run.tokFile(path, o.selfClean, size)
	}
	return o
}

// file is the token.File of the run's file at p.
func (o *otherFiles) file(p string) *token.File {
	if tf, ok := o.tok[p]; ok {
		return tf
	}
	if o.tok == nil {
		o.tok = map[string]*token.File{}
	}
	clean := cleanPath(p)
	if clean == o.selfClean {
		o.tok[p] = o.self
		return o.self // evidence that names the file itself
	}
	size := 0 // a file not of the run: every span there is at its start, still another file's
	var tf *token.File
	if o.run == nil {
		tf = o.fset.AddFile(p, -1, size)
	} else {
		if u := o.run.byPath[clean]; u != nil {
			size = u.size
		}
		tf = o.run.tokFile(p, clean, size)
	}
	o.tok[p] = tf
	return tf
}

// other is the run's file that tf stands for, looked up once per check.
func (o *otherFiles) other(tf *token.File) otherFile {
	for _, f := range o.seen {
		if f.tf == tf {
			return f
		}
	}
	f := otherFile{tf: tf}
	if f.unit = o.run.unit(tf.Name()); f.unit != nil {
		f.pos = o.run.positioner(tf.Name())
		f.abs = absPath(f.unit.src.Path)
	}
	o.seen = append(o.seen, f)
	return f
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
	if pos := o.run.positioner(p); pos != nil {
		return pos.place(off) + " of " + name
	}
	return name
}
