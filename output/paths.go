package output

import (
	"crypto/sha256"
	"encoding/hex"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/finding"
)

// projectPath returns the path tools outside lakelint should see for a
// file: relative to opts.Root (slash-separated) when the file lies below
// it, else the path as given. inRoot says whether it is root-relative.
func projectPath(path, abs string, opts Options) (p string, inRoot bool) {
	if opts.Root == "" {
		return filepath.ToSlash(path), false
	}
	if abs == "" {
		var err error
		if abs, err = filepath.Abs(path); err != nil {
			return filepath.ToSlash(path), false
		}
	}
	rel, err := filepath.Rel(opts.Root, abs)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return filepath.ToSlash(path), false
	}
	return filepath.ToSlash(rel), true
}

// findingPath is projectPath for a finding.
func findingPath(f *finding.Finding, opts Options) string {
	p, _ := projectPath(f.Path, f.AbsPath, opts)
	return p
}

// notebookPrefix is what a message carries to place a notebook finding in
// words ("cell 3, line 2, column 1: "), "" outside notebooks.
func notebookPrefix(f *finding.Finding) string {
	if f.Cell == 0 {
		return ""
	}
	return "cell " + itoa(f.Cell) + ", line " + itoa(f.Start.Line) + ", column " + itoa(f.Start.Column) + ": "
}

func itoa(n int) string { return strconv.Itoa(n) }

// fingerprints gives each finding a fingerprint that survives lines moving:
// a hash of the rule and the finding's source line with its whitespace
// removed, numbered among the findings of that rule on equal lines of the
// same file. Findings must come in finding.Less order.
type fingerprints struct{ seen map[string]int }

func (fp *fingerprints) of(f *finding.Finding) string {
	if fp.seen == nil {
		fp.seen = map[string]int{}
	}
	line := f.Message // no source: the message is the next best thing
	if src, ok := codeLine(f, f.Start.Line); ok {
		line = strings.Join(strings.Fields(src), "")
	}
	key := f.Code + "\x00" + line
	if f.Subject != "" {
		key = f.Code + "\x00" + f.Subject + "\x00" + line // rule + table + normalised line
	}
	sum := sha256.Sum256([]byte(key))
	h := hex.EncodeToString(sum[:16])
	seenKey := f.Path + "\x00" + h
	fp.seen[seenKey]++
	return h + ":" + itoa(fp.seen[seenKey])
}

// codeLine returns the source line a position is on, if the finding carries it.
func codeLine(f *finding.Finding, line int) (string, bool) {
	i := line - f.SourceLine
	if f.SourceLine == 0 || i < 0 || i >= len(f.Source) {
		return "", false
	}
	return f.Source[i], true
}
