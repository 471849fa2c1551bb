package config

import (
	"fmt"
	"strings"
)

// A selector is a rule code or code prefix: "LL101", "LL1", "LL" or "ALL".
type selector struct {
	prefix string // "ALL" is stored as "LL"
	spec   int    // specificity: the number of digits
}

// parseSelector accepts LL followed by up to three digits, or ALL.
func parseSelector(s string) (selector, bool) {
	if s == "ALL" {
		return selector{prefix: "LL"}, true
	}
	if len(s) < 2 || len(s) > 5 || s[:2] != "LL" {
		return selector{}, false
	}
	for i := 2; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return selector{}, false
		}
	}
	return selector{prefix: s, spec: len(s) - 2}, true
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

// FileSelection is rule selection for one file, with its per-file-ignores
// matched once.
type FileSelection struct {
	c       *Config
	ignored []selector // codes per-file-ignores switch off for this file
}

// File matches the per-file-ignores against filePath once, for asking
// about every rule.
func (c *Config) File(filePath string) FileSelection {
	fs := FileSelection{c: c}
	if len(c.perFileIgnores) == 0 {
		return fs
	}
	rel := c.relative(filePath)
	for _, fi := range c.perFileIgnores {
		if fi.glob.match(rel) {
			fs.ignored = append(fs.ignored, fi.codes...)
		}
	}
	return fs
}

// Enabled reports whether the rule with this code runs on the file.
func (fs FileSelection) Enabled(code string, onByDefault bool) bool {
	on := onByDefault
	for i := range fs.c.layers {
		on = fs.c.layers[i].decide(code, on)
	}
	return on && longest(fs.ignored, code) < 0
}

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
			sel, ok := parseSelector(code)
			if !ok {
				return layer{}, fmt.Errorf("%s: %s", part.flag, badCode(code))
			}
			*part.into = append(*part.into, sel)
		}
	}
	return l, nil
}

func badCode(code string) string {
	return fmt.Sprintf("invalid rule code %q (want a code or prefix like LL101, LL1, LL, or ALL)", code)
}
