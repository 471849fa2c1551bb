package deltalog_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/metrics"
	"strconv"
	"sync"
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats/deltalog"
	"github.com/lakelint/lakelint/stats/deltatest"
)

const (
	benchFiles = 1_000_000
	benchDays  = 365
	// benchTableVersion names the cached table; bump it when the generator
	// changes so a stale table is not reused.
	benchTableVersion = "v3"
)

// benchStats is a typical Spark per-file stats string: the bulk of a real
// checkpoint, which the reader must skip rather than decode. Values vary
// per file so the column does not compress away.
const benchStats = `{"numRecords":%d,"minValues":{"id":%d,"name":"aaron","amount":0.5},` +
	`"maxValues":{"id":%d,"name":"zoe","amount":9999.5},"nullCount":{"id":0,"name":%d,"amount":0}}`

// benchTable returns a table with a million live files in a checkpoint and
// a few JSON commits after it, generated once under os.TempDir.
func benchTable(b *testing.B) (dir string, live int) {
	b.Helper()
	dir = filepath.Join(os.TempDir(), "lakelint-bench-delta-1m-"+benchTableVersion)
	live = benchFiles - 2000 + 3000 // see the commits below
	if _, err := os.Stat(filepath.Join(dir, "complete")); err == nil {
		return dir, live
	}
	start := time.Now()
	tmp := dir + ".tmp"
	os.RemoveAll(tmp)

	// Files of one day share their partition and tags maps, which keeps
	// generation fast; the checkpoint still has a row of each per file.
	parts := make([]map[string]string, benchDays)
	tags := make([]map[string]string, benchDays)
	for d := range parts {
		day := time.Date(2024, 1, 1+d, 0, 0, 0, 0, time.UTC)
		parts[d] = map[string]string{"date": day.Format("2006-01-02")}
		us := strconv.FormatInt(day.UnixMicro(), 10)
		tags[d] = map[string]string{"INSERTION_TIME": us, "MIN_INSERTION_TIME": us, "MAX_INSERTION_TIME": us, "OPTIMIZE_TARGET_SIZE": "268435456"}
	}
	files := make([]deltatest.File, benchFiles)
	for i := range files {
		p := parts[i%benchDays]
		files[i] = deltatest.File{
			Path:      fmt.Sprintf("date=%s/part-%05d-6c6b6c74-%04x-4000-8000-%012x.c000.snappy.parquet", p["date"], i%1000, i%65536, i),
			Size:      int64(1<<20 + (i*7919)%(255<<20)), // 1 MiB .. 256 MiB
			Partition: p,
			Tags:      tags[i%benchDays],
			Stats:     fmt.Sprintf(benchStats, 50000+i%1000, i*100, i*100+99, i%17),
		}
	}
	extra := deltatest.Files("date=2025-01-01", 7, 3000, 128<<20)
	for i := range extra {
		extra[i].Partition = map[string]string{"date": "2025-01-01"}
	}
	deltatest.Write(b, tmp, deltatest.Table{
		Columns:          []deltatest.Column{{Name: "id", Type: "long"}, {Name: "name", Type: "string"}, {Name: "amount", Type: "double"}},
		PartitionColumns: []string{"date"},
		Commits: []deltatest.Commit{
			{Adds: files},
			{Operation: "STREAMING UPDATE", Adds: extra[:1000], Metrics: map[string]string{"numAddedFiles": "1000", "numOutputRows": "1", "numOutputBytes": "1"}},
			{Operation: "DELETE", Removes: files[:2000]},
			{Operation: "STREAMING UPDATE", Adds: extra[1000:], Metrics: map[string]string{"numAddedFiles": "2000", "numOutputRows": "1", "numOutputBytes": "1"}},
		},
		Checkpoint: &deltatest.Checkpoint{Version: 0, CleanUp: true},
	})
	if err := os.WriteFile(filepath.Join(tmp, "complete"), nil, 0o644); err != nil {
		b.Fatal(err)
	}
	os.RemoveAll(dir)
	if err := os.Rename(tmp, dir); err != nil {
		b.Fatal(err)
	}
	b.Logf("generated %s in %v", dir, time.Since(start).Round(time.Second))
	return dir, live
}

// memPeak samples heap in use (the runtime's HeapInuse) and all memory the
// runtime holds from the OS (its Sys, close to RSS) until stopped.
type memPeak struct {
	stop      chan struct{}
	done      sync.WaitGroup
	heap, sys uint64
}

func startMemPeak() *memPeak {
	m := &memPeak{stop: make(chan struct{})}
	samples := []metrics.Sample{
		{Name: "/memory/classes/heap/objects:bytes"},
		{Name: "/memory/classes/heap/unused:bytes"},
		{Name: "/memory/classes/total:bytes"},
	}
	read := func() {
		metrics.Read(samples)
		m.heap = max(m.heap, samples[0].Value.Uint64()+samples[1].Value.Uint64())
		m.sys = max(m.sys, samples[2].Value.Uint64())
	}
	m.done.Add(1)
	go func() {
		defer m.done.Done()
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		for {
			read()
			select {
			case <-m.stop:
				read()
				return
			case <-t.C:
			}
		}
	}()
	return m
}

func (m *memPeak) Stop() (heap, sys uint64) {
	close(m.stop)
	m.done.Wait()
	return m.heap, m.sys
}

func BenchmarkOpen1MFiles(b *testing.B) {
	dir, live := benchTable(b)
	runtime.GC()
	b.ReportAllocs()
	b.ResetTimer()
	var peakHeap, peakSys uint64
	for b.Loop() {
		m := startMemPeak()
		snap, err := deltalog.Open(context.Background(), dir)
		if err != nil {
			b.Fatal(err)
		}
		tbl := snap.Stats(0)
		heap, sys := m.Stop()
		peakHeap, peakSys = max(peakHeap, heap), max(peakSys, sys)
		if tbl.NumFiles != int64(live) || tbl.Partitions.Distinct != benchDays+1 {
			b.Fatalf("read %d files in %d partitions, want %d in %d", tbl.NumFiles, tbl.Partitions.Distinct, live, benchDays+1)
		}
		runtime.KeepAlive(snap)
		snap, tbl = nil, nil
		b.StopTimer()
		runtime.GC() // each iteration starts from an empty heap
		b.StartTimer()
	}
	b.ReportMetric(float64(peakHeap)/(1<<20), "peak-heap-MB")
	b.ReportMetric(float64(peakSys)/(1<<20), "peak-sys-MB")
}
