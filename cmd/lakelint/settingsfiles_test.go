package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// A setting in a bundle's job cluster is reported at its line when the run
// lints the project, and not when it names files (a pre-commit hook names
// the staged ones): the staged file did not set it, and the YAML is not
// among them.
func TestSettingsFileFindingsOnlyInRunsOfDirectories(t *testing.T) {
	dir := t.TempDir()
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
              spark.databricks.delta.optimizeWrite.enabled: "false"
      tasks:
        - task_key: load
          job_cluster_key: main
          spark_python_task:
            python_file: ../src/load.py
`)
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
}
