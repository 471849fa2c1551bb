package sqlfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/sql"
)

// suppressions reads the noqa comments among the tokens:
//
//	-- noqa                   every code, on this line
//	-- noqa: LL101, LL102     these codes, on this line
//	-- lakelint: noqa         every code, in the whole file
//	-- lakelint: noqa: LL301  this code, in the whole file
func (x *extractor) suppressions(toks []sql.Token) {
	for _, t := range toks {
		if t.Kind != sql.Comment || x.src[t.Start+1] != '-' {
			continue
		}
		codes, fileLevel, ok := parseNoqa(string(x.src[t.Start+2 : t.End]))
		if !ok {
			continue
		}
		x.out.Suppressions = append(x.out.Suppressions, facts.Suppression{
			Span: x.span(sql.Span{Start: t.Start, End: t.End}), Codes: codes, FileLevel: fileLevel,
		})
	}
}

// parseNoqa reads a comment body. "noqa" counts at its start, after
// "lakelint:", or after a second "--" in the same comment.
func parseNoqa(body string) (codes []string, fileLevel, ok bool) {
	lower := strings.ToLower(body)
	for from := 0; ; {
		i := strings.Index(lower[from:], "noqa")
		if i < 0 {
			return nil, false, false
		}
		i += from
		from = i + 4
		if from < len(lower) && isCodeChar(lower[from]) {
			continue // a longer word
		}
		before := strings.TrimRight(lower[:i], " \t")
		switch {
		case strings.HasSuffix(before, "lakelint:"):
			fileLevel = true
			if head := strings.TrimSpace(strings.TrimSuffix(before, "lakelint:")); head != "" && !strings.HasSuffix(head, "--") {
				continue
			}
		case before == "" || strings.HasSuffix(before, "--"):
		default:
			continue
		}
		return noqaCodes(body[from:]), fileLevel, true
	}
}

// noqaCodes reads ": LL101, LL102" after noqa; no list means every code.
func noqaCodes(rest string) []string {
	rest = strings.TrimLeft(rest, " \t")
	if !strings.HasPrefix(rest, ":") {
		return nil
	}
	var codes []string
	for _, f := range strings.FieldsFunc(rest[1:], func(r rune) bool { return r == ',' || r == ' ' || r == '\t' }) {
		if !isCode(f) {
			break
		}
		codes = append(codes, strings.ToUpper(f))
	}
	return codes
}

// isCode matches letters followed by digits: LL101.
func isCode(s string) bool {
	i := 0
	for i < len(s) && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
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

func isCodeChar(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_'
}
