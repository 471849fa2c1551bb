package link_test

import (
	"bytes"
	"encoding/json"
	"runtime"
	"slices"
	"testing"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/link"
)

// joined concatenates the parts LinkEach handed out for one file.
func joined(parts []*link.Extra) *link.Extra {
	e := parts[0]
	for _, o := range parts[1:] {
		e = &link.Extra{Writes: append(e.Writes, o.Writes...), Reads: append(e.Reads, o.Reads...), Tables: append(e.Tables, o.Tables...),
			Settings: append(e.Settings, o.Settings...), Maintenance: append(e.Maintenance, o.Maintenance...), Fills: append(e.Fills, o.Fills...)}
	}
	return e
}

// LinkEach's parts, joined, are what Link returns, whatever the workers:
// what a call in a file after a helper's in path order (jobs/ after common/)
// adds to the helper's file comes in a second part.
func TestLinkEachEqualsLink(t *testing.T) {
	paths, files, err := corpusfacts.Extract(5, 600<<10)
	if err != nil {
		t.Fatal(err)
	}
	summaries := map[string]*facts.Summary{
		"jobs/b.py":    summaryOf(t, "jobs/b.py", "from common.io import save\nsave(spark.range(1))\n"),
		"common/io.py": summaryOf(t, "common/io.py", "def save(df, name=\"main.sales.events\"):\n    spark.conf.set(\"spark.sql.shuffle.partitions\", \"8\")\n    df.write.mode(\"append\").saveAsTable(name)\n\nsave(spark.range(2), \"main.sales.x\")\n"),
	}
	for i, p := range paths {
		summaries[p] = files[i].Summary
	}
	all := slices.Sorted(func(yield func(string) bool) {
		for p := range summaries {
			if !yield(p) {
				return
			}
		}
	})
	encode := func(res func(p string) *link.Extra) []byte {
		var out bytes.Buffer
		for _, p := range all {
			data, err := json.Marshal(res(p))
			if err != nil {
				t.Fatal(err)
			}
			out.Write(data)
			out.WriteByte('\n')
		}
		return out.Bytes()
	}
	want := encode(freshLink(summaries).For)
	for _, procs := range []int{1, 2, 3} {
		func() {
			defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(procs))
			b := &link.Builder{}
			for p, s := range summaries {
				b.Add(p, s)
			}
			parts := map[string][]*link.Extra{}
			var order []string
			b.LinkEach(func(p string, e *link.Extra) {
				parts[p] = append(parts[p], e)
				order = append(order, p)
			})
			if len(parts["common/io.py"]) != 2 {
				t.Errorf("common/io.py got %d parts, want its own and what jobs/b.py's call adds", len(parts["common/io.py"]))
			}
			descents := 0
			for i := 1; i < len(order); i++ {
				if order[i] <= order[i-1] {
					descents++
				}
			}
			if descents > 1 { // the first parts, then the second ones
				t.Errorf("parts out of path order: %v", order)
			}
			got := encode(func(p string) *link.Extra {
				if parts[p] == nil {
					return nil
				}
				return joined(parts[p])
			})
			if !bytes.Equal(got, want) {
				t.Errorf("with %d workers LinkEach's parts are not Link's Result", procs)
			}
		}()
	}
}
