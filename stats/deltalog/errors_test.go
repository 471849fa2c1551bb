package deltalog_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/stats/deltalog"
	"github.com/lakelint/lakelint/stats/deltatest"
)

// copyTable copies a real test table so a test can damage it.
func copyTable(t testing.TB, name string) string {
	t.Helper()
	dst := t.TempDir()
	src := filepath.Join(realTables, name)
	err := filepath.WalkDir(src, func(p string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		if d.IsDir() {
			return os.MkdirAll(filepath.Join(dst, rel), 0o755)
		}
		data, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(filepath.Join(dst, rel), data, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	return dst
}

func logFile(dir, name string) string { return filepath.Join(dir, "_delta_log", name) }

func wantError(t *testing.T, dir string, target error, fragments ...string) {
	t.Helper()
	_, err := deltalog.Open(context.Background(), dir)
	if err == nil {
		t.Fatalf("Open succeeded, want an error mentioning %q", fragments)
	}
	if target != nil && !errors.Is(err, target) {
		t.Errorf("err = %v, want errors.Is %v", err, target)
	}
	for _, f := range fragments {
		if !strings.Contains(err.Error(), f) {
			t.Errorf("err = %v, want it to mention %q", err, f)
		}
	}
}

func TestMissingDeltaLog(t *testing.T) {
	dir := t.TempDir()
	wantError(t, dir, deltalog.ErrNotDelta, dir)
	wantError(t, filepath.Join(dir, "does-not-exist"), deltalog.ErrNotDelta)
}

func TestCorruptJSONCommit(t *testing.T) {
	dir := copyTable(t, "dv-partitioned-with-checkpoint")
	name := logFile(dir, "00000000000000000012.json")
	f, err := os.OpenFile(name, os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	f.WriteString(`{"add":{"path":"x","size":` + "\n") // a torn write
	f.Close()
	wantError(t, dir, nil, "00000000000000000012.json", "line 3", "corrupt JSON")
}

func TestTruncatedCheckpoint(t *testing.T) {
	for _, keep := range []int64{0, 100, 8000, 20000} {
		dir := copyTable(t, "dv-partitioned-with-checkpoint")
		if err := os.Truncate(logFile(dir, "00000000000000000010.checkpoint.parquet"), keep); err != nil {
			t.Fatal(err)
		}
		wantError(t, dir, nil, "00000000000000000010.checkpoint.parquet")
	}
}

func TestCorruptCheckpointPages(t *testing.T) {
	// Scribble over data pages but keep the footer intact, so the damage is
	// only seen while decoding; each seed damages a different spot.
	dir := t.TempDir()
	deltatest.Write(t, dir, deltatest.Table{
		Commits:    []deltatest.Commit{{Adds: deltatest.Files("", 0, 5000, 1)}},
		Checkpoint: &deltatest.Checkpoint{Version: 0, RowGroupRows: 1000},
	})
	name := logFile(dir, "00000000000000000000.checkpoint.parquet")
	orig, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for seed := range 8 {
		data := slices.Clone(orig)
		start := len(data) / 10 * (seed + 1) / 2
		for i := start; i < start+64; i++ {
			data[i] ^= byte(0x5a + seed*i)
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		snap, err := deltalog.Open(context.Background(), dir)
		if err == nil {
			// Damage inside a path string can decode cleanly; it must
			// still never lose or invent files.
			if snap.NumFiles() != 5000 {
				t.Errorf("seed %d: %d files without an error", seed, snap.NumFiles())
			}
			continue
		}
		if !strings.Contains(err.Error(), "00000000000000000000.checkpoint.parquet") {
			t.Errorf("seed %d: err = %v, want it to name the checkpoint", seed, err)
		}
	}
}

func TestMissingCheckpointPart(t *testing.T) {
	// Part 2 gone but commit 0 still there: the incomplete checkpoint is
	// ignored and the JSON commits give the same answer.
	dir := copyTable(t, "multi-part-checkpoint")
	if err := os.Remove(logFile(dir, "00000000000000000001.checkpoint.0000000002.0000000002.parquet")); err != nil {
		t.Fatal(err)
	}
	snap, err := deltalog.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Checkpoint != nil || snap.NumFiles() != 10 || snap.SizeInBytes() != 4908 {
		t.Errorf("checkpoint %+v, %d files, %d bytes; want none, 10, 4908", snap.Checkpoint, snap.NumFiles(), snap.SizeInBytes())
	}

	// Without commit 0 there is nothing to fall back on.
	if err := os.Remove(logFile(dir, "00000000000000000000.json")); err != nil {
		t.Fatal(err)
	}
	wantError(t, dir, deltalog.ErrIncompleteLog, "00000000000000000001.checkpoint.0000000002.0000000002.parquet")
}

func TestMissingSidecar(t *testing.T) {
	dir := copyTable(t, "v2-checkpoint-parquet")
	sidecar := "00000000000000000002.checkpoint.0000000002.0000000002.33321cc1-9c55-4d1f-8511-fafe6d2e1133.parquet"
	if err := os.Remove(filepath.Join(dir, "_delta_log", "_sidecars", sidecar)); err != nil {
		t.Fatal(err)
	}
	wantError(t, dir, os.ErrNotExist, sidecar)
}

func TestMissingCommit(t *testing.T) {
	dir := copyTable(t, "dv-partitioned-with-checkpoint")
	if err := os.Remove(logFile(dir, "00000000000000000013.json")); err != nil {
		t.Fatal(err)
	}
	wantError(t, dir, deltalog.ErrIncompleteLog, "00000000000000000013.json is missing")
}

func TestBadLastCheckpointIsIgnored(t *testing.T) {
	dir := copyTable(t, "delta-0.2.0")
	if err := os.WriteFile(logFile(dir, "_last_checkpoint"), []byte("{not json"), 0o644); err != nil {
		t.Fatal(err)
	}
	snap, err := deltalog.Open(context.Background(), dir)
	if err != nil {
		t.Fatal(err)
	}
	if snap.LastCheckpoint != nil || snap.NumFiles() != 3 {
		t.Errorf("hint %+v, %d files", snap.LastCheckpoint, snap.NumFiles())
	}
}

func TestMissingMetadata(t *testing.T) {
	dir := t.TempDir()
	if err := os.MkdirAll(filepath.Join(dir, "_delta_log"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(logFile(dir, "00000000000000000000.json"), []byte(`{"add":{"path":"a","size":1,"partitionValues":{}}}`+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	wantError(t, dir, deltalog.ErrIncompleteLog, "metaData")
}

func TestCancelledContext(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, dir, deltatest.Table{
		Commits:    deltatest.StreamingCommits(50, 1, 10, 1),
		Checkpoint: &deltatest.Checkpoint{Version: 40},
	})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := deltalog.Open(ctx, dir); !errors.Is(err, context.Canceled) {
		t.Errorf("err = %v, want context.Canceled", err)
	}
}

// cancellingStorage cancels the read once a matching object is opened, to
// check the reader stops mid-way rather than only at the start.
type cancellingStorage struct {
	deltalog.Storage
	suffix string
	cancel context.CancelFunc
}

func (s cancellingStorage) Open(ctx context.Context, name string) (deltalog.Object, error) {
	obj, err := s.Storage.Open(ctx, name)
	if strings.HasSuffix(name, s.suffix) {
		s.cancel()
	}
	return obj, err
}

func TestCancelDuringRead(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, dir, deltatest.Table{
		Commits:    []deltatest.Commit{{Adds: deltatest.Files("", 0, 100_000, 1)}, {}},
		Checkpoint: &deltatest.Checkpoint{Version: 0, CleanUp: true},
	})
	for _, suffix := range []string{".checkpoint.parquet", "00000000000000000001.json"} {
		ctx, cancel := context.WithCancel(context.Background())
		store := cancellingStorage{Storage: deltalog.NewLocalStorage(dir), suffix: suffix, cancel: cancel}
		if _, err := deltalog.OpenStorage(ctx, store); !errors.Is(err, context.Canceled) {
			t.Errorf("cancelled at %s: err = %v, want context.Canceled", suffix, err)
		}
	}
}
