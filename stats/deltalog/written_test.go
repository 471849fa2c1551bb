package deltalog_test

import (
	"context"
	"maps"
	"slices"
	"testing"

	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/deltalog"
	"github.com/lakelint/lakelint/stats/deltatest"
)

// Tables written by deltatest, where the test chose every file and commit.

func open(t *testing.T, dir string, opts ...deltalog.Option) *deltalog.Snapshot {
	t.Helper()
	snap, err := deltalog.Open(context.Background(), dir, opts...)
	if err != nil {
		t.Fatal(err)
	}
	return snap
}

func livePaths(snap *deltalog.Snapshot) []string {
	var out []string
	for f := range snap.Files() {
		out = append(out, f.Path)
	}
	slices.Sort(out)
	return out
}

func paths(fs ...[]deltatest.File) []string {
	var out []string
	for _, group := range fs {
		for _, f := range group {
			out = append(out, f.Path)
		}
	}
	slices.Sort(out)
	return out
}

func TestSmallFileStreamingTable(t *testing.T) {
	dir := t.TempDir()
	commits := []deltatest.Commit{{Operation: "CREATE TABLE"}}
	commits = append(commits, deltatest.StreamingCommits(200, 2, 100<<10, 500)...)
	deltatest.Write(t, dir, deltatest.Table{Commits: commits, DataFiles: true})

	tbl := open(t, dir).Stats(0)
	if tbl.Version != 200 || tbl.NumFiles != 400 || tbl.SizeInBytes != 400*(100<<10) {
		t.Errorf("version/files/bytes = %d/%d/%d", tbl.Version, tbl.NumFiles, tbl.SizeInBytes)
	}
	if s := tbl.Sizes; s.SmallCount != 400 || s.SmallShare != 1 || s.P50 != 100<<10 {
		t.Errorf("sizes = %+v", *s)
	}
	h := tbl.History
	want := stats.StreamingSummary{Commits: 200, WithMetrics: 200, MedianAddedFiles: 2, MedianOutputRows: 500, MedianBytesPerFile: 100 << 10}
	if h.Streaming != want {
		t.Errorf("streaming = %+v, want %+v", h.Streaming, want)
	}
	if h.Commits != 201 || h.Operations["STREAMING UPDATE"] != 200 || h.Operations["CREATE TABLE"] != 1 {
		t.Errorf("history = %d commits, ops %v", h.Commits, h.Operations)
	}
	if len(h.Recent) != 20 || h.Recent[0].Version != 200 || h.Recent[19].Version != 181 {
		t.Errorf("recent = %d from v%d", len(h.Recent), h.Recent[0].Version)
	}
	if h.Recent[0].Parameters["epochId"] != "199" || h.Recent[0].Timestamp.IsZero() {
		t.Errorf("newest commit = %+v", h.Recent[0])
	}
	if h.LastOptimize != nil || h.LastVacuum != nil {
		t.Errorf("no maintenance expected: %+v %+v", h.LastOptimize, h.LastVacuum)
	}
}

func TestHealthyTable(t *testing.T) {
	dir := t.TempDir()
	var adds []deltatest.File
	for i, size := range []int64{100 << 20, 120 << 20, 128 << 20, 130 << 20, 256 << 20} {
		adds = append(adds, deltatest.Files("", i, 1, size)...)
	}
	deltatest.Write(t, dir, deltatest.Table{
		Configuration: map[string]string{"delta.targetFileSize": "134217728"},
		Commits: []deltatest.Commit{
			{Adds: adds[:3]},
			{Adds: adds[3:]},
			{Operation: "OPTIMIZE", Parameters: map[string]string{"zOrderBy": "[]"}},
			{Operation: "VACUUM START"},
			{Operation: "VACUUM END"},
		},
	})
	tbl := open(t, dir).Stats(64 << 20)
	s := tbl.Sizes
	if s.Min != 100<<20 || s.P50 != 128<<20 || s.P90 != 256<<20 || s.Max != 256<<20 || s.SmallCount != 0 || s.SmallThreshold != 64<<20 {
		t.Errorf("sizes = %+v", *s)
	}
	if tbl.Properties["delta.targetFileSize"] != "134217728" || tbl.MinReaderVersion != 1 || tbl.MinWriterVersion != 2 {
		t.Errorf("properties/protocol = %v %d/%d", tbl.Properties, tbl.MinReaderVersion, tbl.MinWriterVersion)
	}
	if tbl.History.LastOptimize == nil || tbl.History.LastOptimize.Version != 2 {
		t.Errorf("LastOptimize = %+v", tbl.History.LastOptimize)
	}
	if tbl.History.LastVacuum == nil || tbl.History.LastVacuum.Version != 4 {
		t.Errorf("LastVacuum = %+v", tbl.History.LastVacuum)
	}
}

func TestPartitionedTable(t *testing.T) {
	dir := t.TempDir()
	p := func(region, day string) map[string]string { return map[string]string{"region": region, "day": day} }
	files := []deltatest.File{
		{Path: "region=eu/day=1/a.parquet", Size: 10, Partition: p("eu", "1")},
		{Path: "region=eu/day=1/b.parquet", Size: 20, Partition: p("eu", "1")},
		{Path: "region=eu/day=2/c.parquet", Size: 30, Partition: p("eu", "2")},
		{Path: "region=us/day=2/d.parquet", Size: 40, Partition: p("us", "2")},
		{Path: "region=__HIVE_DEFAULT_PARTITION__/day=2/e.parquet", Size: 50, Partition: p("", "2")},
		{Path: "region=__HIVE_DEFAULT_PARTITION__/day=3/f.parquet", Size: 60, Partition: map[string]string{"day": "3"}},
	}
	deltatest.Write(t, dir, deltatest.Table{
		PartitionColumns: []string{"region", "day"},
		Commits:          []deltatest.Commit{{Adds: files}},
	})
	snap := open(t, dir)
	tbl := snap.Stats(0)
	ps := tbl.Partitions
	if ps.Distinct != 5 {
		t.Errorf("Distinct = %d, want 5", ps.Distinct)
	}
	// region: eu, us, null; day: 1, 2, 3
	if want := map[string]int64{"region": 3, "day": 3}; !maps.Equal(ps.DistinctPerColumn, want) {
		t.Errorf("DistinctPerColumn = %v, want %v", ps.DistinctPerColumn, want)
	}
	if ps.MaxFiles != 2 || ps.LargestPartitions[0] != (stats.PartitionCount{Values: "region=eu/day=1", Files: 2, Bytes: 30}) {
		t.Errorf("largest = %+v", ps.LargestPartitions)
	}
	for f := range snap.Files() {
		if f.Path == "region=__HIVE_DEFAULT_PARTITION__/day=3/f.parquet" && (f.Partition[0] != nil || *f.Partition[1] != "3") {
			t.Errorf("f.parquet partition = %v", f.Partition)
		}
	}
}

func TestColumnMappedPartitionsAndClustering(t *testing.T) {
	dir := t.TempDir()
	cols := []deltatest.Column{
		{Name: "Sales Region", Type: "string", PhysicalName: "col-aaa"},
		{Name: "amount", Type: "long", PhysicalName: "col-bbb"},
	}
	deltatest.Write(t, dir, deltatest.Table{
		Columns:          cols,
		PartitionColumns: []string{"Sales Region"},
		Configuration:    map[string]string{"delta.columnMapping.mode": "name"},
		Protocol:         &deltatest.Protocol{MinReaderVersion: 2, MinWriterVersion: 7, WriterFeatures: []string{"columnMapping", "domainMetadata", "clustering"}},
		Commits: []deltatest.Commit{
			{Adds: []deltatest.File{
				{Path: "a", Size: 1, Partition: map[string]string{"Sales Region": "EU"}},
				{Path: "b", Size: 1, Partition: map[string]string{"Sales Region": "US"}},
				{Path: "c", Size: 1, Partition: map[string]string{"Sales Region": "US"}},
			}},
			// The spec's flat form, physical names under column mapping.
			{Domains: []deltatest.Domain{{Name: "delta.clustering", Configuration: `{"clusteringColumns":["col-bbb"]}`}}},
		},
	})
	tbl := open(t, dir).Stats(0)
	if tbl.Partitions.Distinct != 2 || tbl.Partitions.DistinctPerColumn["Sales Region"] != 2 {
		t.Errorf("partitions = %+v", *tbl.Partitions)
	}
	if !slices.Equal(tbl.ClusteringColumns, []string{"amount"}) {
		t.Errorf("ClusteringColumns = %q, want [amount]", tbl.ClusteringColumns)
	}
	if !slices.Equal(tbl.WriterFeatures, []string{"columnMapping", "domainMetadata", "clustering"}) {
		t.Errorf("WriterFeatures = %v", tbl.WriterFeatures)
	}
}

func TestRemovedDomainIsGone(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, dir, deltatest.Table{
		Commits: []deltatest.Commit{
			{Domains: []deltatest.Domain{
				{Name: "delta.clustering", Configuration: `{"clusteringColumns":[["id"]]}`},
				{Name: "app.keep", Configuration: "x"},
			}},
			{Domains: []deltatest.Domain{{Name: "delta.clustering", Configuration: `{"clusteringColumns":[["id"]]}`, Removed: true}}},
		},
		Checkpoint: &deltatest.Checkpoint{Version: 0},
	})
	snap := open(t, dir)
	if got := slices.Sorted(maps.Keys(snap.Domains)); !slices.Equal(got, []string{"app.keep"}) {
		t.Errorf("Domains = %v", got)
	}
	if got := snap.ClusteringColumns(); len(got) != 0 {
		t.Errorf("ClusteringColumns = %v after the domain was removed", got)
	}
}

// A checkpoint followed by commits that remove checkpointed files, re-add
// a removed one, and replace a file by the same path with a deletion vector.
func TestCheckpointThenCommits(t *testing.T) {
	for _, parts := range []int{1, 3} {
		dir := t.TempDir()
		base := deltatest.Files("", 0, 10, 1000)
		extra := deltatest.Files("", 1, 4, 10)
		dv := &deltatest.DeletionVector{StorageType: "u", PathOrInlineDv: "ab^-aqEH.-t@S}K{vb[*k^", Offset: ptr(int32(1)), SizeInBytes: 36, Cardinality: 3}
		withDV := base[5]
		withDV.DeletionVector = dv
		// The same DV file at another offset is another logical file.
		movedDV := withDV
		movedDV.DeletionVector = &deltatest.DeletionVector{StorageType: "u", PathOrInlineDv: dv.PathOrInlineDv, Offset: ptr(int32(9)), SizeInBytes: 36, Cardinality: 5}
		deltatest.Write(t, dir, deltatest.Table{
			Configuration: map[string]string{"delta.enableDeletionVectors": "true"},
			Protocol:      &deltatest.Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"deletionVectors"}, WriterFeatures: []string{"deletionVectors"}},
			Commits: []deltatest.Commit{
				{Adds: base},
				{Operation: "DELETE", Removes: base[:2]}, // tombstones in the checkpoint
				{Adds: extra[:2], Configuration: map[string]string{"k": "v"}}, // checkpoint here
				{Operation: "DELETE", Removes: base[2:4]},                     // remove checkpointed files
				{Adds: base[:1]}, // re-add a tombstoned file
				{Operation: "DELETE", Removes: []deltatest.File{base[5]}, Adds: []deltatest.File{withDV}},
				{Adds: extra[2:]},
				{Operation: "DELETE", Removes: []deltatest.File{withDV}, Adds: []deltatest.File{movedDV}, Configuration: map[string]string{"k": "v2"}},
			},
			Checkpoint: &deltatest.Checkpoint{Version: 2, Parts: parts, CleanUp: true},
		})
		snap := open(t, dir)
		want := paths(base[:1], base[4:], extra)
		if got := livePaths(snap); !slices.Equal(got, want) {
			t.Errorf("parts=%d: live = %v\nwant %v", parts, got, want)
		}
		if snap.Version != 7 || snap.Checkpoint == nil || snap.Checkpoint.Version != 2 || len(snap.Checkpoint.Files) != parts {
			t.Errorf("parts=%d: version %d, checkpoint %+v", parts, snap.Version, snap.Checkpoint)
		}
		// base[1] (checkpoint), base[2], base[3], base[5] without DV and
		// with the first DV; base[0] was re-added.
		if snap.Tombstones != 5 {
			t.Errorf("parts=%d: Tombstones = %d, want 5", parts, snap.Tombstones)
		}
		if files, rows := snap.DeletionVectors(); files != 1 || rows != 5 {
			t.Errorf("parts=%d: DVs = %d files, %d rows", parts, files, rows)
		}
		if snap.Metadata.Configuration["k"] != "v2" || len(snap.Commits) != 5 {
			t.Errorf("parts=%d: config %v, %d commits (want the 5 after cleanup)", parts, snap.Metadata.Configuration, len(snap.Commits))
		}
	}
}

func ptr[T any](v T) *T { return &v }

func TestCheckpointOnlyLog(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, dir, deltatest.Table{
		PartitionColumns: []string{"p"},
		Commits: []deltatest.Commit{
			{Adds: []deltatest.File{{Path: "x", Size: 5, Partition: map[string]string{"p": "1"}}}},
			{Adds: []deltatest.File{{Path: "y", Size: 7}}},
		},
		Checkpoint: &deltatest.Checkpoint{Version: 1, CleanUp: true, NoLastCheckpoint: true},
	})
	snap := open(t, dir)
	tbl := snap.Stats(0)
	if tbl.Version != 1 || tbl.NumFiles != 2 || tbl.SizeInBytes != 12 || tbl.History != nil || snap.LastCheckpoint != nil {
		t.Errorf("table = %+v, hint %+v", tbl, snap.LastCheckpoint)
	}
	if tbl.Partitions.Distinct != 2 { // "1" and null
		t.Errorf("Distinct = %d, want 2", tbl.Partitions.Distinct)
	}
}

func TestHistoryLimit(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, dir, deltatest.Table{
		Commits:    deltatest.StreamingCommits(30, 1, 10, 1),
		Checkpoint: &deltatest.Checkpoint{Version: 25},
	})
	snap := open(t, dir, deltalog.WithHistoryLimit(5))
	// 5 commits up to the checkpoint (21..25) plus all 4 after it.
	if len(snap.Commits) != 9 || snap.Commits[0].Version != 21 || snap.Commits[8].Version != 29 {
		t.Errorf("commits = %d from v%d", len(snap.Commits), snap.Commits[0].Version)
	}
	if snap.NumFiles() != 30 {
		t.Errorf("NumFiles = %d", snap.NumFiles())
	}
}
