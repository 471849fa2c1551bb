package engine

import (
	"fmt"
	"math/rand/v2"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// subjectByScan is subjectsAt for one offset the plain way, a scan of every
// fact: what the sweep must agree with.
func subjectByScan(f *facts.File, off int) string {
	best, size := "", -1
	for _, s := range namedSpans(f) {
		if off < s.start || off > s.end {
			continue
		}
		if n := s.end - s.start; size < 0 || n < size {
			best, size = s.name, n
		}
	}
	return best
}

func TestSubjectsAtAgreesWithAScan(t *testing.T) {
	r := rand.New(rand.NewPCG(1, 2))
	for round := range 200 {
		f := &facts.File{}
		span := func() facts.Span {
			s := r.IntN(200)
			return facts.Span{Start: s, End: s + r.IntN(60)}
		}
		name := func(kind string, i int) string {
			if r.IntN(6) == 0 {
				return "" // names nothing: never the subject
			}
			return fmt.Sprintf("%s%d", kind, i)
		}
		for i := range r.IntN(8) {
			f.Writes = append(f.Writes, &facts.Write{Span: span(), Target: facts.Target{Table: name("w", i)}})
			f.Reads = append(f.Reads, &facts.Read{Span: span(), Target: facts.Target{Path: name("r", i)}})
			f.Tables = append(f.Tables, &facts.TableDef{Span: span(), Name: name("t", i)})
			f.Alters = append(f.Alters, &facts.TableAlter{Span: span(), Path: name("a", i)})
			f.Maintenance = append(f.Maintenance, &facts.Maintenance{Span: span(), Target: facts.Target{Table: name("m", i)}})
		}
		offs := make([]int, r.IntN(40))
		for i := range offs {
			offs[i] = r.IntN(280) - 10
		}
		got := subjectsAt(f, offs)
		for i, off := range offs {
			if want := subjectByScan(f, off); got[i] != want {
				t.Fatalf("round %d: subject at %d = %q, want %q", round, off, got[i], want)
			}
		}
	}
}

func TestSubjectsAtInnermostAndFirst(t *testing.T) {
	f := &facts.File{
		Writes: []*facts.Write{{Span: facts.Span{Start: 0, End: 100}, Target: facts.Target{Table: "outer"}}},
		Reads: []*facts.Read{{Span: facts.Span{Start: 10, End: 20}, Target: facts.Target{Table: "inner"}},
			{Span: facts.Span{Start: 10, End: 20}, Target: facts.Target{Table: "same size, later"}}},
		Maintenance: []*facts.Maintenance{{Span: facts.Span{Start: 150, End: 160}, Target: facts.Target{Path: "/p"}}},
	}
	got := subjectsAt(f, []int{155, 15, 5, 20, 21, 120, 100})
	want := []string{"/p", "inner", "outer", "inner", "outer", "", "outer"}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("subject %d = %q, want %q", i, got[i], want[i])
		}
	}
}
