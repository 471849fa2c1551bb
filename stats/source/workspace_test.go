package source

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/stats/databricks"
)

// A repository's config may name a workspace, but not send the user's
// credentials to it: the token goes only to the host it came with.
func TestConfigHostMayNotRedirectCredentials(t *testing.T) {
	named := &fakeWorkspace{}
	srv := httptest.NewServer(named)
	defer srv.Close()
	setup := func(t *testing.T, require string) *project {
		p := newProject(t, "stats:\n  databricks:\n    host: "+srv.URL+"\n    warehouse-id: wh1\n"+require)
		t.Setenv(databricks.EnvToken, fakeToken)
		t.Setenv(databricks.EnvHost, "https://mine.cloud.databricks.com")
		return p
	}
	retryOnce := []databricks.Option{databricks.WithRetry(1, databricks.Backoff{})}

	t.Run("refused with a warning", func(t *testing.T) {
		p := setup(t, "")
		warnings, err := p.attacher(Options{Databricks: retryOnce}).Attach(context.Background(), writes("main.a.x"))
		if err != nil {
			t.Fatal(err)
		}
		if len(warnings) != 1 || !strings.Contains(warnings[0], "--allow-config-host") || !strings.Contains(warnings[0], "not for it") {
			t.Errorf("warnings = %q, want one saying why and naming the flag", warnings)
		}
		if n := named.calls.Load(); n != 0 {
			t.Errorf("the config's host got %d requests", n)
		}
	})
	t.Run("refused with an error when stats are required", func(t *testing.T) {
		p := setup(t, "  require: true\n")
		_, err := p.attacher(Options{Databricks: retryOnce}).Attach(context.Background(), writes("main.a.x"))
		if err == nil || !strings.Contains(err.Error(), "--allow-config-host") {
			t.Errorf("err = %v, want the refusal", err)
		}
		if n := named.calls.Load(); n != 0 {
			t.Errorf("the config's host got %d requests", n)
		}
	})
	t.Run("allowed from the command line", func(t *testing.T) {
		p := setup(t, "")
		cat := writes("main.a.x")
		warnings, err := p.attacher(Options{AllowConfigHost: true, Databricks: retryOnce}).Attach(context.Background(), cat)
		if err != nil || len(warnings) > 0 {
			t.Fatalf("Attach = %q, %v", warnings, err)
		}
		if named.calls.Load() == 0 || table(cat, "main.a.x").Live == nil {
			t.Error("with --allow-config-host the config's workspace was not asked")
		}
	})
}

// deadListener accepts connections on loopback and counts them; it drops
// each at once (hang false) or holds it without a word (hang true).
type deadListener struct {
	l     net.Listener
	conns atomic.Int32
	mu    sync.Mutex
	held  []net.Conn
}

func newDeadListener(t *testing.T, hang bool) *deadListener {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	d := &deadListener{l: l}
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			d.conns.Add(1)
			if !hang {
				c.Close()
				continue
			}
			d.mu.Lock()
			d.held = append(d.held, c)
			d.mu.Unlock()
		}
	}()
	t.Cleanup(func() {
		l.Close()
		d.mu.Lock()
		defer d.mu.Unlock()
		for _, c := range d.held {
			c.Close()
		}
	})
	return d
}

func (d *deadListener) url() string { return "http://" + d.l.Addr().String() }

func manyTables(n int) (*catalog.Catalog, []string) {
	names := make([]string, n)
	for i := range names {
		names[i] = fmt.Sprintf("main.a.t%02d", i)
	}
	return writes(names...), names
}

// An unreachable workspace costs one table's attempts, not every table's:
// the rest are skipped and the run warns once.
func TestUnreachableWorkspaceIsAskedOnce(t *testing.T) {
	for _, tt := range []struct {
		name      string
		hang      bool
		attempts  int
		wantConns int32
	}{
		{"connections dropped", false, 2, 2}, // the first table's two attempts
		{"no answer", true, 3, 1},            // the first attempt runs into the table's timeout
	} {
		t.Run(tt.name, func(t *testing.T) {
			d := newDeadListener(t, tt.hang)
			p := newProject(t, "stats:\n  timeout: 200ms\n  databricks:\n    host: "+d.url()+"\n    warehouse-id: wh1\n")
			t.Setenv(databricks.EnvToken, fakeToken)
			t.Setenv(databricks.EnvHost, d.url())
			cat, _ := manyTables(40)
			a := p.attacher(Options{Databricks: []databricks.Option{databricks.WithRetry(tt.attempts, databricks.Backoff{})}})

			warnings, err := a.Attach(context.Background(), cat)
			if err != nil {
				t.Fatal(err)
			}
			if n := d.conns.Load(); n != tt.wantConns {
				t.Errorf("%d connection attempts for 40 tables, want %d", n, tt.wantConns)
			}
			if len(warnings) != 1 || !strings.HasPrefix(warnings[0], "live stats unavailable for 40 tables: ") ||
				strings.Count(warnings[0], "could not be reached") != 1 {
				t.Errorf("warnings = %q, want one naming the unreachable workspace once", warnings)
			}
			// A later pass of the same run (--fix) asks nothing.
			before := d.conns.Load()
			if _, err := a.Attach(context.Background(), cat); err != nil {
				t.Fatal(err)
			}
			if d.conns.Load() != before {
				t.Error("a second pass tried the workspace again")
			}
		})
	}
}

// A workspace that answers, even with an error for each table, is asked
// about every table.
func TestHTTPErrorsDoNotStopLookups(t *testing.T) {
	f := &fakeWorkspace{status: http.StatusForbidden}
	p := workspaceProject(t, f, "")
	cat, _ := manyTables(12)
	a := p.attacher(Options{Databricks: []databricks.Option{databricks.WithRetry(1, databricks.Backoff{})}})
	warnings, err := a.Attach(context.Background(), cat)
	if err != nil || len(warnings) != 1 {
		t.Fatalf("Attach = %q, %v", warnings, err)
	}
	if n := f.calls.Load(); n != 12 {
		t.Errorf("%d requests for 12 tables that each got a 403, want 12", n)
	}
	if strings.Contains(warnings[0], "could not be reached") {
		t.Errorf("a 403 was taken for an unreachable workspace: %q", warnings[0])
	}
}
