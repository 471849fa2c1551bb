package main

import (
	"fmt"
	"io"
	"strings"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules"
	"github.com/lakelint/lakelint/rules/rule"
)

func runRule(args []string, stdout, stderr io.Writer) int {
	if len(args) == 1 && (args[0] == "--all" || args[0] == "-a") {
		for _, r := range rules.All() {
			d := r.Doc
			state := ""
			if d.Off {
				state = " (off by default)"
			}
			fix := ""
			if d.Fix != rule.NoFix {
				fix = " [" + string(d.Fix) + " fix]"
			}
			fmt.Fprintf(stdout, "%s  %-38s %-7s %s%s%s\n", d.Code, d.Name, d.Severity, d.Summary, fix, state)
		}
		return exitClean
	}
	if len(args) != 1 {
		fmt.Fprintln(stderr, "usage: lakelint rule CODE | lakelint rule --all")
		return exitError
	}
	r := rules.ByCode(strings.ToUpper(args[0]))
	if r == nil {
		for _, x := range rules.All() {
			if x.Doc.Name == args[0] {
				r = x
			}
		}
	}
	if r == nil {
		fmt.Fprintf(stderr, "lakelint: no rule %q (lakelint rule --all lists them)\n", args[0])
		return exitError
	}
	fmt.Fprint(stdout, r.Doc.Markdown())
	if how := fixUse(r.Doc.Fix); how != "" {
		fmt.Fprint(stdout, "\n"+how)
	}
	return exitClean
}

// fixUse says how a rule's fixes are applied; the rule's page already says
// why they are safe or not.
func fixUse(k finding.Applicability) string {
	const checked = "Every fix is checked before it is written: it must not split a token or a name, SQL it touches must " +
		"parse strictly before and after, and the finding must be gone once it is applied; a fix that fails is not applied and is reported.\n"
	switch k {
	case rule.SafeFix:
		return "Applied by `lakelint check --fix` (config `fix: true`); a fix the text above calls unsafe needs `--unsafe-fixes` too. " +
			"Config `extend-unsafe-fixes` can make it unsafe, `unfixable` turn it off.\n" + checked
	case rule.UnsafeFix:
		return "Applied by `lakelint check --fix --unsafe-fixes` only (config `unsafe-fixes: true`), since it changes behaviour " +
			"a reviewer should confirm. Config `extend-safe-fixes` makes it safe, `unfixable` turns it off.\n" + checked
	}
	return ""
}
