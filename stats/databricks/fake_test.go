package databricks

import (
	"context"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"
)

// Values shared by the HTTP tests. The token looks like a real PAT so a
// leak is easy to spot.
const (
	testToken     = "dapi5f2e9c1b7a3d8e6f0c4b2a1d9e8f7c6b"
	testWarehouse = "4b9f1c2e8a7d6e05"
	detailID      = "01ef7d3c-5a2b-1e4f-9c8d-2b6a4e1f0c37"
	historyID     = "01ef7d3c-5b90-1a6d-8e21-7f3c9d0b4a58"
	detailGET     = "GET " + statementsPath + "/" + detailID
	detailCancel  = "POST " + statementsPath + "/" + detailID + "/cancel"
)

// Route keys for submitted statements, by the SQL they carry.
const (
	submitDetail  = "POST detail"
	submitHistory = "POST history"
	submitOther   = "POST other"
)

// reply is one scripted answer: a testdata fixture or a literal body.
type reply struct {
	status  int
	fixture string
	body    string
	header  map[string]string
}

func ok(fixture string) reply { return reply{status: http.StatusOK, fixture: fixture} }

// fakeWorkspace plays the SQL Statement Execution API from scripts. Each
// route answers its replies in order and then repeats the last one.
type fakeWorkspace struct {
	t       *testing.T
	mu      sync.Mutex
	routes  map[string][]reply
	calls   []string
	submits []statementRequest
}

func newFakeWorkspace(t *testing.T) (*fakeWorkspace, *httptest.Server) {
	t.Helper()
	f := &fakeWorkspace{t: t, routes: map[string][]reply{}}
	srv := httptest.NewServer(f)
	t.Cleanup(srv.Close)
	return f, srv
}

func (f *fakeWorkspace) on(route string, replies ...reply) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.routes[route] = replies
}

func (f *fakeWorkspace) count(route string) int {
	f.mu.Lock()
	defer f.mu.Unlock()
	n := 0
	for _, c := range f.calls {
		if c == route {
			n++
		}
	}
	return n
}

func (f *fakeWorkspace) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if got := r.Header.Get("Authorization"); got != "Bearer "+testToken {
		f.t.Errorf("%s %s: Authorization header %q, want the bearer token", r.Method, r.URL.Path, got)
	}
	route := r.Method + " " + r.URL.Path
	if route == "POST "+statementsPath {
		var req statementRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil {
			f.t.Errorf("submit body: %v", err)
		}
		f.mu.Lock()
		f.submits = append(f.submits, req)
		f.mu.Unlock()
		switch {
		case strings.HasPrefix(req.Statement, stepDetail+" "):
			route = submitDetail
		case strings.HasPrefix(req.Statement, stepHistory+" "):
			route = submitHistory
		default:
			route = submitOther
		}
	}

	f.mu.Lock()
	f.calls = append(f.calls, route)
	script := f.routes[route]
	var rep reply
	if len(script) > 0 {
		rep = script[0]
		if len(script) > 1 {
			f.routes[route] = script[1:]
		}
	}
	f.mu.Unlock()

	if len(script) == 0 {
		f.t.Errorf("unscripted request %s", route)
		http.Error(w, `{"error_code":"BAD_REQUEST","message":"unscripted"}`, http.StatusBadRequest)
		return
	}
	body := []byte(rep.body)
	if rep.fixture != "" {
		var err error
		if body, err = os.ReadFile(filepath.Join("testdata", rep.fixture)); err != nil {
			f.t.Errorf("fixture: %v", err)
		}
	}
	for k, v := range rep.header {
		w.Header().Set(k, v)
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(rep.status)
	w.Write(body)
}

// sleepRecorder stands in for real waiting: it notes each delay and
// returns at once, unless ctx is already over.
type sleepRecorder struct {
	mu     sync.Mutex
	delays []time.Duration
}

func (s *sleepRecorder) sleep(ctx context.Context, d time.Duration) error {
	s.mu.Lock()
	s.delays = append(s.delays, d)
	s.mu.Unlock()
	return ctx.Err()
}

// newTestClient points a Client at srv with instant, recorded sleeps and
// jitter pinned to its lower bound (half the step) so delays are exact.
func newTestClient(t *testing.T, srv *httptest.Server, opts ...Option) (*Client, *sleepRecorder) {
	t.Helper()
	c, err := New(Config{Host: srv.URL, Token: testToken, WarehouseID: testWarehouse, Timeout: 2 * time.Second}, opts...)
	if err != nil {
		t.Fatal(err)
	}
	rec := &sleepRecorder{}
	c.sleep = rec.sleep
	c.rand = func() float64 { return 0 }
	c.cancelTimeout = time.Second
	return c, rec
}
