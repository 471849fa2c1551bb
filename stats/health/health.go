package health

import (
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
)

// The checks below judge a table's live state against the stats settings.
// They are pure functions of the stats and the config, so rules and the
// `lakelint stats` command reach the same verdict from the same numbers.
// Each returns its evidence and whether the table is unhealthy; a table
// without the stats a check needs is never judged unhealthy.

// SmallFiles is the evidence that a table is made of small files.
type SmallFiles struct {
	Files     int64
	Average   int64 // bytes per file
	Median    int64 // bytes; 0 when the source has no per-file sizes
	Threshold int64
	// SmallShare is the share of files under Threshold; negative when unknown.
	SmallShare float64
}

// CheckSmallFiles reports a table with more than st.MinFiles files whose
// average or median file is under st.SmallFileThreshold.
func CheckSmallFiles(t *stats.Table, st config.Stats) (SmallFiles, bool) {
	threshold := threshold(st)
	e := SmallFiles{Threshold: threshold, SmallShare: -1}
	if t == nil || t.NumFiles <= 0 {
		return e, false
	}
	e.Files = t.NumFiles
	e.Average = t.SizeInBytes / t.NumFiles
	if d := t.Sizes; d != nil && d.Max > 0 {
		e.Median = d.P50
		e.SmallShare = SmallShare(d, threshold)
	}
	small := e.Average < threshold || e.Median > 0 && e.Median < threshold
	return e, t.NumFiles > int64(st.MinFiles) && small
}

// SmallShare is the share of files under threshold. When the distribution
// was made with another threshold it is estimated from the histogram: files
// in buckets wholly under the threshold count as small.
func SmallShare(d *stats.SizeDistribution, threshold int64) float64 {
	if d == nil {
		return -1
	}
	if d.SmallThreshold == threshold {
		return d.SmallShare
	}
	var small, all int64
	for _, b := range d.Histogram {
		all += b.Count
		if b.Upper <= threshold {
			small += b.Count
		}
	}
	if all == 0 {
		return -1
	}
	return float64(small) / float64(all)
}

// Partitioning is the evidence that a table has too many partitions, or
// partitions too small to ever hold a well-sized file.
type Partitioning struct {
	Columns       []string
	Distinct      int64 // distinct partition values
	MaxPartitions int
	MedianBytes   int64 // bytes in the median partition
	MedianFiles   int64
	Files         int64
	Threshold     int64
	TooMany       bool // Distinct > MaxPartitions
	TooSmall      bool // the median partition is under a quarter of Threshold
}

// CheckPartitioning reports a partitioned table with more than
// st.MaxPartitions distinct partitions, or with more than st.MinFiles files
// and more than st.MinFiles partitions whose median holds less than a
// quarter of st.SmallFileThreshold: even compacted, each such partition
// would be one small file.
func CheckPartitioning(t *stats.Table, st config.Stats) (Partitioning, bool) {
	e := Partitioning{MaxPartitions: st.MaxPartitions, Threshold: threshold(st)}
	if t == nil || len(t.PartitionColumns) == 0 || t.Partitions == nil || t.Partitions.Distinct == 0 {
		return e, false
	}
	p := t.Partitions
	e.Columns = t.PartitionColumns
	e.Distinct, e.MedianBytes, e.MedianFiles, e.Files = p.Distinct, p.MedianBytes, p.MedianFiles, t.NumFiles
	e.TooMany = st.MaxPartitions > 0 && p.Distinct > int64(st.MaxPartitions)
	e.TooSmall = t.NumFiles > int64(st.MinFiles) && p.Distinct > int64(st.MinFiles) && p.MedianBytes < e.Threshold/4
	return e, e.TooMany || e.TooSmall
}

// minRowsPerFile is the fewest rows per added file a healthy streaming
// commit writes, used when commits do not report bytes.
const minRowsPerFile = 10_000

// StreamingCommits is the evidence that a stream commits small files.
type StreamingCommits struct {
	Commits          int // STREAMING UPDATE commits in the history read
	WithMetrics      int
	MedianAddedFiles float64
	MedianOutputRows float64
	// MedianBytesPerFile is 0 when commits do not report output bytes.
	MedianBytesPerFile float64
	Threshold          int64
}

// CheckStreamingCommits reports a table whose history holds at least
// st.MinStreamingCommits STREAMING UPDATE commits (with metrics) that add
// files under st.SmallFileThreshold, judged by the median commit. When
// commits report no bytes, several files of fewer than 10,000 rows each
// count as small.
func CheckStreamingCommits(t *stats.Table, st config.Stats) (StreamingCommits, bool) {
	e := StreamingCommits{Threshold: threshold(st)}
	if t == nil || t.History == nil {
		return e, false
	}
	s := t.History.Streaming
	e.Commits, e.WithMetrics = s.Commits, s.WithMetrics
	e.MedianAddedFiles, e.MedianOutputRows, e.MedianBytesPerFile = s.MedianAddedFiles, s.MedianOutputRows, s.MedianBytesPerFile
	if s.WithMetrics < max(st.MinStreamingCommits, 1) || s.MedianAddedFiles <= 0 {
		return e, false
	}
	if s.MedianBytesPerFile > 0 {
		return e, s.MedianBytesPerFile < float64(e.Threshold)
	}
	return e, s.MedianAddedFiles > 1 && s.MedianOutputRows/s.MedianAddedFiles < minRowsPerFile
}

func threshold(st config.Stats) int64 {
	if st.SmallFileThreshold > 0 {
		return st.SmallFileThreshold
	}
	return stats.DefaultSmallFileThreshold
}
