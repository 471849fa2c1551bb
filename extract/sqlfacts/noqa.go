package sqlfacts

import (
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
func (x *extractor) suppressions(toks []sql.Token) {
	for _, t := range toks {
		if t.Kind != sql.Comment || x.src[t.Start+1] != '-' {
			continue
		}
		codes, fileLevel, ok := noqa.Parse(string(x.src[t.Start:t.End]), "--")
		if !ok {
			continue
		}
		x.out.Suppressions = append(x.out.Suppressions, facts.Suppression{
			Span: x.span(sql.Span{Start: t.Start, End: t.End}), Codes: codes, FileLevel: fileLevel,
		})
	}
}
