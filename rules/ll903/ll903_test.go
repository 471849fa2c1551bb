package ll903_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll903"
	"github.com/lakelint/lakelint/stats/deltatest"
)

func TestLL903(t *testing.T) { ruletest.Run(t, ll903.Rule, "testdata") }

// TestLL903OnDeltaLog reads real Delta tables: 40 streaming commits of two
// 64 KB files each, and 40 streaming commits of one 200 MB file each.
func TestLL903OnDeltaLog(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, filepath.Join(dir, "lake", "clicks"), deltatest.Table{
		Commits: deltatest.StreamingCommits(40, 2, 64<<10, 500),
	})
	deltatest.Write(t, filepath.Join(dir, "lake", "big"), deltatest.Table{
		Commits: deltatest.StreamingCommits(40, 1, 200<<20, 2_000_000),
	})
	files := map[string]string{
		".lakelint.yaml": "stats:\n  tables:\n    main.web.clicks: lake/clicks\n    main.web.big: lake/big\n",
		"job.py": `s = spark.readStream.table("main.web.raw")
s.writeStream.trigger(processingTime="2 seconds").toTable("main.web.clicks")  # want: LL903 "main.web.clicks: 40 streaming commits added a median of 2 files of 64 KB each \(under 32 MB\): a trigger of 2 seconds"
s.writeStream.trigger(processingTime="2 seconds").toTable("main.web.big")
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ruletest.Run(t, ll903.Rule, dir)
}
