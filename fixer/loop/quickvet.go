package loop

import (
	"bytes"
	"sort"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/fixer"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/sql"
)

// quickVet lets check verify the fixes it offers in SQL without parsing the
// file's Python again. An edit that stays inside one SQL region, within one
// stretch of it that maps byte for byte to the file, and adds no character
// the host syntax treats specially (a newline, a backslash, the string's
// quote, a format brace or %), changes that SQL and nothing else: the
// region's text is edited and parsed strictly, as the full check would. Any
// other fix takes the full check (re-extraction). Only check uses it: the fix
// run always re-extracts the fixed file before writing it.
type quickVet struct {
	doc     *document.Document
	regions []*document.Region // the document's SQL regions and its spark.sql strings
	before  *sqlView
	segs    []placedSegment // the regions' map segments, for place; made on first use
}

func newQuickVet(doc *document.Document, f *facts.File) *quickVet {
	q := &quickVet{doc: doc}
	for i := range doc.Regions {
		if r := &doc.Regions[i]; r.Lang == document.SQL {
			q.regions = append(q.regions, r)
		}
	}
	for _, e := range f.EmbeddedSQL {
		q.regions = append(q.regions, &document.Region{Lang: document.SQL, Text: []byte(e.Text), Map: e.Map, Embedded: true, KeepGaps: e.KeepGaps})
	}
	q.before = viewSQL(q.regions)
	return q
}

// vet is apply for check: the quick way when every edit allows it.
func (v *verifier) vet(fixes []fixer.Fix) ([]byte, []int, []fixer.Edit, error) {
	if v.quick == nil {
		return v.apply(fixes)
	}
	chosen, _ := fixer.Choose(len(v.doc.Text), fixes) // what Apply would apply; the text is not needed
	if len(chosen) == 0 {
		return nil, nil, nil, nil
	}
	applied := make(map[int]bool, len(chosen))
	for _, id := range chosen {
		applied[id] = true
	}
	var edits []fixer.Edit
	for _, f := range fixes {
		if applied[f.ID] {
			edits = append(edits, f.Edits...)
		}
	}
	sort.SliceStable(edits, func(i, j int) bool { return edits[i].Start < edits[j].Start })
	after, changed, ok := v.quick.editedRegions(edits)
	if !ok {
		return v.apply(fixes)
	}
	if err := checkEditPlaces(v.doc, v.view, edits); err != nil {
		return nil, nil, nil, err
	}
	if err := checkSQLAfter(v.view, v.quick.statementsAfter(after, changed), v.doc.Text); err != nil {
		return nil, nil, nil, err
	}
	return nil, chosen, edits, nil
}

// edited returns the SQL regions with the edits made in them; ok is false
// when an edit does not fit the quick way.
func (q *quickVet) edited(edits []fixer.Edit) ([]*document.Region, bool) {
	out, _, ok := q.editedRegions(edits)
	return out, ok
}

// editedRegions is edited, which also says which regions the edits changed.
// The edits, sorted by start, are placed once each and every changed
// region is rebuilt once, so a file with a fix per statement costs time in
// proportion to its size and its edits, not to their product.
func (q *quickVet) editedRegions(edits []fixer.Edit) ([]*document.Region, []bool, bool) {
	changed := make([]bool, len(q.regions))
	type placed struct{ at, rs, re int } // the edit's index and region offsets
	byRegion := make([][]placed, len(q.regions))
	for k, e := range edits {
		i, rs, re, ok := q.place(e)
		if !ok || !q.safeText(q.regions[i], e.New) {
			return nil, nil, false
		}
		if in := byRegion[i]; len(in) > 0 && rs < in[len(in)-1].re {
			return nil, nil, false // out of the region's order: left to the full check
		}
		byRegion[i] = append(byRegion[i], placed{k, rs, re})
		changed[i] = true
	}
	out := make([]*document.Region, len(q.regions))
	for i, r := range q.regions {
		if !changed[i] {
			out[i] = r
			continue
		}
		size := len(r.Text)
		for _, p := range byRegion[i] {
			size += len(edits[p.at].New) - (p.re - p.rs)
		}
		t, last := make([]byte, 0, size), 0
		for _, p := range byRegion[i] {
			t = append(append(t, r.Text[last:p.rs]...), edits[p.at].New...)
			last = p.re
		}
		c := *r
		c.Text = append(t, r.Text[last:]...)
		out[i] = &c
	}
	return out, changed, true
}

// statementsAfter is the view of the edited regions that checkSQLAfter
// reads, their statements: a region the edits left alone has those it had,
// so only the changed ones are parsed again.
func (q *quickVet) statementsAfter(after []*document.Region, changed []bool) *sqlView {
	v := &sqlView{}
	for i, r := range after {
		if !changed[i] {
			v.stmts = append(v.stmts, q.before.stmts[q.before.firstStmt[i]:q.before.firstStmt[i+1]]...)
			continue
		}
		v.stmts = appendStmts(v.stmts, r, sql.Parse(r.Text))
	}
	return v
}

// place finds the region and region offsets of an edit that lies inside one
// segment of a region's map: of several, the first region's first.
func (q *quickVet) place(e fixer.Edit) (int, int, int, bool) {
	if e.Start > e.End {
		return 0, 0, 0, false
	}
	segs := q.segments()
	// the segments starting at or before the edit, last first, while one
	// of them may still reach its end
	found := -1
	for j := sort.Search(len(segs), func(j int) bool { return segs[j].File > e.Start }) - 1; j >= 0 && segs[j].reach >= e.End; j-- {
		if s := segs[j]; e.End <= s.File+s.Len && (found < 0 || s.order < segs[found].order) {
			found = j
		}
	}
	if found < 0 {
		return 0, 0, 0, false
	}
	s := segs[found]
	return s.region, s.Region + e.Start - s.File, s.Region + e.End - s.File, true
}

// placedSegment is a segment of a region's map, for place.
type placedSegment struct {
	document.Segment
	region int // the region's index
	order  int // its place among all regions' segments, in order
	reach  int // the furthest end of it and the segments before it by File
}

// segments are the regions' map segments by document offset, made once.
func (q *quickVet) segments() []placedSegment {
	if q.segs != nil {
		return q.segs
	}
	q.segs = []placedSegment{}
	for i, r := range q.regions {
		for _, s := range r.Map {
			q.segs = append(q.segs, placedSegment{Segment: s, region: i, order: len(q.segs)})
		}
	}
	sort.SliceStable(q.segs, func(i, j int) bool { return q.segs[i].File < q.segs[j].File })
	reach := 0
	for j := range q.segs {
		reach = max(reach, q.segs[j].File+q.segs[j].Len)
		q.segs[j].reach = reach
	}
	return q.segs
}

// safeText says whether text can go into region r as it is.
func (q *quickVet) safeText(r *document.Region, text string) bool {
	special := "\n\r\\"
	if r.Embedded {
		special += "{}%"
		if len(r.Map) > 0 && r.Map[0].File > 0 {
			special += string(q.doc.Text[r.Map[0].File-1]) // the string's quote
		}
	}
	return !bytes.ContainsAny([]byte(text), special)
}
