package deltatest

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// These tests check the written files directly, without the deltalog
// reader, so a bug in one cannot hide a bug in the other.

func readLines(t *testing.T, name string) []map[string]json.RawMessage {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out []map[string]json.RawMessage
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		var m map[string]json.RawMessage
		if err := json.Unmarshal(sc.Bytes(), &m); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if len(m) != 1 {
			t.Fatalf("%s: line with %d actions", name, len(m))
		}
		out = append(out, m)
	}
	return out
}

func actionKinds(lines []map[string]json.RawMessage) []string {
	var out []string
	for _, l := range lines {
		for k := range l {
			out = append(out, k)
		}
	}
	return out
}

func TestWriteCommits(t *testing.T) {
	dir := t.TempDir()
	Write(t, dir, Table{
		PartitionColumns: []string{"day"},
		Configuration:    map[string]string{"delta.appendOnly": "false"},
		Commits: []Commit{
			{Adds: []File{{Path: "day=1/a b.parquet", Size: 10, Partition: map[string]string{"day": "1"}, Tags: map[string]string{"INSERTION_TIME": "1"}}}},
			{Operation: "DELETE", Removes: []File{{Path: "day=1/a b.parquet", Size: 10, Partition: map[string]string{"day": "1"}}},
				Metrics: map[string]string{"numRemovedFiles": "1"}},
		},
		DataFiles: true,
	})
	v0 := readLines(t, filepath.Join(dir, "_delta_log", "00000000000000000000.json"))
	if got := actionKinds(v0); !slices.Equal(got, []string{"commitInfo", "protocol", "metaData", "add"}) {
		t.Errorf("v0 actions = %v", got)
	}
	var add struct {
		Path            string             `json:"path"`
		Size            int64              `json:"size"`
		PartitionValues map[string]*string `json:"partitionValues"`
		Tags            map[string]string  `json:"tags"`
	}
	if err := json.Unmarshal(v0[3]["add"], &add); err != nil {
		t.Fatal(err)
	}
	if add.Path != "day=1/a%20b.parquet" || add.Size != 10 || *add.PartitionValues["day"] != "1" || add.Tags["INSERTION_TIME"] != "1" {
		t.Errorf("add = %+v", add)
	}
	v1 := readLines(t, filepath.Join(dir, "_delta_log", "00000000000000000001.json"))
	if got := actionKinds(v1); !slices.Equal(got, []string{"commitInfo", "remove"}) {
		t.Errorf("v1 actions = %v", got)
	}
	var ci struct {
		Operation string            `json:"operation"`
		Metrics   map[string]string `json:"operationMetrics"`
	}
	if err := json.Unmarshal(v1[0]["commitInfo"], &ci); err != nil {
		t.Fatal(err)
	}
	if ci.Operation != "DELETE" || ci.Metrics["numRemovedFiles"] != "1" {
		t.Errorf("commitInfo = %+v", ci)
	}
	info, err := os.Stat(filepath.Join(dir, "day=1", "a b.parquet"))
	if err != nil || info.Size() != 10 {
		t.Errorf("data file: %v, %v", info, err)
	}
}

func TestWriteColumnMappingKeysByPhysicalName(t *testing.T) {
	dir := t.TempDir()
	Write(t, dir, Table{
		Columns:          []Column{{Name: "Region Name", Type: "string", PhysicalName: "col-1"}},
		PartitionColumns: []string{"Region Name"},
		Configuration:    map[string]string{"delta.columnMapping.mode": "name"},
		Commits:          []Commit{{Adds: []File{{Path: "x", Size: 1, Partition: map[string]string{"Region Name": "EU"}}}}},
	})
	lines := readLines(t, filepath.Join(dir, "_delta_log", "00000000000000000000.json"))
	if !strings.Contains(string(lines[3]["add"]), `"partitionValues":{"col-1":"EU"}`) {
		t.Errorf("add = %s", lines[3]["add"])
	}
	if !strings.Contains(string(lines[2]["metaData"]), `delta.columnMapping.physicalName\":\"col-1`) {
		t.Errorf("metaData = %s", lines[2]["metaData"])
	}
}

func readCheckpoint(t *testing.T, name string) map[string]int {
	t.Helper()
	f, err := os.Open(name)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	pf, err := file.NewParquetReader(f)
	if err != nil {
		t.Fatal(err)
	}
	tbl, err := pqarrow.ReadTable(context.Background(), f, nil, pqarrow.ArrowReadProperties{}, memory.DefaultAllocator)
	if err != nil {
		t.Fatal(err)
	}
	defer tbl.Release()
	counts := map[string]int{"rowGroups": pf.NumRowGroups()}
	for i := range int(tbl.NumCols()) {
		col := tbl.Column(i)
		for _, chunk := range col.Data().Chunks() {
			counts[col.Name()] += chunk.Len() - chunk.NullN()
		}
	}
	return counts
}

func TestWriteCheckpoint(t *testing.T) {
	dir := t.TempDir()
	Write(t, dir, Table{
		Commits: []Commit{
			{Adds: Files("", 0, 5, 100)},
			{Removes: Files("", 0, 2, 100), Domains: []Domain{{Name: "x", Configuration: "{}"}}},
			{Adds: Files("", 1, 1, 7)},
		},
		Checkpoint: &Checkpoint{Version: 1, CleanUp: true, RowGroupRows: 3},
	})
	log := filepath.Join(dir, "_delta_log")
	for _, gone := range []string{"00000000000000000000.json", "00000000000000000001.json"} {
		if _, err := os.Stat(filepath.Join(log, gone)); !os.IsNotExist(err) {
			t.Errorf("%s should have been cleaned up: %v", gone, err)
		}
	}
	if _, err := os.Stat(filepath.Join(log, "00000000000000000002.json")); err != nil {
		t.Error(err)
	}
	counts := readCheckpoint(t, filepath.Join(log, "00000000000000000001.checkpoint.parquet"))
	// 1 protocol + 1 metaData + 1 domain + 3 adds + 2 removes = 8 rows in groups of 3.
	want := map[string]int{"add": 3, "remove": 2, "metaData": 1, "protocol": 1, "domainMetadata": 1, "rowGroups": 3}
	for k, v := range want {
		if counts[k] != v {
			t.Errorf("%s = %d, want %d (all: %v)", k, counts[k], v, counts)
		}
	}
	data, err := os.ReadFile(filepath.Join(log, "_last_checkpoint"))
	if err != nil {
		t.Fatal(err)
	}
	var hint struct{ Version, Size, NumOfAddFiles int64 }
	if err := json.Unmarshal(data, &hint); err != nil || hint.Version != 1 || hint.Size != 8 || hint.NumOfAddFiles != 3 {
		t.Errorf("_last_checkpoint = %s (%v)", data, err)
	}
}

func TestWriteMultiPartCheckpoint(t *testing.T) {
	dir := t.TempDir()
	Write(t, dir, Table{
		Commits:    []Commit{{Adds: Files("", 0, 9, 1)}},
		Checkpoint: &Checkpoint{Version: 0, Parts: 3},
	})
	total := 0
	for p := 1; p <= 3; p++ {
		name := filepath.Join(dir, "_delta_log", fmt.Sprintf("00000000000000000000.checkpoint.%010d.0000000003.parquet", p))
		counts := readCheckpoint(t, name)
		total += counts["add"]
		if p == 1 && counts["protocol"] != 1 {
			t.Errorf("part 1 has no protocol: %v", counts)
		}
	}
	if total != 9 {
		t.Errorf("parts hold %d adds, want 9", total)
	}
}

func TestStreamingCommits(t *testing.T) {
	cs := StreamingCommits(3, 2, 1000, 50)
	if len(cs) != 3 || cs[2].Operation != "STREAMING UPDATE" || cs[2].Metrics["numOutputBytes"] != "2000" || len(cs[2].Adds) != 2 {
		t.Errorf("StreamingCommits = %+v", cs[2])
	}
	seen := map[string]bool{}
	for _, c := range cs {
		for _, f := range c.Adds {
			if seen[f.Path] {
				t.Errorf("duplicate path %s", f.Path)
			}
			seen[f.Path] = true
		}
	}
}
