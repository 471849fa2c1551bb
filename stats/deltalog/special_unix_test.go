//go:build unix

package deltalog_test

import (
	"context"
	"errors"
	"syscall"
	"testing"

	"github.com/lakelint/lakelint/stats/deltalog"
)

// A named pipe where a log file should be must neither hang the read nor
// be skipped.
func TestNamedPipesInTheLog(t *testing.T) {
	t.Run("latest commit", func(t *testing.T) {
		dir := threeCommits(t)
		if err := syscall.Mkfifo(logFile(dir, commit3), 0o644); err != nil {
			t.Fatal(err)
		}
		wantError(t, dir, deltalog.ErrIncompleteLog, "latest commit _delta_log/"+commit3, "a named pipe")
	})
	t.Run("_last_checkpoint", func(t *testing.T) {
		// The hint is opened by name, not found by listing.
		dir := threeCommits(t)
		if err := syscall.Mkfifo(logFile(dir, "_last_checkpoint"), 0o644); err != nil {
			t.Fatal(err)
		}
		snap, err := deltalog.Open(context.Background(), dir)
		if err != nil || snap.LastCheckpoint != nil || snap.NumFiles() != 3 {
			t.Errorf("Open = %+v, %v; want the table, without the hint", snap, err)
		}
	})
	t.Run("opened directly", func(t *testing.T) {
		dir := threeCommits(t)
		if err := syscall.Mkfifo(logFile(dir, "pipe"), 0o644); err != nil {
			t.Fatal(err)
		}
		_, err := deltalog.NewLocalStorage(dir).Open(context.Background(), "_delta_log/pipe")
		if !errors.Is(err, deltalog.ErrNotFile) {
			t.Errorf("Open(pipe) = %v, want ErrNotFile", err)
		}
	})
}
