package stats

import (
	"cmp"
	"math"
	"math/bits"
	"slices"
	"strconv"
	"strings"
)

// These helpers turn raw per-file and per-commit facts into the summaries a
// Table carries, so every source (Delta log, workspace, snapshot) computes
// them the same way.

// Percentile returns the nearest-rank percentile of an ascending slice:
// sorted[ceil(q*n)-1]. It returns 0 for an empty slice.
func Percentile(sorted []int64, q float64) int64 {
	n := len(sorted)
	if n == 0 {
		return 0
	}
	rank := int(math.Ceil(q * float64(n)))
	return sorted[min(max(rank, 1), n)-1]
}

// Median returns the middle value of xs, averaging the two middle values
// when len(xs) is even, and 0 for an empty slice. xs is not modified.
func Median(xs []float64) float64 {
	n := len(xs)
	if n == 0 {
		return 0
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// NewSizeDistribution summarises file sizes. It sorts sizes in place, which
// spares a copy of a possibly million-entry slice. A threshold <= 0 means
// DefaultSmallFileThreshold.
func NewSizeDistribution(sizes []int64, threshold int64) *SizeDistribution {
	if threshold <= 0 {
		threshold = DefaultSmallFileThreshold
	}
	d := &SizeDistribution{SmallThreshold: threshold}
	if len(sizes) == 0 {
		return d
	}
	slices.Sort(sizes)
	d.Min = sizes[0]
	d.P10 = Percentile(sizes, 0.10)
	d.P50 = Percentile(sizes, 0.50)
	d.P90 = Percentile(sizes, 0.90)
	d.Max = sizes[len(sizes)-1]
	// sizes is sorted, so the small files are a prefix.
	small, _ := slices.BinarySearch(sizes, threshold)
	d.SmallCount = int64(small)
	d.SmallShare = float64(small) / float64(len(sizes))
	d.Histogram = powerOfTwoHistogram(sizes)
	return d
}

// powerOfTwoHistogram buckets ascending sizes into [2^k, 2^(k+1)) ranges,
// with [0, 1) for empty files. Buckets run contiguously from the smallest to
// the largest populated one so a terminal chart shows the gaps.
func powerOfTwoHistogram(sorted []int64) []Bucket {
	lo, hi := bucketIndex(sorted[0]), bucketIndex(sorted[len(sorted)-1])
	out := make([]Bucket, 0, hi-lo+1)
	for k := lo; k <= hi; k++ {
		out = append(out, bucketBounds(k))
	}
	for _, s := range sorted {
		out[bucketIndex(s)-lo].Count++
	}
	return out
}

// bucketIndex is 0 for sizes below 1 and k+1 for sizes in [2^k, 2^(k+1)).
func bucketIndex(size int64) int {
	if size < 1 {
		return 0
	}
	return bits.Len64(uint64(size))
}

func bucketBounds(k int) Bucket {
	if k == 0 {
		return Bucket{Lower: 0, Upper: 1}
	}
	upper := int64(math.MaxInt64)
	if k < 63 {
		upper = int64(1) << k
	}
	return Bucket{Lower: int64(1) << (k - 1), Upper: upper}
}

// PartitionTuple is one partition tuple and the files in it. Values[i]
// belongs to the i-th partition column; nil means null. An empty string also
// counts as null, because Delta and Spark store null partition values that way.
type PartitionTuple struct {
	Values []*string
	Files  int64
	Bytes  int64
}

// NullPartitionValue is how a null value is spelled in PartitionCount.Values,
// following the directory name Hive and Spark use.
const NullPartitionValue = "__HIVE_DEFAULT_PARTITION__"

// SummarizePartitions summarises how files spread over partition tuples.
// Tuples with equal values are merged. With no columns the summary is empty:
// the table is not partitioned.
func SummarizePartitions(columns []string, tuples []PartitionTuple) *PartitionSummary {
	s := &PartitionSummary{DistinctPerColumn: make(map[string]int64, len(columns))}
	if len(columns) == 0 {
		return s
	}
	merged := make(map[string]*PartitionCount)
	perColumn := make([]map[string]struct{}, len(columns))
	for i := range perColumn {
		perColumn[i] = make(map[string]struct{})
	}
	for _, t := range tuples {
		if t.Files == 0 {
			continue
		}
		label := partitionLabel(columns, t.Values)
		pc := merged[label]
		if pc == nil {
			pc = &PartitionCount{Values: label}
			merged[label] = pc
			for i := range columns {
				perColumn[i][valueKey(t.Values, i)] = struct{}{}
			}
		}
		pc.Files += t.Files
		pc.Bytes += t.Bytes
	}
	for i, c := range columns {
		s.DistinctPerColumn[c] = int64(len(perColumn[i]))
	}
	s.Distinct = int64(len(merged))
	if len(merged) == 0 {
		return s
	}

	counts := make([]PartitionCount, 0, len(merged))
	for _, pc := range merged {
		counts = append(counts, *pc)
	}
	files := make([]int64, len(counts))
	bytes := make([]int64, len(counts))
	for i, pc := range counts {
		files[i], bytes[i] = pc.Files, pc.Bytes
	}
	slices.Sort(files)
	slices.Sort(bytes)
	s.MedianFiles = Percentile(files, 0.5)
	s.MaxFiles = files[len(files)-1]
	s.MedianBytes = Percentile(bytes, 0.5)

	// Largest first; ties broken by bytes then label so output is stable.
	slices.SortFunc(counts, func(a, b PartitionCount) int {
		return cmp.Or(cmp.Compare(b.Files, a.Files), cmp.Compare(b.Bytes, a.Bytes), strings.Compare(a.Values, b.Values))
	})
	s.LargestPartitions = counts[:min(len(counts), 10)]
	return s
}

// valueKey distinguishes null from every real value, including one spelled
// like NullPartitionValue.
func valueKey(values []*string, i int) string {
	if i >= len(values) || values[i] == nil || *values[i] == "" {
		return "\x00null"
	}
	return "v" + *values[i]
}

// partitionLabel renders a tuple Hive-style: "year=2024/month=1". Values are
// quoted when they contain the separators, so distinct tuples never share a
// label.
func partitionLabel(columns []string, values []*string) string {
	var b strings.Builder
	for i, c := range columns {
		if i > 0 {
			b.WriteByte('/')
		}
		b.WriteString(c)
		b.WriteByte('=')
		switch {
		case i >= len(values) || values[i] == nil || *values[i] == "":
			b.WriteString(NullPartitionValue)
		case strings.ContainsAny(*values[i], "/=\"") || *values[i] == NullPartitionValue:
			b.WriteString(strconv.Quote(*values[i]))
		default:
			b.WriteString(*values[i])
		}
	}
	return b.String()
}

// Streaming operation names as Delta writes them in commitInfo.
const (
	OpStreamingUpdate = "STREAMING UPDATE"
	opOptimizePrefix  = "OPTIMIZE"
	opVacuumPrefix    = "VACUUM"
	maxRecentCommits  = 20
)

// SummarizeStreaming describes the STREAMING UPDATE commits among commits.
// Medians are taken over the commits that carry each metric; bytes per file
// uses numOutputBytes/numAddedFiles of commits that added files.
func SummarizeStreaming(commits []Commit) StreamingSummary {
	var s StreamingSummary
	var added, rows, perFile []float64
	for _, c := range commits {
		if c.Operation != OpStreamingUpdate {
			continue
		}
		s.Commits++
		files, hasFiles := metricValue(c.Metrics, "numAddedFiles")
		if hasFiles {
			s.WithMetrics++
			added = append(added, files)
		}
		if r, ok := metricValue(c.Metrics, "numOutputRows"); ok {
			rows = append(rows, r)
		}
		if b, ok := metricValue(c.Metrics, "numOutputBytes"); ok && hasFiles && files > 0 {
			perFile = append(perFile, b/files)
		}
	}
	s.MedianAddedFiles = Median(added)
	s.MedianOutputRows = Median(rows)
	s.MedianBytesPerFile = Median(perFile)
	return s
}

func metricValue(m map[string]string, key string) (float64, bool) {
	v, ok := m[key]
	if !ok {
		return 0, false
	}
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	return f, err == nil
}

// SummarizeHistory summarises commits given in any order. It returns nil
// when there are none, meaning the history is unknown.
func SummarizeHistory(commits []Commit) *History {
	if len(commits) == 0 {
		return nil
	}
	newest := slices.Clone(commits)
	slices.SortStableFunc(newest, func(a, b Commit) int { return cmp.Compare(b.Version, a.Version) })

	h := &History{
		Commits:    len(newest),
		Operations: make(map[string]int),
		Streaming:  SummarizeStreaming(newest),
		Recent:     newest[:min(len(newest), maxRecentCommits)],
	}
	for i := range newest {
		c := &newest[i]
		h.Operations[c.Operation]++
		if h.LastOptimize == nil && strings.HasPrefix(c.Operation, opOptimizePrefix) {
			h.LastOptimize = c
		}
		if h.LastVacuum == nil && strings.HasPrefix(c.Operation, opVacuumPrefix) {
			h.LastVacuum = c
		}
	}
	return h
}
