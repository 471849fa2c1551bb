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
once, at the line Python itself names: a badly indented line ("unexpected indent", such
as a method chain continued on the next line without parentheses) rather than the top
of a block the parser could not read. In a notebook, a cell indented as a whole is
Python, as IPython reads it, and IPython lines (%pip, !cmd, pip install or conda
install without the %, and a cell of one line that calls a line magic without its %,
such as run ./setup.ipynb or cd /dbfs/tmp, which IPython's automagic runs) are not read
as Python; in
a plain .py file they are errors, said to be notebook syntax, since only a file whose
first line is "# Databricks notebook source" (or, for a Microsoft Fabric notebook kept in
git, "# Fabric notebook source") is read as a notebook.`,
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
