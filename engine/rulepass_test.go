package engine

import (
	"bytes"
	"fmt"
	"go/token"
	"math/rand/v2"
	"testing"
	"unicode/utf8"

	"github.com/lakelint/lakelint/parsers/document"
)

// positionInSlow is positionIn as a plain rune loop, for comparison.
func positionInSlow(text []byte, lines lineTable, off int) (int, int, int) {
	line := 0
	for line+1 < lines.len() && lines.at(line+1) <= off {
		line++
	}
	start := lines.at(line)
	if line == 0 && bytes.HasPrefix(text, bom) {
		start = min(off, len(bom))
	}
	col, char := 1, 0
	for _, r := range string(text[start:off]) {
		col++
		char++
		if r >= 0x10000 {
			char++
		}
	}
	return line + 1, col, char
}

func TestPositionInMatchesRuneLoop(t *testing.T) {
	for _, every := range []int{markEvery, 1, 3, 7} {
		old := markEvery
		markEvery = every // long lines have marks: positions count from them
		positionInMatchesRuneLoop(t)
		markEvery = old
	}
}

func positionInMatchesRuneLoop(t *testing.T) {
	pieces := []string{"a", "spark.sql(", " ", "\n", "\r\n", "é", "€", "😀", "\xff", "\xe2\x82", "0123456789abcdef", "\t"}
	rng := rand.New(rand.NewPCG(1, 2))
	for n := range 300 {
		var b bytes.Buffer
		if n%5 == 0 {
			b.Write(bom)
		}
		for range rng.IntN(60) {
			b.WriteString(pieces[rng.IntN(len(pieces))])
		}
		text := b.Bytes()
		lines := lineStarts(text)
		for off := 0; off <= len(text); off++ {
			pos, _ := positionIn(text, lines, off)
			line, col, char := positionInSlow(text, lines, off)
			if pos.Line != line || pos.Column != col || pos.Character != char {
				t.Fatalf("%q at %d: got %d:%d (char %d), want %d:%d (char %d)", text, off, pos.Line, pos.Column, pos.Character, line, col, char)
			}
		}
	}
}

func TestLineStarts(t *testing.T) {
	for _, text := range []string{"", "a", "\n", "a\nb", "a\nb\n", "\n\n\nx"} {
		want := []int{0}
		for i := range len(text) {
			if text[i] == '\n' {
				want = append(want, i+1)
			}
		}
		if got := lineStarts([]byte(text)); fmt.Sprint(got.narrow) != fmt.Sprint(want) || got.wide != nil {
			t.Errorf("lineStarts(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestContextLines(t *testing.T) {
	text := "\xEF\xBB\xBFfirst\r\nsecond\n\nlast"
	p := newPositioner(&document.Document{Text: []byte(text)})
	got := fmt.Sprintf("%q", p.context(0, 3))
	if want := `["first" "second" "" "last"]`; got != want {
		t.Errorf("context(0, 3) = %s, want %s", got, want)
	}
	if got, want := fmt.Sprintf("%q", p.context(1, 1)), `["second"]`; got != want {
		t.Errorf("context(1, 1) = %s, want %s", got, want)
	}
	if !utf8.ValidString(p.context(0, 0)[0]) {
		t.Error("first line is not valid UTF-8")
	}
}

func TestDiagSeenOverManyKeys(t *testing.T) {
	var s diagSeen
	for round := range 2 {
		for i := range 100 {
			k := diagKey{code: "LL101", start: token.Pos(i), end: token.Pos(i + 1), msg: "m"}
			if got := s.add(k); got != (round == 0) {
				t.Fatalf("round %d, key %d: add = %v", round, i, got)
			}
		}
	}
	if !s.add(diagKey{code: "LL102", start: 1, end: 2, msg: "m"}) {
		t.Error("a key of another rule counts as seen")
	}
}

// A text over 2 GB keeps its line starts in ints; both forms answer alike.
func TestLineTableForms(t *testing.T) {
	narrow := lineStarts([]byte("ab\n\ncd\nefg\n"))
	wide := lineTable{wide: make([]int, narrow.len())}
	for i := range wide.wide {
		wide.wide[i] = narrow.at(i)
	}
	for off := -1; off <= 12; off++ {
		if a, b := narrow.search(off), wide.search(off); a != b {
			t.Errorf("search(%d): narrow %d, wide %d", off, a, b)
		}
	}
	if narrow.len() != 5 || wide.len() != 5 || wide.at(4) != 11 {
		t.Errorf("len %d/%d, last %d", narrow.len(), wide.len(), wide.at(4))
	}
}

// A position far along a long line (a minified notebook's JSON) is counted
// from a mark at most about markEvery bytes before it, not from the line's
// start: a file with a finding every few bytes of one line costs time in
// proportion to its findings, not to their product with its length.
func TestLongLinesAreCountedFromMarks(t *testing.T) {
	text := bytes.Repeat([]byte(`{"a": "é😀", "b": [1, 2]}, `), 40_000) // one line of 1 MB
	lines := lineStarts(text)
	for off := 0; off <= len(text); off += 997 {
		from := 0
		if m := lines.markBefore(off); m != nil {
			from = m.off
		}
		if off-from > markEvery+utf8.UTFMax {
			t.Fatalf("offset %d is counted from %d, %d bytes before it", off, from, off-from)
		}
	}
}
