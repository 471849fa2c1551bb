package loop

import (
	"bytes"
	"fmt"
	"sort"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/sql"
)

// The checks every fix passes before it is offered or written, whatever rule
// proposed it: an edit never splits a token or a name, never lands in a SQL
// statement that does not parse strictly, and the fixed SQL parses strictly
// wherever the original did.

// sqlView is a document's SQL as the fixer checks it, in document offsets.
type sqlView struct {
	stmts []sqlStmt
	toks  []sqlTok
	// firstStmt[i] is the index in stmts of region i's first statement
	// (one more entry ends the last region's)
	firstStmt []int
}

type sqlStmt struct {
	start, end int    // document span of the statement
	text       string // its text in the region
	err        error  // why it does not parse strictly; nil when it does
}

type sqlTok struct {
	start, end int
	glue       bool // punctuation a name never continues through: ( ) , ;
}

func viewSQL(regions []*document.Region) *sqlView {
	v := &sqlView{firstStmt: make([]int, 0, len(regions)+1)}
	for _, r := range regions {
		v.firstStmt = append(v.firstStmt, len(v.stmts))
		s := sql.Parse(r.Text)
		v.stmts = appendStmts(v.stmts, r, s)
		for _, t := range s.Tokens {
			if t.Kind == sql.Param && bytes.HasPrefix(r.Text[t.Start:t.End], []byte("{{")) {
				continue // a template's expression (a dbt model's config()): no SQL to split
			}
			start, end, ok := tokenSpan(r.Map, t.Start, t.End)
			if !ok {
				continue
			}
			glue := false
			if t.Kind == sql.Punct && t.End-t.Start == 1 {
				switch r.Text[t.Start] {
				case '(', ')', ',', ';':
					glue = true
				}
			}
			if t.Kind == sql.Comment {
				glue = true // a comment ends where its line does
			}
			v.toks = append(v.toks, sqlTok{start: start, end: end, glue: glue})
		}
	}
	v.firstStmt = append(v.firstStmt, len(v.stmts))
	sort.Slice(v.toks, func(i, j int) bool { return v.toks[i].start < v.toks[j].start })
	return v
}

// appendStmts adds the statements of r, parsed as s, to stmts.
func appendStmts(stmts []sqlStmt, r *document.Region, s *sql.Script) []sqlStmt {
	for _, st := range s.Statements {
		h := st.Header()
		start, end := regionSpan(r, h.Span.Start, h.Span.End)
		stmts = append(stmts, sqlStmt{start: start, end: end,
			text: string(r.Text[h.Span.Start:h.Span.End]), err: sql.Strict(r.Text, st)})
	}
	return stmts
}

// regionSpan maps a region span to document offsets; the end is mapped from
// its last byte, so a span ending at a map segment's end stays in it.
func regionSpan(r *document.Region, start, end int) (int, int) {
	s := r.Map.File(start)
	if end <= start {
		return s, s
	}
	return s, r.Map.File(end-1) + 1
}

// tokenSpan maps a token to the document bytes its mapped bytes stand in,
// leaving out escapes at its ends (\" in a Python string); false when no byte
// of it is mapped one to one.
func tokenSpan(m document.PosMap, start, end int) (int, int, bool) {
	mapped := func(off int) bool {
		if len(m) == 0 {
			return true
		}
		i := sort.Search(len(m), func(i int) bool { return m[i].Region+m[i].Len > off })
		return i < len(m) && m[i].Region <= off
	}
	for start < end && !mapped(start) {
		start++
	}
	for end > start && !mapped(end-1) {
		end--
	}
	if start == end {
		return 0, 0, false
	}
	return m.File(start), m.File(end-1) + 1, true
}

// checkEditPlaces says why edits must not be applied to doc; nil when they may.
func checkEditPlaces(doc *document.Document, v *sqlView, edits []fixer.Edit) error {
	text := doc.Text
	var broken []sqlStmt // few: asked of each edit, where all would be too many
	for _, st := range v.stmts {
		if st.err != nil {
			broken = append(broken, st)
		}
	}
	for _, e := range edits {
		for _, b := range []int{e.Start, e.End} {
			if b > 0 && b < len(text) && isWordByte(text[b-1]) && isWordByte(text[b]) {
				return fmt.Errorf("an edit at offset %d would split a word", b)
			}
		}
		for _, st := range broken {
			if st.err != nil && e.Start <= st.end && e.End >= st.start {
				return fmt.Errorf("the SQL statement at line %d does not parse strictly (%w)", lineAt(text, st.start), st.err)
			}
		}
		for _, b := range []int{e.Start, e.End} {
			if err := v.splits(b); err != nil {
				return err
			}
		}
	}
	return nil
}

// splits says whether offset b lies inside a SQL token, or between two
// tokens written together (taxi-rides.t), which then form one name.
func (v *sqlView) splits(b int) error {
	i := sort.Search(len(v.toks), func(i int) bool { return v.toks[i].end >= b })
	for ; i < len(v.toks) && v.toks[i].start <= b; i++ {
		t := v.toks[i]
		if t.start < b && b < t.end {
			return fmt.Errorf("an edit at offset %d would split a SQL token", b)
		}
		if t.end == b && i+1 < len(v.toks) && v.toks[i+1].start == b && !t.glue && !v.toks[i+1].glue {
			return fmt.Errorf("an edit at offset %d would split a SQL name", b)
		}
	}
	return nil
}

// checkSQLAfter says which SQL statement of the fixed document does not parse
// strictly though the original held none like it; nil when there is none.
func checkSQLAfter(before, after *sqlView, afterText []byte) error {
	broken := map[string]int{}
	for _, st := range before.stmts {
		if st.err != nil {
			broken[st.text]++
		}
	}
	for _, st := range after.stmts {
		if st.err == nil {
			continue
		}
		if broken[st.text] > 0 {
			broken[st.text]--
			continue
		}
		return fmt.Errorf("the fixed SQL statement at line %d would not parse strictly: %w", lineAt(afterText, st.start), st.err)
	}
	return nil
}

func isWordByte(c byte) bool {
	return c == '_' || '0' <= c && c <= '9' || 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || c >= 0x80
}

func lineAt(text []byte, off int) int {
	n := 1
	for _, c := range text[:min(off, len(text))] {
		if c == '\n' {
			n++
		}
	}
	return n
}

// Vet drops the fixes of fs that would not pass the fixer's checks on
// doc, saying why in NoFix, so that check's "fixable" count, --diff and
// --fix agree. The fixes are first tried all together, which is one check
// for the usual file; only when that fails is each fix tried alone.
//
// A fix that touches no SQL is only checked for split words here: parsing
// the file again for every finding would make check several times slower.
// The fix run parses it again and reports a fix that would break it.
func Vet(doc *document.Document, f *facts.File, fs []finding.Finding) {
	total, nEdits := 0, 0
	for i := range fs {
		total += len(fs[i].Fixes)
		for _, fx := range fs[i].Fixes {
			nEdits += len(fx.Edits)
		}
	}
	if total == 0 {
		return
	}
	var all []fixer.Fix
	ok := map[int]bool{}
	var sqlAt []facts.Span                // made once, for the first fix
	room := make([]fixer.Edit, 0, nEdits) // every fix's edits, each a slice of it
	for i := range fs {
		for j, fx := range fs[i].Fixes {
			at := len(room)
			room = appendEdits(room, fx)
			edits := room[at:len(room):len(room)]
			if len(edits) == 0 && fx.Foreign() {
				ok[i<<8|j] = true // all in another file, which the fix run checks
				continue
			}
			if sqlAt == nil {
				sqlAt = sqlSpans(doc, f)
			}
			if !touches(sqlAt, edits) {
				if err := checkEditPlaces(doc, &sqlView{}, edits); err != nil {
					continue // tried alone below, and refused
				}
				ok[i<<8|j] = true
				continue
			}
			all = append(all, fixer.Fix{ID: i<<8 | j, Edits: edits})
		}
	}
	if len(ok) == total {
		return // no fix touches SQL or failed its checks: nothing to parse
	}
	q := newQuickVet(doc, f)
	v := &verifier{doc: doc, view: q.before, syntaxErrs: len(f.SyntaxErrors), quick: q}
	v.vetGroups(all, ok)
	for i := range fs {
		f := &fs[i]
		kept := f.Fixes[:0]
		for j, fx := range f.Fixes {
			if !ok[i<<8|j] {
				_, applied, _, err := v.vet([]fixer.Fix{{ID: 0, Edits: toEdits(fx)}})
				if err == nil && len(applied) == 0 {
					err = fmt.Errorf("its edits do not fit the file")
				}
				if err != nil {
					f.NoFix = err.Error()
					continue
				}
			}
			kept = append(kept, fx)
		}
		if len(kept) == 0 {
			kept = nil
		}
		f.Fixes = kept
	}
}

// vetGroups marks in ok the fixes of all that pass their checks together:
// all at once, else each half in turn, down to single fixes, which Vet
// tries alone and explains. One fix that fails among thousands then costs a
// few dozen checks of the file, not one per fix. Fixes a passing group
// leaves out (they overlap one it takes) are grouped again.
func (v *verifier) vetGroups(all []fixer.Fix, ok map[int]bool) {
	if len(all) < 2 {
		return
	}
	if _, applied, _, err := v.vet(all); err == nil {
		for _, id := range applied {
			ok[id] = true
		}
		if len(applied) == 0 || len(applied) == len(all) {
			return
		}
		var rest []fixer.Fix
		for _, fx := range all {
			if !ok[fx.ID] {
				rest = append(rest, fx)
			}
		}
		v.vetGroups(rest, ok)
		return
	}
	half := len(all) / 2
	v.vetGroups(all[:half], ok)
	v.vetGroups(all[half:], ok)
}

func toEdits(fx finding.Fix) []fixer.Edit {
	return appendEdits(make([]fixer.Edit, 0, len(fx.Edits)), fx)
}

// appendEdits appends the fix's edits in its finding's file, as the fixer
// takes them, to edits: those in another file are checked in theirs
// (crossfile.go).
func appendEdits(edits []fixer.Edit, fx finding.Fix) []fixer.Edit {
	for _, e := range fx.Edits {
		if e.Foreign() {
			continue
		}
		edits = append(edits, fixer.Edit{Start: e.Start.Offset, End: e.End.Offset, New: e.NewText})
	}
	return edits
}

// sqlSpans are where a document has SQL, for touches: its SQL regions and
// the statements read from spark.sql strings; never nil.
func sqlSpans(doc *document.Document, f *facts.File) []facts.Span {
	spans := []facts.Span{}
	for i := range doc.Regions {
		if r := &doc.Regions[i]; r.Lang == document.SQL {
			s, e := r.Span()
			spans = append(spans, facts.Span{Start: s, End: e})
		}
	}
	if f != nil {
		for _, w := range f.Writes {
			if w.Lang == document.SQL {
				spans = append(spans, w.Span)
			}
		}
		for _, t := range f.Tables {
			if t.Lang == document.SQL {
				spans = append(spans, t.Span)
			}
		}
		for _, s := range f.Settings {
			if s.Lang == document.SQL {
				spans = append(spans, s.Span)
			}
		}
		for _, a := range f.Alters {
			if a.Lang == document.SQL {
				spans = append(spans, a.Span)
			}
		}
		for _, m := range f.Maintenance {
			if m.Lang == document.SQL {
				spans = append(spans, m.Span)
			}
		}
	}
	// sorted by start, each end raised to the furthest of those before it:
	// touches then asks one span per edit, not all of them
	sort.Slice(spans, func(i, j int) bool { return spans[i].Start < spans[j].Start })
	for i := 1; i < len(spans); i++ {
		spans[i].End = max(spans[i].End, spans[i-1].End)
	}
	return spans
}

// touches says whether an edit lies in one of the spans, as sqlSpans gives
// them: the last span starting at or before the edit's end reaches as far
// as any before it.
func touches(spans []facts.Span, edits []fixer.Edit) bool {
	for _, e := range edits {
		i := sort.Search(len(spans), func(i int) bool { return spans[i].Start > e.End }) - 1
		if i >= 0 && spans[i].End >= e.Start {
			return true
		}
	}
	return false
}
