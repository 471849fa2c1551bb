package source

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/lakelint/lakelint/stats/databricks"
)

// A token shaped like a real one, so a leak is easy to spot.
const fakeToken = "dapi0a1b2c3d4e5f60718293a4b5c6d7e8f9"

// fakeWorkspace answers SQL statements: with an HTTP error when status is
// set, else DESCRIBE DETAIL with location and an empty DESCRIBE HISTORY.
type fakeWorkspace struct {
	status   int
	location string
	hang     bool // answer only when the client gives up
	calls    atomic.Int32
}

func (f *fakeWorkspace) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.calls.Add(1)
	if f.hang {
		// the server notices a client hanging up only once the body is read
		_, _ = io.Copy(io.Discard, r.Body)
		select {
		case <-r.Context().Done():
		case <-time.After(10 * time.Second):
		}
		return
	}
	w.Header().Set("Content-Type", "application/json")
	if f.status != 0 {
		w.WriteHeader(f.status)
		w.Write([]byte(`{"error_code": "UNAUTHENTICATED", "message": "Invalid access token."}`))
		return
	}
	var req struct {
		Statement string `json:"statement"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		return
	}
	if strings.HasPrefix(req.Statement, "DESCRIBE HISTORY") {
		w.Write(statementResult([]string{"version", "operation"}, nil))
		return
	}
	w.Write(statementResult(
		[]string{"format", "location", "numFiles", "sizeInBytes", "partitionColumns", "clusteringColumns", "properties", "minReaderVersion", "minWriterVersion"},
		[][]string{{"delta", f.location, "150", "6144000", "[]", "[]", "{}", "1", "2"}}))
}

// statementResult is a finished statement's answer in JSON_ARRAY form.
func statementResult(columns []string, rows [][]string) []byte {
	type column struct {
		Name     string `json:"name"`
		TypeName string `json:"type_name"`
		Position int    `json:"position"`
	}
	cols := make([]column, len(columns))
	for i, c := range columns {
		cols[i] = column{Name: c, TypeName: "STRING", Position: i}
	}
	if rows == nil {
		rows = [][]string{}
	}
	body := map[string]any{
		"statement_id": "01ef0000-0000-0000-0000-000000000001",
		"status":       map[string]any{"state": "SUCCEEDED"},
		"manifest": map[string]any{
			"format":            "JSON_ARRAY",
			"schema":            map[string]any{"columns": cols},
			"total_chunk_count": 1,
		},
		"result": map[string]any{"chunk_index": 0, "data_array": rows},
	}
	data, _ := json.Marshal(body)
	return data
}

func workspaceProject(t *testing.T, f *fakeWorkspace, extra string) *project {
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	p := newProject(t, "stats:\n  databricks:\n    host: "+srv.URL+"\n    warehouse-id: wh1\n"+extra)
	t.Setenv(databricks.EnvToken, fakeToken)
	t.Setenv(databricks.EnvHost, srv.URL) // the token's own workspace is the one the config names
	return p
}

func TestAttachDatabricksFillsSizesFromReadableLocation(t *testing.T) {
	f := &fakeWorkspace{location: "s3://acme/tables/clicks"}
	p := workspaceProject(t, f, "  path-prefixes:\n    s3://acme/tables: lake\n")
	p.smallTable("lake/clicks")
	cat := writes("main.web.clicks", "/mnt/not/a/name")

	warnings, err := p.attacher(Options{}).Attach(context.Background(), cat)
	if err != nil || len(warnings) > 0 {
		t.Fatalf("Attach = %q, %v", warnings, err)
	}
	live := table(cat, "main.web.clicks").Live
	if live == nil || live.Source != databricks.Source || live.NumFiles != 150 {
		t.Fatalf("live = %+v", live)
	}
	if live.Sizes == nil || live.Sizes.P50 != 40<<10 {
		t.Errorf("sizes = %+v; want them read from the Delta log at the mapped location", live.Sizes)
	}
	if table(cat, "/mnt/not/a/name").Live != nil {
		t.Error("a path-only table was asked of the workspace")
	}
}

func TestAttachDatabricksUnauthorized(t *testing.T) {
	f := &fakeWorkspace{status: http.StatusUnauthorized}
	p := workspaceProject(t, f, "")
	a := p.attacher(Options{Databricks: []databricks.Option{databricks.WithRetry(1, databricks.Backoff{})}})
	cat := writes("main.a.x", "main.a.y")

	warnings, err := a.Attach(context.Background(), cat)
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 {
		t.Fatalf("warnings = %q, want one", warnings)
	}
	w := warnings[0]
	if !strings.HasPrefix(w, "live stats unavailable for 2 tables: main.a.x, main.a.y (401 unauthorized: Invalid access token; ") {
		t.Errorf("warning = %q", w)
	}
	if strings.Contains(w, fakeToken) {
		t.Errorf("the warning shows the token: %q", w)
	}
	calls := f.calls.Load()
	if _, err := a.Attach(context.Background(), writes("main.a.x", "main.a.y")); err != nil {
		t.Fatal(err)
	}
	if f.calls.Load() != calls {
		t.Error("a second pass asked the workspace again")
	}
}

func TestDatabricksNeedsConfiguring(t *testing.T) {
	f := &fakeWorkspace{status: http.StatusUnauthorized}
	srv := httptest.NewServer(f)
	defer srv.Close()
	p := newProject(t, "")
	// A host and token alone, as the Databricks CLI keeps them, are no
	// request to query tables.
	t.Setenv(databricks.EnvHost, srv.URL)
	t.Setenv(databricks.EnvToken, fakeToken)
	warnings, err := p.attacher(Options{}).Attach(context.Background(), writes("main.a.x"))
	if err != nil || len(warnings) > 0 || f.calls.Load() > 0 {
		t.Errorf("Attach = %q, %v with %d calls; want no workspace use", warnings, err, f.calls.Load())
	}
	// All three variables are.
	t.Setenv(databricks.EnvWarehouseID, "wh1")
	warnings, _ = NewAttacher(p.configFor, Options{Databricks: []databricks.Option{databricks.WithRetry(1, databricks.Backoff{})}}).
		Attach(context.Background(), writes("main.a.x"))
	if f.calls.Load() == 0 || len(warnings) != 1 {
		t.Errorf("with DATABRICKS_WAREHOUSE_ID set: %d calls, warnings %q", f.calls.Load(), warnings)
	}
}

func TestAttachTimesOutPerTable(t *testing.T) {
	f := &fakeWorkspace{hang: true}
	p := workspaceProject(t, f, "  timeout: 50ms\n")
	start := time.Now()
	warnings, err := p.attacher(Options{}).Attach(context.Background(), writes("main.a.x", "main.a.y"))
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || !strings.Contains(warnings[0], "main.a.x") || !strings.Contains(warnings[0], "timed out") {
		t.Errorf("warnings = %q", warnings)
	}
	// the first table waits its 50 ms; then the workspace counts as unreachable
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Attach took %s", d)
	}
}
