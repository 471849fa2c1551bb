package engine_test

import (
	"bytes"
	"context"
	"encoding/json"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/output"
)

// The crossfile project (testdata/projects/crossfile) creates its tables in
// migrations/001.sql and writes them from jobs/: a finding that cites a
// table's definition, or the MERGE of another job, relates the place in
// that file; a setting in the finding's own file is related there.
func TestRelatedInOtherFiles(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "projects", "crossfile"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := newLinter(t).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	type place struct {
		code, file string
		line       int
		relFile    string
		relLine    int
	}
	want := []place{
		{"LL101", "jobs/load.py", 6, "migrations/001.sql", 3},    // TBLPROPERTIES of the CREATE that the write relies on
		{"LL101", "jobs/local.py", 7, "", 4},                     // the session setting, in the same file
		{"LL204", "jobs/stream.py", 5, "jobs/merge.py", 8},       // the MERGE that rewrites the streamed table
		{"LL302", "jobs/stream.py", 9, "migrations/001.sql", 8},  // the definition without auto compaction
		{"LL101", "jobs/tuned.py", 9, "lib/session.py", 3},       // a helper's setting, applied at its call
		{"LL104", "jobs/visits.py", 6, "migrations/001.sql", 12}, // a definition that turns optimized writes off
	}
	rel := func(p string) string {
		r, _ := filepath.Rel(dir, p)
		return filepath.ToSlash(r)
	}
	var cited []finding.Finding
	for _, w := range want {
		var found *finding.Finding
		for i := range res.Findings {
			f := &res.Findings[i]
			if f.Code == w.code && rel(f.Path) == w.file && f.Start.Line == w.line {
				found = f
			}
		}
		if found == nil {
			t.Errorf("no %s at %s:%d", w.code, w.file, w.line)
			continue
		}
		cited = append(cited, *found)
		if len(found.Related) != 1 {
			t.Errorf("%s at %s:%d: related %+v, want one", w.code, w.file, w.line, found.Related)
			continue
		}
		if w.relFile == "lib/session.py" && !strings.Contains(found.Message, "on line 3 of "+filepath.Join(dir, "lib", "session.py")) {
			t.Errorf("the message places the helper's setting in its file: %s", found.Message)
		}
		r := found.Related[0]
		got := ""
		if r.Path != "" {
			got = rel(r.Path)
			if r.AbsPath == "" || !filepath.IsAbs(r.AbsPath) {
				t.Errorf("%s: related AbsPath %q", w.code, r.AbsPath)
			}
		}
		if got != w.relFile || r.Start.Line != w.relLine {
			t.Errorf("%s at %s:%d: related at %q line %d, want %q line %d", w.code, w.file, w.line, got, r.Start.Line, w.relFile, w.relLine)
		}
	}
	for _, f := range res.Findings {
		if rel(f.Path) == "migrations/001.sql" && f.Code != "LL301" && f.Code != "LL303" { // those are about the definitions
			t.Errorf("a finding about a job is reported in the migration: %s %s", f.Code, f.Message)
		}
	}

	// SARIF: relatedLocations name the other file's artifact
	var sarif struct {
		Runs []struct {
			Results []struct {
				RuleID    string `json:"ruleId"`
				Locations []struct {
					PhysicalLocation sarifPhysical `json:"physicalLocation"`
				} `json:"locations"`
				RelatedLocations []struct {
					PhysicalLocation sarifPhysical `json:"physicalLocation"`
				} `json:"relatedLocations"`
			} `json:"results"`
		} `json:"runs"`
	}
	decode(t, "sarif", cited, dir, &sarif)
	if len(sarif.Runs) != 1 || len(sarif.Runs[0].Results) != len(want) {
		t.Fatalf("sarif: %+v", sarif)
	}
	for i, r := range sarif.Runs[0].Results {
		w := want[i]
		relFile := w.relFile
		if relFile == "" {
			relFile = w.file
		}
		if r.Locations[0].PhysicalLocation.ArtifactLocation.URI != w.file || len(r.RelatedLocations) != 1 {
			t.Errorf("sarif %s: %+v", r.RuleID, r)
			continue
		}
		if got := r.RelatedLocations[0].PhysicalLocation; got.ArtifactLocation.URI != relFile || got.ArtifactLocation.URIBaseID != "%SRCROOT%" || got.Region.StartLine != w.relLine {
			t.Errorf("sarif %s: related %+v, want %s line %d", r.RuleID, got, relFile, w.relLine)
		}
	}

	// JSON, whose diagnostics are the language server's: relatedInformation
	// has the other file's URI and a 0-based line
	var files []struct {
		Path        string                 `json:"path"`
		Diagnostics []output.LSPDiagnostic `json:"diagnostics"`
	}
	decode(t, "json", cited, dir, &files)
	i := 0
	for _, f := range files {
		for _, d := range f.Diagnostics {
			w := want[i]
			i++
			relFile := w.relFile
			if relFile == "" {
				relFile = w.file
			}
			if len(d.RelatedInformation) != 1 {
				t.Errorf("json %s: %+v", w.code, d.RelatedInformation)
				continue
			}
			loc := d.RelatedInformation[0].Location
			if !strings.HasPrefix(loc.URI, "file:///") || !strings.HasSuffix(loc.URI, "/crossfile/"+relFile) || loc.Range.Start.Line != w.relLine-1 {
				t.Errorf("json %s: related %+v, want %s line %d", w.code, loc, relFile, w.relLine-1)
			}
		}
	}
	if i != len(want) {
		t.Errorf("json: %d diagnostics, want %d", i, len(want))
	}
}

type sarifPhysical struct {
	ArtifactLocation struct {
		URI       string `json:"uri"`
		URIBaseID string `json:"uriBaseId"`
	} `json:"artifactLocation"`
	Region struct {
		StartLine int `json:"startLine"`
	} `json:"region"`
}

func decode(t *testing.T, format string, fs []finding.Finding, root string, v any) {
	t.Helper()
	var buf bytes.Buffer
	if err := output.Write(&buf, format, fs, output.Options{Root: root}); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(buf.Bytes(), v); err != nil {
		t.Fatalf("%s: %v\n%s", format, err, buf.Bytes())
	}
}
