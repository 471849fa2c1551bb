package ll902_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/engine/ruletest"
	"github.com/lakelint/lakelint/rules/ll902"
	"github.com/lakelint/lakelint/stats/deltatest"
)

func TestLL902(t *testing.T) { ruletest.Run(t, ll902.Rule, "testdata") }

// TestLL902OnDeltaLog reads a real Delta table partitioned by hour: 240
// partitions of two 100 KB files each, and a healthy one of 12 partitions.
func TestLL902OnDeltaLog(t *testing.T) {
	dir := t.TempDir()
	deltatest.Write(t, filepath.Join(dir, "lake", "hourly"), partitioned(240, 2, 100<<10))
	deltatest.Write(t, filepath.Join(dir, "lake", "monthly"), partitioned(12, 4, 256<<20))
	files := map[string]string{
		".lakelint.yaml": "stats:\n  tables:\n    main.iot.hourly: lake/hourly\n    main.iot.monthly: lake/monthly\n",
		"job.py": `df = spark.read.table("main.iot.raw")
df.write.mode("append").saveAsTable("main.iot.hourly")  # want: LL902 "main.iot.hourly has 240 partitions \(by hour\), and the median partition holds 200 KB in 2 files"
df.write.mode("append").saveAsTable("main.iot.monthly")
`,
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	ruletest.Run(t, ll902.Rule, dir)
}

// partitioned is a table partitioned by "hour" with n partitions of
// filesPer files of size bytes, written in one commit.
func partitioned(n, filesPer int, size int64) deltatest.Table {
	var adds []deltatest.File
	for i := range n {
		part := map[string]string{"hour": fmt.Sprintf("2025-01-%02dT%02d", 1+i/24, i%24)}
		for _, f := range deltatest.Files(fmt.Sprintf("hour=%d", i), i, filesPer, size) {
			f.Partition = part
			adds = append(adds, f)
		}
	}
	return deltatest.Table{PartitionColumns: []string{"hour"}, Commits: []deltatest.Commit{{Adds: adds}}}
}
