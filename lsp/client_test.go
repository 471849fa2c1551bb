package lsp

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/lakelint/lakelint/output"
)

// testClient drives a Server in-process over pipes, as an editor would.
type testClient struct {
	t      testing.TB
	srv    *Server
	in     *io.PipeWriter // to the server
	nextID int
	exit   chan int // Serve's return value
	log    *syncBuffer
	wait   time.Duration // how long await waits

	mu       sync.Mutex
	received []message // what the server sent and no await has taken
	all      []message // everything the server sent, in order
	arrived  chan struct{}
	readDone chan struct{}
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.b.String()
}

const waitTimeout = 20 * time.Second

// newClient starts a server; opts may adjust it before it serves.
func newClient(t testing.TB, opts Options, adjust ...func(*Server)) *testClient {
	t.Helper()
	logs := &syncBuffer{}
	opts.Log = logs
	srv, err := NewServer(opts)
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range adjust {
		f(srv)
	}
	toServer, fromClient := io.Pipe()
	fromServer, toClient := io.Pipe()
	c := &testClient{t: t, srv: srv, in: fromClient, exit: make(chan int, 1), log: logs, wait: waitTimeout,
		arrived: make(chan struct{}, 1), readDone: make(chan struct{})}
	go func() {
		code := srv.Serve(context.Background(), toServer, toClient)
		toClient.Close()
		c.exit <- code
	}()
	go c.read(fromServer)
	t.Cleanup(func() {
		fromClient.Close()
		select {
		case <-c.exit:
		case <-time.After(waitTimeout):
			t.Error("server did not stop")
		}
		if t.Failed() {
			t.Logf("server log:\n%s", logs.String())
		}
	})
	return c
}

func (c *testClient) read(r io.Reader) {
	defer close(c.readDone)
	fr := newFrameReader(r)
	for {
		body, err := fr.next()
		if err != nil {
			return
		}
		var m message
		if err := json.Unmarshal(body, &m); err != nil {
			c.t.Errorf("server sent invalid JSON: %s", body)
			return
		}
		c.mu.Lock()
		c.received = append(c.received, m)
		c.all = append(c.all, m)
		c.mu.Unlock()
		select {
		case c.arrived <- struct{}{}:
		default:
		}
	}
}

// raw sends bytes as one framed message.
func (c *testClient) raw(body string) {
	c.t.Helper()
	if _, err := fmt.Fprintf(c.in, "Content-Length: %d\r\n\r\n%s", len(body), body); err != nil {
		c.t.Fatal(err)
	}
}

func (c *testClient) send(v any) {
	c.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		c.t.Fatal(err)
	}
	c.raw(string(b))
}

func (c *testClient) notify(method string, params any) {
	c.t.Helper()
	c.send(map[string]any{"jsonrpc": "2.0", "method": method, "params": params})
}

// call sends a request and returns its response.
func (c *testClient) call(method string, params any) message {
	c.t.Helper()
	c.nextID++
	id := c.nextID
	c.send(map[string]any{"jsonrpc": "2.0", "id": id, "method": method, "params": params})
	return c.await(fmt.Sprintf("response %d", id), func(m message) bool {
		return m.Method == "" && string(m.ID) == fmt.Sprint(id)
	})
}

// await takes and returns the first message not yet taken that matches.
func (c *testClient) await(what string, match func(message) bool) message {
	c.t.Helper()
	deadline := time.After(c.wait)
	for {
		c.mu.Lock()
		for i, m := range c.received {
			if match(m) {
				c.received = append(c.received[:i:i], c.received[i+1:]...)
				c.mu.Unlock()
				return m
			}
		}
		c.mu.Unlock()
		select {
		case <-c.arrived:
		case <-c.readDone:
			c.mu.Lock()
			left := len(c.received)
			c.mu.Unlock()
			if left == 0 {
				c.t.Fatalf("connection closed while waiting for %s", what)
			}
		case <-deadline:
			c.t.Fatalf("timed out waiting for %s", what)
		}
	}
}

// diagnostics waits for the diagnostics of uri at a version (-1: unversioned).
func (c *testClient) diagnostics(uri string, version int) []output.LSPDiagnostic {
	c.t.Helper()
	var p struct {
		URI         string                 `json:"uri"`
		Version     *int                   `json:"version"`
		Diagnostics []output.LSPDiagnostic `json:"diagnostics"`
	}
	c.await(fmt.Sprintf("diagnostics of %s v%d", uri, version), func(m message) bool {
		if m.Method != "textDocument/publishDiagnostics" {
			return false
		}
		p.Version = nil
		if err := json.Unmarshal(m.Params, &p); err != nil {
			c.t.Fatal(err)
		}
		if p.URI != uri {
			return false
		}
		if p.Version == nil {
			return version == -1
		}
		return *p.Version == version
	})
	if p.Diagnostics == nil {
		c.t.Fatalf("diagnostics of %s: null, want a list", uri)
	}
	return p.Diagnostics
}

// sent returns everything the server has sent so far.
func (c *testClient) sent() []message {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]message(nil), c.all...)
}

func (c *testClient) initialize() {
	c.t.Helper()
	resp := c.call("initialize", map[string]any{"processId": nil, "rootUri": nil, "capabilities": map[string]any{}})
	if resp.Error != nil {
		c.t.Fatalf("initialize: %v", resp.Error)
	}
	c.notify("initialized", map[string]any{})
}

// stop shuts the server down properly and returns its exit code.
func (c *testClient) stop() int {
	c.t.Helper()
	if resp := c.call("shutdown", nil); resp.Error != nil {
		c.t.Fatalf("shutdown: %v", resp.Error)
	}
	c.notify("exit", nil)
	return c.waitExit()
}

func (c *testClient) waitExit() int {
	c.t.Helper()
	select {
	case code := <-c.exit:
		c.exit <- code // for Cleanup
		return code
	case <-time.After(waitTimeout):
		c.t.Fatal("server did not exit")
	}
	return -1
}

func (c *testClient) open(uri, languageID, text string) {
	c.t.Helper()
	c.notify("textDocument/didOpen", map[string]any{"textDocument": map[string]any{
		"uri": uri, "languageId": languageID, "version": 1, "text": text}})
}

func (c *testClient) change(uri string, version int, text string) {
	c.t.Helper()
	c.notify("textDocument/didChange", map[string]any{
		"textDocument":   map[string]any{"uri": uri, "version": version},
		"contentChanges": []map[string]any{{"text": text}},
	})
}

// project makes a directory with a config file, so no config above the
// temporary directory can change what the tests see.
func project(t *testing.T, cfg string) string {
	t.Helper()
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, ".lakelint.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	return dir
}

func fileURI(path string) string {
	return (&url.URL{Scheme: "file", Path: filepath.ToSlash(path)}).String()
}
