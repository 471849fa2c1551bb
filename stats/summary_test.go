package stats

import (
	"reflect"
	"testing"
)

func TestPercentileNearestRank(t *testing.T) {
	sorted := []int64{10, 20, 30, 40, 50, 60, 70, 80, 90, 100}
	cases := []struct {
		q    float64
		want int64
	}{
		{0, 10}, {0.1, 10}, {0.11, 20}, {0.5, 50}, {0.9, 90}, {0.91, 100}, {1, 100},
	}
	for _, c := range cases {
		if got := Percentile(sorted, c.q); got != c.want {
			t.Errorf("Percentile(q=%v) = %d, want %d", c.q, got, c.want)
		}
	}
	if got := Percentile(nil, 0.5); got != 0 {
		t.Errorf("Percentile(nil) = %d, want 0", got)
	}
	// Three values: p50 is the 2nd (ceil(1.5)=2), p90 the 3rd.
	three := []int64{1, 2, 3}
	if Percentile(three, 0.5) != 2 || Percentile(three, 0.9) != 3 {
		t.Errorf("Percentile on 3 values = %d/%d, want 2/3", Percentile(three, 0.5), Percentile(three, 0.9))
	}
}

func TestMedian(t *testing.T) {
	cases := []struct {
		in   []float64
		want float64
	}{
		{nil, 0}, {[]float64{5}, 5}, {[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5},
	}
	for _, c := range cases {
		if got := Median(c.in); got != c.want {
			t.Errorf("Median(%v) = %v, want %v", c.in, got, c.want)
		}
	}
	in := []float64{3, 1, 2}
	Median(in)
	if !reflect.DeepEqual(in, []float64{3, 1, 2}) {
		t.Errorf("Median modified its input: %v", in)
	}
}

func TestNewSizeDistribution(t *testing.T) {
	sizes := []int64{1 << 20, 0, 3, 64 << 20, 2 << 20, 4}
	d := NewSizeDistribution(sizes, 0)
	want := &SizeDistribution{
		Min: 0, P10: 0, P50: 4, P90: 64 << 20, Max: 64 << 20,
		SmallThreshold: DefaultSmallFileThreshold, SmallCount: 5, SmallShare: 5.0 / 6,
	}
	got := *d
	got.Histogram = nil
	if !reflect.DeepEqual(&got, want) {
		t.Errorf("distribution = %+v, want %+v", got, *want)
	}
	// Buckets run from [0,1) to [64MiB,128MiB) without gaps.
	h := d.Histogram
	if h[0] != (Bucket{0, 1, 1}) {
		t.Errorf("first bucket = %+v, want [0,1) with 1 file", h[0])
	}
	if last := h[len(h)-1]; last != (Bucket{64 << 20, 128 << 20, 1}) {
		t.Errorf("last bucket = %+v", last)
	}
	var total int64
	for i, b := range h {
		total += b.Count
		if i > 0 && b.Lower != h[i-1].Upper {
			t.Errorf("gap between buckets %d and %d: %+v %+v", i-1, i, h[i-1], b)
		}
	}
	if total != 6 || len(h) != 28 {
		t.Errorf("histogram counts %d files in %d buckets, want 6 in 28", total, len(h))
	}
	// [2,4) holds 3; [4,8) holds 4.
	if h[2] != (Bucket{2, 4, 1}) || h[3] != (Bucket{4, 8, 1}) {
		t.Errorf("buckets 2,3 = %+v %+v", h[2], h[3])
	}

	empty := NewSizeDistribution(nil, 100)
	if empty.SmallThreshold != 100 || empty.Histogram != nil || empty.Max != 0 {
		t.Errorf("empty distribution = %+v", *empty)
	}
	// The threshold itself is not small.
	if d := NewSizeDistribution([]int64{99, 100, 101}, 100); d.SmallCount != 1 {
		t.Errorf("SmallCount = %d, want 1", d.SmallCount)
	}
}

func str(s string) *string { return &s }

func TestSummarizePartitions(t *testing.T) {
	cols := []string{"year", "month"}
	tuples := []PartitionTuple{
		{Values: []*string{str("2024"), str("1")}, Files: 5, Bytes: 500},
		{Values: []*string{str("2024"), str("2")}, Files: 1, Bytes: 10},
		{Values: []*string{str("2024"), nil}, Files: 2, Bytes: 20},
		// empty string is null too, so this merges with the tuple above
		{Values: []*string{str("2024"), str("")}, Files: 1, Bytes: 5},
		{Values: []*string{str("2023"), str("1")}, Files: 3, Bytes: 300},
		{Values: []*string{str("2022"), str("1")}, Files: 0, Bytes: 0}, // no files: ignored
	}
	s := SummarizePartitions(cols, tuples)
	if s.Distinct != 4 {
		t.Errorf("Distinct = %d, want 4", s.Distinct)
	}
	if want := map[string]int64{"year": 2, "month": 3}; !reflect.DeepEqual(s.DistinctPerColumn, want) {
		t.Errorf("DistinctPerColumn = %v, want %v", s.DistinctPerColumn, want)
	}
	// files per partition: 1,3,3,5 -> nearest-rank median is the 2nd = 3
	if s.MedianFiles != 3 || s.MaxFiles != 5 {
		t.Errorf("MedianFiles/MaxFiles = %d/%d, want 3/5", s.MedianFiles, s.MaxFiles)
	}
	// bytes: 10,25,300,500 -> 25
	if s.MedianBytes != 25 {
		t.Errorf("MedianBytes = %d, want 25", s.MedianBytes)
	}
	wantTop := []PartitionCount{
		{Values: "year=2024/month=1", Files: 5, Bytes: 500},
		{Values: "year=2023/month=1", Files: 3, Bytes: 300},
		{Values: "year=2024/month=" + NullPartitionValue, Files: 3, Bytes: 25},
		{Values: "year=2024/month=2", Files: 1, Bytes: 10},
	}
	if !reflect.DeepEqual(s.LargestPartitions, wantTop) {
		t.Errorf("LargestPartitions = %+v, want %+v", s.LargestPartitions, wantTop)
	}

	none := SummarizePartitions(nil, nil)
	if none.Distinct != 0 || len(none.DistinctPerColumn) != 0 || none.DistinctPerColumn == nil {
		t.Errorf("unpartitioned summary = %+v", none)
	}
}

func TestSummarizePartitionsKeepsLookalikesApart(t *testing.T) {
	// A literal value spelled like the null marker, or containing separators,
	// must not merge with a different tuple.
	tuples := []PartitionTuple{
		{Values: []*string{nil}, Files: 1},
		{Values: []*string{str(NullPartitionValue)}, Files: 1},
		{Values: []*string{str("a/b=c")}, Files: 1},
		{Values: []*string{str("a")}, Files: 1},
	}
	s := SummarizePartitions([]string{"p"}, tuples)
	if s.Distinct != 4 || s.DistinctPerColumn["p"] != 4 {
		t.Errorf("Distinct = %d, per column %v, want 4", s.Distinct, s.DistinctPerColumn)
	}
	if len(s.LargestPartitions) != 4 {
		t.Errorf("got %d partitions, want 4", len(s.LargestPartitions))
	}
}

func TestSummarizePartitionsCapsLargest(t *testing.T) {
	var tuples []PartitionTuple
	for i := range 15 {
		tuples = append(tuples, PartitionTuple{Values: []*string{str(string(rune('a' + i)))}, Files: int64(i + 1)})
	}
	s := SummarizePartitions([]string{"p"}, tuples)
	if len(s.LargestPartitions) != 10 || s.LargestPartitions[0].Files != 15 || s.LargestPartitions[9].Files != 6 {
		t.Errorf("LargestPartitions = %+v", s.LargestPartitions)
	}
}

func TestSummarizeStreaming(t *testing.T) {
	m := func(files, rows, bytes string) map[string]string {
		return map[string]string{"numAddedFiles": files, "numOutputRows": rows, "numOutputBytes": bytes}
	}
	commits := []Commit{
		{Version: 1, Operation: OpStreamingUpdate, Metrics: m("2", "100", "2000")},
		{Version: 2, Operation: OpStreamingUpdate, Metrics: m("4", "300", "1000")},
		{Version: 3, Operation: OpStreamingUpdate, Metrics: m("0", "0", "0")},
		{Version: 4, Operation: OpStreamingUpdate}, // no metrics, as Delta 0.2 wrote
		{Version: 5, Operation: "WRITE", Metrics: m("100", "1", "1")},
	}
	got := SummarizeStreaming(commits)
	want := StreamingSummary{
		Commits: 4, WithMetrics: 3,
		MedianAddedFiles:   2,   // 0,2,4
		MedianOutputRows:   100, // 0,100,300
		MedianBytesPerFile: 625, // 2000/2=1000 and 1000/4=250; the empty commit is skipped
	}
	if got != want {
		t.Errorf("SummarizeStreaming = %+v, want %+v", got, want)
	}
}

func TestSummarizeHistory(t *testing.T) {
	if SummarizeHistory(nil) != nil {
		t.Fatal("SummarizeHistory(nil) should be nil")
	}
	var commits []Commit
	for v := range 30 {
		op := "WRITE"
		switch v {
		case 3, 12:
			op = "OPTIMIZE"
		case 5:
			op = "VACUUM END"
		case 4:
			op = "VACUUM START"
		}
		commits = append(commits, Commit{Version: int64(v), Operation: op})
	}
	h := SummarizeHistory(commits)
	if h.Commits != 30 {
		t.Errorf("Commits = %d", h.Commits)
	}
	if want := map[string]int{"WRITE": 26, "OPTIMIZE": 2, "VACUUM START": 1, "VACUUM END": 1}; !reflect.DeepEqual(h.Operations, want) {
		t.Errorf("Operations = %v, want %v", h.Operations, want)
	}
	if h.LastOptimize == nil || h.LastOptimize.Version != 12 {
		t.Errorf("LastOptimize = %+v, want version 12", h.LastOptimize)
	}
	if h.LastVacuum == nil || h.LastVacuum.Version != 5 {
		t.Errorf("LastVacuum = %+v, want version 5", h.LastVacuum)
	}
	if len(h.Recent) != 20 || h.Recent[0].Version != 29 || h.Recent[19].Version != 10 {
		t.Errorf("Recent = %d commits from %d to %d, want 20 from 29 to 10", len(h.Recent), h.Recent[0].Version, h.Recent[len(h.Recent)-1].Version)
	}
	if commits[0].Version != 0 {
		t.Error("SummarizeHistory reordered its input")
	}
}
