package engine_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/engine"
)

// The jobcluster project (testdata/projects/jobcluster): a bundle job
// cluster's spark_conf is the session of the file its task runs, cited at
// the YAML line; the same code run elsewhere is reported as before.
func TestJobClusterSettings(t *testing.T) {
	dir, err := filepath.Abs(filepath.Join("..", "testdata", "projects", "jobcluster"))
	if err != nil {
		t.Fatal(err)
	}
	res, err := newLinter(t).Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range res.Findings {
		rel, _ := filepath.Rel(dir, f.Path)
		got = append(got, filepath.ToSlash(rel)+" "+f.Code)
	}
	sort.Strings(got)
	want := []string{"src/plain.py LL102", "src/plain.py LL301", "src/tuned.py LL101"}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Fatalf("findings:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	for _, f := range res.Findings {
		if f.Code != "LL101" {
			continue
		}
		if !strings.Contains(f.Message, "spark.databricks.delta.optimizeWrite.enabled is set to true on line 13 of ") ||
			!strings.Contains(f.Message, filepath.Join("resources", "jobs.yml")) {
			t.Errorf("LL101 does not cite the job cluster's line: %s", f.Message)
		}
		if len(f.Related) != 1 || f.Related[0].Start.Line != 13 || !strings.HasSuffix(f.Related[0].Path, filepath.Join("resources", "jobs.yml")) {
			t.Errorf("related %+v", f.Related)
		}
	}
	var details []string
	for _, d := range res.Details {
		details = append(details, d.String())
	}
	joined := strings.Join(details, "\n")
	for _, w := range []string{"bundle jobcluster (", "target none: 2 job(s), 0 pipeline(s)", "tuned.py: runs 24 times a day (bundle tuned, task load)"} {
		if !strings.Contains(joined, w) {
			t.Errorf("--verbose lacks %q:\n%s", w, joined)
		}
	}
}

// detailsWith are a run's --verbose lines that contain s.
func detailsWith(res *engine.Result, s string) []string {
	var out []string
	for _, d := range res.Details {
		if strings.Contains(d.String(), s) {
			out = append(out, d.String())
		}
	}
	return out
}

// copyProject copies a test project to a temporary directory.
func copyProject(t *testing.T, name string) string {
	t.Helper()
	src := filepath.Join("..", "testdata", "projects", name)
	dir := t.TempDir()
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		write(t, dir, filepath.ToSlash(rel), string(data))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// The DAGs of a project are read in a run, from parsed files and from
// files whose facts come from the cache alike.
func TestAirflowSchedules(t *testing.T) {
	dir := copyProject(t, "airflow")
	c := openCache(t, t.TempDir())
	for run := range 2 {
		if run == 1 {
			// another file changes: the DAG file's facts come from the cache
			write(t, dir, "jobs/compact.py", "spark.read.table(\"lake.events\").coalesce(1).write.mode(\"overwrite\").saveAsTable(\"lake.events_compact\")\n\n")
		}
		_, res := lintWith(t, dir, c)
		if run == 1 && !strings.Contains(fmt.Sprint(res.Details), "from the cache") {
			t.Errorf("no file from the cache: %v", res.Details)
		}
		got := detailsWith(res, "a day (airflow")
		want := []string{
			filepath.Join(dir, "jobs/compact.py") + ": runs 24 times a day (airflow hourly, task compact)",
			filepath.Join(dir, "jobs/load.py") + ": runs 288 times a day (airflow ingest, task load)",
			filepath.Join(dir, "jobs/report.py") + ": runs 0.14 times a day (airflow weekly, task report)",
			filepath.Join(dir, "notebooks/enrich.py") + ": runs 288 times a day (airflow ingest, task enrich)",
		}
		if strings.Join(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("run %d:\n%s\nwant\n%s", run, strings.Join(got, "\n"), strings.Join(want, "\n"))
		}
	}
}

// A change to the bundle alone changes the findings of a cached run: the
// job cluster's settings are among what a run record and a file's check
// depend on.
func TestJobClusterSettingsCached(t *testing.T) {
	dir := copyProject(t, "jobcluster")
	c := openCache(t, t.TempDir())
	before, _ := lintWith(t, dir, c)
	yml := filepath.Join(dir, "resources", "jobs.yml")
	data, err := os.ReadFile(yml)
	if err != nil {
		t.Fatal(err)
	}
	off := strings.ReplaceAll(string(data), `: "true"`, `: "false"`)
	if err := os.WriteFile(yml, []byte(off), 0o644); err != nil {
		t.Fatal(err)
	}
	after, _ := lintWith(t, dir, c)
	codes := func(ls []string) string {
		var out []string
		for _, l := range ls {
			for _, code := range []string{"LL101", "LL102", "LL301"} {
				if strings.Contains(l, code) {
					out = append(out, filepath.Base(strings.SplitN(l, ":", 2)[0])+" "+code)
				}
			}
		}
		sort.Strings(out)
		return strings.Join(out, ", ")
	}
	if got, want := codes(before), "plain.py LL102, plain.py LL301, tuned.py LL101"; got != want {
		t.Errorf("before: %s, want %s", got, want)
	}
	if got, want := codes(after), "plain.py LL102, plain.py LL301, tuned.py LL102, tuned.py LL301"; got != want {
		t.Errorf("after the cluster turned them off: %s, want %s\n%s", got, want, strings.Join(after, "\n"))
	}
}

// The Terraform jobs of the project's repository say how often its files
// run; a change to a .tf file alone is a new run, not a replay.
func TestTerraformSchedules(t *testing.T) {
	dir := copyProject(t, "terraform")
	c := openCache(t, t.TempDir())
	_, res := lintWith(t, dir, c)
	got := detailsWith(res, "a day (terraform")
	want := []string{
		filepath.Join(dir, "jobs/score.py") + ": runs 96 times a day (terraform ingest, task score)",
		filepath.Join(dir, "notebooks/dlt_events.py") + ": runs 96 times a day (terraform ingest, task refresh)",
		filepath.Join(dir, "notebooks/ingest.py") + ": runs 96 times a day (terraform ingest, task ingest)",
		filepath.Join(dir, "notebooks/report.py") + ": runs 24 times a day (terraform hourly_report, task report)",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("\n%s\nwant\n%s\nall: %v", strings.Join(got, "\n"), strings.Join(want, "\n"), res.Details)
	}
	if d := detailsWith(res, "terraform: 5 job(s), 1 pipeline(s)"); len(d) != 1 {
		t.Errorf("no count of the Terraform jobs: %v", res.Details)
	}
	tf := filepath.Join(dir, "infra", "main.tf")
	data, err := os.ReadFile(tf)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(tf, []byte(strings.Replace(string(data), `"0 0/15 * * * ?"`, `"0 0 * * * ?"`, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
	_, res = lintWith(t, dir, c)
	if strings.Contains(fmt.Sprint(res.Details), "nothing changed since a run") {
		t.Error("a changed .tf file replayed the last run")
	}
	if d := detailsWith(res, "notebooks/ingest.py: runs 24 times a day (terraform ingest"); len(d) != 1 {
		t.Errorf("after the change: %v", detailsWith(res, "a day (terraform"))
	}
}
