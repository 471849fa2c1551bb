package databricks

import (
	"testing"

	"github.com/lakelint/lakelint/stats"
)

func str(s string) *string { return &s }

func TestParseHistorySortsNewestFirst(t *testing.T) {
	rows := []Row{
		{"version": str("3"), "operation": str("WRITE"), "timestamp": str("2025-01-03 10:00:00")},
		{"version": str("7"), "operation": str("OPTIMIZE"), "timestamp": str("2025-01-07T10:00:00Z")},
		{"version": str("5"), "operation": str("MERGE"), "operationMetrics": nil},
	}
	commits, err := parseHistory(rows)
	if err != nil {
		t.Fatal(err)
	}
	var versions []int64
	for _, c := range commits {
		versions = append(versions, c.Version)
	}
	if len(versions) != 3 || versions[0] != 7 || versions[1] != 5 || versions[2] != 3 {
		t.Errorf("versions %v, want [7 5 3]", versions)
	}
	if commits[2].Timestamp != date("2025-01-03T10:00:00Z") {
		t.Errorf("zone-less timestamp parsed as %v, want UTC", commits[2].Timestamp)
	}
}

func TestParseHistoryRequiresVersion(t *testing.T) {
	if _, err := parseHistory([]Row{{"version": nil, "operation": str("WRITE")}}); err == nil {
		t.Error("accepted a commit without a version")
	}
}

func TestSummarizeHistory(t *testing.T) {
	var commits []stats.Commit
	for v := int64(30); v >= 1; v-- { // newest first, as parseHistory returns
		c := stats.Commit{Version: v, Operation: "WRITE"}
		switch v {
		case 28, 12:
			c.Operation = "OPTIMIZE"
		case 25:
			c.Operation = "VACUUM START"
		case 3:
			c.Operation = "VACUUM END"
		case 20, 19, 18:
			c.Operation = "STREAMING UPDATE"
			c.Metrics = map[string]string{"numAddedFiles": "2", "numOutputRows": "100", "numOutputBytes": "2000"}
		case 17:
			c.Operation = "STREAMING UPDATE"
			c.Metrics = map[string]string{"numAddedFiles": "10", "numOutputRows": "bogus", "numOutputBytes": "50000"}
		}
		commits = append(commits, c)
	}
	h := summarizeHistory(commits)

	if h.Commits != 30 || h.Operations["WRITE"] != 22 || h.Operations["STREAMING UPDATE"] != 4 || h.Operations["OPTIMIZE"] != 2 {
		t.Errorf("counts: commits %d, operations %v", h.Commits, h.Operations)
	}
	if h.LastOptimize == nil || h.LastOptimize.Version != 28 {
		t.Errorf("last optimize %+v, want version 28", h.LastOptimize)
	}
	if h.LastVacuum == nil || h.LastVacuum.Version != 25 {
		t.Errorf("last vacuum %+v, want version 25", h.LastVacuum)
	}
	want := stats.StreamingSummary{
		Commits: 4, WithMetrics: 4,
		MedianAddedFiles:   2,    // 2,2,2,10
		MedianOutputRows:   100,  // the unparsable value is skipped
		MedianBytesPerFile: 1000, // 1000,1000,1000,5000
	}
	if h.Streaming != want {
		t.Errorf("streaming %+v, want %+v", h.Streaming, want)
	}
	if len(h.Recent) != maxRecent || h.Recent[0].Version != 30 || h.Recent[maxRecent-1].Version != 11 {
		t.Errorf("recent has %d commits from %d, want %d from 30", len(h.Recent), h.Recent[0].Version, maxRecent)
	}
}

func TestSummarizeEmptyHistory(t *testing.T) {
	h := summarizeHistory(nil)
	if h.Commits != 0 || h.LastOptimize != nil || h.LastVacuum != nil || len(h.Recent) != 0 || h.Streaming != (stats.StreamingSummary{}) {
		t.Errorf("empty history summarised as %+v", h)
	}
}
