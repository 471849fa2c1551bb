//go:build unix

package engine_test

import (
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"github.com/lakelint/lakelint/engine"
)

// A named pipe given on the command line is refused, not read forever.
func TestDiscoverRefusesPipes(t *testing.T) {
	fifo := filepath.Join(t.TempDir(), "job.py")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	_, err := engine.Discover([]string{fifo}, nil)
	if err == nil || !strings.Contains(err.Error(), "not a regular file") {
		t.Errorf("err = %v, want not a regular file", err)
	}
}
