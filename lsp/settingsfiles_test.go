package lsp

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/engine"
)

// A bundle file open in the editor gets the findings of its settings, at
// their lines, judged for the code they reach; while it has unsaved
// changes, none are published for it (they are of the file on disk).
func TestSettingsFileDiagnostics(t *testing.T) {
	dir := project(t, "")
	files := map[string]string{
		".git/HEAD":      "ref: refs/heads/main\n",
		"databricks.yml": "bundle:\n  name: demo\ninclude:\n  - resources/*.yml\n",
		"resources/job.yml": `resources:
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
`,
		"src/load.py": "df = spark.read.json(\"/landing/events\")\ndf.write.mode(\"append\").saveAsTable(\"main.bronze.events\")\n",
	}
	for name, text := range files {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	job := filepath.Join(dir, "resources/job.yml")
	uri := fileURI(job)
	c := newClient(t, Options{Engine: engine.Options{ProjectContext: true}})
	c.initialize()
	c.open(uri, "yaml", files["resources/job.yml"])
	diags := c.diagnostics(uri, 1)
	if len(diags) != 1 || diags[0].Code != "LL303" || diags[0].Range.Start.Line != 7 {
		t.Fatalf("diagnostics of the saved bundle file = %+v, want LL303 on line 8", diags)
	}
	// an unsaved edit moves the setting a line down: its findings follow
	// once the file is saved
	edited := "# the ingest job\n" + files["resources/job.yml"]
	c.change(uri, 2, edited)
	if err := os.WriteFile(job, []byte(edited), 0o644); err != nil {
		t.Fatal(err)
	}
	c.notify("textDocument/didSave", map[string]any{"textDocument": map[string]any{"uri": uri}})
	if diags := c.diagnostics(uri, 2); len(diags) != 1 || diags[0].Range.Start.Line != 8 {
		t.Fatalf("diagnostics once saved = %+v, want LL303 on line 9", diags)
	}
	// the code it reaches, open beside it, reports nothing of the setting itself
	code := fileURI(filepath.Join(dir, "src/load.py"))
	c.open(code, "python", files["src/load.py"])
	for _, d := range c.diagnostics(code, 1) {
		if d.Code == "LL303" {
			t.Errorf("the code file reports the job cluster's setting: %+v", d)
		}
	}
}

// A settings file's findings are of its text on disk: a buffer that
// differs from it gets none (savedText says which).
func TestSavedText(t *testing.T) {
	p := filepath.Join(t.TempDir(), "databricks.yml")
	if err := os.WriteFile(p, []byte("bundle:\n  name: a\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if !savedText(&docSnapshot{path: p, text: "bundle:\n  name: a\n"}) {
		t.Error("the saved text is not seen as saved")
	}
	if savedText(&docSnapshot{path: p, text: "bundle:\n  name: b\n"}) {
		t.Error("an unsaved edit is seen as saved")
	}
	if savedText(&docSnapshot{path: filepath.Join(t.TempDir(), "none.yml"), text: ""}) {
		t.Error("a file not on disk is seen as saved")
	}
}
