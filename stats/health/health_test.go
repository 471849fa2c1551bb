package health

import (
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
)

func defaults() config.Stats { return config.Defaults().Stats }

func TestCheckSmallFiles(t *testing.T) {
	const mb = 1 << 20
	cases := []struct {
		name string
		t    *stats.Table
		want bool
	}{
		{"nil", nil, false},
		{"empty", &stats.Table{}, false},
		{"small average, no sizes", &stats.Table{NumFiles: 2400, SizeInBytes: 2400 * 4 * mb}, true},
		{"few files", &stats.Table{NumFiles: 100, SizeInBytes: 100 * mb}, false},
		{"healthy", &stats.Table{NumFiles: 500, SizeInBytes: 500 * 200 * mb,
			Sizes: &stats.SizeDistribution{P50: 200 * mb, Max: 300 * mb}}, false},
		{"small median under a big average", &stats.Table{NumFiles: 500, SizeInBytes: 500 * 100 * mb,
			Sizes: &stats.SizeDistribution{P50: 2 * mb, Max: 10000 * mb}}, true},
	}
	for _, c := range cases {
		if _, got := CheckSmallFiles(c.t, defaults()); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
	e, _ := CheckSmallFiles(&stats.Table{NumFiles: 4, SizeInBytes: 40, Sizes: &stats.SizeDistribution{
		P50: 10, Max: 10, SmallThreshold: 1 << 20, SmallShare: 0.25,
		Histogram: []stats.Bucket{{Lower: 8, Upper: 16, Count: 3}, {Lower: 64 << 20, Upper: 128 << 20, Count: 1}},
	}}, defaults())
	if e.Average != 10 || e.Median != 10 || e.SmallShare != 0.75 {
		t.Errorf("evidence = %+v; the share must be re-estimated for the configured threshold", e)
	}
}

func TestCheckPartitioning(t *testing.T) {
	const mb = 1 << 20
	st := defaults()
	part := func(distinct, medianBytes, files int64) *stats.Table {
		return &stats.Table{PartitionColumns: []string{"d"}, NumFiles: files,
			Partitions: &stats.PartitionSummary{Distinct: distinct, MedianBytes: medianBytes, MedianFiles: files / max(distinct, 1)}}
	}
	cases := []struct {
		name        string
		t           *stats.Table
		many, small bool
	}{
		{"unpartitioned", &stats.Table{NumFiles: 1e6}, false, false},
		{"too many", part(48210, 1*mb, 50000), true, true},
		{"too many but big", part(20000, 1024*mb, 20000), true, false},
		{"too small", part(1240, 2*mb, 3700), false, true},
		{"small but few partitions", part(12, 2*mb, 3700), false, false},
		{"healthy", part(365, 2048*mb, 20000), false, false},
	}
	for _, c := range cases {
		e, bad := CheckPartitioning(c.t, st)
		if e.TooMany != c.many || e.TooSmall != c.small || bad != (c.many || c.small) {
			t.Errorf("%s: many %v small %v bad %v", c.name, e.TooMany, e.TooSmall, bad)
		}
	}
}

func TestCheckStreamingCommits(t *testing.T) {
	st := defaults()
	hist := func(s stats.StreamingSummary) *stats.Table {
		return &stats.Table{History: &stats.History{Streaming: s}}
	}
	cases := []struct {
		name string
		t    *stats.Table
		want bool
	}{
		{"no history", &stats.Table{}, false},
		{"tiny files", hist(stats.StreamingSummary{Commits: 100, WithMetrics: 100, MedianAddedFiles: 3, MedianBytesPerFile: 38 << 10}), true},
		{"too few commits", hist(stats.StreamingSummary{Commits: 5, WithMetrics: 5, MedianAddedFiles: 3, MedianBytesPerFile: 38 << 10}), false},
		{"big files", hist(stats.StreamingSummary{Commits: 100, WithMetrics: 100, MedianAddedFiles: 2, MedianBytesPerFile: 120 << 20}), false},
		{"rows only, few per file", hist(stats.StreamingSummary{Commits: 50, WithMetrics: 50, MedianAddedFiles: 8, MedianOutputRows: 400}), true},
		{"rows only, many per file", hist(stats.StreamingSummary{Commits: 50, WithMetrics: 50, MedianAddedFiles: 8, MedianOutputRows: 8e6}), false},
		{"rows only, one file", hist(stats.StreamingSummary{Commits: 50, WithMetrics: 50, MedianAddedFiles: 1, MedianOutputRows: 10}), false},
		{"no metrics", hist(stats.StreamingSummary{Commits: 100}), false},
	}
	for _, c := range cases {
		if _, got := CheckStreamingCommits(c.t, st); got != c.want {
			t.Errorf("%s: %v, want %v", c.name, got, c.want)
		}
	}
}
