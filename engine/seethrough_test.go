package engine_test

import (
	"context"
	"fmt"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The see-through project (testdata/projects/seethrough) writes the way
// production code does. Each problem is reported exactly once, where a
// user fixes it: at the argument a caller passes, in the helper when it is
// wrong whatever the caller passes, at the loop that repeats an append.
// The calls that pass good values report nothing.
func TestSeeThroughProject(t *testing.T) {
	l := newLinter(t)
	dir := filepath.Join("..", "testdata", "projects", "seethrough")
	res, err := l.Lint(context.Background(), []string{dir})
	if err != nil {
		t.Fatal(err)
	}
	for _, n := range res.Notes {
		t.Errorf("note: %s", n)
	}
	var got []string
	for _, f := range res.Findings {
		rel, _ := filepath.Rel(dir, f.Path)
		got = append(got, fmt.Sprintf("%s:%d %s %s", filepath.ToSlash(rel), f.Start.Line, f.Code, f.Message))
	}
	want := []string{
		"jobs/adhoc.py:5 LL401 main.web.events",         // SparkSession.active()
		"jobs/daily.py:20 LL103 session_id",             // a literal list passed to lib.io.write_table
		"jobs/daily.py:23 LL103 user_id",                // a spec dataclass's attribute
		"jobs/maintenance.py:12 LL401 main.web.events",  // a config constant passed to a helper
		"jobs/maintenance.py:15 LL404 event_date",       // *args of a helper, table partitioned by a helper's write
		"jobs/maintenance.py:18 LL401 s3://lake/clicks", // delta-rs
		"jobs/maintenance.py:18 LL402 ",                 // delta-rs enforce_retention_duration=False
		"lib/io.py:13 LL102 ",                           // wrong whatever the caller passes: once, in the helper
		"lib/maintenance.py:14 LL402 ",                  // a called helper's setting, once, in the helper
		"lib/maintenance.py:19 LL501 ",                  // a helper nothing here calls: the setting, where it is written
		"notebooks/ingest.py:10 LL105 main.raw.events",  // a %run helper appending in a loop
	}
	slices.Sort(got)
	var missing, extra []string
	for _, w := range want {
		if i := slices.IndexFunc(got, func(g string) bool { return matches(g, w) }); i >= 0 {
			got = slices.Delete(got, i, i+1)
		} else {
			missing = append(missing, w)
		}
	}
	extra = got
	if len(missing) > 0 || len(extra) > 0 {
		t.Errorf("missing:\n  %s\nunexpected:\n  %s", strings.Join(missing, "\n  "), strings.Join(extra, "\n  "))
	}
}

func matches(got, want string) bool {
	parts := strings.SplitN(want, " ", 3)
	return strings.HasPrefix(got, parts[0]+" "+parts[1]+" ") && strings.Contains(got[len(parts[0])+len(parts[1])+2:], parts[2])
}
