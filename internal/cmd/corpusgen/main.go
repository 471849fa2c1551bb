// Command corpusgen writes the benchmark corpus to a directory, so that the
// lakelint binary can be timed on exactly what the Go benchmarks read:
//
//	go run ./internal/cmd/corpusgen -out /tmp/corpus -size 20
//	hyperfine 'lakelint check /tmp/corpus --exit-zero'
//
// -schedules adds the Databricks bundle (YAML and Python resources), the
// Terraform jobs and the Airflow DAGs that run the jobs.
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/lakelint/lakelint/internal/corpusgen"
)

func main() {
	out := flag.String("out", "corpus", "directory to write the files to")
	size := flag.Int("size", 20, "total size in MB")
	seed := flag.Uint64("seed", 42, "generator seed: the same seed gives the same files")
	schedules := flag.Bool("schedules", false, "also write a Databricks bundle (YAML and Python resources), Terraform jobs and Airflow DAGs that run the jobs")
	flag.Parse()
	n, err := corpusgen.WriteDir(*out, *seed, *size<<20)
	if err == nil && *schedules {
		err = corpusgen.WriteSchedules(*out, *seed, n)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "corpusgen:", err)
		os.Exit(1)
	}
	fmt.Printf("wrote %d files to %s\n", n, *out)
}
