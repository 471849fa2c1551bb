package output

import (
	"slices"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/internal/redact"
)

// Every format prints findings and notices through Stream, which removes
// every credential the run registered (see internal/redact) from their
// text first: the last line of defence, whatever path a secret took into a
// message. Text is redacted before a format escapes it, so escaping cannot
// hide a secret from the match.

// redactFindings returns fs with credentials removed from every text a
// format prints; findings that hold none are passed through, and the
// caller's findings are never changed.
func redactFindings(fs []*finding.Finding) []*finding.Finding {
	if !redact.Active() {
		return fs
	}
	out, copied := fs, false
	for i, f := range fs {
		if c, changed := redactFinding(f); changed {
			if !copied {
				out, copied = slices.Clone(fs), true
			}
			out[i] = c
		}
	}
	return out
}

func redactFinding(f *finding.Finding) (*finding.Finding, bool) {
	c := *f
	changed := false
	str := func(s *string) {
		if r := redact.String(*s); r != *s {
			*s, changed = r, true
		}
	}
	str(&c.Message)
	str(&c.NoFix)
	str(&c.Subject)
	c.Source = slices.Clone(f.Source)
	for i := range c.Source {
		str(&c.Source[i])
	}
	c.Related = slices.Clone(f.Related)
	for i := range c.Related {
		str(&c.Related[i].Message)
	}
	c.Fixes = slices.Clone(f.Fixes)
	for i := range c.Fixes {
		str(&c.Fixes[i].Title)
		c.Fixes[i].Edits = slices.Clone(f.Fixes[i].Edits)
		for j := range c.Fixes[i].Edits {
			str(&c.Fixes[i].Edits[j].NewText)
		}
	}
	return &c, changed
}

// redactNotices returns ns with credentials removed from their messages.
func redactNotices(ns []Notice) []Notice {
	if !redact.Active() {
		return ns
	}
	out := make([]Notice, len(ns))
	for i, n := range ns {
		n.Message = redact.String(n.Message)
		n.Path = redact.String(n.Path)
		out[i] = n
	}
	return out
}
