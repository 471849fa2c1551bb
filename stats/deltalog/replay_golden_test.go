package deltalog_test

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats/deltalog"
	"github.com/lakelint/lakelint/stats/deltatest"
)

// The replay goldens record everything a snapshot exposes — every live file
// in order with its partition values, the history, the summary — as the
// reader produced it before the JSON replay was rewritten for speed. A
// change to any of it shows up as a diff here.
var updateGolden = flag.Bool("update-replay-golden", false, "rewrite testdata/replay/*.json from the current reader")

// snapshotDump is a snapshot as plain data; FetchedAt, the only field that
// changes between runs, is left out.
type snapshotDump struct {
	Version         int64
	Checkpoint      *deltalog.CheckpointInfo
	LastCheckpoint  *deltalog.LastCheckpoint
	Metadata        deltalog.Metadata
	Protocol        deltalog.Protocol
	Domains         map[string]string
	AppTransactions map[string]int64
	Commits         any
	Tombstones      int64
	NumFiles        int
	SizeInBytes     int64
	DVFiles, DVRows int64
	Files           []fileDump
	Stats           any
}

type fileDump struct {
	Path      string
	Size      int64
	Partition []*string
	DV        bool `json:",omitempty"`
}

func dumpSnapshot(snap *deltalog.Snapshot) snapshotDump {
	d := snapshotDump{
		Version: snap.Version, Checkpoint: snap.Checkpoint, LastCheckpoint: snap.LastCheckpoint,
		Metadata: snap.Metadata, Protocol: snap.Protocol, Domains: snap.Domains,
		AppTransactions: snap.AppTransactions, Commits: snap.Commits, Tombstones: snap.Tombstones,
		NumFiles: snap.NumFiles(), SizeInBytes: snap.SizeInBytes(),
	}
	d.DVFiles, d.DVRows = snap.DeletionVectors()
	for f := range snap.Files() {
		d.Files = append(d.Files, fileDump{Path: f.Path, Size: f.Size, Partition: f.Partition, DV: f.HasDeletionVector})
	}
	tbl := snap.Stats(0)
	tbl.FetchedAt, tbl.Location = time.Time{}, "" // vary between runs
	d.Stats = tbl
	return d
}

// goldenTables are the tables the goldens cover: every real table, a
// hand-written log of unusual but valid JSON, and written tables that mix
// adds, removes, re-adds, deletion vectors, encoded paths, null partitions
// and column mapping, with and without a checkpoint.
func goldenTables(t *testing.T) map[string]string {
	t.Helper()
	tables := map[string]string{"oddjson": "testdata/oddjson"}
	entries, err := os.ReadDir(realTables)
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			tables["real-"+e.Name()] = filepath.Join(realTables, e.Name())
		}
	}
	for name, spec := range writtenGoldenSpecs() {
		dir := t.TempDir()
		deltatest.Write(t, dir, spec)
		tables["written-"+name] = dir
	}
	return tables
}

func writtenGoldenSpecs() map[string]deltatest.Table {
	day := func(i int) map[string]string {
		if i%5 == 0 {
			return map[string]string{} // null partition
		}
		return map[string]string{"date": fmt.Sprintf("2024-01-%02d", 1+i%5), "region": []string{"eu west", "us/east", "ap%south"}[i%3]}
	}
	files := func(seq, n int) []deltatest.File {
		fs := deltatest.Files("", seq, n, 0)
		for i := range fs {
			p := day(i + seq)
			fs[i].Path = fmt.Sprintf("date=%s/region=%s/part %d-%d é.parquet", p["date"], p["region"], seq, i)
			fs[i].Partition = p
			fs[i].Size = int64(1000 + 37*i + seq)
			fs[i].Stats = fmt.Sprintf(`{"numRecords":%d,"minValues":{"id":%d},"maxValues":{"id":%d},"nullCount":{"id":0}}`, i, i, i+9)
			fs[i].Tags = map[string]string{"INSERTION_TIME": "1700000000000000"}
		}
		return fs
	}
	dv := func(fs []deltatest.File, off int32, rows int64) []deltatest.File {
		out := append([]deltatest.File(nil), fs...)
		for i := range out {
			o := off + int32(i)
			out[i].DeletionVector = &deltatest.DeletionVector{StorageType: "u", PathOrInlineDv: "ab^-aqEH.-t@S}K{vb[*k^", Offset: &o, SizeInBytes: 40, Cardinality: rows}
		}
		return out
	}
	a, b, c := files(1, 40), files(2, 30), files(3, 20)
	commits := []deltatest.Commit{
		{Adds: a},
		{Operation: "DELETE", Removes: a[:10]},
		{Operation: "WRITE", Adds: b},
		{Operation: "DELETE", Removes: a[10:15], Adds: dv(a[10:15], 1, 3)},
		{Operation: "DELETE", Removes: dv(a[10:12], 1, 3), Adds: dv(a[10:12], 50, 6)},
		{Operation: "OPTIMIZE", Removes: b[:20], Adds: c},
		{Operation: "WRITE", Adds: a[:3]}, // re-added after removal
	}
	cols := []deltatest.Column{{Name: "id", Type: "long"}, {Name: "date", Type: "string", PhysicalName: "col-1d"}, {Name: "region", Type: "string", PhysicalName: "col-2r"}}
	mapped := map[string]string{"delta.columnMapping.mode": "name", "delta.enableDeletionVectors": "true"}
	return map[string]deltatest.Table{
		"json-only": {Columns: cols, PartitionColumns: []string{"date", "region"}, Commits: commits},
		"column-mapped": {
			Columns: cols, PartitionColumns: []string{"date", "region"}, Configuration: mapped,
			Protocol: &deltatest.Protocol{MinReaderVersion: 3, MinWriterVersion: 7, ReaderFeatures: []string{"columnMapping", "deletionVectors"}, WriterFeatures: []string{"columnMapping", "deletionVectors"}},
			Commits:  commits,
		},
		"checkpoint-then-commits": {Columns: cols, PartitionColumns: []string{"date", "region"}, Commits: commits, Checkpoint: &deltatest.Checkpoint{Version: 2}},
		"unpartitioned":           {Commits: commits},
	}
}

func TestReplayMatchesRecordedSnapshots(t *testing.T) {
	for name, dir := range goldenTables(t) {
		t.Run(name, func(t *testing.T) {
			got, err := json.MarshalIndent(dumpSnapshot(open(t, dir)), "", "\t")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := filepath.Join("testdata", "replay", name+".json")
			if *updateGolden {
				if err := os.MkdirAll(filepath.Dir(golden), 0o755); err != nil {
					t.Fatal(err)
				}
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (record with -update-replay-golden)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("snapshot differs from %s; got:\n%s", golden, got)
			}
		})
	}
}
