package engine_test

import (
	"context"
	"runtime"
	"testing"

	"github.com/lakelint/lakelint/engine"
)

// The work of checking a file grows with its findings, not with their
// square: a file four times longer, with four times the findings, allocates
// about four times as much. Memory allocated is counted, not time, so the
// test holds on a busy machine; before, each fix's check copied the whole
// SQL text, which made the bytes per finding grow with the file.
func TestWorkPerFindingStaysFlat(t *testing.T) {
	if testing.Short() {
		t.Skip("lints files with thousands of findings")
	}
	for _, shape := range manyFindingShapes {
		t.Run(shape.name, func(t *testing.T) {
			perFinding := func(n int) float64 {
				l := newLinter(t)
				src := []engine.Source{{Path: shape.file, Data: shape.make(n)}}
				var before, after runtime.MemStats
				runtime.ReadMemStats(&before)
				res, err := l.LintSources(context.Background(), src)
				runtime.ReadMemStats(&after)
				if err != nil {
					t.Fatal(err)
				}
				if res.Found < n {
					t.Fatalf("%d findings, want at least %d", res.Found, n)
				}
				return float64(after.TotalAlloc-before.TotalAlloc) / float64(res.Found)
			}
			small, large := perFinding(1000), perFinding(4000)
			t.Logf("bytes allocated per finding: %.0f with 1000, %.0f with 4000", small, large)
			if large > 1.6*small {
				t.Errorf("bytes allocated per finding grow from %.0f to %.0f with four times the findings: the work is not linear", small, large)
			}
		})
	}
}
