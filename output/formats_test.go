package output

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/lakelint/lakelint/finding"
)

// rooted is sampleOptions with the project root the sample's files are in.
func rooted() Options {
	o := sampleOptions()
	o.Root = "/work/repo"
	return o
}

// schema compiles a JSON Schema from testdata/schemas (see PROVENANCE there).
func schema(t *testing.T, name string) *jsonschema.Schema {
	t.Helper()
	path, err := filepath.Abs(filepath.Join("testdata", "schemas", name))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	// no network: the schemas' own ids resolve to the files here
	c.UseLoader(jsonschema.FileLoader{})
	s, err := c.Compile(path)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

func validate(t *testing.T, s *jsonschema.Schema, doc []byte) {
	t.Helper()
	v, err := jsonschema.UnmarshalJSON(bytes.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Validate(v); err != nil {
		t.Errorf("not valid: %v\n%s", err, doc)
	}
}

func TestSARIFValidatesAgainstSchema(t *testing.T) {
	s := schema(t, "sarif-schema-2.1.0.json")
	notices := []Notice{{Path: "big.py", Message: "skipped: over the size limit"}, {Message: "stats: timeout", Error: true}}
	for name, opts := range map[string]Options{"plain": sampleOptions(), "rooted": rooted(), "empty": {}} {
		t.Run(name, func(t *testing.T) {
			var buf bytes.Buffer
			if err := WriteNotices(&buf, "sarif", sample(), notices, opts); err != nil {
				t.Fatal(err)
			}
			validate(t, s, buf.Bytes())
			CheckSARIFForCodeScanning(t, buf.Bytes())
		})
	}
}

// CheckSARIFForCodeScanning checks what GitHub code scanning needs beyond
// the schema: a region with a startLine on every result, help and a full
// description on every rule, a fingerprint on every result.
func CheckSARIFForCodeScanning(t *testing.T, doc []byte) {
	t.Helper()
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID              string
						FullDescription *struct{ Text string }
						Help            *struct{ Text, Markdown string }
						Properties      struct{ Tags []string }
					}
				}
			}
			Invocations []struct{ ExecutionSuccessful *bool }
			Results     []struct {
				RuleID    string
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct{ URI string }
						Region           *struct{ StartLine int }
					}
				}
				PartialFingerprints map[string]string
			}
		}
	}
	if err := json.Unmarshal(doc, &log); err != nil {
		t.Fatal(err)
	}
	for _, run := range log.Runs {
		if len(run.Invocations) != 1 || run.Invocations[0].ExecutionSuccessful == nil {
			t.Error("no invocation with executionSuccessful")
		}
		for _, r := range run.Tool.Driver.Rules {
			if r.Help == nil || r.Help.Text == "" || r.FullDescription == nil || r.FullDescription.Text == "" || len(r.Properties.Tags) == 0 {
				t.Errorf("rule %s lacks help, fullDescription or tags", r.ID)
			}
		}
		for _, res := range run.Results {
			if len(res.Locations) == 0 || res.Locations[0].PhysicalLocation.Region == nil || res.Locations[0].PhysicalLocation.Region.StartLine < 1 {
				t.Errorf("%s result has no region with a startLine", res.RuleID)
			}
			if res.PartialFingerprints[fingerprintKey] == "" {
				t.Errorf("%s result has no fingerprint", res.RuleID)
			}
		}
	}
}

func TestSARIFNotebookRegionIsTheFileLine(t *testing.T) {
	out := string(render(t, "sarif", sample(), rooted()))
	// the notebook finding sits on JSON line 41 of the .ipynb
	i := strings.Index(out, `"uri": "notebooks/explore.ipynb"`)
	if i < 0 || !strings.Contains(out[i:i+400], `"startLine": 41`) {
		t.Errorf("notebook region is not the file's line:\n%s", out[max(i, 0):min(len(out), max(i, 0)+400)])
	}
	if !strings.Contains(out, `"uriBaseId": "%SRCROOT%"`) || !strings.Contains(out, `"uri": "file:///work/repo/"`) {
		t.Error("no %SRCROOT% base at the project root")
	}
}

func TestSARIFURIOutsideRoot(t *testing.T) {
	f := []finding.Finding{{Path: "../other/x.py", AbsPath: "/work/other/x.py", Code: "LL101", Message: "m", Start: pos(1, 1, 0)}}
	out := string(render(t, "sarif", f, rooted()))
	if !strings.Contains(out, `"uri": "file:///work/other/x.py"`) || strings.Contains(out, `"../other`) {
		t.Errorf("a file outside the root is not a file:// URI:\n%s", out)
	}
	// below the root, a path given from a subdirectory is still root-relative
	f = []finding.Finding{{Path: "../x.py", AbsPath: "/work/repo/x.py", Code: "LL101", Message: "m", Start: pos(1, 1, 0)}}
	if out := string(render(t, "sarif", f, rooted())); !strings.Contains(out, `"uri": "x.py"`) {
		t.Errorf("not root-relative:\n%s", out)
	}
}

func TestFingerprintStableUnderLineMoves(t *testing.T) {
	one := sample()[1]
	moved := one
	moved.Start.Line, moved.End.Line, moved.SourceLine = 40, 40, 40
	moved.Source = []string{"\t" + strings.TrimSpace(one.Source[0]) + "  "}
	var a, b fingerprints
	if a.of(&one) != b.of(&moved) {
		t.Error("fingerprint changed when the line moved and was re-indented")
	}
	other := one
	other.Source = []string{`    df.repartition(8).write.saveAsTable("t")`}
	var c fingerprints
	if c.of(&other) == a.of(&one) {
		t.Error("different code, same fingerprint")
	}
	// the same line about another table is another finding
	ofT, ofU := one, one
	ofT.Subject, ofU.Subject = "main.s.t", "main.s.u"
	var e, f fingerprints
	if e.of(&ofT) == f.of(&ofU) {
		t.Error("the table is not part of the fingerprint")
	}
	// two equal lines in one file get different fingerprints
	var d fingerprints
	if first, second := d.of(&one), d.of(&one); first == second {
		t.Error("equal lines share a fingerprint")
	}
}

func TestRdjsonValidatesAgainstSchema(t *testing.T) {
	s := schema(t, "reviewdog-DiagnosticResult.json")
	validate(t, s, render(t, "rdjson", sample(), rooted()))
	validate(t, s, render(t, "rdjson", nil, Options{}))
}

func TestRdjsonByteColumns(t *testing.T) {
	var out struct {
		Diagnostics []struct {
			Location struct {
				Path  string
				Range struct{ Start, End struct{ Line, Column int } }
			}
		}
	}
	if err := json.Unmarshal(render(t, "rdjson", sample(), rooted()), &out); err != nil {
		t.Fatal(err)
	}
	for _, d := range out.Diagnostics {
		if d.Location.Path == "notebooks/données.py" {
			// s = "日本📈"; — 日 and 本 are 3 bytes, 📈 is 4: code point 21 is byte 28
			if d.Location.Range.Start.Column != 28 {
				t.Errorf("start column %d, want byte 28", d.Location.Range.Start.Column)
			}
			return
		}
	}
	t.Error("finding not found")
}

// GitLab publishes the Code Quality format as a table of fields, not a
// schema: check each issue has them, with the allowed severities.
func TestGitLabReportFields(t *testing.T) {
	var issues []map[string]any
	if err := json.Unmarshal(render(t, "gitlab", sample(), rooted()), &issues); err != nil {
		t.Fatal(err)
	}
	if len(issues) != len(sample()) {
		t.Fatalf("%d issues", len(issues))
	}
	seen := map[string]bool{}
	for _, is := range issues {
		for _, k := range []string{"description", "check_name", "fingerprint", "severity"} {
			if s, _ := is[k].(string); s == "" {
				t.Errorf("issue without %s: %v", k, is)
			}
		}
		switch is["severity"] {
		case "info", "minor", "major", "critical", "blocker":
		default:
			t.Errorf("severity %v", is["severity"])
		}
		loc, _ := is["location"].(map[string]any)
		lines, _ := loc["lines"].(map[string]any)
		if p, _ := loc["path"].(string); p == "" || strings.HasPrefix(p, "/") {
			t.Errorf("path %v is not relative", loc["path"])
		}
		if b, _ := lines["begin"].(float64); b < 1 {
			t.Errorf("lines.begin %v", lines["begin"])
		}
		fp := is["fingerprint"].(string)
		if seen[fp] {
			t.Errorf("fingerprint %s twice", fp)
		}
		seen[fp] = true
	}
}

// JUnit has no schema of record; check the report is well-formed XML whose
// counts add up, which is what CI systems rely on.
func TestJUnitCounts(t *testing.T) {
	var buf bytes.Buffer
	if err := WriteNotices(&buf, "junit", sample(), []Notice{{Path: "x.ipynb", Message: "skipped: corrupt"}}, rooted()); err != nil {
		t.Fatal(err)
	}
	var got junitSuites
	if err := xml.Unmarshal(buf.Bytes(), &got); err != nil {
		t.Fatal(err)
	}
	cases, failures := 0, 0
	for _, s := range got.Suites {
		cases += len(s.Cases)
		for _, c := range s.Cases {
			if c.Failure != nil {
				failures++
			}
		}
	}
	if got.Tests != cases || got.Failures != failures || failures != len(sample()) || got.Skipped != 1 {
		t.Errorf("tests=%d failures=%d skipped=%d; counted %d cases, %d failures", got.Tests, got.Failures, got.Skipped, cases, failures)
	}
}

func TestGitHubColumnsOnlyOnOneLine(t *testing.T) {
	multi := []finding.Finding{{Path: "a.py", Code: "LL101", Message: "m", Start: pos(3, 5, 4), End: pos(6, 2, 1)}}
	out := string(render(t, "github", multi, Options{}))
	if !strings.Contains(out, "line=3,endLine=6,") || strings.Contains(out, "col=") {
		t.Errorf("multi-line range: %s", out)
	}
}

func TestGitHubStepSummary(t *testing.T) {
	var many []finding.Finding
	for i := 1; i <= 12; i++ {
		many = append(many, finding.Finding{
			Path: "jobs/a.py", AbsPath: "/work/repo/jobs/a.py", Code: "LL101", Rule: "repartition-before-optimized-write",
			Severity: finding.Warning, Message: "m | " + itoa(i), Start: pos(i, 1, 0), End: pos(i, 4, 3),
		})
	}
	many = append(many, sample()...)
	var summary, out bytes.Buffer
	opts := rooted()
	opts.StepSummary = &summary
	if err := WriteNotices(&out, "github", many, []Notice{{Path: "big.sql", Message: "skipped: over the size limit"}}, opts); err != nil {
		t.Fatal(err)
	}
	checkGolden(t, "github_summary.md", summary.Bytes())
	s := summary.String()
	// 14 warnings: the 11th and later are listed; lines 11 and 12 of a.py
	if !strings.Contains(s, "| jobs/a.py | 11 | LL101 | m \\| 11 |") || !strings.Contains(s, "| jobs/a.py | 12 |") {
		t.Errorf("hidden findings missing:\n%s", s)
	}
	if !strings.Contains(out.String(), "::warning file=big.sql,title=lakelint%3A not linted::skipped: over the size limit\n") {
		t.Errorf("skipped file is not a ::warning:\n%s", out.String())
	}
}

func TestFullShowsFixAsDiff(t *testing.T) {
	out := string(render(t, "full", sample()[1:2], Options{}))
	for _, want := range []string{
		"12 |     df.repartition(1).write.saveAsTable(\"t\")\n",
		"   |     ^^^^^^^^^^^^^^^\n",
		"= fix (safe): Remove the repartition call\n",
		" - 12 |     df.repartition(1).write.saveAsTable(\"t\")\n",
		" + 12 |     df.write.saveAsTable(\"t\")\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
}

func TestSchemasHaveProvenance(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("testdata", "schemas", "PROVENANCE.md"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"sarif-schema-2.1.0.json", "reviewdog-DiagnosticResult.json"} {
		if !bytes.Contains(data, []byte(name)) {
			t.Errorf("PROVENANCE.md does not describe %s", name)
		}
	}
}
