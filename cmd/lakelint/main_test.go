package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite golden files")

func runCLI(t *testing.T, stdin string, args ...string) (string, string, int) {
	t.Helper()
	var out, errOut bytes.Buffer
	code := run(args, strings.NewReader(stdin), &out, &errOut)
	return out.String(), errOut.String(), code
}

func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.MkdirAll("testdata", 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./cmd/lakelint -update)", err)
	}
	if got != string(want) {
		t.Errorf("%s differs:\n--- got\n%s\n--- want\n%s", name, got, want)
	}
}

// The example project is the end-to-end snapshot: every rule on real-looking code.
func TestCheckExamplesSnapshot(t *testing.T) {
	for _, format := range []string{"text", "json"} {
		out, errOut, code := runCLI(t, "", "check", "../../examples", "--output-format", format)
		if code != exitFindings {
			t.Fatalf("%s: exit %d, stderr:\n%s", format, code, errOut)
		}
		if format == "json" {
			// absolute file:// URIs depend on the checkout: keep them out of the golden
			var files []map[string]any
			if err := json.Unmarshal([]byte(out), &files); err != nil {
				t.Fatal(err)
			}
			for _, f := range files {
				if !strings.HasPrefix(f["uri"].(string), "file:///") {
					t.Errorf("uri %v", f["uri"])
				}
				f["uri"] = "file:///…"
				for _, d := range f["diagnostics"].([]any) {
					rel, _ := d.(map[string]any)["relatedInformation"].([]any)
					for _, r := range rel {
						loc := r.(map[string]any)["location"].(map[string]any)
						uri := loc["uri"].(string)
						if i := strings.LastIndex(uri, "/examples/"); i >= 0 {
							loc["uri"] = "file:///…" + uri[i:] // which file, not where the checkout is
						}
					}
				}
			}
			b, _ := json.MarshalIndent(files, "", "  ")
			out = string(b) + "\n"
		}
		golden(t, "examples."+format, out)
	}
}

func TestEveryRuleFiresInExamples(t *testing.T) {
	out, _, _ := runCLI(t, "", "check", "../../examples", "--output-format", "json", "--select", "LL")
	rulesOut, _, _ := runCLI(t, "", "rule", "--all")
	for _, line := range strings.Split(strings.TrimSpace(rulesOut), "\n") {
		code := strings.Fields(line)[0]
		if !strings.Contains(out, `"code": "`+code+`"`) {
			t.Errorf("%s never fires on examples/", code)
		}
	}
}

func TestExitCodes(t *testing.T) {
	dir := t.TempDir()
	clean := filepath.Join(dir, "clean.py")
	os.WriteFile(clean, []byte("df.write.saveAsTable('t')\n"), 0o644)
	bad := filepath.Join(dir, "bad.py")
	os.WriteFile(bad, []byte("spark.conf.set('spark.sql.adaptive.enabled', 'false')\n"), 0o644)

	if _, _, code := runCLI(t, "", "check", clean); code != exitClean {
		t.Errorf("clean file: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "check", bad); code != exitFindings {
		t.Errorf("findings: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "check", bad, "--exit-zero"); code != exitClean {
		t.Errorf("--exit-zero: exit %d", code)
	}
	if _, errOut, code := runCLI(t, "", "check", bad, "--output-format", "xml"); code != exitError || !strings.Contains(errOut, "unknown output format") {
		t.Errorf("bad format: exit %d, %s", code, errOut)
	}
	if _, _, code := runCLI(t, "", "check", filepath.Join(dir, "missing")); code != exitError {
		t.Errorf("missing path: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "check", bad, "--select", "LL9x"); code != exitError {
		t.Errorf("bad select: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "frobnicate"); code != exitError {
		t.Errorf("unknown command: exit %d", code)
	}
	cfg := filepath.Join(dir, "bad.yaml")
	os.WriteFile(cfg, []byte("selec: [LL1]\n"), 0o644)
	if _, errOut, code := runCLI(t, "", "check", bad, "--config", cfg); code != exitError || !strings.Contains(errOut, "bad.yaml:1") {
		t.Errorf("bad config: exit %d, %s", code, errOut)
	}
}

func TestStdin(t *testing.T) {
	src := "spark.conf.set('spark.sql.adaptive.enabled', 'false')\n"
	out, _, code := runCLI(t, src, "check", "-", "--stdin-filename", "jobs/etl.py")
	if code != exitFindings || !strings.HasPrefix(out, "jobs/etl.py:1:") {
		t.Errorf("exit %d, output:\n%s", code, out)
	}
	if _, _, code := runCLI(t, src, "check", "-"); code != exitError {
		t.Errorf("stdin without a name: exit %d", code)
	}
	// --fix on standard input prints the fixed text
	fixable := "spark.sql('VACUUM t RETAIN 1 HOURS')\n"
	out, _, _ = runCLI(t, fixable, "check", "-", "--stdin-filename", "m.py", "--fix", "--unsafe-fixes")
	if !strings.Contains(out, "RETAIN 168 HOURS") {
		t.Errorf("stdin --fix printed:\n%s", out)
	}
}

func TestFixAndDiff(t *testing.T) {
	dir := t.TempDir()
	job := filepath.Join(dir, "job.py")
	src := "spark.conf.set('spark.databricks.delta.optimizeWrite.enabled', 'true')\n" +
		"df.repartition(8).write.format('delta').saveAsTable('main.a.b')\n" +
		"DeltaTable.forName(spark, 'main.a.b').vacuum(1)\n"
	os.WriteFile(job, []byte(src), 0o644)

	out, _, code := runCLI(t, "", "check", job, "--diff")
	if code != exitFindings || !strings.Contains(out, "-df.repartition(8).write") || !strings.Contains(out, "+df.write") {
		t.Errorf("--diff: exit %d\n%s", code, out)
	}
	if strings.Contains(out, "vacuum(168)") {
		t.Error("--diff applied an unsafe fix without --unsafe-fixes")
	}
	if got, _ := os.ReadFile(job); string(got) != src {
		t.Error("--diff changed the file")
	}

	_, _, code = runCLI(t, "", "check", job, "--fix")
	got, _ := os.ReadFile(job)
	if !strings.Contains(string(got), "df.write.format('delta').saveAsTable") || !strings.Contains(string(got), "vacuum(1)") {
		t.Errorf("--fix wrote:\n%s", got)
	}
	if code != exitFindings { // the unsafe LL401 finding remains
		t.Errorf("--fix: exit %d", code)
	}
	_, _, code = runCLI(t, "", "check", job, "--fix", "--unsafe-fixes")
	got, _ = os.ReadFile(job)
	if !strings.Contains(string(got), "vacuum(168)") || code != exitClean {
		t.Errorf("--unsafe-fixes: exit %d, wrote:\n%s", code, got)
	}
}

func TestRuleDocs(t *testing.T) {
	out, _, code := runCLI(t, "", "rule", "LL101")
	for _, want := range []string{"# LL101 repartition-before-optimized-write", "## Why it matters", "## Example", "## Use instead", "## Fix safety"} {
		if !strings.Contains(out, want) {
			t.Errorf("rule LL101 lacks %q", want)
		}
	}
	if code != exitClean {
		t.Errorf("exit %d", code)
	}
	if _, _, code := runCLI(t, "", "rule", "LL999"); code != exitError {
		t.Errorf("unknown rule: exit %d", code)
	}
	out, _, _ = runCLI(t, "", "rule", "--all")
	if !strings.Contains(out, "LL001") || !strings.Contains(out, "(off by default)") {
		t.Errorf("rule --all:\n%s", out)
	}
}

func TestForceExclude(t *testing.T) {
	dir := t.TempDir()
	gen := filepath.Join(dir, "generated")
	os.MkdirAll(gen, 0o755)
	job := filepath.Join(gen, "job.py")
	os.WriteFile(job, []byte("spark.conf.set('spark.sql.adaptive.enabled', 'false')\n"), 0o644)
	if _, _, code := runCLI(t, "", "check", job, "--exclude", "generated"); code != exitFindings {
		t.Errorf("a file named on the command line is linted: exit %d", code)
	}
	if _, _, code := runCLI(t, "", "check", job, "--exclude", "generated", "--force-exclude"); code != exitClean {
		t.Errorf("--force-exclude skips it: exit %d", code)
	}
}

func TestVerboseReportsUnreadSQL(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "m.sql")
	os.WriteFile(f, []byte("SELECT 1;\nVACUUM;\n"), 0o644)
	_, errOut, code := runCLI(t, "", "check", f, "--verbose")
	if code != exitClean || !strings.Contains(errOut, "m.sql: line 2: SQL statement not read") ||
		!strings.Contains(errOut, "1 SQL statement(s) could not be read") {
		t.Errorf("exit %d, stderr:\n%s", code, errOut)
	}
	if _, errOut, _ := runCLI(t, "", "check", f); errOut != "" {
		t.Errorf("without --verbose, nothing on stderr:\n%s", errOut)
	}
}

// --verbose counts the statements read with placeholders, those filled
// with the project's values, and those not read by reason; with nothing
// skipped it says so instead of "0 could not be read".
func TestVerboseCountsPlaceholders(t *testing.T) {
	dir := t.TempDir()
	f := filepath.Join(dir, "m.sql")
	os.WriteFile(f, []byte("SET var.env = 'prod';\nOPTIMIZE ${var.env}.t;\nOPTIMIZE :other.t;\nVACUUM;\nVACUUM;\nCREATE TABLE t (a INT) ENGINE=InnoDB;\n"), 0o644)
	_, errOut, _ := runCLI(t, "", "check", f, "--verbose")
	want := "3 SQL statement(s) could not be read (no table or path: 2, another SQL dialect: 1); 2 read with placeholders, 1 of them filled with values the project gives"
	for _, w := range []string{want, "m.sql: 2 SQL statement(s) read with placeholders in their table names, 1 of them filled"} {
		if !strings.Contains(errOut, w) {
			t.Errorf("--verbose lacks %q:\n%s", w, errOut)
		}
	}
	clean := filepath.Join(dir, "c.sql")
	os.WriteFile(clean, []byte("OPTIMIZE s.t;\n"), 0o644)
	_, errOut, _ = runCLI(t, "", "check", clean, "--verbose")
	if strings.Contains(errOut, "0 SQL statement(s) could not be read") || !strings.Contains(errOut, "every SQL statement of a kind lakelint reads was read; 0 read with placeholders") {
		t.Errorf("--verbose with nothing skipped:\n%s", errOut)
	}
}
