package link_test

import (
	"reflect"
	"runtime"
	"testing"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/corpusfacts"
	"github.com/lakelint/lakelint/link"
	"github.com/lakelint/lakelint/parsers"
)

// summaryOf extracts one file's summary.
func summaryOf(t *testing.T, p, src string) *facts.Summary {
	t.Helper()
	doc, err := parsers.Load(p, []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return extract.File(doc).Summary
}

// freshLink links summaries with a new Builder.
func freshLink(summaries map[string]*facts.Summary) link.Result {
	b := &link.Builder{}
	for p, s := range summaries {
		b.Add(p, s)
	}
	return b.Link()
}

// TestRelinkEqualsAFreshLink edits the files of a Builder that outlives
// its Links (a helper's body, a module constant, a caller, a file taken
// out and one added) and compares each Link with a new Builder's.
func TestRelinkEqualsAFreshLink(t *testing.T) {
	files := map[string]string{
		"lib/io.py": `
from lib.names import TARGET

def save(df, name=TARGET):
    df.write.mode("append").saveAsTable(name)
`,
		"lib/names.py": `TARGET = "main.sales.events"
`,
		"jobs/a.py": `
from lib.io import save
save(spark.range(1), "main.sales.a")
`,
		"jobs/b.py": `
from lib.io import save
save(spark.range(1))
`,
		"jobs/c.py": `
spark.range(1).write.saveAsTable("main.sales.c")
`,
	}
	summaries := map[string]*facts.Summary{}
	b := &link.Builder{}
	for p, src := range files {
		summaries[p] = summaryOf(t, p, src)
		b.Add(p, summaries[p])
	}
	same := func(step string) link.Result {
		t.Helper()
		got := b.Link()
		if want := freshLink(summaries); !reflect.DeepEqual(got, want) {
			t.Fatalf("%s: the link differs from a fresh one", step)
		}
		return got
	}
	before := same("as added")
	if before.For("jobs/a.py") == nil || before.For("jobs/b.py") == nil {
		t.Fatal("the calls of save add nothing: the test proves nothing")
	}
	edit := func(p, src string) {
		summaries[p] = summaryOf(t, p, src)
		b.Add(p, summaries[p])
	}

	edit("lib/io.py", `
from lib.names import TARGET

def save(df, name=TARGET):
    df.write.mode("overwrite").partitionBy("day").saveAsTable(name)
`)
	after := same("a helper's body")
	if reflect.DeepEqual(after.For("jobs/a.py"), before.For("jobs/a.py")) {
		t.Fatal("the caller of an edited helper kept what it added before")
	}
	edit("lib/names.py", `TARGET = "main.sales.other"
`)
	same("a module constant")
	edit("jobs/c.py", `
from lib.io import save
save(spark.range(2), "main.sales.c")
`)
	same("a caller")
	edit("jobs/a.py", `
from lib.io import save
save(spark.range(1), "main.sales.a2")
`)
	same("a caller no file reads")
	if !b.Changed("jobs/a.py") || b.Changed("jobs/b.py") || b.Changed("jobs/c.py") {
		t.Error("an edit to a caller no file reads relinked more than it")
	}
	b.Add("jobs/a.py", summaries["jobs/a.py"])
	same("a file added again as it was")

	delete(summaries, "lib/names.py")
	b.Remove("lib/names.py")
	same("a file taken out")
	edit("lib/names2.py", `TARGET = "main.sales.events"
`)
	same("a file added")
	b.Add("jobs/b.py", nil)
	delete(summaries, "jobs/b.py")
	same("a file given no summary")
}

// TestRelinkOfTheCorpusEqualsAFreshLink swaps summaries between files
// of the generated corpus, whose modules import each other's helpers.
func TestRelinkOfTheCorpusEqualsAFreshLink(t *testing.T) {
	paths, fs, err := corpusfacts.Extract(3, 400<<10)
	if err != nil {
		t.Fatal(err)
	}
	summaries := map[string]*facts.Summary{}
	b := &link.Builder{}
	for i, f := range fs {
		summaries[paths[i]] = f.Summary
		b.Add(paths[i], f.Summary)
	}
	if !reflect.DeepEqual(b.Link(), freshLink(summaries)) {
		t.Fatal("the first link differs from a fresh one")
	}
	for step := range 6 {
		i, j := (step*7)%len(paths), (step*13+5)%len(paths)
		summaries[paths[i]], summaries[paths[j]] = summaries[paths[j]], summaries[paths[i]]
		b.Add(paths[i], summaries[paths[i]])
		b.Add(paths[j], summaries[paths[j]])
		if !reflect.DeepEqual(b.Link(), freshLink(summaries)) {
			t.Fatalf("step %d: swapping %s and %s: the link differs from a fresh one", step, paths[i], paths[j])
		}
	}
}

// TestRelinkWhenTheFirstToAddAKeyStops: two files call a helper and leave
// its default in place, which adds the helper's facts to its own file
// once, from the first caller in path order; the callers after it skip
// them. When the first stops calling, the next must add them.
func TestRelinkWhenTheFirstToAddAKeyStops(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1)) // one linker: the second caller skips what the first added
	files := map[string]string{
		"lib/io.py": `
def save(df, name="main.sales.events"):
    df.write.mode("append").saveAsTable(name)
`,
		"jobs/a.py": `
from lib.io import save
save(spark.range(1))
`,
		"jobs/b.py": `
from lib.io import save
save(spark.range(2))
`,
	}
	summaries := map[string]*facts.Summary{}
	b := &link.Builder{}
	for p, src := range files {
		summaries[p] = summaryOf(t, p, src)
		b.Add(p, summaries[p])
	}
	if got := b.Link(); got.For("lib/io.py") == nil {
		t.Fatal("the calls add nothing to the helper's file: the test proves nothing")
	}
	summaries["jobs/a.py"] = summaryOf(t, "jobs/a.py", "def other():\n    return 1\n")
	if summaries["jobs/a.py"] == nil {
		t.Fatal("the caller that stopped has no summary: it would be taken out, not changed")
	}
	b.Add("jobs/a.py", summaries["jobs/a.py"])
	got, want := b.Link(), freshLink(summaries)
	if b.Changed("jobs/b.py") == false {
		t.Error("the second caller was not linked again")
	}
	if want.For("lib/io.py") == nil {
		t.Fatal("the second caller adds nothing to the helper's file")
	}
	if !reflect.DeepEqual(got, want) {
		t.Fatal("the link differs from a fresh one once the first caller stopped calling")
	}
}
