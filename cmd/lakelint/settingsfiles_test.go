package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A setting in a bundle's job cluster is reported at its line when the run
// lints the project or names the YAML file, and not when it names other
// files only (a pre-commit hook names the staged ones): the staged file did
// not set it, and the YAML is not among them.
func TestSettingsFileFindingsInRunsThatCoverIt(t *testing.T) {
	dir := t.TempDir()
	write := bundleProject(t, dir, "spark.databricks.delta.optimizeWrite.enabled")
	write("src/load.py", "df = spark.read.json(\"/landing/events\")\ndf.write.mode(\"append\").saveAsTable(\"main.bronze.events\")\n")
	t.Chdir(dir)

	out, errOut, code := runCLI(t, "", "check", "--no-cache", "--output-format", "concise", ".")
	if code != 1 || !strings.Contains(out, filepath.Join("resources", "job.yml")+":8:15: LL303") {
		t.Fatalf("check .: exit %d, want 1 and LL303 at resources/job.yml:8:15\n%s%s", code, out, errOut)
	}
	out, errOut, code = runCLI(t, "", "check", "--no-cache", "--output-format", "concise", filepath.Join("src", "load.py"))
	if code != 0 || strings.Contains(out, "job.yml") {
		t.Fatalf("check src/load.py: exit %d, want 0 and nothing in job.yml\n%s%s", code, out, errOut)
	}
	// named, a bundle file is linted with the whole project behind it
	job := filepath.Join("resources", "job.yml")
	out, errOut, code = runCLI(t, "", "check", "--no-cache", "--output-format", "concise", job)
	if code != 1 || !strings.Contains(out, job+":8:15: LL303") || strings.Contains(out, "load.py") {
		t.Fatalf("check %s: exit %d, want 1 and LL303 at %s:8:15 only\n%s%s", job, code, job, out, errOut)
	}
	// --add-noqa edits no settings file, and says where the comment goes
	before, _ := os.ReadFile(filepath.Join(dir, job))
	_, errOut, code = runCLI(t, "", "check", "--no-cache", "--add-noqa", job)
	after, _ := os.ReadFile(filepath.Join(dir, job))
	if code != 0 || !strings.Contains(errOut, "lakelint edits no settings file") || string(before) != string(after) {
		t.Fatalf("check --add-noqa %s: exit %d, changed %v\n%s", job, code, string(before) != string(after), errOut)
	}
	out, errOut, code = runCLI(t, "", "check", "--no-cache", "--output-format", "concise", "databricks.yml")
	if code != 0 || strings.Contains(out, "LL303") {
		t.Fatalf("check databricks.yml: exit %d, want 0: it sets nothing\n%s%s", code, out, errOut)
	}
	// a YAML file of no bundle is no settings file: a warning says so, and
	// is no error (a hook names every staged YAML file), unless another
	// named file could not be linted
	write(".github/workflows/ci.yml", "on: push\n")
	ci := filepath.Join(".github", "workflows", "ci.yml")
	_, errOut, code = runCLI(t, "", "check", "--no-cache", ci)
	if code != 0 || !strings.Contains(errOut, "warning: "+ci+": skipped: not a file of a bundle") || !strings.Contains(errOut, "0 files linted") {
		t.Fatalf("check %s: exit %d, want 0 with a warning saying why\n%s", ci, code, errOut)
	}
	write("notes.md", "# notes\n")
	_, errOut, code = runCLI(t, "", "check", "--no-cache", ci, "notes.md")
	if code != 2 || !strings.Contains(errOut, "error: 0 files linted") {
		t.Fatalf("check %s notes.md: exit %d, want 2\n%s", ci, code, errOut)
	}
	// a bundle file that does not parse, named: it was not checked
	write("resources/broken.yml", "resources:\n  jobs:\n    x: [\n")
	broken := filepath.Join("resources", "broken.yml")
	_, errOut, code = runCLI(t, "", "check", "--no-cache", broken)
	if code != 2 || !strings.Contains(errOut, broken+": cannot read this bundle file") || !strings.Contains(errOut, "1 unparsable") || strings.Contains(errOut, "not a file of a bundle") {
		t.Fatalf("check %s: exit %d, want 2, the file unparsable\n%s", broken, code, errOut)
	}
	if err := os.Remove(filepath.Join(dir, broken)); err != nil {
		t.Fatal(err)
	}
	out, errOut, code = runCLI(t, "", "check", "--no-cache", "--output-format", "concise", ci, job)
	if code != 1 || !strings.Contains(out, job+":8:15: LL303") {
		t.Fatalf("check %s %s: exit %d, want 1 and the job's finding\n%s%s", ci, job, code, out, errOut)
	}
}

// A bundle's settings file sorts before the sources it runs (resources/
// before src/): findings in both print in path order, in every format
// that streams them, and none is lost to the order check.
func TestSettingsFileFindingsPrintInPathOrder(t *testing.T) {
	dir := t.TempDir()
	write := bundleProject(t, dir, "spark.databricks.delta.retentionDurationCheck.enabled")
	write("src/load.py", "for p in paths:\n    spark.read.json(p).write.mode(\"append\").saveAsTable(\"main.bronze.events\")\n")
	write("a.py", "for p in paths:\n    spark.read.json(p).write.mode(\"append\").saveAsTable(\"main.bronze.other\")\n")
	t.Chdir(dir)
	for _, format := range []string{"concise", "text", "json", "github"} {
		out, errOut, code := runCLI(t, "", "check", "--no-cache", "--output-format", format, ".")
		job, load := strings.Index(out, filepath.Join("resources", "job.yml")), strings.Index(out, filepath.Join("src", "load.py"))
		if code != 1 || job < 0 || load < 0 || job > load || strings.Index(out, "a.py") > job {
			t.Fatalf("%s: exit %d, want 1 with a.py, resources/job.yml, src/load.py in that order\n%s%s", format, code, out, errOut)
		}
	}
}

// bundleProject writes a repository in dir with a bundle whose job cluster
// sets key to "false" for the task that runs src/load.py, and returns what
// writes the project's other files.
func bundleProject(t *testing.T, dir, key string) func(name, text string) {
	t.Helper()
	write := func(name, text string) {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write(".git/HEAD", "ref: refs/heads/main\n")
	write("databricks.yml", "bundle:\n  name: demo\ninclude:\n  - resources/*.yml\n")
	write("resources/job.yml", `resources:
  jobs:
    ingest:
      job_clusters:
        - job_cluster_key: main
          new_cluster:
            spark_conf:
              `+key+`: "false"
      tasks:
        - task_key: load
          job_cluster_key: main
          spark_python_task:
            python_file: ../src/load.py
`)
	return write
}
