package loop

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
)

// check's quick verification of fixes inside spark.sql strings decides as
// the full one (re-extraction) does, and leaves to it what it cannot judge.
func TestQuickVetAgreesWithTheFullCheck(t *testing.T) {
	src := "spark.sql(\"VACUUM main.s.t RETAIN 1 HOURS\")\nspark.sql('CREATE TABLE s.t (id INT) USING DELTA')\n"
	doc, err := parsers.Load("job.py", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	f, err := extractWithSQL(doc)
	if err != nil || len(f.EmbeddedSQL) != 2 {
		t.Fatalf("embedded SQL = %+v, %v", f.EmbeddedSQL, err)
	}
	at := func(s string) int { return strings.Index(src, s) }
	for _, tc := range []struct {
		name  string
		edit  fixer.Edit
		quick bool // the quick way can judge it
		ok    bool // the fix passes
	}{
		{"retention", fixer.Edit{Start: at("1 HOURS"), End: at("1 HOURS") + 1, New: "168"}, true, true},
		{"properties", fixer.Edit{Start: at("DELTA'"), End: at("DELTA'") + 5, New: "DELTA TBLPROPERTIES (\"a\" = \"b\")"}, true, true},
		{"breaks the SQL", fixer.Edit{Start: at("RETAIN"), End: at("RETAIN"), New: "( "}, true, false},
		{"splits a word", fixer.Edit{Start: at("HOURS") + 2, End: at("HOURS") + 2, New: "x"}, true, false},
		{"the host quote", fixer.Edit{Start: at("1 HOURS"), End: at("1 HOURS"), New: "\""}, false, false},
		{"a newline", fixer.Edit{Start: at("RETAIN"), End: at("RETAIN"), New: "\n"}, false, false}, // breaks the Python string: left to the full check, which says so
	} {
		fixes := []fixer.Fix{{ID: 1, Edits: []fixer.Edit{tc.edit}}}
		q := newQuickVet(doc, f)
		if _, ok := q.edited([]fixer.Edit{tc.edit}); ok != tc.quick {
			t.Errorf("%s: quick way takes it: %t, want %t", tc.name, ok, tc.quick)
		}
		quick := &verifier{doc: doc, view: q.before, syntaxErrs: len(f.SyntaxErrors), quick: q}
		_, qa, _, qerr := quick.vet(fixes)
		_, fa, _, ferr := (&verifier{doc: doc}).apply(fixes)
		if (qerr == nil && len(qa) > 0) != tc.ok || (ferr == nil && len(fa) > 0) != tc.ok {
			t.Errorf("%s: quick %v %v, full %v %v; want passing %t", tc.name, qa, qerr, fa, ferr, tc.ok)
		}
	}
}

// Fixes checked in groups (halves of the file's fixes, while a group
// fails) are kept or refused as each would be checked alone.
func TestVetFixesInGroupsAgreesWithEachAlone(t *testing.T) {
	var src strings.Builder
	for i := range 13 {
		if i%5 == 2 {
			fmt.Fprintf(&src, "VACUUM main.s.bad%d RETAIN 1 HOURS ZORDER BY (x);\n", i)
		} else {
			fmt.Fprintf(&src, "VACUUM main.s.t%d RETAIN 1 HOURS;\n", i)
		}
	}
	text := src.String()
	doc, err := parsers.Load("m.sql", []byte(text))
	if err != nil {
		t.Fatal(err)
	}
	f, err := extractWithSQL(doc)
	if err != nil {
		t.Fatal(err)
	}
	var fs []finding.Finding
	for off := 0; ; {
		i := strings.Index(text[off:], "RETAIN 1 ")
		if i < 0 {
			break
		}
		at := off + i + len("RETAIN ")
		fs = append(fs, finding.Finding{Code: "LL401", Start: finding.Position{Offset: at}, End: finding.Position{Offset: at + 1},
			Fixes: []finding.Fix{{Title: "retain", Edits: []finding.Edit{{Start: finding.Position{Offset: at}, End: finding.Position{Offset: at + 1}, NewText: "168"}}}}})
		off = at
	}
	alone := make([]bool, len(fs)) // what checking each fix alone says
	q := newQuickVet(doc, f)
	v := &verifier{doc: doc, view: q.before, syntaxErrs: len(f.SyntaxErrors), quick: q}
	for i := range fs {
		_, applied, _, err := v.vet([]fixer.Fix{{ID: 0, Edits: toEdits(fs[i].Fixes[0])}})
		alone[i] = err == nil && len(applied) == 1
	}
	Vet(doc, f, fs)
	bad := 0
	for i := range fs {
		if kept := len(fs[i].Fixes) == 1; kept != alone[i] || kept == (fs[i].NoFix != "") {
			t.Errorf("finding %d: fix kept %t (%q), alone it passes: %t", i, kept, fs[i].NoFix, alone[i])
		}
		if !alone[i] {
			bad++
		}
	}
	if bad != 3 {
		t.Errorf("%d fixes refused, want the 3 in statements that do not parse strictly", bad)
	}
}

// extractWithSQL extracts a document's facts with its spark.sql strings,
// as the linter does for check.
func extractWithSQL(doc *document.Document) (*facts.File, error) {
	f, regions := extract.FileAndSQL(doc)
	for _, r := range regions {
		if r.Embedded {
			f.EmbeddedSQL = append(f.EmbeddedSQL, facts.EmbeddedSQL{Text: string(r.Text), Map: r.Map, KeepGaps: r.KeepGaps})
		}
	}
	return f, nil
}
