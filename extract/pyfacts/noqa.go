package pyfacts

import (
	"bytes"
	"strings"

	"github.com/lakelint/lakelint/facts"
)

// suppressions records "# noqa[: codes]" and "# lakelint: noqa[: codes]"
// comments. Only real comments count, never text inside strings.
func (x *extractor) suppressions() {
	src := x.src
	for off := 0; off < len(src); {
		i := indexNoqa(src[off:])
		if i < 0 {
			return
		}
		i += off
		off = i + 4
		n := x.tree.NodeAt(i)
		if !n.Is("comment") {
			continue
		}
		// the comment's text up to "noqa" must be "#", maybe "lakelint:", or
		// end with "# " (a second comment on the line)
		before := strings.TrimSpace(string(src[n.Start():i]))
		fileLevel := false
		if b, ok := cutSuffixFold(before, "lakelint:"); ok {
			fileLevel, before = true, strings.TrimSpace(b)
		}
		if !strings.HasSuffix(before, "#") {
			continue
		}
		s := facts.Suppression{Span: x.spanOf(n), FileLevel: fileLevel, Codes: noqaCodes(src[i+4 : n.End()])}
		x.file.Suppressions = append(x.file.Suppressions, s)
		off = n.End()
	}
}

// noqaCodes reads ": LL101, LL102" after "noqa"; none means every code.
func noqaCodes(rest []byte) []string {
	rest = bytes.TrimLeft(rest, " \t")
	if len(rest) == 0 || rest[0] != ':' {
		return nil
	}
	var codes []string
	for _, f := range strings.FieldsFunc(string(rest[1:]), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if !isCode(f) {
			break
		}
		codes = append(codes, strings.ToUpper(f))
	}
	return codes
}

// isCode matches letters followed by digits: LL101, E501.
func isCode(s string) bool {
	i := 0
	for i < len(s) && (s[i] >= 'a' && s[i] <= 'z' || s[i] >= 'A' && s[i] <= 'Z') {
		i++
	}
	if i == 0 || i == len(s) {
		return false
	}
	for ; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// indexNoqa finds "noqa" in any case. It looks for the rare "q" first.
func indexNoqa(b []byte) int {
	for i := 0; i < len(b); {
		j := bytes.IndexAny(b[i:], "qQ")
		if j < 0 {
			return -1
		}
		q := i + j
		if q >= 2 && q+2 <= len(b) && strings.EqualFold(string(b[q-2:q+2]), "noqa") {
			return q - 2
		}
		i = q + 1
	}
	return -1
}

func cutSuffixFold(s, suffix string) (string, bool) {
	if len(s) >= len(suffix) && strings.EqualFold(s[len(s)-len(suffix):], suffix) {
		return s[:len(s)-len(suffix)], true
	}
	return s, false
}
