//go:build unix

package engine_test

import (
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
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

// FuzzCacheFiles puts arbitrary bytes (truncated records and packs among
// them), a FIFO or a link in the cache's files, under their own names and
// new ones. A run never hangs, never fails, gives the findings a run without
// a cache gives, and removes or changes nothing that does not begin as a
// file of the cache's does; a file outside the cache is never touched.
// go test runs the seeds only.
func FuzzCacheFiles(f *testing.F) {
	dir := f.TempDir()
	for name, text := range cacheProject {
		p := filepath.Join(dir, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			f.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			f.Fatal(err)
		}
	}
	lint := func(c *cache.Cache) ([]string, error) {
		configs, err := config.NewResolver(config.ResolverOptions{})
		if err != nil {
			return nil, err
		}
		res, err := engine.New(configs, engine.Options{Cache: c}).Lint(context.Background(), []string{dir})
		if err != nil {
			return nil, err
		}
		for _, n := range res.Notes {
			if n.Error {
				return nil, fmt.Errorf("the run failed: %v", n)
			}
		}
		return lines(dir, res.Findings), nil
	}
	genuine := filepath.Join(f.TempDir(), "cache")
	c, err := cache.Open(cache.Options{Dir: genuine, Version: "fuzz"})
	if err != nil {
		f.Fatal(err)
	}
	want, err := lint(nil)
	if err != nil {
		f.Fatal(err)
	}
	if _, err := lint(c); err != nil {
		f.Fatal(err)
	}
	c.Close()
	packNames, _ := filepath.Glob(filepath.Join(genuine, "*.pack"))
	recNames, _ := filepath.Glob(filepath.Join(genuine, "runs", "*"))
	if len(packNames) != 1 || len(recNames) != 1 {
		f.Fatalf("the genuine cache holds %v and %v", packNames, recNames)
	}
	pack, _ := os.ReadFile(packNames[0])
	record, _ := os.ReadFile(recNames[0])
	packName, _ := filepath.Rel(genuine, packNames[0])
	recName, _ := filepath.Rel(genuine, recNames[0])

	const (
		inPack = iota
		inRecord
		newRecord
		oldTemps
		fifoRecord
		linkedRecord
		slots
	)
	f.Add(uint8(inPack), pack[:len(pack)/2])
	f.Add(uint8(inPack), pack[:len(pack)-1])
	f.Add(uint8(inRecord), record[:len(record)-1])
	f.Add(uint8(inRecord), []byte{})
	f.Add(uint8(newRecord), record)
	f.Add(uint8(oldTemps), pack[:60])
	f.Add(uint8(fifoRecord), []byte(nil))
	f.Add(uint8(linkedRecord), []byte("/dev/zero"))
	f.Fuzz(func(t *testing.T, slot uint8, data []byte) {
		cacheDir := filepath.Join(t.TempDir(), "cache")
		if err := os.CopyFS(cacheDir, os.DirFS(genuine)); err != nil {
			t.Fatal(err)
		}
		outside := filepath.Join(t.TempDir(), "precious")
		if err := os.WriteFile(outside, []byte("not the cache's"), 0o644); err != nil {
			t.Fatal(err)
		}
		put := func(name string, b []byte) {
			if err := os.WriteFile(filepath.Join(cacheDir, name), b, 0o644); err != nil {
				t.Fatal(err)
			}
		}
		switch slot % slots {
		case inPack:
			put(packName, data)
		case inRecord:
			put(recName, data)
		case newRecord:
			put(filepath.Join("runs", "0123456789abcdef0123456789abcdef"), data)
		case oldTemps:
			old := time.Now().Add(-2 * time.Hour)
			for _, name := range []string{".tmp-fuzz", filepath.Join("runs", "tmp-fuzz")} {
				put(name, data)
				os.Chtimes(filepath.Join(cacheDir, name), old, old)
			}
		case fifoRecord:
			os.Remove(filepath.Join(cacheDir, recName))
			if err := syscall.Mkfifo(filepath.Join(cacheDir, recName), 0o644); err != nil {
				t.Skip(err)
			}
		case linkedRecord:
			os.Remove(filepath.Join(cacheDir, recName))
			to := outside
			if string(data) == "/dev/zero" {
				to = "/dev/zero"
			}
			if err := os.Symlink(to, filepath.Join(cacheDir, recName)); err != nil {
				t.Skip(err)
			}
		}
		before := tree(t, cacheDir)
		for range 2 {
			c, err := cache.Open(cache.Options{Dir: cacheDir, Version: "fuzz", MaxBytes: 4 << 10})
			if err != nil {
				t.Fatal(err)
			}
			got, err := lint(c)
			c.Close()
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, want) {
				t.Fatalf("findings:\n%v\nwant\n%v", got, want)
			}
		}
		after := tree(t, cacheDir)
		for name, was := range before {
			ours := len(was) >= 48 && (strings.HasPrefix(string(pack), was[:48]) || strings.HasPrefix(string(record), was[:48]))
			if after[name] != was && !ours {
				t.Errorf("%s was removed or changed, yet it does not begin as the cache's files do", name)
			}
		}
		if b, err := os.ReadFile(outside); err != nil || string(b) != "not the cache's" {
			t.Errorf("the file outside the cache: %q, %v", b, err)
		}
	})
}
