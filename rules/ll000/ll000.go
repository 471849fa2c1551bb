// Package ll000 reports the first syntax error of a file.
package ll000

import (
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL000",
	Name:     "syntax-error",
	Severity: finding.Error,
	Summary:  "The file (or a notebook cell) does not parse.",
	Why: `lakelint reads what it can around a syntax error, but facts after the error may be
missed, so findings in the rest of the file are incomplete. The error is reported
once, at the first place it occurs.`,
	Lang:    "python",
	Example: `df.write.format("delta".saveAsTable("t")`,
	Better:  `df.write.format("delta").saveAsTable("t")`,
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	errs := p.Facts.SyntaxErrors
	if len(errs) == 0 {
		return
	}
	first := errs[0]
	for _, e := range errs[1:] {
		if e.Span.Start < first.Span.Start {
			first = e
		}
	}
	p.Report(first.Span, "syntax error: "+first.Message)
}
