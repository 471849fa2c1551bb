package main

import (
	"encoding/base64"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/lakelint/lakelint/output"
	"github.com/lakelint/lakelint/stats/databricks"
)

// statsProject writes a project whose job writes a table and whose config
// names host as its workspace.
func statsProject(t *testing.T, host string) string {
	t.Helper()
	dir := t.TempDir()
	files := map[string]string{
		".lakelint.yaml": "stats:\n  timeout: 300ms\n  databricks:\n    host: " + host + "\n    warehouse-id: wh1\n",
		"job.py":         "df = spark.read.table(\"x\").coalesce(1)\ndf.write.saveAsTable(\"main.web.clicks\")\n",
	}
	for name, text := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	t.Setenv(databricks.EnvConfigFile, filepath.Join(t.TempDir(), "none"))
	return dir
}

// A token endpoint whose error echoes the Basic header it got: the client
// secret must appear in no output format, on stderr or in the step summary.
func TestOAuthSecretNeverLeaksIntoOutput(t *testing.T) {
	noWorkspace(t)
	const id, secret = "4d3c2b1a-0f9e-8d7c-6b5a", "dose7e6d5c4b3a2f1e0d9c8b7a6f5e4d3c2b"
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"error":"invalid_client","error_description":"refused %s (client_secret=%s)"}`,
			r.Header.Get("Authorization"), url.QueryEscape(secret))
	}))
	defer srv.Close()
	dir := statsProject(t, srv.URL)
	t.Setenv(databricks.EnvHost, srv.URL)
	t.Setenv(databricks.EnvClientID, id)
	t.Setenv(databricks.EnvClientSecret, secret)
	t.Setenv(databricks.EnvWarehouseID, "wh1")
	leaks := []string{secret, url.QueryEscape(secret),
		base64.StdEncoding.EncodeToString([]byte(id + ":" + secret)),
		base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id) + ":" + url.QueryEscape(secret)))}

	for _, format := range output.Formats() {
		t.Run(format, func(t *testing.T) {
			summary := filepath.Join(t.TempDir(), "summary.md")
			t.Setenv("GITHUB_STEP_SUMMARY", summary)
			out, errOut, _ := runCLI(t, "", "check", "--no-cache", "--output-format", format, dir)
			sum, _ := os.ReadFile(summary)
			if !strings.Contains(out+errOut, "invalid_client") {
				t.Fatalf("the token endpoint's error was not reported; the test proves nothing:\n%s\n%s", out, errOut)
			}
			for where, text := range map[string]string{"stdout": out, "stderr": errOut, "step summary": string(sum)} {
				for _, leak := range leaks {
					if strings.Contains(text, leak) {
						t.Errorf("%s shows %q:\n%s", where, leak, text)
					}
				}
			}
		})
	}
}

// countingServer answers every request with 401 and counts them.
func countingServer(t *testing.T) (*httptest.Server, *atomic.Int32) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprint(w, `{"error_code":"UNAUTHENTICATED","message":"no"}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// The project's config may not send the environment's token to its own
// workspace; --allow-config-host on the command line may.
func TestConfigHostNeedsCommandLineOptIn(t *testing.T) {
	noWorkspace(t)
	srv, calls := countingServer(t)
	dir := statsProject(t, srv.URL)
	t.Setenv(databricks.EnvHost, "https://mine.cloud.databricks.com")
	t.Setenv(databricks.EnvToken, "dapi00112233445566778899aabbccddeeff")

	_, errOut, code := runCLI(t, "", "check", "--no-cache", "--require-stats", dir)
	if code != exitError || !strings.Contains(errOut, "--allow-config-host") || calls.Load() != 0 {
		t.Errorf("check --require-stats: exit %d, %d requests to the config's host, stderr:\n%s", code, calls.Load(), errOut)
	}
	_, errOut, code = runCLI(t, "", "check", "--no-cache", dir)
	if code == exitError || !strings.Contains(errOut, "warning: live stats unavailable") || calls.Load() != 0 {
		t.Errorf("check: exit %d, %d requests to the config's host, stderr:\n%s", code, calls.Load(), errOut)
	}
	_, errOut, code = runCLI(t, "", "stats", "--config", filepath.Join(dir, ".lakelint.yaml"), "main.web.clicks")
	if code != exitError || !strings.Contains(errOut, "--allow-config-host") || calls.Load() != 0 {
		t.Errorf("stats: exit %d, %d requests, stderr:\n%s", code, calls.Load(), errOut)
	}

	runCLI(t, "", "check", "--no-cache", "--allow-config-host", dir)
	if calls.Load() == 0 {
		t.Error("check --allow-config-host did not ask the config's workspace")
	}
	before := calls.Load()
	runCLI(t, "", "stats", "--allow-config-host", "--config", filepath.Join(dir, ".lakelint.yaml"), "main.web.clicks")
	if calls.Load() == before {
		t.Error("stats --allow-config-host did not ask the config's workspace")
	}
}

// stats export of many tables stops asking a workspace that never answers.
func TestStatsExportStopsAtUnreachableWorkspace(t *testing.T) {
	noWorkspace(t)
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	var conns atomic.Int32
	held := make(chan net.Conn, 64)
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			conns.Add(1)
			held <- c // never answered
		}
	}()
	defer func() {
		l.Close()
		close(held)
		for c := range held {
			c.Close()
		}
	}()
	host := "http://" + l.Addr().String()
	dir := statsProject(t, host)
	t.Setenv(databricks.EnvHost, host)
	t.Setenv(databricks.EnvToken, "dapi00112233445566778899aabbccddeeff")
	args := []string{"stats", "export", "--config", filepath.Join(dir, ".lakelint.yaml")}
	for i := range 20 {
		args = append(args, fmt.Sprintf("main.web.t%02d", i))
	}
	_, errOut, code := runCLI(t, "", args...)
	if code != exitError || strings.Count(errOut, "could not be reached") != 1 {
		t.Errorf("export: exit %d, stderr:\n%s", code, errOut)
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("%d connections for 20 tables, want 1", n)
	}
}
