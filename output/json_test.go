package output

import (
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/finding"
)

// TestJSONGoldenIsLSP reads json.golden back as plain JSON and checks it
// against the sample findings: one object per file in path order, 0-based
// lines, UTF-16 characters, LSP severities, and [] for empty lists.
func TestJSONGoldenIsLSP(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "json.golden"))
	if err != nil {
		t.Fatal(err)
	}
	var files []map[string]any
	if err := json.Unmarshal(data, &files); err != nil {
		t.Fatal(err)
	}
	byPath := map[string][]finding.Finding{}
	for _, f := range sample() {
		byPath[f.Path] = append(byPath[f.Path], f)
	}
	if len(files) != len(byPath) {
		t.Fatalf("%d file objects, want %d", len(files), len(byPath))
	}
	prev := ""
	for _, file := range files {
		path := file["path"].(string)
		if path <= prev {
			t.Errorf("files out of order: %q after %q", path, prev)
		}
		prev = path
		want := byPath[path]
		if want == nil {
			t.Fatalf("unexpected file %q", path)
		}
		u, err := url.Parse(file["uri"].(string))
		if err != nil || u.Scheme != "file" || u.Path != want[0].AbsPath {
			t.Errorf("uri %q does not name %q (%v)", file["uri"], want[0].AbsPath, err)
		}
		diags := file["diagnostics"].([]any)
		if len(diags) != len(want) {
			t.Fatalf("%s: %d diagnostics, want %d", path, len(diags), len(want))
		}
		for _, d := range diags {
			checkDiagnostic(t, d.(map[string]any), want)
		}
	}
}

func checkDiagnostic(t *testing.T, d map[string]any, candidates []finding.Finding) {
	t.Helper()
	var f *finding.Finding
	for i := range candidates {
		if candidates[i].Code == d["code"] {
			f = &candidates[i]
		}
	}
	if f == nil {
		t.Fatalf("diagnostic with unexpected code %v", d["code"])
	}
	checkRange(t, f.Code, d["range"], f.Start, f.End)
	sev := d["severity"].(float64)
	if sev < 1 || sev > 4 || int(sev) != int(f.Severity) {
		t.Errorf("%s: severity %v, want %d", f.Code, sev, f.Severity)
	}
	if d["source"] != "lakelint" || d["message"] != f.Message {
		t.Errorf("%s: source %v, message %v", f.Code, d["source"], d["message"])
	}
	if cd, ok := d["codeDescription"].(map[string]any); f.URL != "" && (!ok || cd["href"] != f.URL) ||
		f.URL == "" && d["codeDescription"] != nil {
		t.Errorf("%s: codeDescription %v", f.Code, d["codeDescription"])
	}
	data := d["data"].(map[string]any)
	if data["rule"] != f.Rule {
		t.Errorf("%s: data.rule %v", f.Code, data["rule"])
	}
	cell, hasCell := data["cell"]
	if f.Cell > 0 && cell != float64(f.Cell) || f.Cell == 0 && hasCell {
		t.Errorf("%s: data.cell %v, want %d", f.Code, cell, f.Cell)
	}
	fixes, ok := data["fixes"].([]any)
	if !ok || len(fixes) != len(f.Fixes) {
		t.Fatalf("%s: fixes %v is not a list of %d", f.Code, data["fixes"], len(f.Fixes))
	}
	for i, raw := range fixes {
		fix, want := raw.(map[string]any), f.Fixes[i]
		if fix["title"] != want.Title || fix["applicability"] != string(want.Applicability) {
			t.Errorf("%s: fix %v", f.Code, fix)
		}
		edits := fix["edits"].([]any)
		if len(edits) != len(want.Edits) {
			t.Fatalf("%s: %d edits", f.Code, len(edits))
		}
		for j, e := range edits {
			edit := e.(map[string]any)
			checkRange(t, f.Code, edit["range"], want.Edits[j].Start, want.Edits[j].End)
			if edit["newText"] != want.Edits[j].NewText {
				t.Errorf("%s: newText %q", f.Code, edit["newText"])
			}
		}
	}
}

func checkRange(t *testing.T, code string, raw any, start, end finding.Position) {
	t.Helper()
	r := raw.(map[string]any)
	for _, p := range []struct {
		name string
		want finding.Position
	}{{"start", start}, {"end", end}} {
		got := r[p.name].(map[string]any)
		if got["line"] != float64(p.want.Line-1) || got["character"] != float64(p.want.Character) {
			t.Errorf("%s: %s = %v, want line %d character %d (0-based, UTF-16)",
				code, p.name, got, p.want.Line-1, p.want.Character)
		}
	}
}

// The sample's non-ASCII finding must show the difference between code
// points and UTF-16 units, or the tests above prove nothing about it.
func TestSampleHasAstralCharacter(t *testing.T) {
	for _, f := range sample() {
		if f.Start.Column != f.Start.Character+1 {
			return
		}
	}
	t.Error("no finding in the sample has Column != Character+1")
}

func TestSARIFGoldenShape(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "sarif.golden"))
	if err != nil {
		t.Fatal(err)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			ColumnKind string `json:"columnKind"`
			Tool       struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID string `json:"id"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				RuleIndex int    `json:"ruleIndex"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						Region *struct {
							StartLine   int `json:"startLine"`
							StartColumn int `json:"startColumn"`
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal(data, &log); err != nil {
		t.Fatal(err)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].ColumnKind != "utf16CodeUnits" ||
		log.Runs[0].Tool.Driver.Name != "lakelint" {
		t.Fatalf("log header wrong: %+v", log)
	}
	run := log.Runs[0]
	byCode := map[string]finding.Finding{}
	for _, f := range sample() {
		byCode[f.Code] = f
	}
	if len(run.Results) != len(byCode) {
		t.Fatalf("%d results", len(run.Results))
	}
	for _, r := range run.Results {
		f := byCode[r.RuleID]
		if run.Tool.Driver.Rules[r.RuleIndex].ID != r.RuleID {
			t.Errorf("%s: ruleIndex %d points at %s", r.RuleID, r.RuleIndex, run.Tool.Driver.Rules[r.RuleIndex].ID)
		}
		region := r.Locations[0].PhysicalLocation.Region
		if f.Cell > 0 {
			// a notebook's region is in the .ipynb file's own lines
			f.Start = f.FileStart
		}
		if region == nil || region.StartLine != f.Start.Line || region.StartColumn != f.Start.Character+1 {
			t.Errorf("%s: region %+v, want line %d column %d", r.RuleID, region, f.Start.Line, f.Start.Character+1)
		}
	}
}
