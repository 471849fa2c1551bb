package output

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/finding"
)

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

func pos(line, column, character int) finding.Position {
	return finding.Position{Line: line, Column: column, Character: character}
}

// sample covers what every format must get right: two findings in one
// file, a safe and an unsafe fix, a path with a space, a non-ASCII line
// where Column != Character+1, a notebook cell, characters that need
// escaping, and every severity. It is deliberately out of order.
func sample() []finding.Finding {
	return []finding.Finding{
		{
			Path: "jobs/etl.py", AbsPath: "/work/repo/jobs/etl.py",
			Code: "LL203", Rule: "vacuum-retention-too-short", URL: "https://lakelint.dev/rules/LL203",
			Severity: finding.Error,
			Message:  "VACUUM RETAIN 24 HOURS keeps less than the 168 hours readers may need",
			Start:    pos(20, 1, 0), End: pos(20, 33, 32),
		},
		{
			Path: "jobs/etl.py", AbsPath: "/work/repo/jobs/etl.py",
			Code: "LL101", Rule: "repartition-before-optimized-write", URL: "https://lakelint.dev/rules/LL101",
			Severity: finding.Warning,
			Message:  "repartition(1) before a write with optimized writes on funnels all data through one task",
			Start:    pos(12, 5, 4), End: pos(12, 20, 19),
			Source: []string{`    df.repartition(1).write.saveAsTable("t")`}, SourceLine: 12,
			Fixes: []finding.Fix{{
				Title: "Remove the repartition call", Applicability: finding.Safe,
				Edits: []finding.Edit{{Start: pos(12, 7, 6), End: pos(12, 22, 21), NewText: ""}},
			}},
			Related: []finding.Related{
				{Message: "optimized writes are turned on here", Start: pos(4, 1, 0), End: pos(4, 30, 29)},
				{Message: "the table's definition turns optimized writes on", Start: pos(3, 14, 13), End: pos(3, 15, 14),
					Path: "migrations/001.sql", AbsPath: "/work/repo/migrations/001.sql"},
			},
		},
		{
			Path: "jobs/my job.py", AbsPath: "/work/repo/jobs/my job.py",
			Code: "LL102", Rule: "coalesce-before-write", URL: "https://lakelint.dev/rules/LL102",
			Severity: finding.Warning,
			Message:  "coalesce(1) makes one file per write; let optimized writes size the files",
			Start:    pos(3, 1, 0), End: pos(3, 12, 11),
			Source: []string{"df.coalesce(1).write.parquet(p)", "", "out = df"}, SourceLine: 3,
			Fixes: []finding.Fix{{
				Title: "Drop coalesce(1)", Applicability: finding.Unsafe,
				Edits: []finding.Edit{
					{Start: pos(3, 1, 0), End: pos(3, 12, 11), NewText: "df"},
					{Start: pos(5, 1, 0), End: pos(5, 1, 0), NewText: "# coalesce removed\n"},
				},
			}},
		},
		{
			// s = "日本📈"; df.write.partitionBy("user_id")
			// partitionBy is the 21st code point but starts at UTF-16 unit 21.
			Path: "notebooks/données.py", AbsPath: "/work/repo/notebooks/données.py",
			Code: "LL301", Rule: "high-cardinality-partition", URL: "https://lakelint.dev/rules/LL301",
			Severity: finding.Information,
			Message:  `partitionBy("user_id") uses a high-cardinality column`,
			Start:    pos(7, 21, 21), End: pos(7, 43, 43),
			Source: []string{`s = "日本📈"; df.write.partitionBy("user_id").save(p)`}, SourceLine: 7,
		},
		{
			Path: "notebooks/explore.ipynb", AbsPath: "/work/repo/notebooks/explore.ipynb",
			Code: "LL401", Rule: "streaming-trigger-too-short", URL: "https://lakelint.dev/rules/LL401",
			Severity: finding.Error,
			Message:  "trigger(processingTime=\"500 ms\"): below 1 minute, 100% of batches commit,\nso the table fills with small files",
			Start:    pos(2, 1, 0), End: pos(2, 35, 34),
			Cell:      3,
			FileStart: pos(41, 6, 5), FileEnd: pos(41, 42, 41),
			Source: []string{`q = (df.writeStream`, `  .trigger(processingTime="500 ms")`}, SourceLine: 1,
			Fixes: []finding.Fix{{
				Title: "Use a 1 minute trigger", Applicability: finding.Safe,
				Edits: []finding.Edit{{Start: pos(2, 24, 23), End: pos(2, 32, 31), NewText: `"1 minute"`}},
			}},
		},
		{
			// a dbt model configured in YAML only: its fix edits dbt_project.yml
			Path: "dbt/models/staging/orders.sql", AbsPath: "/work/repo/dbt/models/staging/orders.sql",
			Code: "LL302", Rule: "incremental-without-auto-compaction", URL: "https://lakelint.dev/rules/LL302",
			Severity: finding.Warning,
			Message:  "dbt model orders appends to its Delta table on every run without auto compaction",
			Start:    pos(1, 1, 0), End: pos(1, 21, 20),
			Source: []string{"select * from events"}, SourceLine: 1,
			Fixes: []finding.Fix{{
				Title: "Add delta.autoOptimize.autoCompact to the staging block of dbt_project.yml (every model below it takes them)", Applicability: finding.Unsafe,
				Edits: []finding.Edit{{Start: pos(6, 28, 27), End: pos(6, 28, 27), NewText: "\n      +tblproperties:\n        delta.autoOptimize.autoCompact: 'true'",
					Path: "dbt/dbt_project.yml", AbsPath: "/work/repo/dbt/dbt_project.yml"}},
			}},
		},
		{
			Path: "sql/odd,name:50%.sql", AbsPath: "/work/repo/sql/odd,name:50%.sql",
			Code: "LL501", Severity: finding.Hint,
			Message: "OPTIMIZE without ZORDER BY",
			Start:   pos(1, 1, 0), End: pos(1, 9, 8),
		},
	}
}

func sampleOptions() Options {
	return Options{
		Version: "1.2.3",
		Rules: map[string]RuleInfo{
			"LL101": {
				Name:    "repartition-before-optimized-write",
				Summary: "Repartitioning before an optimized write undoes the write's own shuffle.",
				URL:     "https://lakelint.dev/rules/LL101",
				Level:   finding.Warning,
			},
			"LL301": {Summary: "Partitioning by a high-cardinality column makes tiny partitions.", Level: finding.Warning},
		},
	}
}

func render(t *testing.T, format string, findings []finding.Finding, opts Options) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := Write(&buf, format, findings, opts); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

func checkGolden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./output -update to create it)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from %s (run with -update if the change is right)\n--- got ---\n%s\n--- want ---\n%s", name, path, got, want)
	}
}

func TestGolden(t *testing.T) {
	withUnsafe := sampleOptions()
	withUnsafe.UnsafeFixes = true
	withColor := sampleOptions()
	withColor.Color = true
	for _, tc := range []struct {
		name, format string
		findings     []finding.Finding
		opts         Options
	}{
		{"text", "text", sample(), sampleOptions()},
		{"text_unsafe_fixes", "text", sample(), withUnsafe},
		{"text_color", "text", sample(), withColor},
		{"text_none", "", nil, sampleOptions()},
		{"json", "json", sample(), sampleOptions()},
		{"json_none", "json", nil, sampleOptions()},
		{"github", "github", sample(), sampleOptions()},
		{"sarif", "sarif", sample(), sampleOptions()},
		{"sarif_none", "sarif", nil, Options{}},
		{"sarif_root", "sarif", sample(), rooted()},
		{"github_root", "github", sample(), rooted()},
		{"concise", "concise", sample(), sampleOptions()},
		{"full", "full", sample(), sampleOptions()},
		{"rdjson", "rdjson", sample(), rooted()},
		{"rdjson_none", "rdjson", nil, Options{}},
		{"junit", "junit", sample(), rooted()},
		{"junit_none", "junit", nil, Options{}},
		{"gitlab", "gitlab", sample(), rooted()},
		{"gitlab_none", "gitlab", nil, Options{}},
		{"json-lines", "json-lines", sample(), sampleOptions()},
		{"json-lines_none", "json-lines", nil, Options{}},
		{"azure", "azure", sample(), rooted()},
		{"azure_none", "azure", nil, Options{}},
		{"junit_clean", "junit", nil, clean()},
	} {
		t.Run(tc.name, func(t *testing.T) {
			checkGolden(t, tc.name, render(t, tc.format, tc.findings, tc.opts))
		})
	}
}

func TestKnown(t *testing.T) {
	for _, f := range append(Formats(), "") {
		if !Known(f) {
			t.Errorf("Known(%q) = false", f)
		}
	}
	if Known("xml") || Known("TEXT") {
		t.Error("Known accepts an unknown format")
	}
}

func TestUnknownFormat(t *testing.T) {
	err := Write(&bytes.Buffer{}, "xml", nil, Options{})
	if err == nil || !strings.Contains(err.Error(), `"xml"`) || !strings.Contains(err.Error(), "text, json, json-lines, github, azure, sarif, concise, full, rdjson, junit, gitlab") {
		t.Errorf("err = %v", err)
	}
}

func TestWriteLeavesInputAlone(t *testing.T) {
	in := sample()
	first := in[0].Code
	render(t, "text", in, Options{})
	if in[0].Code != first {
		t.Error("Write sorted the caller's slice")
	}
}

func TestDeterministic(t *testing.T) {
	a := sample()
	b := sample()
	for i, j := 0, len(b)-1; i < j; i, j = i+1, j-1 {
		b[i], b[j] = b[j], b[i]
	}
	for _, format := range Formats() {
		if !bytes.Equal(render(t, format, a, sampleOptions()), render(t, format, b, sampleOptions())) {
			t.Errorf("%s output depends on input order", format)
		}
	}
}

func TestTextWithoutColorHasNoEscapes(t *testing.T) {
	out := render(t, "text", sample(), Options{})
	if bytes.ContainsRune(out, 0x1b) {
		t.Error("ANSI escape without Color")
	}
	if !bytes.ContainsRune(render(t, "text", sample(), Options{Color: true}), 0x1b) {
		t.Error("no ANSI escape with Color")
	}
}

func TestTextSummaryCounts(t *testing.T) {
	one := []finding.Finding{{Path: "a.py", Code: "LL101", Severity: finding.Error, Message: "m", Start: pos(1, 1, 0)}}
	out := string(render(t, "text", one, Options{}))
	if !strings.Contains(out, "Found 1 problem (1 error, 0 warnings, 0 info).") || strings.Contains(out, "fixable") {
		t.Errorf("got:\n%s", out)
	}
	// Only unsafe fixes, not enabled: no [*] line, and no "more".
	one[0].Fixes = []finding.Fix{{Title: "t", Applicability: finding.Unsafe}}
	out = string(render(t, "text", one, Options{}))
	if strings.Contains(out, "[*]") || !strings.Contains(out, "(1 fixable with --unsafe-fixes.)") {
		t.Errorf("got:\n%s", out)
	}
}

// A rule whose shown fixes differ in safety (safety is per fix) says so in
// the legend, whichever came first.
func TestTextLegendOfMixedSafety(t *testing.T) {
	mixed := []finding.Finding{
		{Path: "a.sql", Code: "LL301", Severity: finding.Warning, Message: "m", Start: pos(1, 1, 0),
			Fixes: []finding.Fix{{Title: "inline", Applicability: finding.Safe}}},
		{Path: "a.sql", Code: "LL301", Severity: finding.Warning, Message: "m", Start: pos(2, 1, 0),
			Fixes: []finding.Fix{{Title: "alter", Applicability: finding.Unsafe}}},
		{Path: "a.sql", Code: "LL301", Severity: finding.Warning, Message: "m", Start: pos(3, 1, 0),
			Fixes: []finding.Fix{{Title: "inline", Applicability: finding.Safe}}},
	}
	out := string(render(t, "text", mixed, Options{Rules: map[string]RuleInfo{"LL301": {FixSafety: "why"}}}))
	if !strings.Contains(out, "LL301 safe and unsafe fix: why") {
		t.Errorf("got:\n%s", out)
	}
}

func TestGitHubEscaping(t *testing.T) {
	if got := escapeProperty("a,b:c%d\r\ne"); got != "a%2Cb%3Ac%25d%0D%0Ae" {
		t.Errorf("escapeProperty = %q", got)
	}
	if got := escapeData("a,b:c%d\r\ne"); got != "a,b:c%25d%0D%0Ae" {
		t.Errorf("escapeData = %q", got)
	}
	for _, line := range strings.Split(strings.TrimSuffix(string(render(t, "github", sample(), Options{})), "\n"), "\n") {
		if !strings.HasPrefix(line, "::") {
			t.Errorf("line is not a workflow command: %q", line)
		}
	}
}

func TestFileURI(t *testing.T) {
	for in, want := range map[string]string{
		"/work/repo/a.py":          "file:///work/repo/a.py",
		"/work/my repo/a b.py":     "file:///work/my%20repo/a%20b.py",
		"/work/données/ünï.py":     "file:///work/donn%C3%A9es/%C3%BCn%C3%AF.py",
		"/work/a#b?c%d.py":         "file:///work/a%23b%3Fc%25d.py",
		"/work/odd,name:50%25.sql": "file:///work/odd,name:50%2525.sql",
	} {
		if got := fileURI(in); got != want {
			t.Errorf("fileURI(%q) = %q, want %q", in, got, want)
		}
	}
	if got := relativeURI("jobs/my job.py"); got != "jobs/my%20job.py" {
		t.Errorf("relativeURI = %q", got)
	}
}

func TestPrintable(t *testing.T) {
	for in, want := range map[string]string{
		"plain é📈\ttab": "plain é📈\ttab",
		"a\nb\r\nc\rd":  "a b c d",
		"x\x1b[31my":    `x\x1b[31my`,
		"del\x7f":       `del\x7f`,
		"bad\xffutf8":   "bad\xffutf8",
	} {
		if got := printable(in); got != want {
			t.Errorf("printable(%q) = %q, want %q", in, got, want)
		}
	}
}

// Findings alike in path, place and code, apart in where they end or
// what they say, print in one order whichever comes first.
func TestTiedFindingsPrintInOneOrder(t *testing.T) {
	base := sample()[0]
	long, other := base, base
	long.End.Column += 5
	other.Message += " (again)"
	a := []finding.Finding{base, long, other}
	b := []finding.Finding{other, long, base}
	for _, format := range Formats() {
		if x, y := render(t, format, a, sampleOptions()), render(t, format, b, sampleOptions()); !bytes.Equal(x, y) {
			t.Errorf("%s: tied findings print in the order they come:\n%s\n---\n%s", format, x, y)
		}
	}
}
