package deltalog_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/internal/cputime"
	"github.com/lakelint/lakelint/stats/deltalog"
	"github.com/lakelint/lakelint/stats/deltatest"
)

// The JSON-only benchmarks replay a log with no checkpoint: 100 commits
// adding 1,000,000 files and removing 99,000 of them, as a streaming table
// whose checkpoints were never written (or were deleted) leaves it.
const (
	jsonLogCommits  = 100
	jsonLogAddsPer  = 10_000
	jsonLogRemovals = 1_000 // per commit after the first
	jsonLogDays     = 365
	jsonLogLive     = jsonLogCommits*jsonLogAddsPer - (jsonLogCommits-1)*jsonLogRemovals
)

// statsColumns is a ten-column schema for the per-file stats variant.
var statsColumns = []deltatest.Column{
	{Name: "event_id", Type: "long"}, {Name: "user_id", Type: "long"}, {Name: "session", Type: "string"},
	{Name: "country", Type: "string"}, {Name: "device", Type: "string"}, {Name: "amount", Type: "double"},
	{Name: "quantity", Type: "integer"}, {Name: "event_time", Type: "timestamp"}, {Name: "ingest_date", Type: "date"},
	{Name: "is_test", Type: "boolean"},
}

// fileStats renders Spark-style per-file stats for the statsColumns:
// numRecords, then minValues, maxValues and nullCount over the columns.
func fileStats(i int) string {
	n := 40_000 + i%20_000
	ts := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC).Add(time.Duration(i) * time.Second)
	var b strings.Builder
	fmt.Fprintf(&b, `{"numRecords":%d,"minValues":{"event_id":%d,"user_id":%d,"session":"%08x-5e55-4a1d-9c3b","country":"AR","device":"android-%d",`+
		`"amount":%d.25,"quantity":1,"event_time":"%s","ingest_date":"%s"},`,
		n, int64(i)*100_000, 1000+i%777, i, i%9, i%100, ts.Format("2006-01-02T15:04:05.000Z"), ts.Format("2006-01-02"))
	fmt.Fprintf(&b, `"maxValues":{"event_id":%d,"user_id":%d,"session":"%08x-5e55-4a1d-9c3b","country":"ZW","device":"web-%d",`+
		`"amount":%d.75,"quantity":%d,"event_time":"%s","ingest_date":"%s"},`,
		int64(i)*100_000+int64(n), 900_000+i%777, i+n, i%9, 10_000+i%1000, 1+i%50, ts.Add(time.Hour).Format("2006-01-02T15:04:05.000Z"), ts.Format("2006-01-02"))
	fmt.Fprintf(&b, `"nullCount":{"event_id":0,"user_id":%d,"session":%d,"country":0,"device":%d,"amount":0,"quantity":0,"event_time":0,"ingest_date":0,"is_test":%d}}`,
		i%7, i%13, i%3, i%5)
	return b.String()
}

// writeJSONLog writes the benchmark log into dir, the same bytes on every
// run, and returns its size in bytes.
func writeJSONLog(tb testing.TB, dir string, withStats bool) int64 {
	tb.Helper()
	parts := make([]map[string]string, jsonLogDays)
	for d := range parts {
		parts[d] = map[string]string{"date": time.Date(2024, 1, 1+d, 0, 0, 0, 0, time.UTC).Format("2006-01-02")}
	}
	// Stats vary per file; 4096 distinct strings keep the generator's
	// memory small without changing what the reader has to skip.
	var statsPool []string
	if withStats {
		statsPool = make([]string, 4096)
		for i := range statsPool {
			statsPool[i] = fileStats(i)
		}
	}
	all := make([]deltatest.File, jsonLogCommits*jsonLogAddsPer)
	for i := range all {
		d := i % jsonLogDays
		all[i] = deltatest.File{
			Path:      fmt.Sprintf("date=%s/part-%05d-6c6b6c74-%04x-4000-8000-%012x.c000.snappy.parquet", parts[d]["date"], i%1000, i%65536, i),
			Size:      int64(1<<20 + (i*7919)%(255<<20)),
			Partition: parts[d],
		}
		if withStats {
			all[i].Stats = statsPool[i%len(statsPool)]
		}
	}
	commits := make([]deltatest.Commit, jsonLogCommits)
	for v := range commits {
		c := &commits[v]
		c.Operation = "STREAMING UPDATE"
		c.Metrics = map[string]string{"numAddedFiles": strconv.Itoa(jsonLogAddsPer), "numOutputRows": "1000000", "numOutputBytes": "1"}
		c.Adds = all[v*jsonLogAddsPer : (v+1)*jsonLogAddsPer]
		if v > 0 { // compaction of part of the previous commit's output
			c.Removes = all[(v-1)*jsonLogAddsPer : (v-1)*jsonLogAddsPer+jsonLogRemovals]
		}
	}
	cols := []deltatest.Column{{Name: "id", Type: "long"}}
	if withStats {
		cols = statsColumns
	}
	deltatest.Write(tb, dir, deltatest.Table{Columns: cols, PartitionColumns: []string{"date"}, Commits: commits})

	var size int64
	entries, err := os.ReadDir(filepath.Join(dir, "_delta_log"))
	if err != nil {
		tb.Fatal(err)
	}
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			tb.Fatal(err)
		}
		size += info.Size()
	}
	return size
}

func BenchmarkOpenJSONLog1M(b *testing.B)      { benchmarkJSONLog(b, false) }
func BenchmarkOpenJSONLog1MStats(b *testing.B) { benchmarkJSONLog(b, true) }

func benchmarkJSONLog(b *testing.B, withStats bool) {
	dir := b.TempDir()
	start := time.Now()
	logBytes := writeJSONLog(b, dir, withStats)
	b.Logf("generated %.0f MB of JSON commits in %v", float64(logBytes)/1e6, time.Since(start).Round(time.Second))
	debug.FreeOSMemory() // the generator's garbage must not count as the reader's
	b.ReportAllocs()
	b.ResetTimer()
	var peakHeap, peakRSS, baseRSS uint64
	var cpu time.Duration
	for b.Loop() {
		cpu0 := cputime.Process()
		resetPeakRSS()
		baseRSS = max(baseRSS, readPeakRSS())
		m := startMemPeak()
		snap, err := deltalog.Open(context.Background(), dir)
		if err != nil {
			b.Fatal(err)
		}
		tbl := snap.Stats(0)
		heap, _ := m.Stop()
		cpu += cputime.Process() - cpu0
		peakHeap, peakRSS = max(peakHeap, heap), max(peakRSS, readPeakRSS())
		if tbl.NumFiles != jsonLogLive || tbl.Partitions.Distinct != jsonLogDays || snap.Tombstones != (jsonLogCommits-1)*jsonLogRemovals {
			b.Fatalf("read %d files in %d partitions and %d tombstones", tbl.NumFiles, tbl.Partitions.Distinct, snap.Tombstones)
		}
		runtime.KeepAlive(snap)
		snap, tbl = nil, nil
		b.StopTimer()
		runtime.GC()
		debug.FreeOSMemory() // so the next iteration's peak RSS starts low
		b.StartTimer()
	}
	// On a shared machine the wall time depends on the neighbours; the
	// CPU time this process spent is steadier.
	b.ReportMetric(cpu.Seconds()/float64(b.N), "cpu-s/op")
	b.ReportMetric(float64(logBytes)/1e6, "log-MB")
	b.ReportMetric(float64(peakHeap)/(1<<20), "peak-heap-MB")
	// Peak RSS is the whole test process's, from a base of baseRSS (the
	// test binary, the runtime and what the generator left mapped).
	if peakRSS > 0 {
		b.ReportMetric(float64(peakRSS)/(1<<20), "peak-rss-MB")
		b.ReportMetric(float64(baseRSS)/(1<<20), "base-rss-MB")
	}
}

// resetPeakRSS resets the kernel's high-water mark of this process's
// resident memory (Linux; elsewhere nothing is reported).
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// readPeakRSS returns VmHWM from /proc/self/status in bytes, or 0.
func readPeakRSS() uint64 {
	data, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	for line := range strings.SplitSeq(string(data), "\n") {
		if rest, ok := strings.CutPrefix(line, "VmHWM:"); ok {
			kb, err := strconv.ParseUint(strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "kB")), 10, 64)
			if err == nil {
				return kb << 10
			}
		}
	}
	return 0
}
