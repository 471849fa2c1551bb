//go:build unix

package engine_test

import (
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
)

// Special files anywhere in the cache, under any name, never hang a run or
// make it read without end; they are left where they are. (Before, a FIFO
// where the run's record is hung the run, and a link to /dev/zero there
// read until memory ran out.)
func TestCacheSpecialFilesNeverHang(t *testing.T) {
	if _, err := os.Stat("/dev/zero"); err != nil {
		t.Skip("no /dev/zero here")
	}
	dir := writeProject(t, cacheProject)
	want := runOnce(t, dir, nil, true)
	cacheDir := newCacheDir(t)
	runOnce(t, dir, openCache(t, cacheDir), true)
	recs, _ := filepath.Glob(filepath.Join(cacheDir, "runs", "*"))
	if len(recs) != 1 {
		t.Fatalf("want one record, have %v", recs)
	}
	record := recs[0]
	for _, name := range []string{"v2-0000000000000009-9.pack", ".tmp-9", "runs/tmp-9", "runs/00000000000000000000000000000009"} {
		if err := syscall.Mkfifo(filepath.Join(cacheDir, name), 0o644); err != nil {
			t.Skip("no named pipes here:", err)
		}
	}
	if l, err := net.Listen("unix", filepath.Join(cacheDir, "v2-s.pack")); err == nil {
		defer l.Close()
	}

	for name, special := range map[string]func(string) error{
		"a FIFO":             func(p string) error { return syscall.Mkfifo(p, 0o644) },
		"a link to a device": func(p string) error { return os.Symlink("/dev/zero", p) },
	} {
		t.Run(name, func(t *testing.T) {
			os.Remove(record)
			if err := special(record); err != nil {
				t.Skip(err)
			}
			before := tree(t, cacheDir)
			for range 2 {
				got := runOnce(t, dir, openCache(t, cacheDir), true)
				if !reflect.DeepEqual(got.Findings, want.Findings) {
					t.Errorf("findings:\n%v\nwant\n%v", lines(dir, got.Findings), lines(dir, want.Findings))
				}
			}
			after := tree(t, cacheDir)
			for name, was := range before {
				if !strings.HasPrefix(was, "lakelint-cache") && after[name] != was { // packs of the cache's may merge
					t.Errorf("%s (%s) was removed or changed", name, was)
				}
			}
		})
	}
}
