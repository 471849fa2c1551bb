package databricks

import (
	"context"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats"
)

func date(s string) time.Time {
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		panic(err)
	}
	return t
}

func TestFetchMapsDetailAndHistory(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, ok("detail_succeeded.json"))
	f.on(submitHistory, ok("history_succeeded.json"))
	c, _ := newTestClient(t, srv)
	fetched := date("2025-01-20T07:00:00Z")
	c.now = func() time.Time { return fetched }

	got, err := c.Fetch(t.Context(), "main.sales.orders", 50)
	if err != nil {
		t.Fatal(err)
	}

	if len(f.submits) != 2 {
		t.Fatalf("%d statements submitted, want 2", len(f.submits))
	}
	if s := f.submits[0].Statement; s != "DESCRIBE DETAIL `main`.`sales`.`orders`" {
		t.Errorf("detail statement %q", s)
	}
	if s := f.submits[1].Statement; s != "DESCRIBE HISTORY `main`.`sales`.`orders` LIMIT 50" {
		t.Errorf("history statement %q", s)
	}

	optimize := stats.Commit{
		Version: 409, Timestamp: date("2025-01-20T03:00:41Z"), Operation: "OPTIMIZE",
		Parameters: map[string]string{"predicate": "[]", "auto": "false", "clusterBy": "[]", "zOrderBy": `["customer_id"]`, "batchId": "0"},
		Metrics: map[string]string{
			"numRemovedFiles": "38", "numRemovedBytes": "61865984", "p25FileSize": "30932992", "numDeletionVectorsRemoved": "0",
			"minFileSize": "30932992", "numAddedFiles": "2", "maxFileSize": "30932992", "p75FileSize": "30932992",
			"p50FileSize": "30932992", "numAddedBytes": "61865984",
		},
	}
	vacuum := stats.Commit{
		Version: 407, Timestamp: date("2025-01-19T04:10:55Z"), Operation: "VACUUM END",
		Parameters: map[string]string{"status": "COMPLETED"},
		Metrics:    map[string]string{"numDeletedFiles": "120", "numVacuumedDirectories": "31"},
	}
	want := &stats.Table{
		Name:              "main.sales.orders",
		Location:          "s3://acme-lakehouse/unity/main/sales/__unitystorage/tables/6c1f2a9e-3d47-4b8c-a5e0-91d2f7c4b803",
		Format:            "delta",
		Version:           412,
		Source:            "databricks",
		FetchedAt:         fetched,
		NumFiles:          1843,
		SizeInBytes:       9663676416,
		PartitionColumns:  []string{"order_date"},
		ClusteringColumns: []string{},
		Properties: map[string]string{
			"delta.enableDeletionVectors":      "true",
			"delta.autoOptimize.optimizeWrite": "true",
			"delta.logRetentionDuration":       "interval 30 days",
		},
		MinReaderVersion: 3,
		MinWriterVersion: 7,
		WriterFeatures:   []string{"appendOnly", "deletionVectors", "invariants"},
	}
	history := got.History
	got.History = nil
	if !reflect.DeepEqual(got, want) {
		t.Errorf("table\n got %+v\nwant %+v", got, want)
	}
	if history == nil {
		t.Fatal("no history")
	}

	wantOps := map[string]int{
		"STREAMING UPDATE": 5, "OPTIMIZE": 1, "VACUUM END": 1, "VACUUM START": 1,
		"MERGE": 1, "WRITE": 1, "SET TBLPROPERTIES": 1, "CREATE TABLE": 1,
	}
	if history.Commits != 12 || !reflect.DeepEqual(history.Operations, wantOps) {
		t.Errorf("commits %d operations %v, want 12 and %v", history.Commits, history.Operations, wantOps)
	}
	// Streaming commits 412, 411, 410, 408 have metrics, 404 has none:
	// added files 4,2,0,6; rows 12000,5100,0,30000; bytes per file
	// 1 MiB, 512 KiB, 512 KiB (the empty batch has no files to divide by).
	wantStreaming := stats.StreamingSummary{
		Commits: 5, WithMetrics: 4,
		MedianAddedFiles: 3, MedianOutputRows: 8550, MedianBytesPerFile: 512 << 10,
	}
	if history.Streaming != wantStreaming {
		t.Errorf("streaming %+v, want %+v", history.Streaming, wantStreaming)
	}
	if history.LastOptimize == nil || !reflect.DeepEqual(*history.LastOptimize, optimize) {
		t.Errorf("last optimize %+v, want %+v", history.LastOptimize, optimize)
	}
	if history.LastVacuum == nil || !reflect.DeepEqual(*history.LastVacuum, vacuum) {
		t.Errorf("last vacuum %+v, want %+v", history.LastVacuum, vacuum)
	}
	if len(history.Recent) != 12 || history.Recent[0].Version != 412 || history.Recent[11].Version != 401 {
		t.Errorf("recent: %d commits, want 12 from 412 down to 401", len(history.Recent))
	}
	if r := history.Recent[8]; r.Version != 404 || r.Metrics != nil {
		t.Errorf("commit 404 with NULL metrics came out as %+v", r)
	}
}

func TestFetchDefaultsHistoryLimit(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, ok("detail_succeeded.json"))
	f.on(submitHistory, ok("history_succeeded.json"))
	c, _ := newTestClient(t, srv)

	if _, err := c.Fetch(t.Context(), "orders", 0); err != nil {
		t.Fatal(err)
	}
	if s := f.submits[1].Statement; s != "DESCRIBE HISTORY `orders` LIMIT 100" {
		t.Errorf("history statement %q, want the default limit", s)
	}
}

func TestFetchSkipsHistoryForFormatsWithout(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, reply{status: http.StatusOK, body: `{
		"statement_id": "s1", "status": {"state": "SUCCEEDED"},
		"manifest": {"format": "JSON_ARRAY", "schema": {"columns": [
			{"name": "format", "position": 0}, {"name": "numFiles", "position": 1}, {"name": "properties", "position": 2}]}},
		"result": {"data_array": [["parquet", "17", null]]}}`})
	c, _ := newTestClient(t, srv)

	got, err := c.Fetch(t.Context(), "hive_metastore.raw.events", 10)
	if err != nil {
		t.Fatal(err)
	}
	if got.Format != "parquet" || got.NumFiles != 17 || got.History != nil || got.Properties == nil {
		t.Errorf("got %+v; want parquet, 17 files, no history, empty properties", got)
	}
	if n := f.count(submitHistory); n != 0 {
		t.Errorf("ran DESCRIBE HISTORY %d times on a parquet table", n)
	}
}

func TestFetchTableNotFound(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, ok("failed_table_not_found.json"))
	c, _ := newTestClient(t, srv)

	_, err := c.Fetch(t.Context(), "main.sales.ordres", 10)
	if !errors.Is(err, ErrNotFound) {
		t.Fatalf("err = %v, want ErrNotFound", err)
	}
	var se *StatementError
	if !errors.As(err, &se) || se.State != "FAILED" || se.SQLState != "42P01" {
		t.Fatalf("err = %#v, want a FAILED StatementError with SQLSTATE 42P01", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "DESCRIBE DETAIL main.sales.ordres") {
		t.Errorf("error %q does not name the table", msg)
	}
}

func TestFetchTimesOutWhileRunning(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, ok("detail_running.json"))
	f.on(detailGET, ok("detail_running.json"))
	f.on(detailCancel, reply{status: http.StatusOK, body: "{}"})
	c, _ := newTestClient(t, srv, WithPolling(Backoff{Initial: 2 * time.Millisecond, Max: 10 * time.Millisecond}))
	c.sleep = sleepCtx // really wait, briefly
	c.cfg.Timeout = 100 * time.Millisecond

	start := time.Now()
	_, err := c.Fetch(t.Context(), "main.sales.orders", 10)
	if elapsed := time.Since(start); elapsed > time.Second {
		t.Errorf("took %v; the 100ms per-table timeout was not honoured", elapsed)
	}
	var te *TimeoutError
	if !errors.As(err, &te) || te.Table != "main.sales.orders" || te.Timeout != 100*time.Millisecond {
		t.Fatalf("err = %v, want a TimeoutError for main.sales.orders after 100ms", err)
	}
	if !errors.Is(err, ErrTimeout) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("err = %v should match ErrTimeout and context.DeadlineExceeded", err)
	}
	for _, m := range []string{"main.sales.orders", "100ms", "RUNNING"} {
		if !strings.Contains(err.Error(), m) {
			t.Errorf("error %q does not mention %q", err, m)
		}
	}
	if f.count(detailGET) < 2 {
		t.Errorf("polled %d times before the deadline", f.count(detailGET))
	}
	if n := f.count(detailCancel); n != 1 {
		t.Errorf("cancel sent %d times, want 1 so the warehouse stops the statement", n)
	}
}

func TestFetchCallerDeadlineIsNotPerTableTimeout(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, ok("detail_running.json"))
	f.on(detailGET, ok("detail_running.json"))
	f.on(detailCancel, reply{status: http.StatusOK, body: "{}"})
	c, _ := newTestClient(t, srv, WithPolling(Backoff{Initial: 2 * time.Millisecond, Max: 10 * time.Millisecond}))
	c.sleep = sleepCtx
	ctx, cancel := context.WithTimeout(t.Context(), 50*time.Millisecond)
	defer cancel()

	_, err := c.Fetch(ctx, "orders", 10)
	var te *TimeoutError
	if errors.As(err, &te) || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("err = %v, want the caller's DeadlineExceeded, not a per-table TimeoutError", err)
	}
}

func TestFetchRejectsUnsafeTableNames(t *testing.T) {
	_, srv := newFakeWorkspace(t) // unscripted: any request fails the test
	c, _ := newTestClient(t, srv)

	for _, name := range []string{"orders; DROP TABLE x", "a.b`; --", "delta.`/mnt/raw`", ""} {
		if _, err := c.Fetch(t.Context(), name, 10); err == nil {
			t.Errorf("Fetch(%q) succeeded", name)
		}
	}
}

func TestFetchMalformedDetailNamesColumn(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, reply{status: http.StatusOK, body: `{
		"statement_id": "s1", "status": {"state": "SUCCEEDED"},
		"manifest": {"format": "JSON_ARRAY", "schema": {"columns": [{"name": "format", "position": 0}, {"name": "numFiles", "position": 1}]}},
		"result": {"data_array": [["delta", "many"]]}}`})
	c, _ := newTestClient(t, srv)

	_, err := c.Fetch(t.Context(), "orders", 10)
	if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "numFiles") {
		t.Fatalf("err = %v, want ErrMalformed naming numFiles", err)
	}
}
