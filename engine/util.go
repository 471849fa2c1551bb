package engine

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"unicode/utf8"

	"github.com/lakelint/lakelint/rules/rule"
)

// notText says why data is not a text file lakelint can lint, or "".
// binaryFile is notText's word for a file with NUL bytes.
const binaryFile = "binary file"

func notText(data []byte) string {
	head := data[:min(len(data), 8000)]
	if bytes.IndexByte(head, 0) >= 0 {
		return binaryFile
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

// readFile reads a file with one open, looking at its size first: a file
// over limit bytes (when limit > 0) is not read, and data is nil.
func readFile(path string, limit int64) (data []byte, size int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if size = info.Size(); limit > 0 && size > limit {
		return nil, size, nil
	}
	// one byte more than the size, so that reading to the end needs no growth
	data = make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, size, err
		}
	}
	if limit > 0 && int64(len(data)) > limit { // it grew while read
		return nil, int64(len(data)), nil
	}
	return data, size, nil
}
