package corpusgen

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/orchestration"
)

// TestWriteSchedules reads the generated bundle and DAGs as a check does:
// every job and DAG maps its tasks to generated files, most of which run
// on a known schedule, and the same seed writes the same bytes.
func TestWriteSchedules(t *testing.T) {
	dir := t.TempDir()
	n, err := WriteDir(dir, 5, 400<<10)
	if err != nil {
		t.Fatal(err)
	}
	if err := WriteSchedules(dir, 5, n); err != nil {
		t.Fatal(err)
	}
	var files []string
	var dags []orchestration.Source
	filepath.Walk(dir, func(p string, info os.FileInfo, err error) error {
		if err == nil && strings.HasSuffix(p, ".py") {
			files = append(files, p)
			if strings.Contains(p, string(filepath.Separator)+"dags"+string(filepath.Separator)) {
				dags = append(dags, orchestration.Source{Path: p})
			}
		}
		return nil
	})
	if len(dags) == 0 {
		t.Fatal("no DAG files")
	}
	var finder orchestration.BundleFinder
	p := orchestration.Read(orchestration.Options{Bundles: finder.Find(files), Terraform: finder.FindTerraform(files), Python: dags, Files: files})
	for _, note := range p.Notes {
		t.Errorf("note: %s", note)
	}
	var bundleJobs, pyJobs, dagJobs, tfJobs int
	for _, j := range p.Jobs {
		switch {
		case j.Source == orchestration.Bundle && strings.HasSuffix(j.At.File, ".py"):
			pyJobs++
		case j.Source == orchestration.Bundle:
			bundleJobs++
		case j.Source == orchestration.Terraform:
			tfJobs++
		default:
			dagJobs++
		}
		for _, task := range j.Tasks {
			if task.File == "" {
				t.Errorf("%s: task %s runs no generated file: %s", j.At, task.Key, task.Why)
			}
		}
	}
	groups := (n + 9) / 10
	// the last group may be too short to hold the Terraform job's file
	if bundleJobs != groups || dagJobs != groups || pyJobs != groups || tfJobs < groups-1 || tfJobs > groups {
		t.Errorf("%d bundle jobs, %d Python ones, %d DAGs and %d Terraform jobs, want %d of each", bundleJobs, pyJobs, dagJobs, tfJobs, groups)
	}
	known := 0
	for _, f := range p.Files() {
		if !strings.HasPrefix(f.File, dir) || !strings.HasSuffix(f.File, ".py") {
			t.Errorf("a task runs %s, not a generated file", f.File)
		}
		if f.Known {
			known++
		}
	}
	if mapped := len(p.Files()); mapped < n*7/10 || known < mapped/2 {
		t.Errorf("of %d files %d are mapped, %d on a known schedule", n, mapped, known)
	}

	again := t.TempDir()
	if err := WriteSchedules(again, 5, n); err != nil {
		t.Fatal(err)
	}
	for _, rel := range []string{"databricks.yml", "resources/jobs_00.yml", "dags/dag_00.py", "pyresources/jobs_00.py", "terraform/jobs_00.tf"} {
		a, _ := os.ReadFile(filepath.Join(dir, rel))
		b, _ := os.ReadFile(filepath.Join(again, rel))
		if len(a) == 0 || !bytes.Equal(a, b) {
			t.Errorf("%s differs between runs with one seed", rel)
		}
	}
}
