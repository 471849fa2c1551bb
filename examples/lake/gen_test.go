// Package lake holds the live state of three tables the example project
// writes, so `lakelint check examples/` can show its live stats rules
// without a workspace: the Delta log of main.web.clicks_bronze and a stats
// snapshot of main.web.events and main.sales.daily_revenue. This test makes them,
// deterministically.
//
//	go test ./examples/lake -update   rewrite them
//	go test ./examples/lake           check they are up to date
package lake

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"github.com/lakelint/lakelint/stats/health"
	"os"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/deltatest"
	"github.com/lakelint/lakelint/stats/source"
)

var update = flag.Bool("update", false, "rewrite the example lake")

const (
	clicksDir    = "clicks_bronze"
	snapshotFile = "stats.json"
)

// taken is when the example's stats are said to have been read.
var taken = time.Date(2025, 3, 6, 6, 0, 0, 0, time.UTC)

// clicksBronze is main.web.clicks_bronze as examples/sql/migrations create
// it (clustered by ts, auto compaction later switched off) after 60 hourly
// runs of examples/streaming/clickstream.py (trigger availableNow): every
// run commits two or three files of 28 to 52 KB.
func clicksBronze() deltatest.Table {
	start := time.Date(2025, 3, 3, 0, 0, 0, 0, time.UTC)
	props := map[string]string{"delta.autoOptimize.optimizeWrite": "true", "delta.autoOptimize.autoCompact": "true"}
	commits := []deltatest.Commit{{
		Operation: "CREATE TABLE",
		Timestamp: start.Add(-2 * time.Hour),
		Parameters: map[string]string{
			"isManaged": "true", "partitionBy": "[]", "clusterBy": `["ts"]`,
			"properties": `{"delta.autoOptimize.autoCompact":"true","delta.autoOptimize.optimizeWrite":"true"}`,
		},
		Configuration: props,
		Domains:       []deltatest.Domain{{Name: "delta.clustering", Configuration: `{"clusteringColumns":[["ts"]]}`}},
	}, {
		Operation:     "SET TBLPROPERTIES",
		Timestamp:     start.Add(-time.Hour),
		Parameters:    map[string]string{"properties": `{"delta.autoOptimize.autoCompact":"false"}`},
		Configuration: map[string]string{"delta.autoOptimize.optimizeWrite": "true", "delta.autoOptimize.autoCompact": "false"},
	}}
	for run := range 60 {
		files := deltatest.Files("", run, 2+run%2, 0)
		var bytes int64
		for j := range files {
			// 28 to 52 KB, varied but the same on every generation
			files[j].Size = int64(28<<10 + (run*7919+j*104729)%(24<<10))
			bytes += files[j].Size
		}
		commits = append(commits, deltatest.Commit{
			Operation: "STREAMING UPDATE",
			Timestamp: start.Add(time.Duration(run)*time.Hour + 4*time.Minute),
			Parameters: map[string]string{
				"outputMode": "Append", "queryId": "3f1c6b2e-8d4a-4f0e-9b7c-5a2d1e6f8c90", "epochId": strconv.Itoa(run),
			},
			Metrics: map[string]string{
				"numAddedFiles":   strconv.Itoa(len(files)),
				"numRemovedFiles": "0",
				"numOutputRows":   strconv.FormatInt(bytes/160, 10),
				"numOutputBytes":  strconv.FormatInt(bytes, 10),
			},
			Adds: files,
		})
	}
	return deltatest.Table{
		Columns:  []deltatest.Column{{Name: "key", Type: "binary"}, {Name: "value", Type: "binary"}, {Name: "ts", Type: "timestamp"}},
		Protocol: &deltatest.Protocol{MinReaderVersion: 1, MinWriterVersion: 7, WriterFeatures: []string{"clustering", "domainMetadata"}},
		Commits:  commits,
	}
}

// webEvents is main.web.events as examples/jobs/web_events.py leaves it:
// partitioned by session_id, four daily appends, 12,400 sessions of one or
// two files of 100 to 900 KB.
func webEvents() deltatest.Table {
	const sessions, days = 12_400, 4
	var commits []deltatest.Commit
	for day := range days {
		var adds []deltatest.File
		for s := day; s < sessions; s += days {
			part := map[string]string{"session_id": fmt.Sprintf("%08x", uint32(s)*2654435761)}
			for j := range 1 + s%5/4 {
				adds = append(adds, deltatest.File{
					Path:      fmt.Sprintf("session_id=%s/part-%05d-%04x.c000.snappy.parquet", part["session_id"], j, s),
					Size:      int64(100<<10 + (s*7919+j*31)%(800<<10)),
					Partition: part,
				})
			}
		}
		commits = append(commits, deltatest.Commit{
			Timestamp:  time.Date(2025, 3, 2+day, 2, 0, 0, 0, time.UTC),
			Parameters: map[string]string{"mode": "Append", "partitionBy": `["session_id"]`},
			Metrics:    map[string]string{"numFiles": strconv.Itoa(len(adds))},
			Adds:       adds,
		})
	}
	return deltatest.Table{PartitionColumns: []string{"session_id"}, Commits: commits}
}

// dailyRevenue is main.sales.daily_revenue as examples/jobs/daily_orders.py
// leaves it after 40 daily appends of 110 files of 256 MB: 1.1 TB that no
// commit ever optimized.
func dailyRevenue() deltatest.Table {
	var commits []deltatest.Commit
	for day := range 40 {
		commits = append(commits, deltatest.Commit{
			Timestamp:  time.Date(2025, 1, 25, 3, 0, 0, 0, time.UTC).AddDate(0, 0, day),
			Parameters: map[string]string{"mode": "Append", "partitionBy": "[]"},
			Metrics:    map[string]string{"numFiles": "110"},
			Adds:       deltatest.Files("", day, 110, 256<<20),
		})
	}
	return deltatest.Table{Commits: commits}
}

func TestExampleLake(t *testing.T) {
	tmp := t.TempDir()
	deltatest.Write(t, filepath.Join(tmp, clicksDir), clicksBronze())
	deltatest.Write(t, filepath.Join(tmp, "events"), webEvents())
	deltatest.Write(t, filepath.Join(tmp, "revenue"), dailyRevenue())
	st := config.Defaults().Stats

	events, err := source.ReadLog(context.Background(), filepath.Join(tmp, "events"), st)
	if err != nil {
		t.Fatal(err)
	}
	// as `lakelint stats export main.web.events` would have saved it
	events.Name, events.Location, events.FetchedAt = "main.web.events", "s3://acme-lake/web/events", taken
	revenue, err := source.ReadLog(context.Background(), filepath.Join(tmp, "revenue"), st)
	if err != nil {
		t.Fatal(err)
	}
	revenue.Name, revenue.Location, revenue.FetchedAt = "main.sales.daily_revenue", "s3://lake/sales/daily_revenue", taken
	var snap bytes.Buffer
	if err := source.NewSnapshot([]*stats.Table{events, revenue}, taken).Encode(&snap); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(tmp, snapshotFile), snap.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}

	generated := []string{snapshotFile}
	logs, err := os.ReadDir(filepath.Join(tmp, clicksDir, "_delta_log"))
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range logs {
		generated = append(generated, filepath.Join(clicksDir, "_delta_log", e.Name()))
	}
	if *update {
		if err := os.RemoveAll(clicksDir); err != nil {
			t.Fatal(err)
		}
	}
	for _, name := range generated {
		want, err := os.ReadFile(filepath.Join(tmp, name))
		if err != nil {
			t.Fatal(err)
		}
		if *update {
			if err := os.MkdirAll(filepath.Dir(name), 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(name, want, 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		if got, err := os.ReadFile(name); err != nil || !bytes.Equal(got, want) {
			t.Errorf("%s is out of date (run go test ./examples/lake -update)", name)
		}
	}
	if shipped, _ := os.ReadDir(filepath.Join(clicksDir, "_delta_log")); len(shipped) != len(logs) {
		t.Errorf("%s/_delta_log holds %d files, the generator writes %d", clicksDir, len(shipped), len(logs))
	}
}

// TestExampleLakeIsUnhealthy keeps the example doing its job: the shipped
// table must trip LL901 and LL903, and the snapshot LL901 and LL902.
func TestExampleLakeIsUnhealthy(t *testing.T) {
	st := config.Defaults().Stats
	clicks, err := source.ReadLog(context.Background(), clicksDir, st)
	if err != nil {
		t.Fatal(err)
	}
	if _, bad := health.CheckSmallFiles(clicks, st); !bad {
		t.Errorf("clicks_bronze does not look like small files: %d files, sizes %+v", clicks.NumFiles, clicks.Sizes)
	}
	if _, bad := health.CheckStreamingCommits(clicks, st); !bad {
		t.Errorf("clicks_bronze does not look like tiny streaming commits: %+v", clicks.History)
	}
	if got := clicks.ClusteringColumns; len(got) != 1 || got[0] != "ts" {
		t.Errorf("clicks_bronze is clustered by %q, want ts as the migration says", got)
	}
	snap, err := source.ReadSnapshot(snapshotFile)
	if err != nil {
		t.Fatal(err)
	}
	if revenue := snap.Find("main.sales.daily_revenue"); revenue == nil || revenue.SizeInBytes <= st.LargeTableSize ||
		revenue.History == nil || revenue.History.LastOptimize != nil {
		t.Errorf("main.sales.daily_revenue is not a large table never optimized (LL904): %+v", revenue)
	}
	events := snap.Find("main.web.events")
	if events == nil {
		t.Fatal("the snapshot lacks main.web.events")
	}
	if _, bad := health.CheckPartitioning(events, st); !bad {
		t.Errorf("main.web.events does not look over-partitioned: %+v", events.Partitions)
	}
	if _, bad := health.CheckSmallFiles(events, st); !bad {
		t.Errorf("main.web.events does not look like small files")
	}
}
