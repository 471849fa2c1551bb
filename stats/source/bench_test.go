package source

import (
	"context"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/stats/deltatest"
)

// BenchmarkAttachLargeTable measures one fetch of a 100,000-file table
// written by 1,000 streaming commits, read from its Delta log.
func BenchmarkAttachLargeTable(b *testing.B) {
	dir := b.TempDir()
	deltatest.Write(b, filepath.Join(dir, "lake", "big"), deltatest.Table{
		Commits: deltatest.StreamingCommits(1000, 100, 40<<10, 500),
	})
	p := &project{dir: dir}
	cfg := newConfig(b, dir, "stats:\n  tables:\n    main.web.big: lake/big\n")
	p.cfg = cfg
	b.ResetTimer()
	for b.Loop() {
		cat := writes("main.web.big")
		if _, err := p.attacher(Options{}).Attach(context.Background(), cat); err != nil {
			b.Fatal(err)
		}
		if table(cat, "main.web.big").Live.NumFiles != 100_000 {
			b.Fatal("wrong file count")
		}
	}
}
