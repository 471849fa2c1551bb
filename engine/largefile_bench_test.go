package engine_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/internal/corpusgen"
)

// BenchmarkLargeFile lints one Python file of 5 and 20 MB (the generated
// corpus's jobs, one after another), with max-file-size raised: its peak
// heap (peak-heap-MB) is to stay a small multiple of the file's size.
//
//	go test ./engine -run '^$' -bench '^BenchmarkLargeFile$' -benchtime 1x
func BenchmarkLargeFile(b *testing.B) {
	for _, mb := range []int{5, 20} {
		b.Run(fmt.Sprintf("%dMB", mb), func(b *testing.B) {
			dir := b.TempDir()
			var src bytes.Buffer
			for _, f := range corpusgen.Files(42, mb<<20) {
				src.Write(bytes.TrimPrefix(f, []byte("# Databricks notebook source\n")))
			}
			if err := os.WriteFile(filepath.Join(dir, "big.py"), src.Bytes(), 0o644); err != nil {
				b.Fatal(err)
			}
			if err := os.WriteFile(filepath.Join(dir, ".lakelint.yaml"), []byte("max-file-size: 1GB\n"), 0o644); err != nil {
				b.Fatal(err)
			}
			b.SetBytes(int64(src.Len()))
			var peak uint64
			b.ResetTimer()
			for range b.N {
				peak = max(peak, peakHeap(func() { check(b, dir) }))
			}
			b.ReportMetric(float64(peak)/(1<<20), "peak-heap-MB")
			b.ReportMetric(float64(peak)/float64(src.Len()), "peak-heap/size")
		})
	}
}
