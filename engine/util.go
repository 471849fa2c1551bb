package engine

import (
	"bytes"
	"fmt"
	"path/filepath"
	"unicode/utf8"

	"github.com/lakelint/lakelint/rules/rule"
)

// notText says why data is not a text file lakelint can lint, or "".
func notText(data []byte) string {
	head := data[:min(len(data), 8000)]
	if bytes.IndexByte(head, 0) >= 0 {
		return "binary file"
	}
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, n := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		line := bytes.Count(data[:off], []byte("\n")) + 1
		return fmt.Sprintf("not valid UTF-8 (line %d, byte offset %d)", line, off)
	}
	return ""
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

func (l *Linter) ruleDoc(code string) *rule.Doc {
	for _, r := range l.rules {
		if r.Doc.Code == code {
			return r.Doc
		}
	}
	return &rule.Doc{Code: code}
}
