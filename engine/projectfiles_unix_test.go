//go:build unix

package engine_test

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"
)

// Project files are found by name, not by discovery: a FIFO or a link to
// /dev/zero under such a name (requirements.txt, pyproject.toml,
// databricks.yml, a dbt project's profiles.yml) must not hang the run nor
// fill its memory, and the sources are still linted.
func TestSpecialProjectFilesNeverHang(t *testing.T) {
	dir := writeProject(t, map[string]string{
		"jobs/job.py":           "spark.read.table('a').coalesce(1).write.mode('append').saveAsTable('main.s.t')\n",
		"dbt/dbt_project.yml":   "name: shop\nmodels:\n  shop:\n    +materialized: table\n",
		"dbt/models/orders.sql": "select 1\n",
	})
	for _, name := range []string{"requirements.txt", "setup.cfg", "dbt/profiles.yml", "dbt/requirements-dev.txt", "jobs/.gitignore"} {
		if err := syscall.Mkfifo(filepath.Join(dir, name), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range []string{"pyproject.toml", "databricks.yml", ".gitignore"} {
		if err := os.Symlink("/dev/zero", filepath.Join(dir, name)); err != nil {
			t.Fatal(err)
		}
	}
	done := make(chan []string, 1)
	go func() {
		got, _ := lintWith(t, dir, nil)
		done <- got
	}()
	select {
	case got := <-done:
		if !has(got, "jobs/job.py") {
			t.Errorf("the job was not linted: %v", got)
		}
	case <-time.After(time.Minute): // a guard against a hang, not a measure of speed
		t.Fatal("the run hangs on a special project file")
	}
}
