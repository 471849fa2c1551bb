package main

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestNeovimLanguageClient runs lakelint's language server under Neovim's
// own client, headless (testdata/neovim/lsp.lua): a Python job and a
// Jupyter notebook opened as text get their diagnostics, and the quick fix
// at the first diagnostic, asked for as :lua vim.lsp.buf.code_action() asks,
// edits each buffer. Neovim before 0.10 echoes a diagnostic to the server
// with byte columns: the job's line has a two-byte character before the
// finding, so the fix is found by the diagnostic's data, not its range.
func TestNeovimLanguageClient(t *testing.T) {
	nvim := consumerTool(t, "nvim")
	script, err := filepath.Abs(filepath.Join("testdata", "neovim", "lsp.lua"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	git(t, dir, "init", "-q", "-b", "main")
	write(t, filepath.Join(dir, ".lakelint.yaml"), "")
	const setting = "spark.conf.set(\"spark.databricks.delta.optimizeWrite.enabled\", \"true\")\n"
	write(t, filepath.Join(dir, "jobs", "daily.py"), setting+
		"données = events.repartition(8)\n"+
		"données.write.format(\"delta\").mode(\"append\").saveAsTable(\"main.sales.events\")\n")
	nb := map[string]any{
		"nbformat": 4, "nbformat_minor": 5,
		"metadata": map[string]any{"kernelspec": map[string]any{"name": "python3", "language": "python", "display_name": "Python 3"}},
		"cells": []any{
			map[string]any{"cell_type": "markdown", "id": "a1", "metadata": map[string]any{}, "source": []string{"# Daily\n"}},
			map[string]any{"cell_type": "code", "id": "b2", "metadata": map[string]any{}, "execution_count": nil, "outputs": []any{}, "source": []string{
				setting,
				"daily = events.repartition(8)\n",
				"daily.write.format(\"delta\").mode(\"append\").saveAsTable(\"main.sales.daily\")",
			}},
		},
	}
	data, err := json.MarshalIndent(nb, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	write(t, filepath.Join(dir, "notebooks", "daily.ipynb"), string(data)+"\n")
	jsonLine := strings.Count(string(data[:strings.Index(string(data), `"daily = events.repartition(8)`)]), "\n")

	out := filepath.Join(t.TempDir(), "results.json")
	cmd := exec.Command(nvim, "--headless", "--clean", "-n", "-u", "NONE", "-c", "luafile "+script)
	cmd.Dir = dir
	cmd.Env = append(os.Environ(),
		"LAKELINT_CMD="+lakelintWrapper(t), "LAKELINT_ROOT="+dir, "LAKELINT_OUT="+out,
		"LAKELINT_FILES=jobs/daily.py,notebooks/daily.ipynb",
		"XDG_CONFIG_HOME="+t.TempDir(), "XDG_DATA_HOME="+t.TempDir(), "XDG_STATE_HOME="+t.TempDir(), "XDG_CACHE_HOME="+t.TempDir())
	if msg, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("nvim: %v\n%s", err, msg)
	}
	raw, err := os.ReadFile(out)
	if err != nil {
		t.Fatalf("Neovim wrote no results: %v", err)
	}
	var results []struct {
		File        string
		Published   bool
		Diagnostics []struct {
			Line, Col    int
			Code, Source string
		}
		Fixed, Cleared bool
		Text           string
	}
	if err := json.Unmarshal(raw, &results); err != nil || len(results) != 2 {
		t.Fatalf("results: %v\n%s", err, raw)
	}
	job, notebook := results[0], results[1]

	// the job: LL101 on line 2 at byte column 17 (UTF-16 column 16)
	if !job.Published || len(job.Diagnostics) != 1 || job.Diagnostics[0].Code != "LL101" ||
		job.Diagnostics[0].Line != 1 || job.Diagnostics[0].Col != len("données = events") {
		t.Errorf("job diagnostics: %+v", job)
	}
	if want := setting + "données = events\n" + "données.write.format(\"delta\").mode(\"append\").saveAsTable(\"main.sales.events\")\n"; !job.Fixed || job.Text != want {
		t.Errorf("job quick fix: applied %v, text\n%s\nwant\n%s", job.Fixed, job.Text, want)
	}
	if !job.Cleared {
		t.Errorf("job: the fixed buffer kept its diagnostics")
	}

	// the notebook as text: the diagnostic on the line of its JSON that holds
	// the code, and a quick fix that edits that JSON into a valid notebook
	if !notebook.Published || len(notebook.Diagnostics) != 1 || notebook.Diagnostics[0].Code != "LL101" || notebook.Diagnostics[0].Line != jsonLine {
		t.Errorf("notebook diagnostics (want LL101 on JSON line %d): %+v", jsonLine, notebook)
	}
	var fixed struct {
		Cells []struct{ Source []string }
	}
	if !notebook.Fixed || json.Unmarshal([]byte(notebook.Text), &fixed) != nil || len(fixed.Cells) != 2 ||
		strings.Join(fixed.Cells[1].Source, "") != setting+"daily = events\ndaily.write.format(\"delta\").mode(\"append\").saveAsTable(\"main.sales.daily\")" {
		t.Errorf("notebook quick fix: applied %v, text\n%s", notebook.Fixed, notebook.Text)
	}
	if !notebook.Cleared {
		t.Errorf("notebook: the fixed buffer kept its diagnostics")
	}
}
