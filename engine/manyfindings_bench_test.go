package engine_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/internal/cputime"
)

// BenchmarkManyFindings lints one file holding n findings, at two sizes four
// times apart: the time per finding (ns/finding) stays about the same when
// the work per file grows linearly with its findings, and quadruples with
// the size when something scans the file's facts or findings per finding.
// On a shared machine the processor time (cpu-ns/finding) says it better
// than the time that passed.
//
//	go test ./engine -run '^$' -bench '^BenchmarkManyFindings$' -benchtime 1x
func BenchmarkManyFindings(b *testing.B) {
	for _, shape := range manyFindingShapes {
		for _, n := range []int{10_000, 40_000} {
			b.Run(fmt.Sprintf("%s/%dk", shape.name, n/1000), func(b *testing.B) {
				dir := b.TempDir()
				if err := os.WriteFile(filepath.Join(dir, shape.file), shape.make(n), 0o644); err != nil {
					b.Fatal(err)
				}
				found := 0
				b.ResetTimer()
				cpu := cputime.Process()
				for range b.N {
					found = check(b, dir)
				}
				cpu = cputime.Process() - cpu
				b.StopTimer()
				if found < n {
					b.Fatalf("%d findings, want at least %d", found, n)
				}
				per := float64(b.N) * float64(found)
				b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/finding")
				b.ReportMetric(float64(cpu.Nanoseconds())/per, "cpu-ns/finding")
			})
		}
	}
}

// manyFindingShapes are files with one finding or more per statement: SQL
// maintenance with fixes, on a line each (with one whose fix fails its
// checks, or not) or all on one line, the same under noqa comments that
// silence every other one, and notebooks
// (Jupyter, minified; Databricks) of one cell per statement.
var manyFindingShapes = []struct {
	name, file string
	make       func(n int) []byte
}{
	{"sql", "vacuum.sql", func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "VACUUM main.ops.t%d RETAIN 1 HOURS;\n", i)
		}
		return b.Bytes()
	}},
	{"onebad", "vacuum.sql", func(n int) []byte {
		var b bytes.Buffer
		b.WriteString("VACUUM main.ops.bad RETAIN 1 HOURS ZORDER BY (x);\n") // its fix cannot be checked: every other is checked without it
		for i := range n {
			fmt.Fprintf(&b, "VACUUM main.ops.t%d RETAIN 1 HOURS;\n", i)
		}
		return b.Bytes()
	}},
	{"oneline", "vacuum.sql", func(n int) []byte {
		var b bytes.Buffer
		for i := range n {
			fmt.Fprintf(&b, "VACUUM main.ops.t%d RETAIN 1 HOURS; ", i)
		}
		return b.Bytes()
	}},
	{"noqa", "vacuum.sql", func(n int) []byte {
		var b bytes.Buffer
		for i := range 2 * n {
			if i%2 == 0 {
				fmt.Fprintf(&b, "VACUUM main.ops.t%d RETAIN 1 HOURS; -- noqa: LL401\n", i)
			} else {
				fmt.Fprintf(&b, "VACUUM main.ops.t%d RETAIN 1 HOURS;\n", i)
			}
		}
		return b.Bytes()
	}},
	{"jupyter", "cells.ipynb", func(n int) []byte {
		var b bytes.Buffer
		b.WriteString(`{"cells": [`)
		for i := range n {
			if i > 0 {
				b.WriteString(",")
			}
			fmt.Fprintf(&b, `{"cell_type": "code", "metadata": {}, "execution_count": null, "outputs": [], "source": ["spark.sql(\"VACUUM main.ops.t%d RETAIN 1 HOURS\")\n"]}`, i)
		}
		b.WriteString(`], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}`)
		return b.Bytes()
	}},
	{"notebook", "cells.py", func(n int) []byte {
		var b bytes.Buffer
		b.WriteString("# Databricks notebook source\n")
		for i := range n {
			if i > 0 {
				b.WriteString("\n# COMMAND ----------\n\n")
			}
			fmt.Fprintf(&b, "spark.sql(\"VACUUM main.ops.t%d RETAIN 1 HOURS\")\n", i)
		}
		return b.Bytes()
	}},
}

// BenchmarkManyFixes is BenchmarkManyFindings for a fix run (unsafe fixes
// too) of the SQL file with a fixable finding per statement.
//
//	go test ./engine -run '^$' -bench '^BenchmarkManyFixes$' -benchtime 1x
func BenchmarkManyFixes(b *testing.B) {
	for _, n := range []int{10_000, 40_000} {
		b.Run(fmt.Sprintf("%dk", n/1000), func(b *testing.B) {
			src := manyFindingShapes[0].make(n)
			configs, err := config.NewResolver(config.ResolverOptions{})
			if err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			cpu := cputime.Process()
			fixed := 0
			for range b.N {
				fr, err := engine.New(configs, engine.Options{}).FixSources(context.Background(), []engine.Source{{Path: "vacuum.sql", Data: src}}, true)
				if err != nil {
					b.Fatal(err)
				}
				fixed = 0
				for _, c := range fr.Changes {
					fixed += c.Fixed
				}
			}
			cpu = cputime.Process() - cpu
			b.StopTimer()
			if fixed != n {
				b.Fatalf("fixed %d, want %d", fixed, n)
			}
			per := float64(b.N) * float64(n)
			b.ReportMetric(float64(b.Elapsed().Nanoseconds())/per, "ns/fix")
			b.ReportMetric(float64(cpu.Nanoseconds())/per, "cpu-ns/fix")
		})
	}
}
