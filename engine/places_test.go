package engine_test

import (
	"context"
	"encoding/json"
	"os"
	"strings"
	"testing"
	"unicode/utf8"
)

// A notebook finding's file positions point at the .ipynb JSON line that
// holds its source line, at the column where the flagged code starts in
// that line; the source it carries is the cell's line.
func TestNotebookFindingsCarryFilePositions(t *testing.T) {
	const path = "../examples/notebooks/segments.ipynb"
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	fileLines := strings.Split(string(raw), "\n")
	res, err := newLinter(t).Lint(context.Background(), []string{path})
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, f := range res.Findings {
		if f.Cell == 0 {
			t.Errorf("%s: no cell", f.Code)
			continue
		}
		if f.FileStart.Line < 1 || f.FileStart.Line > len(fileLines) || f.FileEnd.Line < f.FileStart.Line {
			t.Errorf("%s: file position %+v..%+v", f.Code, f.FileStart, f.FileEnd)
			continue
		}
		// the JSON line is a string of the cell's source: decode it
		jsonLine := strings.TrimSuffix(strings.TrimSpace(fileLines[f.FileStart.Line-1]), ",")
		var decoded string
		if err := json.Unmarshal([]byte(jsonLine), &decoded); err != nil {
			t.Errorf("%s: line %d is not a source string: %v", f.Code, f.FileStart.Line, err)
			continue
		}
		cellLine := f.Source[f.Start.Line-f.SourceLine]
		if strings.TrimSuffix(decoded, "\n") != cellLine {
			t.Errorf("%s: JSON line %d holds %q, the finding's line is %q", f.Code, f.FileStart.Line, decoded, cellLine)
		}
		// the flagged text starts at the file column as at the cell column
		rawRunes := []rune(fileLines[f.FileStart.Line-1])
		cellRunes := []rune(cellLine)
		if f.FileStart.Column-1 >= len(rawRunes) || f.Start.Column-1 >= len(cellRunes) ||
			rawRunes[f.FileStart.Column-1] != cellRunes[f.Start.Column-1] {
			t.Errorf("%s: file column %d and cell column %d do not meet the same character", f.Code, f.FileStart.Column, f.Start.Column)
		}
		if !utf8.ValidString(cellLine) {
			t.Errorf("%s: source is not text", f.Code)
		}
		checked++
	}
	if checked < 2 {
		t.Fatalf("only %d notebook findings checked", checked)
	}
}

// A finding names the table its statement is about, for fingerprints.
func TestFindingsNameTheirTable(t *testing.T) {
	dir := t.TempDir()
	p := dir + "/m.py"
	src := "spark.conf.set('spark.sql.adaptive.enabled', 'false')\n" +
		"spark.sql('VACUUM main.s.events RETAIN 1 HOURS')\n"
	if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	res, err := newLinter(t).Lint(context.Background(), []string{p})
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, f := range res.Findings {
		got[f.Code] = f.Subject
	}
	if got["LL401"] != "main.s.events" || got["LL501"] != "" {
		t.Errorf("subjects = %v", got)
	}
}
