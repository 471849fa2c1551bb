package source

import (
	"path/filepath"
	"testing"
)

// Inert says whether live stats would read anything: never when a source
// applies, nor when a local table path holds a Delta log; a local path
// without one is listed, to be looked at again.
func TestInert(t *testing.T) {
	cases := []struct {
		name    string
		yaml    string
		opts    Options
		targets []string
		log     bool
		want    bool
		listed  int
	}{
		{name: "names and remote paths only", targets: []string{"main.web.clicks", "s3://bucket/t"}, want: true},
		{name: "a DBFS path, read as its local mount", targets: []string{"dbfs:/mnt/x"}, want: true, listed: 1},
		{name: "a local path without a log", targets: []string{"/local"}, want: true, listed: 1},
		{name: "a local path with a log", targets: []string{"/local"}, log: true},
		{name: "a snapshot on the command line", opts: Options{File: "stats.json"}, targets: []string{"main.web.clicks"}},
		{name: "configured tables", yaml: "stats:\n  tables:\n    main.web.clicks: lake/clicks\n", targets: []string{"main.web.clicks"}},
		{name: "a workspace", yaml: "stats:\n  databricks:\n    host: https://example.cloud.databricks.com\n", targets: []string{"main.web.clicks"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := newProject(t, c.yaml)
			if c.log {
				p.smallTable("lake/events")
			}
			targets := append([]string(nil), c.targets...)
			for i, tg := range targets {
				if tg == "/local" {
					targets[i] = filepath.Join(p.dir, "lake", "events")
				}
			}
			listed, ok := p.attacher(c.opts).Inert(writes(targets...))
			if ok != c.want || len(listed) != c.listed {
				t.Errorf("Inert = %v, %v; want %v with %d listed", listed, ok, c.want, c.listed)
			}
			if ok && !StillInert(listed) {
				t.Error("StillInert is false for the paths Inert listed")
			}
		})
	}
	// the log appears after the run that listed the path
	p := newProject(t, "")
	local := filepath.Join(p.dir, "lake", "events")
	listed, ok := p.attacher(Options{}).Inert(writes(local))
	if !ok || len(listed) != 1 {
		t.Fatalf("Inert = %v, %v", listed, ok)
	}
	p.smallTable("lake/events")
	if StillInert(listed) {
		t.Error("StillInert is true once the table has a log")
	}
}
