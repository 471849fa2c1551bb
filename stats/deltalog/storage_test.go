package deltalog

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

func TestParseBlobURL(t *testing.T) {
	cases := []struct {
		in   string
		want blobLocation
	}{
		{"s3://bucket/warehouse/sales", blobLocation{kind: "s3", bucket: "bucket", prefix: "warehouse/sales/"}},
		{"s3a://bucket/warehouse/sales/", blobLocation{kind: "s3", bucket: "bucket", prefix: "warehouse/sales/"}},
		{"s3://bucket", blobLocation{kind: "s3", bucket: "bucket"}},
		{"gs://bkt/a/b", blobLocation{kind: "gs", bucket: "bkt", prefix: "a/b/"}},
		{"abfss://lake@acct.dfs.core.windows.net/tables/t1",
			blobLocation{kind: "azure", bucket: "lake", account: "acct", domain: "blob.core.windows.net", prefix: "tables/t1/"}},
		{"abfss://lake@acct.dfs.core.chinacloudapi.cn/t",
			blobLocation{kind: "azure", bucket: "lake", account: "acct", domain: "blob.core.chinacloudapi.cn", prefix: "t/"}},
		{"abfs://lake@acct.blob.core.windows.net/t",
			blobLocation{kind: "azure", bucket: "lake", account: "acct", domain: "blob.core.windows.net", prefix: "t/"}},
	}
	for _, c := range cases {
		got, err := parseBlobURL(c.in)
		if err != nil || got != c.want {
			t.Errorf("parseBlobURL(%q) = %+v, %v; want %+v", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{
		"s3:///nobucket",
		"abfss://acct.dfs.core.windows.net/t", // no container
		"abfss://lake@/t",
		"abfss://lake@acct/t", // no domain
		"hdfs://nn/t",
	} {
		if got, err := parseBlobURL(bad); err == nil {
			t.Errorf("parseBlobURL(%q) = %+v; want an error", bad, got)
		}
	}
}

func TestNewStorageChoosesLocal(t *testing.T) {
	for _, loc := range []string{"/tmp/t", "relative/t", "file:///tmp/t"} {
		s, err := NewStorage(context.Background(), loc)
		if err != nil {
			t.Fatalf("NewStorage(%q): %v", loc, err)
		}
		if _, ok := s.(*LocalStorage); !ok {
			t.Errorf("NewStorage(%q) = %T, want *LocalStorage", loc, s)
		}
	}
	if l, _ := NewStorage(context.Background(), "file:///tmp/t"); l.(*LocalStorage).root != "/tmp/t" {
		t.Errorf("file URL root = %q", l.(*LocalStorage).root)
	}
	if _, err := NewStorage(context.Background(), "ftp://host/t"); err == nil {
		t.Error("ftp:// should be refused")
	}
}

func TestLocalStorage(t *testing.T) {
	dir := t.TempDir()
	log := filepath.Join(dir, "_delta_log")
	if err := os.MkdirAll(filepath.Join(log, "_sidecars"), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(log, "a.json"), []byte("hello"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(log, "a.json"), filepath.Join(log, "b.json")); err != nil {
		t.Fatal(err)
	}
	s := NewLocalStorage(dir)
	ctx := context.Background()
	got, err := s.List(ctx, "_delta_log")
	if err != nil {
		t.Fatal(err)
	}
	slices.SortFunc(got, func(a, b Entry) int { return strings.Compare(a.Name, b.Name) })
	want := []Entry{{"_sidecars", 0, "a directory"}, {"a.json", 5, ""}, {"b.json", 5, ""}} // the directory only as what it is
	if !slices.Equal(got, want) {
		t.Errorf("List = %v, want %v", got, want)
	}
	if got, err := s.List(ctx, "missing"); err != nil || len(got) != 0 {
		t.Errorf("List(missing) = %v, %v; want empty, nil", got, err)
	}
	data, err := ReadAll(ctx, s, "_delta_log/a.json")
	if err != nil || string(data) != "hello" {
		t.Errorf("ReadAll = %q, %v", data, err)
	}
	if _, err := s.Open(ctx, "_delta_log/nope"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open(missing) err = %v, want fs.ErrNotExist", err)
	}
	cctx, cancel := context.WithCancel(ctx)
	cancel()
	if _, err := s.List(cctx, "_delta_log"); !errors.Is(err, context.Canceled) {
		t.Errorf("List with cancelled context: %v", err)
	}
}
