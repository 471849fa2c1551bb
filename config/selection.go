package config

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// A selector is a rule code or code prefix: "LL101", "LL1", "LL" or "ALL".
type selector struct {
	prefix string // "ALL" is stored as "LL"
	spec   int    // specificity: the number of digits
}

// ruleCodes are the codes of the rules there are; a selector must be one
// of them or a prefix of one. It is nil until the rules registry sets it
// (SetRuleCodes), and then any well-formed code is taken.
var ruleCodes []string

// SetRuleCodes tells the package the codes of the rules there are, so that
// a selection naming none of them is an error rather than a selection of
// nothing. The rules registry calls it once, when it is loaded.
func SetRuleCodes(codes []string) {
	ruleCodes = slices.Sorted(slices.Values(codes))
}

// parseSelector accepts LL followed by up to three digits, or ALL, that
// names a rule or a prefix of one; the error says what is wrong and, when
// it can, which code was meant.
func parseSelector(s string) (selector, error) {
	if s == "ALL" {
		return selector{prefix: "LL"}, nil
	}
	if !wellFormed(s) {
		if hint := meant(s); hint != "" {
			return selector{}, fmt.Errorf("invalid rule code %q%s", s, hint)
		}
		return selector{}, fmt.Errorf("invalid rule code %q (want a code or prefix like LL101, LL1, LL, or ALL)", s)
	}
	if ruleCodes != nil && !slices.ContainsFunc(ruleCodes, func(c string) bool { return strings.HasPrefix(c, s) }) {
		what := "rule code"
		if len(s) < 5 {
			what = "rule prefix"
		}
		hint := meant(s)
		if hint == "" {
			hint = " (lakelint rule --all lists the rules)"
		}
		return selector{}, fmt.Errorf("unknown %s %q%s", what, s, hint)
	}
	return selector{prefix: s, spec: len(s) - 2}, nil
}

// wellFormed says whether s is LL and up to three digits.
func wellFormed(s string) bool {
	if len(s) < 2 || len(s) > 5 || s[:2] != "LL" {
		return false
	}
	for i := 2; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// gap is how far apart the numbers of two codes are, for meant.
func gap(a, b string) int {
	num := func(s string) int {
		n, _ := strconv.Atoi(strings.TrimLeft(s, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"))
		return n
	}
	return max(num(a)-num(b), num(b)-num(a))
}

// meant is a hint naming the rule code or prefix closest to s, as the
// rules are: " (did you mean LL101?)", or "" when none is close.
func meant(s string) string {
	up := strings.ToUpper(strings.TrimSpace(s))
	best, bestDist := "", 3
	seen := map[string]bool{}
	for _, code := range ruleCodes {
		// a prefix is compared with prefixes of its length, a code with codes
		cand := code[:min(len(code), max(len(up), 2))]
		if seen[cand] {
			continue
		}
		seen[cand] = true
		// of those as close, the one whose number is nearest
		if d := editDistance(up, cand); d < bestDist || d == bestDist && best != "" && gap(cand, up) < gap(best, up) {
			best, bestDist = cand, d
		}
	}
	if best == "" || best == s {
		return ""
	}
	return fmt.Sprintf(" (did you mean %s?)", best)
}

func (s selector) matches(code string) bool { return strings.HasPrefix(code, s.prefix) }

// A layer is one source of selection: the config file, then the command
// line. Inside a layer the most specific matching selector decides, and an
// ignore beats a select of the same specificity; a later layer beats an
// earlier one wherever it says anything.
type layer struct {
	replace bool       // "select" was given: start from nothing
	pos     []selector // select and extend-select
	neg     []selector // ignore
}

func (l *layer) decide(code string, prev bool) bool {
	pos, neg := longest(l.pos, code), longest(l.neg, code)
	switch {
	case neg >= 0 && neg >= pos:
		return false
	case pos >= 0:
		return true
	case l.replace:
		return false
	}
	return prev
}

// longest returns the specificity of the most specific selector matching
// code, or -1 when none does.
func longest(sels []selector, code string) int {
	best := -1
	for _, s := range sels {
		if s.spec > best && s.matches(code) {
			best = s.spec
		}
	}
	return best
}

// Enabled reports whether the rule with this code runs on filePath:
// selected by the config and the command line, and not switched off for
// the file by per-file-ignores. onByDefault says whether the rule runs when
// nothing selects it. To ask about many rules for one file, use File.
func (c *Config) Enabled(code string, onByDefault bool, filePath string) bool {
	return c.File(filePath).Enabled(code, onByDefault)
}

// Selects reports whether the selection (the config's, then the command
// line's) turns the rule on anywhere, before per-file-ignores: a selection
// that turns on no rule at all lints nothing.
func (c *Config) Selects(code string, onByDefault bool) bool {
	on := onByDefault
	for i := range c.layers {
		on = c.layers[i].decide(code, on)
	}
	return on
}

// FileSelection is rule selection for one file, with its per-file-ignores
// matched once.
type FileSelection struct {
	c       *Config
	ignored []selector // codes per-file-ignores switch off for this file
	test    bool       // the file is test code (test-paths)
}

// File matches the per-file-ignores against filePath once, for asking
// about every rule.
func (c *Config) File(filePath string) FileSelection {
	fs := FileSelection{c: c}
	if len(c.perFileIgnores) == 0 && len(c.testPaths) == 0 {
		return fs
	}
	rel := c.relative(filePath)
	for _, g := range c.testPaths {
		fs.test = fs.test || g.match(rel)
	}
	for _, fi := range c.perFileIgnores {
		if fi.glob.match(rel) {
			fs.ignored = append(fs.ignored, fi.codes...)
		}
	}
	return fs
}

// Enabled reports whether the rule with this code runs on the file.
func (fs FileSelection) Enabled(code string, onByDefault bool) bool {
	if fs.test && !reportedInTests[code] {
		return false
	}
	return fs.c.Selects(code, onByDefault) && longest(fs.ignored, code) < 0
}

// reportedInTests are the rules that run on test code (test-paths): a
// syntax error breaks a test as it breaks a job, and a noqa comment there
// may still suppress nothing.
var reportedInTests = map[string]bool{"LL000": true, "LL001": true}

type fileIgnore struct {
	glob  glob
	codes []selector
}

// Selection is rule selection given on the command line. A nil Select
// means "--select" was not given; an empty non-nil one selects nothing.
type Selection struct {
	Select, ExtendSelect, Ignore []string
	// Platform, when set (--platform), stands in for every config's
	// "platform".
	Platform Platform
}

// WithCommandLine returns a copy of c with the command line's selection
// laid over the file's, so that it wins wherever the two disagree.
func (c *Config) WithCommandLine(s Selection) (*Config, error) {
	l, err := s.layer()
	if err != nil {
		return nil, err
	}
	d := c.clone()
	if l.replace || len(l.pos) > 0 || len(l.neg) > 0 {
		d.layers = append(d.layers, l)
	}
	if s.Platform != "" {
		d.Rules.Platform = s.Platform
	}
	d.cmdline += fmt.Sprintf("%q;", s)
	return d, nil
}

func (s Selection) layer() (layer, error) {
	l := layer{replace: s.Select != nil}
	switch s.Platform {
	case "", PlatformAuto, PlatformDatabricks, PlatformOSS:
	default:
		return layer{}, fmt.Errorf("--platform: want auto, databricks or oss, got %q", s.Platform)
	}
	for _, part := range []struct {
		flag  string
		codes []string
		into  *[]selector
	}{
		{"--select", s.Select, &l.pos},
		{"--extend-select", s.ExtendSelect, &l.pos},
		{"--ignore", s.Ignore, &l.neg},
	} {
		for _, code := range part.codes {
			sel, err := parseSelector(code)
			if err != nil {
				return layer{}, fmt.Errorf("%s: %w", part.flag, err)
			}
			*part.into = append(*part.into, sel)
		}
	}
	return l, nil
}
