package loop

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"sort"
	"strings"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
)

// AddNoqa lints the sources with l and adds a noqa comment for every finding, on
// the line where it starts: "# noqa: CODE" on a Python line, "-- noqa: CODE"
// on a SQL line (a "# MAGIC" line of a notebook's SQL cell, or a line of a
// multi-line spark.sql string), codes merged into a noqa comment the line
// already has. A file whose comments would not load, parse or silence its
// findings is left alone with a note. Files are not written; Changes.Fixed
// counts the findings silenced. Findings of the code unused (the one that
// reports a noqa comment silencing nothing) get none. As for Fix, sources
// are read already and their Data is left as changed.
func AddNoqa(ctx context.Context, srcs []Source, l Linter, unused string) (*Result, error) {
	found, err := l.Lint(ctx, srcs)
	if err != nil {
		return nil, err
	}
	var notes []Note
	changed := map[string]*Change{}
	for i := range srcs {
		fs := currentFindings(found, srcs[i].Path)
		fs = slices.DeleteFunc(slices.Clone(fs), func(f finding.Finding) bool { return f.Code == unused })
		if len(fs) == 0 {
			continue
		}
		data, err := noqaEdits(l.Read, srcs[i], fs)
		if err != nil {
			notes = append(notes, Note{Path: srcs[i].Path, Message: "noqa comments not added: " + err.Error()})
			continue
		}
		if data == nil {
			continue
		}
		changed[srcs[i].Path] = &Change{Path: srcs[i].Path, Old: srcs[i].Data, New: data, Fixed: len(fs)}
		srcs[i].Data = data
	}
	if len(changed) > 0 {
		if found, err = l.Lint(ctx, srcs); err != nil {
			return nil, err
		}
	}
	out := &Result{}
	for i := range srcs {
		c := changed[srcs[i].Path]
		if c == nil {
			continue
		}
		// a comment that does not silence its finding is taken back
		if left := len(currentFindings(found, c.Path)); left > 0 {
			srcs[i].Data = c.Old
			notes = append(notes, Note{Path: c.Path, Message: fmt.Sprintf("noqa comments not added: %d finding(s) would still be reported", left)})
			continue
		}
		out.Changes = append(out.Changes, *c)
	}
	out.Notes = notes
	return out, nil
}

// noqaEdits returns the file with noqa comments for fs; nil when none is needed.
func noqaEdits(read func(Source) (*document.Document, string), s Source, fs []finding.Finding) ([]byte, error) {
	doc, note := read(s)
	if note != "" {
		return nil, fmt.Errorf("%s", note)
	}
	f := extract.File(doc)
	sqlRegions := extract.SQLRegions(doc)
	text := doc.Text
	// the codes to add on each line, by the offset where the line ends
	byLine := map[int][]string{}
	lineStart := map[int]int{}
	anchor := map[int]int{} // a finding's offset on the line, to find its region
	for _, x := range fs {
		off := min(x.Start.Offset, len(text))
		start := bytes.LastIndexByte(text[:off], '\n') + 1
		end := len(text)
		if i := bytes.IndexByte(text[off:], '\n'); i >= 0 {
			end = off + i
		}
		if c := doc.CellAt(off); c != nil && end > c.End {
			end = c.End
		}
		if end > start && text[end-1] == '\r' {
			end--
		}
		if !slices.Contains(byLine[end], x.Code) {
			byLine[end] = append(byLine[end], x.Code)
		}
		lineStart[end], anchor[end] = start, off
	}
	var fixes []fixer.Fix
	for end, codes := range byLine {
		sort.Strings(codes)
		sup, ok := lineSuppression(f.Suppressions, lineStart[end], end)
		if ok {
			if len(sup.Codes) == 0 {
				continue // a bare noqa already silences every code
			}
			e, ok := mergeNoqa(text, sup, codes)
			if ok && e.New == "" {
				continue
			}
			if !ok {
				return nil, fmt.Errorf("cannot merge codes into the noqa comment at line %d", lineAt(text, sup.Span.Start))
			}
			fixes = append(fixes, fixer.Fix{ID: len(fixes), Edits: []fixer.Edit{e}})
			continue
		}
		marker := "#"
		if sqlLine(doc, sqlRegions, anchor[end], end) {
			marker = "--"
		}
		fixes = append(fixes, fixer.Fix{ID: len(fixes), Edits: []fixer.Edit{{Start: end, End: end, New: "  " + marker + " noqa: " + strings.Join(codes, ", ")}}})
	}
	if len(fixes) == 0 {
		return nil, nil
	}
	r := fixer.Apply(text, fixes)
	if len(r.Skipped) > 0 {
		return nil, fmt.Errorf("comments would overlap")
	}
	data, err := render(doc, r, fixes)
	if err != nil {
		return nil, err
	}
	after, err := parsers.Load(doc.Path, data)
	if err != nil {
		return nil, fmt.Errorf("the file would not load: %w", err)
	}
	if len(extract.File(after).SyntaxErrors) > len(f.SyntaxErrors) {
		return nil, fmt.Errorf("the file would not parse")
	}
	return data, nil
}

// lineSuppression finds the line noqa comment on the line [start, end).
func lineSuppression(sups []facts.Suppression, start, end int) (facts.Suppression, bool) {
	for _, s := range sups {
		if !s.FileLevel && s.Until == 0 && s.Span.Start >= start && s.Span.Start <= end {
			return s, true
		}
	}
	return facts.Suppression{}, false
}

// mergeNoqa returns the edit adding codes to the list of a noqa comment.
func mergeNoqa(text []byte, s facts.Suppression, codes []string) (fixer.Edit, bool) {
	var add []string
	for _, c := range codes {
		if !slices.Contains(s.Codes, c) {
			add = append(add, c)
		}
	}
	if len(add) == 0 {
		return fixer.Edit{}, true
	}
	comment := text[s.Span.Start:min(s.Span.End, len(text))]
	lower := bytes.ToLower(comment)
	i := bytes.LastIndex(lower, []byte("noqa"))
	if i < 0 {
		return fixer.Edit{}, false
	}
	j := i + 4
	for j < len(comment) && (comment[j] == ' ' || comment[j] == '\t') {
		j++
	}
	if j >= len(comment) || comment[j] != ':' {
		return fixer.Edit{}, false
	}
	// past the codes already listed
	end := j + 1
	for k, seen := j+1, 0; k < len(comment) && seen < len(s.Codes); {
		for k < len(comment) && (comment[k] == ' ' || comment[k] == ',' || comment[k] == '\t') {
			k++
		}
		w := k
		for k < len(comment) && comment[k] != ' ' && comment[k] != ',' && comment[k] != '\t' {
			k++
		}
		if w == k {
			break
		}
		seen++
		end = k
	}
	off := s.Span.Start + end
	return fixer.Edit{Start: off, End: off, New: ", " + strings.Join(add, ", ")}, true
}

// sqlLine says whether a comment at the line end lineEnd, on the line of a
// finding at off, must be a SQL comment: the line ends inside SQL (a SQL
// file or cell, or a spark.sql string still open at the end of the line).
func sqlLine(doc *document.Document, sqlRegions []*document.Region, off, lineEnd int) bool {
	for _, r := range sqlRegions {
		start, end := r.Span()
		if off < start || off > end {
			continue
		}
		if !r.Embedded {
			return true
		}
		return lineEnd < end // the string goes on past the line
	}
	return false
}
