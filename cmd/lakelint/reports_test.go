package main

import (
	"bytes"
	"encoding/xml"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"

	"github.com/lakelint/lakelint/output"
)

// One run annotates on standard output and writes SARIF to a file, as the
// Action does.
func TestOutputWritesASecondReport(t *testing.T) {
	dir := scratchRepo(t)
	t.Chdir(dir)
	out, errOut, code := runCLI(t, "", "check", "--output-format", "github", "--output", "sarif=lakelint.sarif")
	if code != exitFindings || !strings.Contains(out, "::warning file=jobs/old.py,line=2,") && !strings.Contains(out, "::error file=jobs/old.py,line=2,") {
		t.Fatalf("exit %d:\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, `"$schema"`) {
		t.Error("SARIF went to standard output")
	}
	data, err := os.ReadFile(filepath.Join(dir, "lakelint.sarif"))
	if err != nil {
		t.Fatal(err)
	}
	validateSARIF(t, data)
	if !strings.Contains(string(data), `"uri": "jobs/old.py"`) {
		t.Errorf("SARIF has no result for old.py:\n%s", data)
	}
	noTempFiles(t, dir)
}

func TestOutputFileTakesTheMainFormat(t *testing.T) {
	dir := scratchRepo(t)
	t.Chdir(dir)
	want, _, _ := runCLI(t, "", "check", "--output-format", "json")
	out, errOut, code := runCLI(t, "", "check", "--output-format", "json", "--output-file", "report.json")
	if code != exitFindings || out != "" {
		t.Fatalf("exit %d, stdout %q, %s", code, out, errOut)
	}
	if got, _ := os.ReadFile("report.json"); string(got) != want {
		t.Errorf("report.json:\n%s\nwant:\n%s", got, want)
	}
	// --statistics goes to the file too
	if _, _, code := runCLI(t, "", "check", "--statistics", "--output-file", "stats.txt"); code != exitFindings {
		t.Errorf("--statistics: exit %d", code)
	}
	if got, _ := os.ReadFile("stats.txt"); !strings.Contains(string(got), "LL102") {
		t.Errorf("stats.txt: %q", got)
	}
}

// Each format writes the same document to a file as to standard output.
func TestEveryFormatThroughOutput(t *testing.T) {
	dir := scratchRepo(t)
	t.Chdir(dir)
	for _, format := range output.Formats() {
		t.Run(format, func(t *testing.T) {
			want, _, _ := runCLI(t, "", "check", "--output-format", format)
			path := filepath.Join(t.TempDir(), "report")
			out, errOut, code := runCLI(t, "", "check", "--output-format", "concise", "--output", format+"="+path)
			if code != exitFindings || !strings.Contains(out, "jobs/old.py:2:") {
				t.Fatalf("exit %d:\n%s%s", code, out, errOut)
			}
			got, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if string(got) != want || len(got) == 0 {
				t.Errorf("file:\n%s\nstdout run:\n%s", got, want)
			}
		})
	}
}

func TestOutputErrors(t *testing.T) {
	dir := scratchRepo(t)
	t.Chdir(dir)
	write(t, filepath.Join(dir, "lakelint.sarif"), "previous\n")
	for _, tc := range []struct {
		args []string
		want string
	}{
		{[]string{"--output", "sarif=-"}, "only one report can go to standard output"},
		{[]string{"--output", "sarif"}, "want FORMAT=PATH"},
		{[]string{"--output", "xml=a.xml"}, `unknown output format "xml"`},
		{[]string{"--output-file", "a.sarif", "--output", "sarif=a.sarif"}, "two reports are written to a.sarif"},
		// a run that fails before its reports are complete leaves the file as it was
		{[]string{"--output", "sarif=lakelint.sarif", "--diff-from", "no-such-rev"}, "no-such-rev"},
		{[]string{"--output", "sarif=no/such/dir/x.sarif"}, "no/such/dir"},
	} {
		_, errOut, code := runCLI(t, "", append([]string{"check"}, tc.args...)...)
		if code != exitError || !strings.Contains(errOut, tc.want) {
			t.Errorf("%v: exit %d, %s", tc.args, code, errOut)
		}
	}
	if data, _ := os.ReadFile(filepath.Join(dir, "lakelint.sarif")); string(data) != "previous\n" {
		t.Errorf("lakelint.sarif changed: %q", data)
	}
	noTempFiles(t, dir)
}

// A clean run's JUnit report has a passing test case per file linted.
func TestJUnitCleanRunHasPassingCases(t *testing.T) {
	dir := t.TempDir()
	write(t, filepath.Join(dir, "jobs", "a.py"), "x = 1\n")
	write(t, filepath.Join(dir, "sql", "b.sql"), "SELECT 1;\n")
	t.Chdir(dir)
	out, errOut, code := runCLI(t, "", "check", "--output-format", "junit")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var got struct {
		Tests  int `xml:"tests,attr"`
		Suites []struct {
			Name  string `xml:"name,attr"`
			Cases []struct {
				Name    string    `xml:"name,attr"`
				Failure *struct{} `xml:"failure"`
			} `xml:"testcase"`
		} `xml:"testsuite"`
	}
	if err := xml.Unmarshal([]byte(out), &got); err != nil {
		t.Fatal(err)
	}
	if got.Tests != 2 || len(got.Suites) != 2 || got.Suites[0].Name != "jobs/a.py" || got.Suites[1].Name != "sql/b.sql" {
		t.Errorf("want a passing case for each of 2 files:\n%s", out)
	}
}

// sarifSchemaPath is absolute: tests change directory before validating.
var sarifSchemaPath, sarifSchemaErr = filepath.Abs("../../output/testdata/schemas/sarif-schema-2.1.0.json")

// validateSARIF checks a document against the SARIF 2.1.0 schema the
// output package's tests use.
func validateSARIF(t *testing.T, data []byte) {
	t.Helper()
	if sarifSchemaErr != nil {
		t.Fatal(sarifSchemaErr)
	}
	c := jsonschema.NewCompiler()
	c.UseLoader(jsonschema.FileLoader{})
	sch, err := c.Compile(sarifSchemaPath)
	if err != nil {
		t.Fatal(err)
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("not JSON: %v\n%s", err, data)
	}
	if err := sch.Validate(doc); err != nil {
		t.Fatalf("not valid SARIF 2.1.0: %v", err)
	}
}

func noTempFiles(t *testing.T, dir string) {
	t.Helper()
	matches, _ := filepath.Glob(filepath.Join(dir, ".*.tmp"))
	if len(matches) > 0 {
		t.Errorf("temporary files left: %v", matches)
	}
}
