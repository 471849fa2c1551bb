package engine_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/internal/corpusgen"
	"github.com/lakelint/lakelint/internal/cputime"
	"github.com/lakelint/lakelint/orchestration"
)

// BenchmarkScheduleReading alternates a check of the 20 MB corpus alone
// and a check of the same corpus with the bundle and Airflow DAGs that run
// its jobs (corpusgen.WriteSchedules). It reports two shares of the check
// with them: schedules-% is all they add (linting the DAG and Python
// resource files as Python too, and the findings and notes schedules lead
// to); reading-% is reading the schedules alone, as a check does it, timed
// apart: looking for DAGs in every Python file and parsing those that
// declare one, finding and parsing the bundle (its YAML and its Python
// resources), finding and parsing the Terraform files, mapping tasks to
// files, and asking each file's schedule. Alternating in one process keeps the shares robust to a
// machine whose speed drifts.
//
//	go test ./engine -run '^$' -bench '^BenchmarkScheduleReading$' -benchtime 4x
func BenchmarkScheduleReading(b *testing.B) {
	const mb = 20
	without, total := corpusDir(b, mb)
	with := scheduledCorpus(b, mb)
	b.SetBytes(total)
	files, texts := pythonFiles(b, with)
	var plain, scheduled, plainCPU, scheduledCPU, reading time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		start := time.Now()
		readSchedules(files, texts)
		reading += time.Since(start)
		start, c0 := time.Now(), cputime.Process()
		check(b, without)
		plain += time.Since(start)
		plainCPU += cputime.Process() - c0
		start, c0 = time.Now(), cputime.Process()
		check(b, with)
		scheduled += time.Since(start)
		scheduledCPU += cputime.Process() - c0
	}
	b.ReportMetric(100*float64(scheduled-plain)/float64(scheduled), "schedules-%")
	b.ReportMetric(100*float64(scheduledCPU-plainCPU)/float64(scheduledCPU), "schedules-cpu-%")
	b.ReportMetric(100*float64(reading)/float64(scheduled), "reading-%")
}

// pythonFiles are the Python files a check of dir lints, and their text.
func pythonFiles(b *testing.B, dir string) ([]string, [][]byte) {
	found, err := engine.Discover([]string{dir}, nil)
	if err != nil {
		b.Fatal(err)
	}
	var files []string
	var texts [][]byte
	for _, f := range found {
		if filepath.Ext(f) != ".py" {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			b.Fatal(err)
		}
		files, texts = append(files, f), append(texts, src)
	}
	return files, texts
}

// readSchedules does what a check does to read a project's schedules from
// its files' text (see engine's schedules and noteDAGs).
func readSchedules(files []string, texts [][]byte) {
	var finder orchestration.BundleFinder
	opts := orchestration.Options{Files: files, Bundles: finder.Find(files), Terraform: finder.FindTerraform(files)}
	for i, src := range texts {
		if orchestration.MaybeDAG(src) {
			opts.DAGs = append(opts.DAGs, orchestration.ParseDAGs(files[i], src))
		}
	}
	p := orchestration.Read(opts)
	for _, f := range files {
		p.For(f)
	}
}

// scheduledCorpus is corpusDir's corpus with the orchestration that runs
// its jobs beside it, generated once per version.
func scheduledCorpus(b *testing.B, mb int) string {
	b.Helper()
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("lakelint-corpus-v2-%dmb-scheduled-v2", mb))
	if _, err := os.Stat(filepath.Join(dir, "done")); err != nil {
		os.RemoveAll(dir)
		n, err := corpusgen.WriteDir(dir, 42, mb<<20)
		if err != nil {
			b.Fatal(err)
		}
		if err := corpusgen.WriteSchedules(dir, 42, n); err != nil {
			b.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, "done"), nil, 0o644); err != nil {
			b.Fatal(err)
		}
	}
	return dir
}
