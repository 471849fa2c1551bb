package main

import (
	"fmt"
	"strings"
	"testing"
)

func lspFrames(bodies ...string) string {
	var b strings.Builder
	for _, body := range bodies {
		fmt.Fprintf(&b, "Content-Length: %d\r\n\r\n%s", len(body), body)
	}
	return b.String()
}

func TestServerEndToEnd(t *testing.T) {
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"processId":null,"rootUri":null,"capabilities":{}}}`
	initialized := `{"jsonrpc":"2.0","method":"initialized","params":{}}`
	shutdown := `{"jsonrpc":"2.0","id":2,"method":"shutdown"}`
	exit := `{"jsonrpc":"2.0","method":"exit"}`

	out, errOut, code := runCLI(t, lspFrames(initialize, initialized, shutdown, exit), "server")
	if code != 0 {
		t.Fatalf("exit %d, stderr:\n%s", code, errOut)
	}
	for _, want := range []string{`"id":1`, `"name":"lakelint"`, `"version":"` + version + `"`, `"id":2,"result":null`} {
		if !strings.Contains(out, want) {
			t.Errorf("stdout lacks %s:\n%s", want, out)
		}
	}
	if !strings.HasPrefix(out, "Content-Length: ") {
		t.Errorf("stdout is not framed:\n%s", out)
	}

	// exit without shutdown, and input that just ends, are failures
	if _, _, code := runCLI(t, lspFrames(initialize, exit), "server"); code != 1 {
		t.Errorf("exit without shutdown: %d, want 1", code)
	}
	if _, _, code := runCLI(t, lspFrames(initialize), "server"); code != 1 {
		t.Errorf("input ended: %d, want 1", code)
	}
	if _, errOut, code := runCLI(t, "", "server", "extra"); code != exitError || !strings.Contains(errOut, "extra") {
		t.Errorf("stray argument: %d %q", code, errOut)
	}
	if _, errOut, code := runCLI(t, "", "server", "--config", "/nonexistent/lakelint.yaml"); code != exitError || errOut == "" {
		t.Errorf("missing config: %d %q", code, errOut)
	}
}
