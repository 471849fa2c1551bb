package source

import (
	"bytes"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats/health"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats"
)

func TestSnapshotRoundTrip(t *testing.T) {
	at := time.Date(2025, 3, 1, 12, 0, 0, 0, time.UTC)
	in := NewSnapshot([]*stats.Table{{
		Name: "main.web.clicks", Location: "s3://b/clicks", Format: "delta", Version: 42, Source: "delta-log",
		NumFiles: 150, SizeInBytes: 6144000,
		Sizes:            &stats.SizeDistribution{P50: 40960, Max: 40960, SmallThreshold: 32 << 20, SmallCount: 150, SmallShare: 1},
		PartitionColumns: []string{}, ClusteringColumns: []string{}, Properties: map[string]string{"a": "b"},
		MinReaderVersion: 1, MinWriterVersion: 2,
	}}, at)
	path := filepath.Join(t.TempDir(), "stats.json")
	if err := in.WriteFile(path); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	for _, key := range []string{`"version": 1`, `"generatedAt": "2025-03-01T12:00:00Z"`, `"numFiles": 150`, `"sizeInBytes": 6144000`, `"minWriterVersion": 2`} {
		if !bytes.Contains(data, []byte(key)) {
			t.Errorf("snapshot lacks %s:\n%s", key, data)
		}
	}
	out, err := ReadSnapshot(path)
	if err != nil {
		t.Fatal(err)
	}
	want := *in.Tables[0]
	want.Source = SnapshotSource
	if len(out.Tables) != 1 || !reflect.DeepEqual(*out.Tables[0], want) {
		t.Errorf("read back %+v\nwant %+v", out.Tables[0], want)
	}
	if !out.GeneratedAt.Equal(at) {
		t.Errorf("generatedAt = %v", out.GeneratedAt)
	}
	if out.Find("MAIN.web.`clicks`") == nil || out.Find("", "s3://b/clicks/") == nil || out.Find("main.web.other", "s3://b/other") != nil {
		t.Error("Find does not match names and locations as the catalog does")
	}
}

func TestDecodeSnapshotErrors(t *testing.T) {
	cases := []struct{ in, want string }{
		{``, "not a lakelint stats snapshot"},
		{`[1, 2]`, "not a lakelint stats snapshot"},
		{`{"tables": []}`, `no "version"`},
		{`{"version": 2, "tables": []}`, "version 2 is not supported"},
		{"{\"version\": 1,\n\"tables\": [\n{\"name\": 5}]}", "line 3"},
		{"{\"version\": 1, \"tables\": [", "not a lakelint stats snapshot"},
		{"\xff\xfe{", "not a lakelint stats snapshot"},
	}
	for _, c := range cases {
		_, err := DecodeSnapshot([]byte(c.in))
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("DecodeSnapshot(%q) = %v, want %q", c.in, err, c.want)
		}
	}
	s, err := DecodeSnapshot([]byte(`{"version": 1, "tables": [null, {"name": "a.b"}]}`))
	if err != nil || len(s.Tables) != 1 {
		t.Errorf("null tables are dropped: %v, %v", s, err)
	}
}

// FuzzSnapshot feeds arbitrary bytes through decoding, lookup and the
// health checks: a hand-edited snapshot must fail with an error, never a panic.
func FuzzSnapshot(f *testing.F) {
	f.Add([]byte(`{"version": 1, "tables": [{"name": "a.b", "numFiles": 5, "sizeInBytes": -1,
		"fileSizes": {"p50": 3, "histogram": [{"lower": 0, "upper": 1, "count": -2}]},
		"partitionColumns": ["d"], "partitions": {"distinct": 9},
		"history": {"streaming": {"commits": 40, "commitsWithMetrics": 40, "medianAddedFiles": 0.5}}}]}`))
	f.Add([]byte(`{"version": 1, "tables": [null, {}]}`))
	st := config.Defaults().Stats
	f.Fuzz(func(t *testing.T, data []byte) {
		s, err := DecodeSnapshot(data)
		if err != nil {
			return
		}
		for _, tb := range s.Tables {
			s.Find(tb.Name, tb.Location)
			health.CheckSmallFiles(tb, st)
			health.CheckPartitioning(tb, st)
			health.CheckStreamingCommits(tb, st)
		}
	})
}
