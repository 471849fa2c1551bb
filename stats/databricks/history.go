package databricks

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/stats"
)

// maxRecent is how many commits History.Recent keeps.
const maxRecent = 20

// Operation names as DESCRIBE HISTORY reports them.
const (
	opStreamingUpdate = "STREAMING UPDATE"
	opVacuumStart     = "VACUUM START"
	opVacuumEnd       = "VACUUM END"
	opOptimizePrefix  = "OPTIMIZE"
)

// parseHistory turns DESCRIBE HISTORY rows into commits, newest first.
func parseHistory(rows []Row) ([]stats.Commit, error) {
	commits := make([]stats.Commit, 0, len(rows))
	for i, row := range rows {
		c := cells{row: row}
		c.require("version")
		commits = append(commits, stats.Commit{
			Version:    c.int("version"),
			Timestamp:  c.time("timestamp"),
			Operation:  c.str("operation"),
			Metrics:    c.strMap("operationMetrics"),
			Parameters: c.strMap("operationParameters"),
		})
		if c.err != nil {
			return nil, fmt.Errorf("history row %d: %w", i, c.err)
		}
	}
	slices.SortStableFunc(commits, func(a, b stats.Commit) int { return cmp.Compare(b.Version, a.Version) })
	return commits, nil
}

// summarizeHistory condenses commits, which must be newest first.
func summarizeHistory(commits []stats.Commit) *stats.History {
	h := &stats.History{Commits: len(commits), Operations: map[string]int{}}
	var added, rows, bytesPerFile []float64
	for i := range commits {
		c := &commits[i]
		h.Operations[c.Operation]++
		switch {
		case c.Operation == opStreamingUpdate:
			h.Streaming.Commits++
			files, hasFiles := metric(c, "numAddedFiles")
			out, hasRows := metric(c, "numOutputRows")
			size, hasBytes := metric(c, "numOutputBytes")
			if hasFiles || hasRows || hasBytes {
				h.Streaming.WithMetrics++
			}
			if hasFiles {
				added = append(added, files)
			}
			if hasRows {
				rows = append(rows, out)
			}
			// Empty micro-batches add no files; they say nothing about file size.
			if hasFiles && hasBytes && files > 0 {
				bytesPerFile = append(bytesPerFile, size/files)
			}
		case strings.HasPrefix(c.Operation, opOptimizePrefix) && h.LastOptimize == nil:
			h.LastOptimize = new(*c)
		case (c.Operation == opVacuumStart || c.Operation == opVacuumEnd) && h.LastVacuum == nil:
			h.LastVacuum = new(*c)
		}
	}
	h.Streaming.MedianAddedFiles = median(added)
	h.Streaming.MedianOutputRows = median(rows)
	h.Streaming.MedianBytesPerFile = median(bytesPerFile)
	h.Recent = slices.Clone(commits[:min(len(commits), maxRecent)])
	return h
}

// metric reads one numeric operation metric; metrics arrive as text.
func metric(c *stats.Commit, name string) (float64, bool) {
	s, ok := c.Metrics[name]
	if !ok {
		return 0, false
	}
	v, err := strconv.ParseFloat(s, 64)
	return v, err == nil
}
