package deltalog_test

import (
	"context"
	"encoding/json"
	"maps"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/deltalog"
)

// realTables holds real Delta tables from public repositories; SOURCES.md
// there says where each came from and ground-truth.json what it contains.
const realTables = "../../testdata/delta"

// groundTruth is the subset of a ground-truth.json entry the tests check.
type groundTruth struct {
	LatestVersion  int64 `json:"latest_version"`
	CheckpointUsed *struct {
		Version  int64    `json:"version"`
		Kind     string   `json:"kind"`
		Files    []string `json:"files"`
		Sidecars int      `json:"sidecars"`
	} `json:"checkpoint_used"`
	LastCheckpointFile *struct {
		Version     int64 `json:"version"`
		Size        int64 `json:"size"`
		Parts       int   `json:"parts"`
		SizeInBytes int64 `json:"sizeInBytes"`
		SnakeSize   int64 `json:"size_in_bytes"`
	} `json:"last_checkpoint_file"`
	LastCheckpointStale     bool              `json:"last_checkpoint_points_to_older_checkpoint"`
	NumActiveFiles          int64             `json:"num_active_files"`
	TotalBytes              int64             `json:"total_bytes"`
	FileSizeMin             int64             `json:"file_size_min"`
	FileSizeP50             int64             `json:"file_size_p50"`
	FileSizeP90             int64             `json:"file_size_p90"`
	FileSizeMax             int64             `json:"file_size_max"`
	NumTombstones           int64             `json:"num_tombstones"`
	FilesWithDVs            int64             `json:"files_with_deletion_vectors"`
	DeletedRowsByDV         int64             `json:"deleted_rows_by_dv"`
	PartitionColumns        []string          `json:"partition_columns"`
	DistinctPartitionValues int64             `json:"distinct_partition_values"`
	DistinctValuesPerColumn map[string]int64  `json:"distinct_values_per_partition_column"`
	ColumnMappingMode       string            `json:"column_mapping_mode"`
	TableProperties         map[string]string `json:"table_properties"`
	Protocol                deltalog.Protocol `json:"protocol"`
	Clustering              *struct {
		Columns json.RawMessage `json:"columns"` // [["a","b"]] paths, or "a,b"
	} `json:"clustering"`
	Domains         []string       `json:"domains"`
	AppTransactions int            `json:"app_transactions"`
	Operations      map[string]int `json:"operations"`
	StreamingCount  int            `json:"streaming_update_commits"`
	LatestOperation *string        `json:"latest_operation"`
	DataFilesOnDisk struct {
		Present int `json:"present"`
	} `json:"data_files_on_disk"`
	History []struct {
		Version   int64             `json:"version"`
		Operation string            `json:"operation"`
		Metrics   map[string]string `json:"metrics"`
	} `json:"history"`
}

func loadGroundTruth(t *testing.T) map[string]groundTruth {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(realTables, "ground-truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(data, &raw); err != nil {
		t.Fatal(err)
	}
	delete(raw, "_meta")
	out := make(map[string]groundTruth, len(raw))
	for name, msg := range raw {
		var gt groundTruth
		if err := json.Unmarshal(msg, &gt); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		out[name] = gt
	}
	return out
}

func TestRealTablesMatchGroundTruth(t *testing.T) {
	truth := loadGroundTruth(t)
	if len(truth) != 13 {
		t.Fatalf("ground truth has %d tables, want 13", len(truth))
	}
	for _, name := range slices.Sorted(maps.Keys(truth)) {
		want := truth[name]
		t.Run(name, func(t *testing.T) {
			snap, err := deltalog.Open(context.Background(), filepath.Join(realTables, name))
			if err != nil {
				t.Fatal(err)
			}
			checkSnapshot(t, snap, want)
			checkDataFiles(t, filepath.Join(realTables, name), snap, want)
			checkTableStats(t, snap.Stats(0), want)
			checkHistory(t, snap, want)
		})
	}
}

func checkSnapshot(t *testing.T, snap *deltalog.Snapshot, want groundTruth) {
	t.Helper()
	if snap.Version != want.LatestVersion {
		t.Errorf("Version = %d, want %d", snap.Version, want.LatestVersion)
	}
	switch cp := snap.Checkpoint; {
	case want.CheckpointUsed == nil && cp != nil:
		t.Errorf("used checkpoint %+v, want none", *cp)
	case want.CheckpointUsed != nil && cp == nil:
		t.Errorf("used no checkpoint, want %+v", *want.CheckpointUsed)
	case cp != nil:
		w := want.CheckpointUsed
		if cp.Version != w.Version || cp.Kind != w.Kind || !slices.Equal(cp.Files, w.Files) || len(cp.Sidecars) != w.Sidecars {
			t.Errorf("checkpoint = %+v, want %+v", *cp, *w)
		}
	}
	switch lc := snap.LastCheckpoint; {
	case want.LastCheckpointFile == nil && lc != nil:
		t.Errorf("LastCheckpoint = %+v, want none", *lc)
	case want.LastCheckpointFile != nil && lc == nil:
		t.Errorf("LastCheckpoint missing, want %+v", *want.LastCheckpointFile)
	case lc != nil:
		w := want.LastCheckpointFile
		if lc.Version != w.Version || lc.Size != w.Size || lc.Parts != w.Parts || lc.SizeInBytes != max(w.SizeInBytes, w.SnakeSize) {
			t.Errorf("LastCheckpoint = %+v, want %+v", *lc, *w)
		}
		if stale := snap.Checkpoint != nil && lc.Version < snap.Checkpoint.Version; stale != want.LastCheckpointStale {
			t.Errorf("stale hint = %v, want %v", stale, want.LastCheckpointStale)
		}
	}
	if snap.Tombstones != want.NumTombstones {
		t.Errorf("Tombstones = %d, want %d", snap.Tombstones, want.NumTombstones)
	}
	if files, rows := snap.DeletionVectors(); files != want.FilesWithDVs || rows != want.DeletedRowsByDV {
		t.Errorf("DeletionVectors = %d files/%d rows, want %d/%d", files, rows, want.FilesWithDVs, want.DeletedRowsByDV)
	}
	if got := snap.ColumnMappingMode(); got != want.ColumnMappingMode {
		t.Errorf("ColumnMappingMode = %q, want %q", got, want.ColumnMappingMode)
	}
	if got := slices.Sorted(maps.Keys(snap.Domains)); !slices.Equal(got, want.Domains) {
		t.Errorf("Domains = %v, want %v", got, want.Domains)
	}
	if len(snap.AppTransactions) != want.AppTransactions {
		t.Errorf("AppTransactions = %v, want %d", snap.AppTransactions, want.AppTransactions)
	}

	// Files() must agree with the totals.
	var n, bytes int64
	for f := range snap.Files() {
		n++
		bytes += f.Size
		if len(f.Partition) != len(want.PartitionColumns) {
			t.Errorf("%s: %d partition values, want %d", f.Path, len(f.Partition), len(want.PartitionColumns))
		}
	}
	if n != want.NumActiveFiles || bytes != want.TotalBytes {
		t.Errorf("Files() yields %d files/%d bytes, want %d/%d", n, bytes, want.NumActiveFiles, want.TotalBytes)
	}
}

func checkTableStats(t *testing.T, tbl *stats.Table, want groundTruth) {
	t.Helper()
	if tbl.NumFiles != want.NumActiveFiles || tbl.SizeInBytes != want.TotalBytes {
		t.Errorf("NumFiles/SizeInBytes = %d/%d, want %d/%d", tbl.NumFiles, tbl.SizeInBytes, want.NumActiveFiles, want.TotalBytes)
	}
	s := tbl.Sizes
	if s.Min != want.FileSizeMin || s.P50 != want.FileSizeP50 || s.P90 != want.FileSizeP90 || s.Max != want.FileSizeMax {
		t.Errorf("sizes min/p50/p90/max = %d/%d/%d/%d, want %d/%d/%d/%d",
			s.Min, s.P50, s.P90, s.Max, want.FileSizeMin, want.FileSizeP50, want.FileSizeP90, want.FileSizeMax)
	}
	if !slices.Equal(tbl.PartitionColumns, want.PartitionColumns) {
		t.Errorf("PartitionColumns = %q, want %q", tbl.PartitionColumns, want.PartitionColumns)
	}
	if tbl.Partitions.Distinct != want.DistinctPartitionValues {
		t.Errorf("distinct partitions = %d, want %d", tbl.Partitions.Distinct, want.DistinctPartitionValues)
	}
	if !maps.Equal(tbl.Partitions.DistinctPerColumn, want.DistinctValuesPerColumn) {
		t.Errorf("distinct per column = %v, want %v", tbl.Partitions.DistinctPerColumn, want.DistinctValuesPerColumn)
	}
	if !maps.Equal(tbl.Properties, want.TableProperties) {
		t.Errorf("Properties = %v, want %v", tbl.Properties, want.TableProperties)
	}
	gotProto := deltalog.Protocol{
		MinReaderVersion: tbl.MinReaderVersion, MinWriterVersion: tbl.MinWriterVersion,
		ReaderFeatures: tbl.ReaderFeatures, WriterFeatures: tbl.WriterFeatures,
	}
	if !reflect.DeepEqual(gotProto, want.Protocol) {
		t.Errorf("protocol = %+v, want %+v", gotProto, want.Protocol)
	}
	if wantCols := clusteringColumns(t, want); !slices.Equal(tbl.ClusteringColumns, wantCols) {
		t.Errorf("ClusteringColumns = %q, want %q", tbl.ClusteringColumns, wantCols)
	}

	ops := map[string]int{}
	if tbl.History != nil {
		ops = tbl.History.Operations
		if tbl.History.Streaming.Commits != want.StreamingCount {
			t.Errorf("streaming commits = %d, want %d", tbl.History.Streaming.Commits, want.StreamingCount)
		}
		if want.LatestOperation == nil || tbl.History.Recent[0].Operation != *want.LatestOperation {
			t.Errorf("latest operation = %q, want %v", tbl.History.Recent[0].Operation, want.LatestOperation)
		}
	}
	if !maps.Equal(ops, want.Operations) {
		t.Errorf("Operations = %v, want %v", ops, want.Operations)
	}
}

func clusteringColumns(t *testing.T, want groundTruth) []string {
	t.Helper()
	if want.Clustering == nil {
		return []string{}
	}
	var paths [][]string
	if json.Unmarshal(want.Clustering.Columns, &paths) == nil {
		var out []string
		for _, p := range paths {
			out = append(out, strings.Join(p, "."))
		}
		return out
	}
	var list string
	if err := json.Unmarshal(want.Clustering.Columns, &list); err != nil {
		t.Fatalf("clustering columns %s: %v", want.Clustering.Columns, err)
	}
	return strings.Split(list, ",")
}

func checkHistory(t *testing.T, snap *deltalog.Snapshot, want groundTruth) {
	t.Helper()
	if len(snap.Commits) != len(want.History) {
		t.Fatalf("%d commits in history, want %d", len(snap.Commits), len(want.History))
	}
	for i, w := range want.History {
		got := snap.Commits[i]
		if got.Version != w.Version || got.Operation != w.Operation {
			t.Errorf("commit %d = v%d %q, want v%d %q", i, got.Version, got.Operation, w.Version, w.Operation)
		}
		if len(got.Metrics)+len(w.Metrics) > 0 && !maps.Equal(got.Metrics, w.Metrics) {
			t.Errorf("commit v%d metrics = %v, want %v", w.Version, got.Metrics, w.Metrics)
		}
		if got.Timestamp.IsZero() {
			t.Errorf("commit v%d has no timestamp", w.Version)
		}
	}
}

// checkDataFiles proves paths are decoded right: the data files the ground
// truth found on disk must be found under the paths Files() returns. The
// tables never require them; one has none.
func checkDataFiles(t *testing.T, dir string, snap *deltalog.Snapshot, want groundTruth) {
	t.Helper()
	present := 0
	for f := range snap.Files() {
		info, err := os.Stat(filepath.Join(dir, filepath.FromSlash(f.Path)))
		if err == nil && info.Size() == f.Size {
			present++
		}
	}
	if present != want.DataFilesOnDisk.Present {
		t.Errorf("%d data files found on disk with the logged size, want %d", present, want.DataFilesOnDisk.Present)
	}
}
