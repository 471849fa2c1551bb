package pyfacts

import (
	"bytes"
	"strings"

	"github.com/lakelint/lakelint/extract/sqlfacts"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// SQL built from a function's parameters: spark.sql(f"VACUUM {table}
// RETAIN {hours} HOURS") or "OPTIMIZE {}".format(table). The statement is
// read once with each parameter's place held by a stand-in of the same
// length, and its maintenance and settings become the function's facts
// with those places as holes: the link step fills them at each call that
// passes known values. A statement that uses a parameter anywhere else
// (part of a name, a column list) is left out: unknown is never guessed.

// noteStringHole remembers that the placeholder written at sp, left open
// in a string, is the current function's parameter v.
func (x *extractor) noteStringHole(sp facts.Span, v val) {
	r, ok := x.paramRefOf(v)
	if !ok {
		return
	}
	if x.fn.strings == nil {
		x.fn.strings = x.work.fnStrs.Take(8) // 48 bytes each
	}
	s := x.fn.strings
	if s.holes == nil {
		s.holes = x.work.strHoles.Slice(4, 48) // 40 bytes each
	}
	s.holes = append(s.holes, strHole{sp, r})
}

// sqlTemplate reads the SQL d, passed to spark.sql in a function, whose
// holes are all parameters.
func (x *extractor) sqlTemplate(d python.Decoded) {
	f := x.fn
	if f == nil || len(d.Holes) == 0 || f.strings == nil || !maintenanceSQL(d.Text) {
		return
	}
	text := []byte(d.Text)
	holes := make([]facts.Span, 0, len(d.Holes))
	for _, h := range d.Holes {
		sp := x.textSpan(d.Map, h.Start, h.End)
		r, ok := f.holeParam(sp)
		if !ok || h.End-h.Start < 1 {
			return
		}
		standIn(text, h.Start, h.End)
		holes = append(holes, sp)
		if f.spans == nil {
			f.spans = x.spanMap()
		}
		f.spans[sp] = r
	}
	out := sqlfacts.Extract(&document.Region{Lang: document.SQL, Text: text, Map: d.Map, Cell: x.r.Cell, Embedded: true, KeepGaps: d.KeepGaps})
	for _, m := range out.Maintenance {
		at := []*facts.Span{&m.Target.Span, &m.Retain.Span}
		if !onlyAt(m.Span, holes, at) {
			continue
		}
		if hasSpan(holes, m.Target.Span) {
			m.Target = facts.Target{Span: m.Target.Span}
		}
		if hasSpan(holes, m.Retain.Span) {
			m.Retain = facts.Value{Span: m.Retain.Span}
		}
		f.sum.Maintenance = append(f.sum.Maintenance, m)
	}
	for _, s := range out.Settings {
		if !onlyAt(s.Span, holes, []*facts.Span{&s.Value.Span}) {
			continue
		}
		if hasSpan(holes, s.Value.Span) {
			s.Value = facts.Value{Span: s.Value.Span}
		}
		f.sum.Settings = append(f.sum.Settings, s)
	}
}

// standIn fills text[start:end] with a stand-in of its length: digits
// after RETAIN, a name elsewhere.
func standIn(text []byte, start, end int) {
	c := byte('x')
	before := bytes.TrimRight(text[:start], " \t\r\n")
	if i := bytes.LastIndexAny(before, " \t\r\n("); len(before) >= 6 && bytes.EqualFold(before[i+1:], []byte("retain")) {
		c = '1'
	}
	for i := start; i < end; i++ {
		text[i] = c
		if c == 'x' && i > start {
			text[i] = '_'
		}
	}
}

// onlyAt reports whether every hole inside span is exactly one of at.
func onlyAt(span facts.Span, holes []facts.Span, at []*facts.Span) bool {
	for _, h := range holes {
		if h.End <= span.Start || h.Start >= span.End {
			continue
		}
		found := false
		for _, a := range at {
			found = found || *a == h
		}
		if !found {
			return false
		}
	}
	return true
}

func hasSpan(s []facts.Span, sp facts.Span) bool {
	for _, x := range s {
		if x == sp {
			return true
		}
	}
	return false
}

// fnStrings are a function's placeholders left open in strings that are
// its parameters, and its string arguments built with open placeholders,
// by where they are written; the parts of those (see facts.Hole.Parts) are
// worked out only for the ones a fact's field is.
type fnStrings struct {
	holes     []strHole
	templates []template
}

// strHole is a placeholder left open in a string, where it is written,
// that is a parameter.
type strHole struct {
	span facts.Span
	p    paramRef
}

// template is a string argument with open placeholders.
type template struct {
	span facts.Span
	d    *python.Decoded
}

// holeParam is the parameter the open placeholder written at sp is.
func (f *fnState) holeParam(sp facts.Span) (paramRef, bool) {
	if f.strings == nil {
		return paramRef{}, false
	}
	for _, h := range f.strings.holes {
		if h.span == sp {
			return h.p, true
		}
	}
	return paramRef{}, false
}

// templateAt returns the parts of the string argument written at sp when
// its open placeholders are all parameters (see facts.Hole.Parts), with
// the first parameter held in the first item; nil otherwise.
func (x *extractor) templateAt(f *fnState, sp facts.Span) []facts.Arg {
	if f.strings == nil {
		return nil
	}
	var d *python.Decoded
	for _, t := range f.strings.templates {
		if t.span == sp {
			d = t.d
		}
	}
	if d == nil {
		return nil
	}
	n, run := 1, 0 // the parts, counted to allocate them once
	for _, h := range d.Holes {
		if h.Start > run {
			n++
		}
		n, run = n+1, h.End
	}
	if run < len(d.Text) {
		n++
	}
	parts := make([]facts.Arg, 1, n)
	first := -1
	run = 0
	for _, h := range d.Holes {
		r, ok := f.holeParam(x.textSpan(d.Map, h.Start, h.End))
		if !ok {
			return nil
		}
		if h.Start > run {
			parts = append(parts, facts.Arg{Kind: facts.ArgValue, Value: facts.Value{Kind: facts.String, Str: d.Text[run:h.Start]}})
		}
		parts = append(parts, paramArg(r, facts.Span{}))
		if first < 0 {
			first = r.i
		}
		run = h.End
	}
	if run < len(d.Text) {
		parts = append(parts, facts.Arg{Kind: facts.ArgValue, Value: facts.Value{Kind: facts.String, Str: d.Text[run:]}})
	}
	parts[0].Param = first
	return parts
}

// maintenanceSQL reports whether SQL text starts with a statement whose
// facts a template keeps: VACUUM, OPTIMIZE or SET. Others are not read
// twice.
func maintenanceSQL(s string) bool {
	s = strings.TrimLeft(s, " \t\r\n(")
	for _, k := range []string{"vacuum", "optimize", "set"} {
		if len(s) > len(k) && strings.EqualFold(s[:len(k)], k) && strings.IndexByte(" \t\r\n", s[len(k)]) >= 0 {
			return true
		}
	}
	return false
}
