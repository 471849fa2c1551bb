package engine

import (
	"fmt"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
)

// UnusedNoqaCode is the rule the driver itself reports: a noqa comment that
// suppresses nothing. It needs every other rule's findings, so it is not an
// analyzer of its own.
const UnusedNoqaCode = "LL001"

func (l *Linter) unusedNoqaRule() bool {
	for _, r := range l.rules {
		if r.Doc.Code == UnusedNoqaCode {
			return true
		}
	}
	return false
}

func (l *Linter) wantsUnusedNoqa(u *loaded) bool {
	if len(u.facts.Suppressions) == 0 || !l.unusedNoqaRule() {
		return false
	}
	return u.cfg.Enabled(UnusedNoqaCode, false, u.src.Path)
}

// suppress drops findings silenced by noqa comments: a line comment silences
// findings that start on its line, a "lakelint: noqa" comment the whole file,
// a SQL "noqa: disable=" range the findings that start inside it.
// With LL001 enabled, comments that silenced nothing become findings.
func (l *Linter) suppress(u *loaded, fs []finding.Finding, pos *positioner) []finding.Finding {
	sups := u.facts.Suppressions
	if len(sups) == 0 {
		return fs
	}
	used := make([]bool, len(sups))
	// the comments by line, and those of the whole file: a finding asks
	// those of its own line only, not every comment of the file
	var fileLevel, ranges []int
	onLine := make(map[int][]int, len(sups))
	startLine := make([]int, len(sups))
	for i, s := range sups {
		startLine[i] = pos.lines.search(s.Span.Start)
		switch {
		case s.FileLevel:
			fileLevel = append(fileLevel, i)
		case s.Until > 0: // a range: few in a file, each asked of every finding
			ranges = append(ranges, i)
		default:
			onLine[startLine[i]] = append(onLine[startLine[i]], i)
		}
	}
	usedCodes := make([]map[string]bool, len(sups))
	kept := fs[:0]
	for _, f := range fs {
		silenced := false
		line := pos.lines.search(f.Start.Offset)
		// a range covers its comment's line, up to the line that ends it
		var inRange []int
		for _, i := range ranges {
			if line >= startLine[i] && f.Start.Offset < sups[i].Until {
				inRange = append(inRange, i)
			}
		}
		for _, at := range [][]int{fileLevel, onLine[line], inRange} {
			for _, i := range at {
				if covers(sups[i], f.Code) {
					used[i], silenced = true, true
					if usedCodes[i] == nil {
						usedCodes[i] = map[string]bool{}
					}
					usedCodes[i][strings.ToUpper(f.Code)] = true
				}
			}
		}
		if !silenced {
			kept = append(kept, f)
		}
	}
	if !l.wantsUnusedNoqa(u) {
		return kept
	}
	var doc = l.ruleDoc(UnusedNoqaCode)
	for i, s := range sups {
		what, unused := unusedCodes(s, used[i], usedCodes[i])
		if !unused {
			continue
		}
		start, cell := pos.position(s.Span.Start)
		end, _ := pos.position(s.Span.End)
		f := finding.Finding{
			Path: u.src.Path, AbsPath: u.abs(),
			Code: doc.Code, Rule: doc.Name, URL: doc.URL(),
			Severity: u.cfg.Severity(doc.Code, doc.Severity),
			Message:  fmt.Sprintf("Unused noqa comment: no %s to suppress here", what),
			Start:    start, End: end, Cell: cell,
		}
		addPlaces(&f, pos)
		kept = append(kept, f)
	}
	sort.SliceStable(kept, func(i, j int) bool { return finding.Less(&kept[i], &kept[j]) })
	return kept
}

// unusedCodes says what of a noqa comment suppressed nothing, for LL001. A
// noqa comment is shared with other linters (ruff, flake8): only its LL codes
// are lakelint's to judge, and a bare line-level "# noqa" may be meant for any
// of them, so it is left alone; "lakelint: noqa" is lakelint's own.
func unusedCodes(s facts.Suppression, used bool, usedCodes map[string]bool) (string, bool) {
	if len(s.Codes) == 0 {
		return "any finding", s.FileLevel && !used
	}
	var unused []string
	for _, c := range s.Codes {
		if up := strings.ToUpper(c); strings.HasPrefix(up, "LL") && !usedCodes[up] {
			unused = append(unused, c)
		}
	}
	return strings.Join(unused, ", "), len(unused) > 0
}

func covers(s facts.Suppression, code string) bool {
	if len(s.Codes) == 0 {
		return true
	}
	for _, c := range s.Codes {
		if strings.EqualFold(c, code) {
			return true
		}
	}
	return false
}
