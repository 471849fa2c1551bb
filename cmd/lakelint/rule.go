package main

import (
	"fmt"
	"io"
	"strings"

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
				fix = " [" + d.Fix.String() + " fix]"
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
	return exitClean
}
