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

// Two spellings of one table in stats.tables: the first in key order
// answers, whatever order Go gives the map.
func TestConfiguredLocationSpellings(t *testing.T) {
	tables := map[string]string{"Main.Sales.Events": "/a", "main.sales.EVENTS": "/b", "main.sales.events ": "/c", "/LAKE/x": "/d", "/LAKE/x/": "/e"}
	for range 20 {
		if loc, _ := configuredLocation(tables, "main.sales.events", ""); loc != "/a" {
			t.Fatalf("by name: %s, want /a (Main.Sales.Events)", loc)
		}
		if loc, _ := configuredLocation(tables, "", "/LAKE/x"); loc != "/d" {
			t.Fatalf("by path: %s, want /d", loc)
		}
	}
}

// Failures of one table for two reasons are summed up in one order.
func TestSummarizeOrder(t *testing.T) {
	fs := []failure{{label: "main.a", reason: "timeout"}, {label: "main.a", reason: "401 unauthorized"}, {label: "main.b", reason: "gone"}, {label: "main.a", reason: "gone"}}
	want := summarize(fs)
	for range 20 {
		if got := summarize(fs); got != want {
			t.Fatalf("%s\nthen\n%s", want, got)
		}
	}
	if want != "4 tables: main.a (401 unauthorized), main.a, main.b (gone), main.a (timeout)" {
		t.Errorf("summary %q", want)
	}
}
