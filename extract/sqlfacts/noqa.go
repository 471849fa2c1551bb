package sqlfacts

import (
	"bytes"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/extract/noqa"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/sql"
)

// suppressions reads the noqa comments among the tokens:
//
//	-- noqa                   every code, on this line
//	-- noqa: LL101, LL102     these codes, on this line
//	-- lakelint: noqa         every code, in the whole file
//	-- lakelint: noqa: LL301  this code, in the whole file
//	-- noqa: disable=LL301    this code (or "all"), from this line to the
//	                          line of "-- noqa: enable=LL301" (or "all"),
//	                          or to the end of the SQL, as sqlfluff reads it
//
// A range comment may carry a line comment after it ("-- noqa:
// disable=LL102  -- noqa: LL401", as --add-noqa writes it).
func (x *extractor) suppressions(toks []sql.Token) {
	var ranges []rangeComment
	for _, t := range toks {
		if t.Kind != sql.Comment || x.src[t.Start+1] != '-' {
			continue
		}
		text := string(x.src[t.Start:t.End])
		span := x.span(sql.Span{Start: t.Start, End: t.End})
		if codes, enable, ok := noqa.ParseRange(text, "--"); ok {
			lineStart := bytes.LastIndexByte(x.src[:t.Start], '\n') + 1
			ranges = append(ranges, rangeComment{span: span, codes: codes, enable: enable, line: x.fileStart(lineStart)})
			i := strings.Index(text[2:], "--")
			if i < 0 {
				continue
			}
			text = text[2+i:] // a line comment after the range's
		}
		codes, fileLevel, ok := noqa.Parse(text, "--")
		if !ok {
			continue
		}
		x.out.Suppressions = append(x.out.Suppressions, facts.Suppression{
			Span: span, Codes: codes, FileLevel: fileLevel,
		})
	}
	x.out.Suppressions = append(x.out.Suppressions, rangeSuppressions(ranges, x.fileEnd(len(x.src)))...)
}

// rangeComment is one "-- noqa: disable=" or "enable=" comment; no codes
// means "all".
type rangeComment struct {
	span   facts.Span
	codes  []string
	enable bool
	line   int // where the comment's line starts: an "enable" ends a range there
}

// rangeSuppressions pairs each disable comment with the enable comments
// after it: a code's range ends at the line of the first one naming it or
// "all", a "disable=all" range at the first "enable=all"; a range never
// enabled again ends at end. Codes of one comment that end together share
// a suppression. (The engine starts a range at its comment's line.)
func rangeSuppressions(cs []rangeComment, end int) []facts.Suppression {
	var out []facts.Suppression
	for i, c := range cs {
		if c.enable {
			continue
		}
		until := func(code string) int {
			for _, e := range cs[i+1:] {
				if e.enable && (len(e.codes) == 0 || code != "" && slices.Contains(e.codes, code)) {
					return e.line
				}
			}
			return end
		}
		if len(c.codes) == 0 {
			out = append(out, facts.Suppression{Span: c.span, Until: max(until(""), c.span.End)})
			continue
		}
		byEnd := map[int][]string{}
		var ends []int
		for _, code := range c.codes {
			u := max(until(code), c.span.End)
			if _, ok := byEnd[u]; !ok {
				ends = append(ends, u)
			}
			byEnd[u] = append(byEnd[u], code)
		}
		for _, u := range ends {
			out = append(out, facts.Suppression{Span: c.span, Codes: byEnd[u], Until: u})
		}
	}
	return out
}
