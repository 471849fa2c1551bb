package output

import (
	"bufio"
	"bytes"
	"encoding/json"
	"encoding/xml"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/lakelint/lakelint/finding"
)

// clean is a run over three files that found nothing, at the sample's root.
func clean() Options {
	o := rooted()
	o.Linted = []string{"/work/repo/jobs/etl.py", "/work/repo/jobs/my job.py", "/work/repo/sql/odd,name:50%.sql"}
	return o
}

func TestSARIFFullDescriptionWithinGitHubLimit(t *testing.T) {
	opts := sampleOptions()
	long := strings.Repeat("Small files slow every reader of the table. ", 60) // ~2,600 characters
	opts.Rules["LL101"] = RuleInfo{Summary: "Short.", Description: long, HelpMarkdown: "# LL101\n\n" + long, Level: finding.Warning}
	var log struct {
		Runs []struct {
			Tool struct {
				Driver struct {
					Rules []struct {
						ID              string
						FullDescription struct{ Text string }
						Help            struct{ Markdown string }
					}
				}
			}
		}
	}
	if err := json.Unmarshal(render(t, "sarif", sample(), opts), &log); err != nil {
		t.Fatal(err)
	}
	for _, r := range log.Runs[0].Tool.Driver.Rules {
		if n := utf8.RuneCountInString(r.FullDescription.Text); n > 1024 {
			t.Errorf("%s: fullDescription of %d characters", r.ID, n)
		}
		if r.ID == "LL101" {
			if !strings.HasPrefix(r.FullDescription.Text, "Short. Small files") || !strings.HasSuffix(r.FullDescription.Text, "…") {
				t.Errorf("clipped text: %q", r.FullDescription.Text)
			}
			if !strings.Contains(r.Help.Markdown, long) {
				t.Error("help.markdown lost the full text")
			}
		}
	}
	// a description within the limit is left whole
	if got := clip("a b c", 1024); got != "a b c" {
		t.Errorf("clip = %q", got)
	}
	if got := clip(strings.Repeat("é", 2000), 1024); utf8.RuneCountInString(got) != 1024 || !utf8.ValidString(got) {
		t.Errorf("clip of one long word: %d characters", utf8.RuneCountInString(got))
	}
}

// Every replacement carries insertedContent, a deletion {"text": ""}.
func TestSARIFDeletionHasInsertedContent(t *testing.T) {
	var log struct {
		Runs []struct {
			Results []struct {
				Fixes []struct {
					ArtifactChanges []struct {
						Replacements []map[string]json.RawMessage
					}
				}
			}
		}
	}
	if err := json.Unmarshal(render(t, "sarif", sample(), sampleOptions()), &log); err != nil {
		t.Fatal(err)
	}
	deletions, n := 0, 0
	for _, r := range log.Runs[0].Results {
		for _, f := range r.Fixes {
			for _, c := range f.ArtifactChanges {
				for _, rep := range c.Replacements {
					n++
					ins, ok := rep["insertedContent"]
					if !ok {
						t.Errorf("replacement without insertedContent: %v", rep)
						continue
					}
					var compact bytes.Buffer
					if err := json.Compact(&compact, ins); err != nil {
						t.Fatal(err)
					}
					if compact.String() == `{"text":""}` {
						deletions++
					}
				}
			}
		}
	}
	if n == 0 || deletions != 1 {
		t.Errorf("%d replacements, %d deletions; the sample has one deletion", n, deletions)
	}
}

func TestJUnitPassingCasePerCleanFile(t *testing.T) {
	decode := func(doc []byte) junitSuites {
		t.Helper()
		var got junitSuites
		if err := xml.Unmarshal(doc, &got); err != nil {
			t.Fatal(err)
		}
		return got
	}
	got := decode(render(t, "junit", nil, clean()))
	if got.Tests != 3 || got.Failures != 0 || len(got.Suites) != 3 {
		t.Fatalf("clean run: %d tests, %d failures, %d suites", got.Tests, got.Failures, len(got.Suites))
	}
	for _, s := range got.Suites {
		if len(s.Cases) != 1 || s.Cases[0].Failure != nil || s.Cases[0].Skipped != nil || s.Cases[0].File != s.Name {
			t.Errorf("suite %s: %+v", s.Name, s.Cases)
		}
	}
	// files with findings fail, the others pass, a skipped one is only skipped
	opts := clean()
	opts.Linted = append(opts.Linted, "/work/repo/big.py")
	var buf bytes.Buffer
	if err := WriteNotices(&buf, "junit", sample()[:3], []Notice{{Path: "/work/repo/big.py", Message: "skipped"}}, opts); err != nil {
		t.Fatal(err)
	}
	got = decode(buf.Bytes())
	passing, names := 0, []string{}
	for _, s := range got.Suites {
		names = append(names, s.Name)
		for _, c := range s.Cases {
			if c.Failure == nil && c.Skipped == nil && c.Error == nil {
				passing++
				if s.Name != "sql/odd,name:50%.sql" {
					t.Errorf("%s passes", s.Name)
				}
			}
		}
	}
	if passing != 1 || got.Failures != 3 || got.Skipped != 1 {
		t.Errorf("passing %d, failures %d, skipped %d in %v", passing, got.Failures, got.Skipped, names)
	}
}

// json-lines holds the json format's objects, one finding each, one a line.
func TestJSONLinesAreTheJSONObjects(t *testing.T) {
	var files []jsonFile
	if err := json.Unmarshal(render(t, "json", sample(), sampleOptions()), &files); err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, f := range files {
		for _, d := range f.Diagnostics {
			line, _ := json.Marshal(jsonFile{URI: f.URI, Path: f.Path, Diagnostics: []LSPDiagnostic{d}})
			want = append(want, string(line))
		}
	}
	sc := bufio.NewScanner(bytes.NewReader(render(t, "json-lines", sample(), sampleOptions())))
	var got []string
	for sc.Scan() {
		var obj jsonFile
		if err := json.Unmarshal(sc.Bytes(), &obj); err != nil || len(obj.Diagnostics) != 1 {
			t.Errorf("line %q: %v", sc.Text(), err)
		}
		line, _ := json.Marshal(obj)
		got = append(got, string(line))
	}
	if len(got) != len(sample()) || strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("json-lines:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	if out := render(t, "json-lines", nil, Options{}); len(out) != 0 {
		t.Errorf("no findings printed %q", out)
	}
}

func TestAzureEscaping(t *testing.T) {
	if got := azureProperty("a;b]c%d\r\ne"); got != "a%3Bb%5Dc%AZP25d%0D%0Ae" {
		t.Errorf("azureProperty = %q", got)
	}
	if got := azureData("a;b]c%d\r\ne"); got != "a;b]c%AZP25d%0D%0Ae" {
		t.Errorf("azureData = %q", got)
	}
	f := []finding.Finding{{Path: "jobs/a;b].py", Code: "LL101", Severity: finding.Information, Message: "50% of\nbatches", Start: pos(3, 5, 4)}}
	out := string(render(t, "azure", f, Options{}))
	want := "##vso[task.logissue type=warning;sourcepath=jobs/a%3Bb%5D.py;linenumber=3;columnnumber=5;code=LL101]50%AZP25 of%0Abatches\n"
	if out != want {
		t.Errorf("got  %q\nwant %q", out, want)
	}
	var buf bytes.Buffer
	if err := WriteNotices(&buf, "azure", nil, []Notice{{Path: "big.sql", Message: "skipped"}, {Message: "stats failed", Error: true}}, Options{}); err != nil {
		t.Fatal(err)
	}
	if buf.String() != "##vso[task.logissue type=warning;sourcepath=big.sql]lakelint: not linted: skipped\n##vso[task.logissue type=error]lakelint: stats failed\n" {
		t.Errorf("notices: %q", buf.String())
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(render(t, "azure", sample(), rooted())), "\n"), "\n") {
		if !strings.HasPrefix(line, "##vso[task.logissue type=") || strings.Count(line, "]") < 1 {
			t.Errorf("not a logging command: %q", line)
		}
	}
}
