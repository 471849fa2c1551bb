package health

import (
	"strings"
	"time"

	"github.com/lakelint/lakelint/stats"
)

// CommitRate is how often a stream commits to a table, as its recent
// history shows.
type CommitRate struct {
	PerDay float64 // streaming commits a day over the recent commits read
	// Commits is how many recent streaming commits the rate is taken over.
	Commits int
	// MedianFiles is the median of files added per streaming commit (over
	// the whole history read); 0 when commits report no metrics.
	MedianFiles float64
}

// minRateCommits is the fewest timed commits a rate is taken over.
const minRateCommits = 3

// StreamingCommitRate measures the table's streaming commits a day from
// the timestamps of its recent STREAMING UPDATE commits. ok is false when
// the history has too few of them, or no times.
func StreamingCommitRate(t *stats.Table) (CommitRate, bool) {
	if t == nil || t.History == nil {
		return CommitRate{}, false
	}
	var first, last time.Time
	n := 0
	for _, c := range t.History.Recent {
		if !strings.EqualFold(c.Operation, "STREAMING UPDATE") || c.Timestamp.IsZero() {
			continue
		}
		if n == 0 || c.Timestamp.After(last) {
			last = c.Timestamp
		}
		if n == 0 || c.Timestamp.Before(first) {
			first = c.Timestamp
		}
		n++
	}
	span := last.Sub(first)
	if n < minRateCommits || span <= 0 {
		return CommitRate{}, false
	}
	return CommitRate{
		PerDay:      float64(n-1) / span.Hours() * 24,
		Commits:     n,
		MedianFiles: t.History.Streaming.MedianAddedFiles,
	}, true
}

// Rewrites counts the commits of the table's history that rewrite files a
// stream reading the table has to skip: MERGE, UPDATE and DELETE.
func Rewrites(t *stats.Table) int {
	if t == nil || t.History == nil {
		return 0
	}
	n := 0
	for op, c := range t.History.Operations {
		switch strings.ToUpper(op) {
		case "MERGE", "UPDATE", "DELETE":
			n += c
		}
	}
	return n
}
