// Package ll001 documents unused noqa comments. The driver reports them: it is
// the only place that knows which comments silenced a finding.
package ll001

import (
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL001",
	Name:     "unused-noqa",
	Severity: finding.Warning,
	Off:      true,
	Summary:  "A `# noqa` or `-- noqa` comment suppresses nothing.",
	Why: `A suppression that no longer matches a finding hides nothing today but will silently
hide a real problem written on that line later. Remove it, or narrow it to the codes
it is meant for.

A noqa comment is shared with other linters: only its LL codes are judged (an
unused ` + "`# noqa: E501, LL102`" + ` reports LL102 alone), and a bare line-level
` + "`# noqa`" + `, which ruff or flake8 may be reading, is left alone; a bare
` + "`# lakelint: noqa`" + ` that silences nothing in its file is reported.`,
	Lang:    "python",
	Example: `df.write.saveAsTable("t")  # noqa: LL102`,
	Better:  `df.write.saveAsTable("t")`,
}

// Rule has no check of its own; see the package comment.
var Rule = rule.New(Doc, func(*rule.Pass) {})
