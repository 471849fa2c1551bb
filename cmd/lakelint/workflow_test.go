package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const workflowSrc = "spark.conf.set('spark.databricks.delta.optimizeWrite.enabled', 'true')\n" +
	"df.repartition(8).write.format('delta').saveAsTable('main.a.b')\n" +
	"DeltaTable.forName(spark, 'main.a.b').vacuum(1)\n"

func workflowDir(t *testing.T, config string) (dir, job string) {
	dir = t.TempDir()
	job = writeFile(t, dir, "job.py", workflowSrc)
	if config != "" {
		writeFile(t, dir, ".lakelint.yaml", config)
	}
	return dir, job
}

func read(t *testing.T, p string) string {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestFixOnlyAndExitNonZeroOnFix(t *testing.T) {
	_, job := workflowDir(t, "")
	out, _, code := runCLI(t, "", "check", "--fix-only", job)
	if code != exitClean || strings.Contains(out, "LL401") || !strings.Contains(read(t, job), "df.write") {
		t.Errorf("--fix-only: exit %d, stdout %q", code, out)
	}
	_, job = workflowDir(t, "")
	if _, _, code := runCLI(t, "", "check", "--fix-only", "--exit-non-zero-on-fix", job); code != exitFindings {
		t.Errorf("--exit-non-zero-on-fix after a fix: exit %d", code)
	}
	// nothing to fix: exit 0
	if _, _, code := runCLI(t, "", "check", "--fix-only", "--exit-non-zero-on-fix", job); code != exitClean {
		t.Errorf("--exit-non-zero-on-fix with nothing fixed: exit %d", code)
	}
	_, job = workflowDir(t, "")
	if _, _, code := runCLI(t, "", "check", "--fix", "--unsafe-fixes", "--exit-non-zero-on-fix", job); code != exitFindings {
		t.Errorf("--fix --exit-non-zero-on-fix, all fixed: exit %d", code)
	}
}

func TestConfigFixAndNoFix(t *testing.T) {
	_, job := workflowDir(t, "fix: true\nunsafe-fixes: true\n")
	if _, _, code := runCLI(t, "", "check", "--no-fix", job); code != exitFindings || read(t, job) != workflowSrc {
		t.Errorf("--no-fix beside fix: true changed the file (exit %d)", code)
	}
	if _, _, code := runCLI(t, "", "check", job); code != exitClean || !strings.Contains(read(t, job), "vacuum(168)") {
		t.Errorf("fix: true, unsafe-fixes: true: exit %d\n%s", code, read(t, job))
	}
	_, job = workflowDir(t, "fix: true\nunsafe-fixes: true\n")
	runCLI(t, "", "check", "--no-unsafe-fixes", job)
	if got := read(t, job); !strings.Contains(got, "df.write") || strings.Contains(got, "vacuum(168)") {
		t.Errorf("--no-unsafe-fixes:\n%s", got)
	}
}

func TestShowFixesStatisticsQuiet(t *testing.T) {
	_, job := workflowDir(t, "")
	_, errOut, _ := runCLI(t, "", "check", "--fix", "--unsafe-fixes", "--show-fixes", job)
	if !strings.Contains(errOut, "1 × LL101 (repartition-before-optimized-write)") || !strings.Contains(errOut, "1 × LL401") {
		t.Errorf("--show-fixes:\n%s", errOut)
	}
	_, job = workflowDir(t, "")
	out, _, code := runCLI(t, "", "check", "--statistics", job)
	if code != exitFindings || !strings.Contains(out, "1\tLL101\t[*] repartition-before-optimized-write") || !strings.Contains(out, "1\tLL401\t    vacuum-retention-too-short") {
		t.Errorf("--statistics: exit %d\n%s", code, out)
	}
	out, _, _ = runCLI(t, "", "check", "--quiet", job)
	if strings.Contains(out, "Found") || strings.Contains(out, "fixable") || !strings.Contains(out, "LL101") {
		t.Errorf("--quiet:\n%s", out)
	}
	clean := writeFile(t, t.TempDir(), "clean.py", "x = 1\n")
	if out, _, _ := runCLI(t, "", "check", "-q", clean); out != "" {
		t.Errorf("-q on a clean file printed %q", out)
	}
}

func TestShowSettings(t *testing.T) {
	dir, job := workflowDir(t, "unfixable: [LL101]\nextend-safe-fixes: [LL401]\nfix: true\n")
	out, _, code := runCLI(t, "", "check", "--show-settings", job)
	for _, want := range []string{"config file: " + filepath.Join(dir, ".lakelint.yaml"), "fix: true", "LL101", "unfixable", "LL401", "safe fix"} {
		if !strings.Contains(out, want) {
			t.Errorf("--show-settings lacks %q:\n%s", want, out)
		}
	}
	if code != exitClean || read(t, job) != workflowSrc {
		t.Errorf("--show-settings: exit %d or file changed", code)
	}
	// the platform, and which project root chose it
	writeFile(t, dir, "databricks.yml", "bundle:\n  name: lake\n")
	out, _, _ = runCLI(t, "", "check", "--show-settings", job)
	if want := "platform: databricks (a Databricks asset bundle in " + filepath.Join(dir, "databricks.yml") + "; project root: " + dir; !strings.Contains(out, want) {
		t.Errorf("--show-settings lacks %q:\n%s", want, out)
	}
}

func TestAddNoqa(t *testing.T) {
	_, job := workflowDir(t, "")
	_, errOut, code := runCLI(t, "", "check", "--add-noqa", job)
	if code != exitClean || !strings.Contains(errOut, "Added 2 noqa") {
		t.Errorf("--add-noqa: exit %d\n%s", code, errOut)
	}
	got := read(t, job)
	if !strings.Contains(got, "saveAsTable('main.a.b')  # noqa: LL101\n") || !strings.Contains(got, "vacuum(1)  # noqa: LL401\n") {
		t.Errorf("--add-noqa wrote:\n%s", got)
	}
	if _, _, code := runCLI(t, "", "check", job); code != exitClean {
		t.Errorf("findings left after --add-noqa: exit %d", code)
	}
}

func TestTextSaysWhichFixesAreSafe(t *testing.T) {
	_, job := workflowDir(t, "")
	out, _, _ := runCLI(t, "", "check", job)
	if !strings.Contains(out, "LL101 safe fix: ") || !strings.Contains(out, "LL401 unsafe fix: ") {
		t.Errorf("text output:\n%s", out)
	}
	out, _, _ = runCLI(t, "", "rule", "LL401")
	if !strings.Contains(out, "Unsafe fix.") || !strings.Contains(out, "--unsafe-fixes") {
		t.Errorf("lakelint rule LL401:\n%s", out)
	}
}

func TestDiffHeaderWithSpaces(t *testing.T) {
	dir := t.TempDir()
	p := writeFile(t, dir, "my job.py", workflowSrc)
	out, _, _ := runCLI(t, "", "check", "--diff", p)
	if !strings.Contains(out, "--- "+p+"\t\n+++ "+p+"\t\n") {
		t.Errorf("--diff header:\n%s", out)
	}
}

// check's "N fixable", --diff's "Would fix N" and --fix's "Fixed N" agree
// over the example project, and a second run fixes nothing.
func TestFixCountsAgreeOverExamples(t *testing.T) {
	dir := t.TempDir()
	if err := os.CopyFS(dir, os.DirFS("../../examples")); err != nil {
		t.Fatal(err)
	}
	out, _, _ := runCLI(t, "", "check", "--unsafe-fixes", dir)
	i := strings.Index(out, "\n[*] ")
	if i < 0 {
		t.Fatalf("no fixable hint:\n%s", out)
	}
	n := strings.Fields(out[i+5:])[0]
	_, diffErr, _ := runCLI(t, "", "check", "--unsafe-fixes", "--diff", dir)
	_, fixErr, _ := runCLI(t, "", "check", "--unsafe-fixes", "--fix", dir)
	if !strings.Contains(diffErr, "Would fix "+n+" problem") || !strings.Contains(fixErr, "Fixed "+n+" problem") {
		t.Errorf("check says %s fixable; --diff: %q; --fix: %q", n, diffErr, fixErr)
	}
	if _, again, _ := runCLI(t, "", "check", "--unsafe-fixes", "--fix", dir); strings.Contains(again, "Fixed") {
		t.Errorf("a second run fixed more: %q", again)
	}
}
