package health

import (
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats"
)

func TestStreamingCommitRate(t *testing.T) {
	at := time.Date(2025, 3, 1, 0, 0, 0, 0, time.UTC)
	h := &stats.History{Streaming: stats.StreamingSummary{MedianAddedFiles: 3}}
	for i := range 5 { // newest first, every 10 minutes
		h.Recent = append(h.Recent, stats.Commit{Operation: "STREAMING UPDATE", Timestamp: at.Add(-time.Duration(i) * 10 * time.Minute)})
	}
	h.Recent = append(h.Recent, stats.Commit{Operation: "OPTIMIZE", Timestamp: at.Add(-48 * time.Hour)})
	r, ok := StreamingCommitRate(&stats.Table{History: h})
	if !ok || r.PerDay != 144 || r.Commits != 5 || r.MedianFiles != 3 {
		t.Errorf("%+v %v", r, ok)
	}
	h.Recent = h.Recent[:2]
	if _, ok := StreamingCommitRate(&stats.Table{History: h}); ok {
		t.Error("a rate from two commits")
	}
	if _, ok := StreamingCommitRate(nil); ok {
		t.Error("a rate without a table")
	}
}

func TestRewrites(t *testing.T) {
	tb := &stats.Table{History: &stats.History{Operations: map[string]int{"MERGE": 2, "WRITE": 5, "DELETE": 1, "STREAMING UPDATE": 9}}}
	if n := Rewrites(tb); n != 3 {
		t.Errorf("%d", n)
	}
}
