package deltalog_test

import (
	"context"
	"fmt"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats/deltalog"
	"github.com/lakelint/lakelint/stats/deltatest"
)

func TestLargeCommitIsStreamed(t *testing.T) {
	// A commit larger than the read-ahead limit, with a line longer than
	// the read buffer: both are read through the streaming path.
	dir := t.TempDir()
	files := deltatest.Files("", 1, 3000, 10)
	for i := range files {
		files[i].Stats = fmt.Sprintf(`{"numRecords":%d,"minValues":{"s":"%s"}}`, i, strings.Repeat("x", 2000))
	}
	files[1500].Stats = `{"numRecords":1,"minValues":{"s":"` + strings.Repeat("y", 5<<20) + `"}}`
	deltatest.Write(t, dir, deltatest.Table{Commits: []deltatest.Commit{{Adds: files}, {Removes: files[:10]}}})
	if info, err := os.Stat(logFile(dir, "00000000000000000000.json")); err != nil || info.Size() < 8<<20 {
		t.Fatalf("commit 0 is %v bytes (%v), want more than 8 MiB", info.Size(), err)
	}
	snap := open(t, dir)
	if snap.NumFiles() != 2990 || snap.SizeInBytes() != 29900 || snap.Tombstones != 10 {
		t.Errorf("files/bytes/tombstones = %d/%d/%d, want 2990/29900/10", snap.NumFiles(), snap.SizeInBytes(), snap.Tombstones)
	}
}

// countingStorage counts objects opened and not yet closed.
type countingStorage struct {
	deltalog.Storage
	mu   sync.Mutex
	open int
}

type countedObject struct {
	deltalog.Object
	s *countingStorage
}

func (s *countingStorage) Open(ctx context.Context, name string) (deltalog.Object, error) {
	obj, err := s.Storage.Open(ctx, name)
	if err != nil {
		return nil, err
	}
	s.mu.Lock()
	s.open++
	s.mu.Unlock()
	return countedObject{obj, s}, nil
}

func (o countedObject) Close() error {
	o.s.mu.Lock()
	o.s.open--
	o.s.mu.Unlock()
	return o.Object.Close()
}

func TestFailedReadClosesEveryObject(t *testing.T) {
	// A corrupt commit stops the read while later commits are already
	// open, some read ahead and some (over 4 MiB) held open to stream; each
	// one must still be closed.
	dir := t.TempDir()
	stats := strings.Repeat("s", 8<<10)
	commits := []deltatest.Commit{{}}
	for i := range 10 {
		n := 10
		if i%2 == 0 {
			n = 600 // 4.8 MB
		}
		adds := deltatest.Files("", i, n, 10)
		for j := range adds {
			adds[j].Stats = stats
		}
		commits = append(commits, deltatest.Commit{Adds: adds})
	}
	deltatest.Write(t, dir, deltatest.Table{Commits: commits})
	if err := os.WriteFile(logFile(dir, "00000000000000000002.json"), []byte("{not json\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	store := &countingStorage{Storage: deltalog.NewLocalStorage(dir)}
	if _, err := deltalog.OpenStorage(context.Background(), store); err == nil || !strings.Contains(err.Error(), "00000000000000000002.json line 1: corrupt JSON") {
		t.Fatalf("err = %v, want a corrupt JSON error naming commit 2", err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		store.mu.Lock()
		n := store.open
		store.mu.Unlock()
		if n == 0 {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d objects left open", n)
		}
		time.Sleep(10 * time.Millisecond)
	}
}
