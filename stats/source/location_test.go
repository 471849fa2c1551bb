package source

import "testing"

func TestRewritePrefix(t *testing.T) {
	prefixes := map[string]string{
		"/mnt/lake":         "s3://bucket/lake",
		"/mnt/lake/special": "/data/special/",
		"dbfs:/mnt/raw/":    "raw",
		"s3://bucket":       "s3://bucket",
	}
	cases := []struct {
		in, want string
		ok       bool
	}{
		{"/mnt/lake/events", "s3://bucket/lake/events", true},
		{"/mnt/lake/events/", "s3://bucket/lake/events", true},
		{"dbfs:/mnt/lake/events", "s3://bucket/lake/events", true},
		{"/mnt/lake", "s3://bucket/lake", true},
		{"/mnt/lake/special/t", "/data/special/t", true}, // the longest prefix wins
		{"/mnt/lakehouse/t", "/mnt/lakehouse/t", false},
		{"/mnt/raw/x", "raw/x", true},
		{"s3://bucket/t", "s3://bucket/t", true},
		{"s3://bucket2/t", "s3://bucket2/t", false},
		{"", "", false},
	}
	for _, c := range cases {
		got, ok := rewritePrefix(c.in, prefixes)
		if got != c.want || ok != c.ok {
			t.Errorf("rewritePrefix(%q) = %q, %v; want %q, %v", c.in, got, ok, c.want, c.ok)
		}
	}
}

func TestLocationKinds(t *testing.T) {
	for loc, want := range map[string]bool{"s3://b/x": true, "abfss://c@a.dfs.core.windows.net/x": true, "file:///tmp/x": true, "/tmp/x": false, `C:\x`: false, "://x": false, "a b://x": false} {
		if isURL(loc) != want {
			t.Errorf("isURL(%q) = %v", loc, !want)
		}
	}
	if isRemote("file:///tmp/x") || !isRemote("gs://b/x") {
		t.Error("isRemote")
	}
	if got := absolute("lake/x", "/repo"); got != "/repo/lake/x" {
		t.Errorf("absolute = %q", got)
	}
	if got := absolute("s3://b/x", "/repo"); got != "s3://b/x" {
		t.Errorf("absolute(url) = %q", got)
	}
}
