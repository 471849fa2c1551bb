package main

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/rules"
)

// A run that looks at nothing must not say "All checks passed!". These are
// the checks that it looked at something: a selection that turns some rule
// on, and files that were linted.

// noRuleSelected says, when the selection of every file's config turns on
// no rule at all, that the run would lint nothing; "" when some rule runs.
func noRuleSelected(configs *config.Resolver, srcs []engine.Source) string {
	var cfgs []*config.Config
	for _, s := range srcs {
		if c, err := configs.For(s.Path); err == nil && !slices.Contains(cfgs, c) {
			cfgs = append(cfgs, c)
		}
	}
	if len(srcs) == 0 {
		if c, err := configs.ForDir("."); err == nil {
			cfgs = append(cfgs, c)
		}
	}
	for _, c := range cfgs {
		for _, r := range rules.All() {
			if c.Selects(r.Doc.Code, !r.Doc.Off) {
				return ""
			}
		}
	}
	return "no rule is selected: select, extend-select and ignore (in the config and on the command line) turn every rule off"
}

// addNothingLinted adds to res the notes that say what a run that linted
// no file found instead, and marks named directories that hold nothing to
// lint. Both are errors (exit 2), with two exceptions, warnings (printed
// unless quiet): files named on the command line that --force-exclude
// leaves out, which pre-commit does on purpose, and YAML files that are no
// bundle's.
func addNothingLinted(res *engine.Result, found *engine.Found, named []string, quiet bool) {
	if found != nil && res.Files > 0 {
		for _, dir := range found.Empty {
			res.Notes = append(res.Notes, engine.Note{Path: dir, Message: "no .py, .sql, .hql or .ipynb file to lint in this directory", Error: true})
		}
		return
	}
	if res.Files > 0 {
		return
	}
	var parts []string
	skipped := res.Skipped()
	if n := sum(skipped); n > 0 {
		var why []string
		for _, kind := range slices.Sorted(maps.Keys(skipped)) {
			why = append(why, fmt.Sprintf("%d %s", skipped[kind], kind))
		}
		parts = append(parts, fmt.Sprintf("%d skipped (%s)", n, strings.Join(why, ", ")))
	}
	forcedOnly := false
	if found != nil {
		if found.Excluded > 0 {
			parts = append(parts, fmt.Sprintf("%d excluded", found.Excluded))
		}
		if found.Ignored > 0 {
			parts = append(parts, fmt.Sprintf("%d ignored by .gitignore", found.Ignored))
		}
		switch n := len(found.Notes); {
		case n == 1:
			parts = append(parts, "1 unreadable directory")
		case n > 1:
			parts = append(parts, fmt.Sprintf("%d unreadable directories", n))
		}
		forcedOnly = len(found.Files) == 0 && len(found.Empty) == 0 && found.Excluded > 0 && found.Ignored == 0 && len(found.Notes) == 0
		// YAML files of no bundle, which a hook given every staged YAML
		// file names, are no error either
		if n := skipped[engine.SkipNoSettings]; n > 0 && n == sum(skipped) && len(found.Empty) == 0 && found.Excluded == 0 && found.Ignored == 0 && len(found.Notes) == 0 {
			forcedOnly = true
		}
	}
	if len(parts) == 0 {
		parts = append(parts, "no .py, .sql, .hql or .ipynb file found")
	}
	n := engine.Note{Message: "0 files linted: " + strings.Join(parts, ", "), Error: !forcedOnly, NothingLinted: true}
	if len(named) == 1 {
		n.Path = named[0]
	}
	if n.Error || !quiet {
		res.Notes = append(res.Notes, n)
	}
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}
