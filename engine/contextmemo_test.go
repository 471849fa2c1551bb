package engine_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
)

// A ContextMemo gives each run the context files as they are on disk: a
// definition rewritten at the same size is read again when its time
// changed, and when its time is too recent to tell two writes apart.
func TestContextMemoFollowsTheFiles(t *testing.T) {
	const (
		byDate = "CREATE TABLE main.s.events (id BIGINT, cust_id BIGINT, ev_date DATE)\nUSING DELTA PARTITIONED BY (ev_date);\n"
		byCust = "CREATE TABLE main.s.events (id BIGINT, cust_id BIGINT, ev_date DATE)\nUSING DELTA PARTITIONED BY (cust_id);\n"
	)
	dir := writeProject(t, map[string]string{
		"models/events.sql":   byDate,
		"sql/maintenance.sql": "OPTIMIZE main.s.events WHERE cust_id = 42;\n",
	})
	if err := os.Mkdir(filepath.Join(dir, ".git"), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	configs, err := config.NewResolver(config.ResolverOptions{})
	if err != nil {
		t.Fatal(err)
	}
	memo := engine.NewContextMemo()
	l := engine.New(configs, engine.Options{ProjectContext: true, ContextMemo: memo})
	lint := func() bool { // whether LL403 is reported: the filter is not on a partition column
		t.Helper()
		res, err := l.LintSources(context.Background(), []engine.Source{{Path: "sql/maintenance.sql"}})
		if err != nil {
			t.Fatal(err)
		}
		return has(lines(".", res.Findings), "LL403")
	}
	ddl := filepath.Join(dir, "models", "events.sql")
	rewrite := func(text string, at time.Time) {
		t.Helper()
		if err := os.WriteFile(ddl, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := os.Chtimes(ddl, at, at); err != nil {
			t.Fatal(err)
		}
	}
	old := time.Now().Add(-time.Hour)
	rewrite(byDate, old)
	for run := range 2 { // the second from the memo
		if !lint() {
			t.Fatalf("run %d, partitioned by ev_date: want LL403", run+1)
		}
	}
	rewrite(byCust, old.Add(time.Second)) // same size, another time
	if lint() {
		t.Error("partitioned by cust_id: the memo kept the old definition")
	}

	// written just now, twice at the same size and time: never trusted
	now := time.Now()
	rewrite(byDate, now)
	if !lint() {
		t.Fatal("back to ev_date: want LL403")
	}
	rewrite(byCust, now)
	if lint() {
		t.Error("a recent file's stamp was trusted: the memo kept the old definition")
	}
}
