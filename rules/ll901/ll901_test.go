package ll901_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll901"
	"github.com/lakelint/lakelint/stats/deltatest"
)

func TestLL901(t *testing.T) { ruletest.Run(t, ll901.Rule, "testdata") }

// TestLL901OnDeltaLog reads real Delta tables: one named in stats.tables,
// 150 files of 40 KB written by 30 streaming commits, and one the code
// writes by path, mapped by a path prefix: 120 files of 1 MB.
func TestLL901OnDeltaLog(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, filepath.Join(dir, "lake", "clicks"), deltatest.Table{
		Commits: deltatest.StreamingCommits(30, 5, 40<<10, 200),
	})
	deltatest.Write(t, filepath.Join(dir, "lake", "orders"), deltatest.Table{
		Commits: []deltatest.Commit{{Adds: deltatest.Files("", 1, 120, 1<<20)}},
	})
	files := map[string]string{
		".lakelint.yaml": "stats:\n  tables:\n    main.web.clicks: lake/clicks\n  path-prefixes:\n    /mnt/lake: lake\n",
		"job.py": `spark.readStream.table("main.web.raw").writeStream.toTable("main.web.clicks")  # want: LL901 "main.web.clicks has 150 files with a median of 40 KB \(100% under 32 MB\)"
spark.read.table("main.web.raw").write.format("delta").save("/mnt/lake/orders")  # want: LL901 "/mnt/lake/orders has 120 files with a median of 1 MB"
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ruletest.Run(t, ll901.Rule, dir)
}
