package engine_test

import (
	"context"
	"fmt"
	"testing"
	"time"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/parsers"
)

// FuzzLintAndFix runs the whole pipeline, every rule and the fixer, on
// arbitrary bytes under each file kind: it must never panic, and a fixed
// file must still load.
func FuzzLintAndFix(f *testing.F) {
	for _, seed := range []string{
		"spark.conf.set('spark.databricks.delta.optimizeWrite.enabled', 'true')\ndf.repartition(8).write.saveAsTable('a.b.c')\n",
		"DeltaTable.forName(spark, 't').vacuum(1)\nspark.sql(f\"VACUUM t RETAIN {H} HOURS\")\n",
		"CREATE TABLE a.b.c (id INT) PARTITIONED BY (user_id);\nVACUUM a.b.c RETAIN 1 HOURS;\n",
		"# Databricks notebook source\n# MAGIC %sql\n# MAGIC CREATE TABLE t (x INT)\n",
		`{"cells":[{"cell_type":"code","source":["df.coalesce(1).write.saveAsTable('t')"]}],"nbformat":4,"metadata":{}}`,
	} {
		f.Add(seed, uint8(0))
	}
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		f.Fatal(err)
	}
	l := engine.New(configs, engine.Options{})
	names := []string{"fuzz.py", "fuzz.sql", "fuzz.ipynb"}
	f.Fuzz(func(t *testing.T, src string, kind uint8) {
		name := names[int(kind)%len(names)]
		timer := time.AfterFunc(20*time.Second, func() {
			panic(fmt.Sprintf("hang on %s: %q", name, src))
		})
		defer timer.Stop()
		res, err := l.FixSources(context.Background(), []engine.Source{{Path: name, Data: []byte(src)}}, true)
		if err != nil {
			t.Fatal(err)
		}
		for _, n := range res.Remaining.Notes {
			if n.Error {
				t.Fatalf("error note: %s", n)
			}
		}
		for _, c := range res.Changes {
			if _, err := parsers.Load(name, c.New); err != nil {
				t.Fatalf("a fix left a file that does not load: %v\n%s", err, c.New)
			}
		}
	})
}
