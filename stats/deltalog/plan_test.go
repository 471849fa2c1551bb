package deltalog

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

func TestParseLogName(t *testing.T) {
	cases := []struct {
		name    string
		kind    fileKind
		version int64
		part    int
		parts   int
	}{
		{"00000000000000000007.json", kindCommit, 7, 0, 0},
		{"00000000000000000010.checkpoint.parquet", kindClassicCP, 10, 0, 0},
		{"00000000000000000010.checkpoint.0000000002.0000000003.parquet", kindMultiPartCP, 10, 2, 3},
		{"00000000000000000002.checkpoint.e8fa2696-9728-4e9c-b285-634743fdd4fb.parquet", kindUUIDCP, 2, 0, 0},
		{"00000000000000000006.checkpoint.2a15d0c6-8b11-4a98-bab4-957905d62f7f.json", kindUUIDCP, 6, 0, 0},
		{"00000000000000000000.00000000000000000005.compacted.json", kindCompaction, 0, 0, 0},
		// A sidecar's name looks like a multi-part part with a UUID tail: it
		// is neither a part nor a V2 checkpoint.
		{"00000000000000000006.checkpoint.0000000001.0000000002.19af1366-a425-47f4-8fa6-8d6865625573.parquet", kindOther, 6, 0, 0},
		{"00000000000000000001.checkpoint.0000000003.0000000002.parquet", kindOther, 1, 0, 0}, // part > parts
		{"00000000000000000003.crc", kindOther, 3, 0, 0},
		{"_last_checkpoint", kindOther, 0, 0, 0},
		{".00000000000000000003.json.crc", kindOther, 0, 0, 0},
		{"00000000000000000003.json.tmp", kindOther, 3, 0, 0},
		{"abc.json", kindOther, 0, 0, 0},
	}
	for _, c := range cases {
		f := parseLogName(c.name)
		if f.Kind != c.kind || (c.kind != kindOther && (f.Version != c.version || f.Part != c.part || f.Parts != c.parts)) {
			t.Errorf("parseLogName(%q) = %+v, want kind %d v%d part %d/%d", c.name, f, c.kind, c.version, c.part, c.parts)
		}
	}
}

func entries(names ...string) []Entry {
	out := make([]Entry, len(names))
	for i, n := range names {
		out[i] = Entry{Name: n, Size: 1}
	}
	return out
}

func commitVersions(p *logPlan) []int64 {
	var vs []int64
	for _, c := range p.Commits {
		vs = append(vs, c.Version)
	}
	return vs
}

func TestPlanLog(t *testing.T) {
	const (
		c0   = "00000000000000000000.json"
		c1   = "00000000000000000001.json"
		c2   = "00000000000000000002.json"
		c3   = "00000000000000000003.json"
		cp1  = "00000000000000000001.checkpoint.parquet"
		cp2a = "00000000000000000002.checkpoint.0000000001.0000000002.parquet"
		cp2b = "00000000000000000002.checkpoint.0000000002.0000000002.parquet"
		cp3u = "00000000000000000003.checkpoint.0d8dd173-c1d7-400b-bd6b-22b5982e6fb3.json"
	)
	cases := []struct {
		name    string
		files   []string
		latest  int64
		cp      int64 // -1: none
		cpKind  string
		cpFiles []string
		err     error
		errText string
	}{
		{name: "json only", files: []string{c1, c0, c2}, latest: 2, cp: -1},
		{name: "newest checkpoint wins", files: []string{c0, c1, c2, c3, cp1, cp2a, cp2b}, latest: 3, cp: 2, cpKind: KindMultiPart, cpFiles: []string{cp2a, cp2b}},
		{name: "incomplete multi-part skipped", files: []string{c0, c1, c2, c3, cp1, cp2b}, latest: 3, cp: 1, cpKind: KindClassic, cpFiles: []string{cp1}},
		{name: "uuid checkpoint", files: []string{c2, c3, cp3u, "_last_checkpoint", "00000000000000000003.crc"}, latest: 3, cp: 3, cpKind: KindUUID, cpFiles: []string{cp3u}},
		{name: "checkpoint only", files: []string{cp1}, latest: 1, cp: 1, cpKind: KindClassic, cpFiles: []string{cp1}},
		{name: "compaction ignored", files: []string{c0, c1, "00000000000000000000.00000000000000000001.compacted.json"}, latest: 1, cp: -1},
		{name: "empty", files: []string{"_last_checkpoint"}, err: ErrNotDelta},
		{name: "gap after checkpoint", files: []string{cp1, c3}, err: ErrIncompleteLog, errText: "00000000000000000002.json is missing"},
		{name: "no start", files: []string{c1, c2}, err: ErrIncompleteLog, errText: "00000000000000000000.json is missing and no complete checkpoint covers it"},
		{name: "only part of a checkpoint", files: []string{cp2a, c3}, err: ErrIncompleteLog,
			errText: "checkpoint 2 is incomplete, missing 00000000000000000002.checkpoint.0000000002.0000000002.parquet"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := planLog(entries(c.files...))
			if c.err != nil {
				if !errors.Is(err, c.err) || !strings.Contains(err.Error(), c.errText) {
					t.Fatalf("err = %v, want %v containing %q", err, c.err, c.errText)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Latest != c.latest {
				t.Errorf("Latest = %d, want %d", p.Latest, c.latest)
			}
			if c.cp < 0 {
				if p.Checkpoint != nil {
					t.Errorf("Checkpoint = %+v, want none", p.Checkpoint)
				}
				return
			}
			if p.Checkpoint == nil || p.Checkpoint.Version != c.cp || p.Checkpoint.Kind != c.cpKind || !slices.Equal(p.Checkpoint.Files, c.cpFiles) {
				t.Errorf("Checkpoint = %+v, want v%d %s %v", p.Checkpoint, c.cp, c.cpKind, c.cpFiles)
			}
		})
	}
}

func TestPlanLogKeepsCommitsSorted(t *testing.T) {
	p, err := planLog(entries("00000000000000000002.json", "00000000000000000000.json", "00000000000000000001.json"))
	if err != nil {
		t.Fatal(err)
	}
	if got := commitVersions(p); !slices.Equal(got, []int64{0, 1, 2}) {
		t.Errorf("commits = %v", got)
	}
}

func TestHistoryWindow(t *testing.T) {
	var commits []logFile
	for v := range int64(10) {
		commits = append(commits, logFile{Version: v})
	}
	versions := func(fs []logFile) []int64 {
		var out []int64
		for _, f := range fs {
			out = append(out, f.Version)
		}
		return out
	}
	if got := versions(historyWindow(commits, 6, 2)); !slices.Equal(got, []int64{5, 6, 7, 8, 9}) {
		t.Errorf("limit 2 after checkpoint 6 = %v", got)
	}
	if got := versions(historyWindow(commits, 9, 0)); len(got) != 0 {
		t.Errorf("limit 0 at the last version = %v", got)
	}
	if got := versions(historyWindow(commits, -1, 0)); len(got) != 10 {
		t.Errorf("without checkpoint every commit is read, got %v", got)
	}
	if got := versions(historyWindow(commits, 9, -1)); len(got) != 10 {
		t.Errorf("negative limit reads all, got %v", got)
	}
}

func TestSidecarName(t *testing.T) {
	cases := map[string]string{
		"abc.parquet":   "_delta_log/_sidecars/abc.parquet",
		"a%20b.parquet": "_delta_log/_sidecars/a b.parquet",
		"s3://b/t/_delta_log/_sidecars/x.parquet": "_delta_log/_sidecars/x.parquet",
	}
	for in, want := range cases {
		if got, err := sidecarName(in); err != nil || got != want {
			t.Errorf("sidecarName(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
	if _, err := sidecarName("s3://b/elsewhere/x.parquet"); err == nil {
		t.Error("a sidecar outside _delta_log/_sidecars should be refused")
	}
}
