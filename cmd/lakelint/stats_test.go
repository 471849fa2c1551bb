package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/databricks"
	"github.com/lakelint/lakelint/stats/deltatest"
	"github.com/lakelint/lakelint/stats/source"
)

// partitionedTable is a real Delta table of the project's testdata: six
// files in six partitions, one WRITE commit.
const partitionedTable = "../../testdata/delta/delta-0.8.0-partitioned"

// noWorkspace keeps a developer's Databricks settings out of a test.
func noWorkspace(t *testing.T) {
	for _, k := range []string{databricks.EnvHost, databricks.EnvToken, databricks.EnvWarehouseID, databricks.EnvProfile,
		databricks.EnvClientID, databricks.EnvClientSecret, databricks.EnvAuthType, databricks.EnvCLIPath} {
		t.Setenv(k, "")
	}
}

func TestStatsTextGolden(t *testing.T) {
	noWorkspace(t)
	out, errOut, code := runCLI(t, "", "stats", partitionedTable)
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	golden(t, "stats/partitioned.text", out)
}

func TestStatsJSONGolden(t *testing.T) {
	noWorkspace(t)
	out, errOut, code := runCLI(t, "", "stats", "--output-format", "json", partitionedTable)
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var m map[string]any
	if err := json.Unmarshal([]byte(out), &m); err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{"numFiles", "sizeInBytes", "partitionColumns", "clusteringColumns", "properties", "minReaderVersion", "minWriterVersion"} {
		if _, ok := m[key]; !ok {
			t.Errorf("JSON lacks %q", key)
		}
	}
	// the read time is now: keep it out of the golden
	out = regexp.MustCompile(`"fetchedAt": "[^"]*"`).ReplaceAllString(out, `"fetchedAt": "…"`)
	golden(t, "stats/partitioned.json", out)
}

// TestStatsStreamingTableGolden names a table that stats.tables maps to a
// Delta table written for the test: small streaming files and a few large
// ones, so the histogram crosses the small-file threshold and the checks fail.
func TestStatsStreamingTableGolden(t *testing.T) {
	noWorkspace(t)
	dir := t.TempDir()
	commits := deltatest.StreamingCommits(30, 4, 40<<10, 1200)
	commits = append(commits, deltatest.Commit{
		Operation: "OPTIMIZE", Parameters: map[string]string{"predicate": "[]"},
		Metrics: map[string]string{"numAddedFiles": "3", "numRemovedFiles": "0"},
		Adds:    deltatest.Files("", 7, 3, 96<<20),
	})
	deltatest.Write(t, filepath.Join(dir, "lake", "clicks"), deltatest.Table{Commits: commits})
	cfg := filepath.Join(dir, ".lakelint.yaml")
	if err := os.WriteFile(cfg, []byte("stats:\n  tables:\n    main.web.clicks: lake/clicks\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := runCLI(t, "", "stats", "--config", cfg, "main.web.clicks")
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	out = strings.ReplaceAll(out, dir, "$DIR")
	golden(t, "stats/streaming.text", out)
}

func TestStatsExport(t *testing.T) {
	noWorkspace(t)
	dir := t.TempDir()
	deltatest.Write(t, filepath.Join(dir, "lake", "clicks"), deltatest.Table{Commits: deltatest.StreamingCommits(3, 2, 1<<10, 10)})
	cfg := filepath.Join(dir, ".lakelint.yaml")
	if err := os.WriteFile(cfg, []byte("stats:\n  tables:\n    main.web.clicks: lake/clicks\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	snapPath := filepath.Join(dir, "stats.json")
	_, errOut, code := runCLI(t, "", "stats", "export", "--config", cfg, "main.web.clicks", partitionedTable, "-o", snapPath)
	if code != exitClean {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	snap, err := source.ReadSnapshot(snapPath)
	if err != nil {
		t.Fatal(err)
	}
	if len(snap.Tables) != 2 || snap.Find("main.web.clicks") == nil || snap.Find("", partitionedTable) == nil {
		t.Fatalf("snapshot holds %d tables: %+v", len(snap.Tables), snap.Tables)
	}
	if got := snap.Find("main.web.clicks").NumFiles; got != 6 {
		t.Errorf("main.web.clicks has %d files in the snapshot, want 6", got)
	}

	// the snapshot then feeds check --stats-file
	src := filepath.Join(dir, "job.py")
	if err := os.WriteFile(src, []byte(`spark.read.table("x").write.saveAsTable("main.web.clicks")`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, errOut, code = runCLI(t, "", "check", "--config", cfg, "--stats-file", filepath.Join(dir, "missing.json"), src)
	if code != exitError || !strings.Contains(errOut, "missing.json does not exist") {
		t.Errorf("check with a missing --stats-file: exit %d, stderr %q", code, errOut)
	}

	// one table no source knows fails the whole export
	_, errOut, code = runCLI(t, "", "stats", "export", "--config", cfg, "main.web.clicks", "main.web.nowhere")
	if code != exitError || !strings.Contains(errOut, "no stats source knows the table main.web.nowhere") {
		t.Errorf("export with an unknown table: exit %d, stderr %q", code, errOut)
	}
}

func TestStatsUsageErrors(t *testing.T) {
	noWorkspace(t)
	cases := []struct {
		args []string
		want string
	}{
		{[]string{"stats"}, "Usage:"},
		{[]string{"stats", "a", "b"}, "Usage:"},
		{[]string{"stats", "--output-format", "yaml", partitionedTable}, `unknown output format "yaml"`},
		{[]string{"stats", "./no/such/table"}, "no _delta_log"},
		{[]string{"stats", "main.x.y"}, "no stats source knows the table main.x.y"},
		{[]string{"check", "--no-stats", "--require-stats", "."}, "--no-stats cannot be combined"},
	}
	for _, c := range cases {
		_, errOut, code := runCLI(t, "", c.args...)
		if code != exitError || !strings.Contains(errOut, c.want) {
			t.Errorf("%q: exit %d, stderr %q; want 2 and %q", c.args, code, errOut, c.want)
		}
	}
}

// TestCheckWarnsOnceWhenStatsAreUnavailable runs check --fix, which lints
// several times, on a project whose configured table location is missing.
func TestCheckWarnsOnceWhenStatsAreUnavailable(t *testing.T) {
	noWorkspace(t)
	dir := t.TempDir()
	files := map[string]string{
		".lakelint.yaml": "stats:\n  tables:\n    main.web.clicks: lake/clicks\n",
		"job.py":         "df = spark.read.table(\"x\").coalesce(1)\ndf.write.saveAsTable(\"main.web.clicks\")\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	_, errOut, _ := runCLI(t, "", "check", "--fix", "--unsafe-fixes", dir)
	if n := strings.Count(errOut, "live stats unavailable"); n != 1 {
		t.Errorf("the warning appears %d times:\n%s", n, errOut)
	}
	if !strings.Contains(errOut, "1 table: main.web.clicks (no Delta log at "+filepath.Join(dir, "lake", "clicks")+")") {
		t.Errorf("stderr:\n%s", errOut)
	}
	_, errOut, code := runCLI(t, "", "check", "--require-stats", dir)
	if code != exitError || !strings.Contains(errOut, "error: live stats are required") {
		t.Errorf("--require-stats: exit %d, stderr:\n%s", code, errOut)
	}
	_, errOut, _ = runCLI(t, "", "check", "--no-stats", dir)
	if strings.Contains(errOut, "live stats") {
		t.Errorf("--no-stats still reads stats:\n%s", errOut)
	}
}

// TestStatsTextOddTables renders tables a hand-edited snapshot could hold:
// nothing may panic, and empty parts read as such.
func TestStatsTextOddTables(t *testing.T) {
	st := config.Defaults().Stats
	odd := []*stats.Table{
		{},
		{NumFiles: -5, SizeInBytes: -1},
		{NumFiles: 3, Sizes: &stats.SizeDistribution{Histogram: []stats.Bucket{{Lower: 0, Upper: 1, Count: -3}, {Lower: 1, Upper: 2, Count: 0}}}},
		{PartitionColumns: []string{"d"}, Partitions: &stats.PartitionSummary{LargestPartitions: []stats.PartitionCount{{}}}},
		{History: &stats.History{Recent: []stats.Commit{{}}, Streaming: stats.StreamingSummary{Commits: 1, WithMetrics: 1}}},
	}
	for i, tb := range odd {
		var b strings.Builder
		if err := writeStatsText(&b, tb, st); err != nil {
			t.Errorf("table %d: %v", i, err)
		}
		if !strings.Contains(b.String(), "Checks") {
			t.Errorf("table %d: incomplete output:\n%s", i, b.String())
		}
	}
}
