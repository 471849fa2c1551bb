package sqlfacts

import (
	"fmt"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

func TestRangeSuppressions(t *testing.T) {
	at := func(off int) facts.Span { return facts.Span{Start: off, End: off + 5} }
	cs := []rangeComment{
		{span: at(10), codes: []string{"LL301", "LL302"}},
		{span: at(20), codes: []string{"LL302"}, enable: true, line: 18},
		{span: at(30), codes: nil},                                       // disable=all
		{span: at(40), codes: []string{"LL301"}, enable: true, line: 40}, // ends LL301 only
		{span: at(50), codes: nil, enable: true, line: 45},               // enable=all
		{span: at(60), codes: []string{"LL101"}},                         // never enabled
	}
	got := fmt.Sprint(rangeSuppressions(cs, 100))
	want := fmt.Sprint([]facts.Suppression{
		{Span: at(10), Codes: []string{"LL301"}, Until: 40},
		{Span: at(10), Codes: []string{"LL302"}, Until: 18},
		{Span: at(30), Until: 45},
		{Span: at(60), Codes: []string{"LL101"}, Until: 100},
	})
	if got != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}
