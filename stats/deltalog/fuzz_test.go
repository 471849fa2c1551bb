package deltalog_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats/deltalog"
)

// FuzzCorruptCheckpoint damages eight bytes of a real checkpoint at pos and
// requires Open to return (an error or a snapshot) rather than crash. The
// seeds include spots that make the Parquet decoder panic, so plain
// `go test` already exercises the recovery; `go test -fuzz` explores more.
func FuzzCorruptCheckpoint(f *testing.F) {
	const table = "dv-partitioned-with-checkpoint"
	const cpName = "00000000000000000010.checkpoint.parquet"
	orig, err := os.ReadFile(filepath.Join(realTables, table, "_delta_log", cpName))
	if err != nil {
		f.Fatal(err)
	}
	for _, pos := range []int{4, 1005, 1467, 2615, 3476, 4022, 4806, 9000, 15000, len(orig) - 200} {
		f.Add(pos, byte(0xa5))
	}
	dir := copyTable(f, table)
	name := logFile(dir, cpName)
	f.Fuzz(func(t *testing.T, pos int, mask byte) {
		if pos < 4 || pos >= len(orig)-8 || mask == 0 {
			t.Skip()
		}
		data := append([]byte(nil), orig...)
		for i := pos; i < pos+8 && i < len(data)-8; i++ {
			data[i] ^= mask
		}
		if err := os.WriteFile(name, data, 0o644); err != nil {
			t.Fatal(err)
		}
		// A damaged page header can make the decoder loop; the timeout, as
		// the stats fetch has one, must end the read.
		ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
		defer cancel()
		if _, err := deltalog.Open(ctx, dir); err != nil && !strings.Contains(err.Error(), cpName) {
			t.Errorf("err = %v, want it to name the checkpoint", err)
		}
	})
}

// TestLoopingDecoderIsAbandoned damages a page header so that parquet-go
// v0.32.0 skips a huge list of doubles past the end of the column chunk
// without noticing, which takes seconds to minutes: Open must give up when
// its context ends and say which file it was reading.
func TestLoopingDecoderIsAbandoned(t *testing.T) {
	const cpName = "00000000000000000010.checkpoint.parquet"
	dir := copyTable(t, "dv-partitioned-with-checkpoint")
	name := logFile(dir, cpName)
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for i := 4019; i < 4027; i++ {
		data[i] ^= '<'
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 300*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err = deltalog.Open(ctx, dir)
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), cpName) {
		t.Fatalf("err = %v, want the deadline, naming %s", err, cpName)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Open took %v after its deadline", d)
	}
}

// TestDecoderPanicIsAnError damages a page header (where arrow-go, the
// earlier decoder, panicked): the reader must turn that into an error naming
// the file.
func TestDecoderPanicIsAnError(t *testing.T) {
	dir := copyTable(t, "dv-partitioned-with-checkpoint")
	name := logFile(dir, "00000000000000000010.checkpoint.parquet")
	data, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	for i := 1005; i < 1013; i++ {
		data[i] ^= 0xa5
	}
	if err := os.WriteFile(name, data, 0o644); err != nil {
		t.Fatal(err)
	}
	wantError(t, dir, nil, "00000000000000000010.checkpoint.parquet", "corrupt parquet")
}
