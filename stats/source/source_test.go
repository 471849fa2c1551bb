package source

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats"
)

func TestAttachReadsConfiguredLocation(t *testing.T) {
	p := newProject(t, "stats:\n  tables:\n    main.web.clicks: lake/clicks\n")
	p.smallTable("lake/clicks")
	cat := writes("main.web.clicks")

	warnings, err := p.attacher(Options{}).Attach(context.Background(), cat)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Attach = %q, %v; want no warnings", warnings, err)
	}
	live := table(cat, "main.web.clicks").Live
	if live == nil {
		t.Fatal("no live stats attached")
	}
	if live.Name != "main.web.clicks" || live.Source != "delta-log" || live.NumFiles != 150 || live.SizeInBytes != 150*40<<10 {
		t.Errorf("live = name %q source %q files %d bytes %d", live.Name, live.Source, live.NumFiles, live.SizeInBytes)
	}
	if live.Sizes == nil || live.Sizes.P50 != 40<<10 {
		t.Errorf("sizes = %+v, want a median of 40 KB", live.Sizes)
	}
	if h := live.History; h == nil || h.Streaming.Commits != 30 {
		t.Errorf("history = %+v, want 30 streaming commits", h)
	}
}

func TestAttachMatchesShortNames(t *testing.T) {
	p := newProject(t, "stats:\n  tables:\n    main.web.clicks: lake/clicks\n")
	p.smallTable("lake/clicks")
	cat := writes("web.clicks")
	if _, err := p.attacher(Options{}).Attach(context.Background(), cat); err != nil {
		t.Fatal(err)
	}
	if table(cat, "web.clicks").Live == nil {
		t.Error("a two-part name did not find its three-part entry in stats.tables")
	}
}

func TestAttachRewritesCodePaths(t *testing.T) {
	p := newProject(t, "stats:\n  path-prefixes:\n    /mnt/lake: ./lake\n")
	p.smallTable("lake/events")
	cat := writes("/mnt/lake/events", "/mnt/lakehouse/events")

	warnings, err := p.attacher(Options{}).Attach(context.Background(), cat)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Attach = %q, %v", warnings, err)
	}
	if table(cat, "/mnt/lake/events").Live == nil {
		t.Error("/mnt/lake/events was not read from ./lake/events")
	}
	if table(cat, "/mnt/lakehouse/events").Live != nil {
		t.Error("the prefix /mnt/lake matched /mnt/lakehouse")
	}
}

func TestAttachReadsLocalDeltaPathsOnly(t *testing.T) {
	p := newProject(t, "")
	loc := p.smallTable("lake/local")
	cat := writes(loc, "/no/such/table", "s3://bucket/remote", "relative/table")
	warnings, err := p.attacher(Options{}).Attach(context.Background(), cat)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Attach = %q, %v; tables without a source must be skipped silently", warnings, err)
	}
	if table(cat, loc).Live == nil {
		t.Error("a local Delta table written by path was not read")
	}
	for _, other := range []string{"/no/such/table", "s3://bucket/remote", "relative/table"} {
		if table(cat, other).Live != nil {
			t.Errorf("%s got stats", other)
		}
	}
}

func TestAttachWithoutSourcesIsSilent(t *testing.T) {
	p := newProject(t, "stats:\n  min-files: 10\n")
	cat := writes("main.a.b", "/mnt/lake/x")
	warnings, err := p.attacher(Options{}).Attach(context.Background(), cat)
	if err != nil || len(warnings) > 0 {
		t.Errorf("Attach = %q, %v; want silence", warnings, err)
	}
}

func TestAttachFetchesOncePerRun(t *testing.T) {
	p := newProject(t, "stats:\n  tables:\n    main.web.clicks: lake/clicks\n    main.web.gone: lake/gone\n")
	loc := p.smallTable("lake/clicks")
	a := p.attacher(Options{})
	if _, err := a.Attach(context.Background(), writes("main.web.clicks", "main.web.gone")); err != nil {
		t.Fatal(err)
	}
	// The second pass (as --fix makes) must not read the table again: with
	// the table gone, only a remembered answer can attach it.
	if err := os.RemoveAll(loc); err != nil {
		t.Fatal(err)
	}
	p.smallTable("lake/gone") // and a remembered failure stays a failure
	cat := writes("main.web.clicks", "main.web.gone")
	warnings, err := a.Attach(context.Background(), cat)
	if err != nil {
		t.Fatal(err)
	}
	if table(cat, "main.web.clicks").Live == nil {
		t.Error("the second pass fetched again instead of reusing the first answer")
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "main.web.gone") {
		t.Errorf("warnings = %q, want the first pass's failure repeated once", warnings)
	}
}

func TestAttachSummarisesFailuresOnce(t *testing.T) {
	p := newProject(t, "stats:\n  tables:\n    main.a.x: lake/x\n    main.a.y: lake/y\n    main.a.ok: lake/ok\n")
	p.smallTable("lake/ok")
	cat := writes("main.a.x", "main.a.y", "main.a.ok")

	warnings, err := p.attacher(Options{}).Attach(context.Background(), cat)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 {
		t.Fatalf("warnings = %q, want one summary", warnings)
	}
	w := warnings[0]
	want := "live stats unavailable for 2 tables: main.a.x (no Delta log at " + filepath.Join(p.dir, "lake", "x") +
		"), main.a.y (no Delta log at " + filepath.Join(p.dir, "lake", "y") + ")"
	if w != want {
		t.Errorf("warning = %q\nwant      %q", w, want)
	}
	if table(cat, "main.a.ok").Live == nil {
		t.Error("one table's failure kept another's stats away")
	}
}

func TestAttachRequireMakesFailuresErrors(t *testing.T) {
	p := newProject(t, "stats:\n  tables:\n    main.a.x: lake/x\n")
	warnings, err := p.attacher(Options{Require: true}).Attach(context.Background(), writes("main.a.x"))
	if len(warnings) > 0 || err == nil || !strings.Contains(err.Error(), "required") || !strings.Contains(err.Error(), "main.a.x") {
		t.Errorf("Attach = %q, %v; want an error naming main.a.x", warnings, err)
	}

	p = newProject(t, "stats:\n  require: true\n")
	_, err = p.attacher(Options{}).Attach(context.Background(), writes("main.a.x"))
	if err == nil || !strings.Contains(err.Error(), "no table has a stats source") {
		t.Errorf("stats.require with no source: err = %v", err)
	}
}

func TestAttachFromSnapshot(t *testing.T) {
	p := newProject(t, "stats:\n  file: stats.json\n  tables:\n    main.a.x: lake/x\n")
	snap := NewSnapshot([]*stats.Table{
		{Name: "main.a.x", NumFiles: 7, Source: "delta-log"},
		{Location: "s3://bucket/lake/y", NumFiles: 9},
	}, time.Date(2025, 1, 2, 3, 4, 5, 0, time.UTC))
	if err := snap.WriteFile(filepath.Join(p.dir, "stats.json")); err != nil {
		t.Fatal(err)
	}
	cat := writes("main.a.x", "s3://bucket/lake/y/")
	warnings, err := p.attacher(Options{}).Attach(context.Background(), cat)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Attach = %q, %v", warnings, err)
	}
	if l := table(cat, "main.a.x").Live; l == nil || l.NumFiles != 7 || l.Source != SnapshotSource {
		t.Errorf("main.a.x: %+v; the snapshot must win over stats.tables", l)
	}
	if l := table(cat, "s3://bucket/lake/y").Live; l == nil || l.NumFiles != 9 {
		t.Errorf("by location: %+v", l)
	}
}

func TestAttachSnapshotProblemsAreErrors(t *testing.T) {
	p := newProject(t, "")
	missing := filepath.Join(p.dir, "missing.json")
	_, err := p.attacher(Options{File: missing}).Attach(context.Background(), writes("main.a.x"))
	if err == nil || !strings.Contains(err.Error(), missing) || !strings.Contains(err.Error(), "does not exist") {
		t.Errorf("missing snapshot: err = %v", err)
	}

	corrupt := filepath.Join(p.dir, "corrupt.json")
	if err := os.WriteFile(corrupt, []byte("{\n  \"version\": 1,\n  \"tables\": [\n    {\"numFiles\": \"many\"}\n  ]\n}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	_, err = p.attacher(Options{File: corrupt}).Attach(context.Background(), writes("main.a.x", "main.a.y"))
	if err == nil || !strings.Contains(err.Error(), "line 4") || strings.Count(err.Error(), corrupt) != 1 {
		t.Errorf("corrupt snapshot: err = %v; want it once, with the line", err)
	}
}

// A Delta log lakelint cannot read correctly (a newest commit that is a
// directory, an unknown reader feature, a negative size) gives a warning
// that says why, and an error when stats are required; never a crash and
// never figures from a wrong version.
func TestAttachWarnsOnLogsItCannotTrust(t *testing.T) {
	for _, tt := range []struct {
		name  string
		spoil func(t *testing.T, loc string)
		want  string
	}{
		{"latest commit a directory", func(t *testing.T, loc string) {
			if err := os.Mkdir(filepath.Join(loc, "_delta_log", "00000000000000000030.json"), 0o755); err != nil {
				t.Fatal(err)
			}
		}, "00000000000000000030.json is a directory"},
		{"unknown reader feature", func(t *testing.T, loc string) {
			spoilCommit(t, loc, 0, `"minReaderVersion":1`, `"minReaderVersion":3,"readerFeatures":["futureThing"]`)
		}, "futureThing"},
		{"negative size", func(t *testing.T, loc string) {
			spoilCommit(t, loc, 29, `"size":40960`, `"size":-40960`)
		}, "negative size"},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p := newProject(t, "stats:\n  tables:\n    main.web.clicks: lake/clicks\n")
			tt.spoil(t, p.smallTable("lake/clicks"))
			cat := writes("main.web.clicks")
			warnings, err := p.attacher(Options{}).Attach(context.Background(), cat)
			if err != nil || len(warnings) != 1 || !strings.Contains(warnings[0], tt.want) {
				t.Errorf("Attach = %q, %v; want one warning mentioning %q", warnings, err, tt.want)
			}
			if table(cat, "main.web.clicks").Live != nil {
				t.Error("stats attached from a log that cannot be trusted")
			}
			if _, err := p.attacher(Options{Require: true}).Attach(context.Background(), writes("main.web.clicks")); err == nil || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("required: err = %v, want one mentioning %q", err, tt.want)
			}
		})
	}
}

// spoilCommit replaces old by new in commit v of the table at loc.
func spoilCommit(t *testing.T, loc string, v int, old, new string) {
	t.Helper()
	path := filepath.Join(loc, "_delta_log", fmt.Sprintf("%020d.json", v))
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(data), old) {
		t.Fatalf("commit %d holds no %s:\n%s", v, old, data)
	}
	if err := os.WriteFile(path, []byte(strings.Replace(string(data), old, new, 1)), 0o644); err != nil {
		t.Fatal(err)
	}
}
