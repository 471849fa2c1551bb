package cache

import (
	"encoding/binary"
	"errors"

	"github.com/lakelint/lakelint/finding"
)

// The run record keeps findings in a compact encoding of its own: varints
// and length-prefixed strings, field by field (TestFindingCodecEveryField
// fails when a field is added without it). It is several times faster than
// gob, which matters for a project with many findings: a run after an edit
// writes every file's findings again.

var errFindings = errors.New("findings: corrupt encoding")

type fenc struct{ b []byte }

func (e *fenc) int(i int)    { e.b = binary.AppendVarint(e.b, int64(i)) }
func (e *fenc) str(s string) { e.int(len(s)); e.b = append(e.b, s...) }
func (e *fenc) pos(p finding.Position) {
	e.int(p.Offset)
	e.int(p.Line)
	e.int(p.Column)
	e.int(p.Character)
}

// appendFindings appends the encoding of fs to b.
func appendFindings(b []byte, fs []finding.Finding) []byte {
	e := &fenc{b: b}
	e.int(len(fs))
	for i := range fs {
		f := &fs[i]
		e.str(f.Path)
		e.str(f.AbsPath)
		e.str(f.Code)
		e.str(f.Rule)
		e.str(f.URL)
		e.int(int(f.Severity))
		e.str(f.Message)
		e.pos(f.Start)
		e.pos(f.End)
		e.int(f.Cell)
		e.int(len(f.Fixes))
		for _, x := range f.Fixes {
			e.str(x.Title)
			e.str(string(x.Applicability))
			e.int(len(x.Edits))
			for _, ed := range x.Edits {
				e.pos(ed.Start)
				e.pos(ed.End)
				e.str(ed.NewText)
			}
		}
		e.pos(f.FileStart)
		e.pos(f.FileEnd)
		e.int(len(f.Source))
		for _, s := range f.Source {
			e.str(s)
		}
		e.int(f.SourceLine)
		e.int(len(f.Related))
		for _, r := range f.Related {
			e.str(r.Message)
			e.pos(r.Start)
			e.pos(r.End)
			e.int(r.Cell)
			e.pos(r.FileStart)
			e.pos(r.FileEnd)
			e.str(r.Path)
			e.str(r.AbsPath)
		}
		e.str(f.Subject)
		e.str(f.NoFix)
	}
	return e.b
}

type fdec struct {
	b   []byte
	err error
}

func (d *fdec) int() int {
	v, n := binary.Varint(d.b)
	if n <= 0 {
		d.err, d.b = errFindings, nil
		return 0
	}
	d.b = d.b[n:]
	return int(v)
}

// count reads a length that at least min bytes each must follow.
func (d *fdec) count(min int) int {
	n := d.int()
	if n < 0 || n*min > len(d.b) {
		d.err, d.b = errFindings, nil
		return 0
	}
	return n
}

func (d *fdec) str() string {
	n := d.count(1)
	s := string(d.b[:n])
	d.b = d.b[n:]
	return s
}

func (d *fdec) pos() finding.Position {
	return finding.Position{Offset: d.int(), Line: d.int(), Column: d.int(), Character: d.int()}
}

// decodeFindings decodes what appendFindings encoded.
func decodeFindings(b []byte) ([]finding.Finding, error) {
	d := &fdec{b: b}
	n := d.count(1)
	var fs []finding.Finding
	if n > 0 {
		fs = make([]finding.Finding, n)
	}
	for i := range fs {
		f := &fs[i]
		f.Path, f.AbsPath, f.Code, f.Rule, f.URL = d.str(), d.str(), d.str(), d.str(), d.str()
		f.Severity = finding.Severity(d.int())
		f.Message = d.str()
		f.Start, f.End = d.pos(), d.pos()
		f.Cell = d.int()
		if k := d.count(1); k > 0 {
			f.Fixes = make([]finding.Fix, k)
			for j := range f.Fixes {
				x := &f.Fixes[j]
				x.Title, x.Applicability = d.str(), finding.Applicability(d.str())
				if m := d.count(1); m > 0 {
					x.Edits = make([]finding.Edit, m)
					for k := range x.Edits {
						x.Edits[k] = finding.Edit{Start: d.pos(), End: d.pos(), NewText: d.str()}
					}
				}
			}
		}
		f.FileStart, f.FileEnd = d.pos(), d.pos()
		if k := d.count(1); k > 0 {
			f.Source = make([]string, k)
			for j := range f.Source {
				f.Source[j] = d.str()
			}
		}
		f.SourceLine = d.int()
		if k := d.count(1); k > 0 {
			f.Related = make([]finding.Related, k)
			for j := range f.Related {
				r := &f.Related[j]
				r.Message = d.str()
				r.Start, r.End = d.pos(), d.pos()
				r.Cell = d.int()
				r.FileStart, r.FileEnd = d.pos(), d.pos()
				r.Path, r.AbsPath = d.str(), d.str()
			}
		}
		f.Subject, f.NoFix = d.str(), d.str()
		if d.err != nil {
			return nil, d.err
		}
	}
	if d.err != nil || len(d.b) != 0 {
		return nil, errFindings
	}
	return fs, nil
}
