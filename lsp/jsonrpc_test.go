package lsp

import (
	"bytes"
	"context"
	"errors"
	"io"
	"strings"
	"testing"
	"time"
)

func TestFrameReader(t *testing.T) {
	in := "Content-Length: 2\r\n\r\n{}" +
		"\r\n" + // a stray line end between messages
		"content-type: application/vscode-jsonrpc; charset=utf-8\r\nCONTENT-LENGTH:  4 \r\n\r\n[1,2]" +
		"Content-Length: x\r\n\r\n" +
		"Content-Length: 3\n\n\"a\""
	fr := newFrameReader(strings.NewReader(in))
	want := []string{"{}", "[1,2", "bad", `"a"`}
	for _, w := range want {
		body, err := fr.next()
		if w == "bad" {
			if !errors.Is(err, errBadHeader) {
				t.Fatalf("bad length: err %v", err)
			}
			continue
		}
		if err != nil {
			t.Fatalf("want %q: %v", w, err)
		}
		if string(body) != w {
			t.Errorf("body %q, want %q", body, w)
		}
	}
	// "]" of the short message then merges into the next header line
	if _, err := fr.next(); !errors.Is(err, io.EOF) {
		t.Errorf("at the end: %v", err)
	}
}

func TestFrameReaderBrokenInput(t *testing.T) {
	for name, in := range map[string]string{
		"truncated body":   "Content-Length: 10\r\n\r\n{}",
		"truncated header": "Content-Len",
		"no body":          "Content-Length: 10\r\n",
		"huge length":      "Content-Length: 99999999999999\r\n\r\n{}",
		"long line":        "X-Junk: " + strings.Repeat("x", 3*maxHeaderLine) + "\r\nContent-Length: 2\r\n\r\n{",
	} {
		fr := newFrameReader(strings.NewReader(in))
		var err error
		for range 5 {
			if _, err = fr.next(); err != nil && !errors.Is(err, errBadHeader) {
				break
			}
		}
		if err == nil || errors.Is(err, errBadHeader) {
			t.Errorf("%s: reading did not end: %v", name, err)
		}
	}
}

func TestFrameWriter(t *testing.T) {
	var b bytes.Buffer
	fw := &frameWriter{w: &b}
	if err := fw.write(map[string]string{"é": "x"}); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "Content-Length: 10\r\n\r\n{\"é\":\"x\"}"; got != want {
		t.Errorf("wrote %q, want %q", got, want)
	}
}

// FuzzServe feeds arbitrary bytes to the server: it must neither panic nor
// hang, and must always end when its input does.
func FuzzServe(f *testing.F) {
	frame := func(body string) string {
		return "Content-Length: " + itoa(len(body)) + "\r\n\r\n" + body
	}
	init := frame(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}`)
	f.Add(init)
	f.Add(init + frame(`{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"untitled:x","languageId":"python","version":1,"text":"spark.conf.set(\"spark.sql.adaptive.enabled\", \"false\")"}}}`))
	f.Add(init + frame(`{"jsonrpc":"2.0","method":"textDocument/didChange","params":{"textDocument":{"uri":"untitled:x"},"contentChanges":[{"range":{"start":{"line":5,"character":-3},"end":{"line":0,"character":0}},"text":"é"}]}}`))
	f.Add(init + frame(`{"jsonrpc":"2.0","id":{},"method":"shutdown"}`) + frame(`{"id":2,"result":null}`))
	f.Add("Content-Length: 3\r\n\r\n\xff\xfe}")
	f.Fuzz(func(t *testing.T, in string) {
		srv, err := NewServer(Options{})
		if err != nil {
			t.Fatal(err)
		}
		done := make(chan struct{})
		go func() {
			srv.Serve(context.Background(), strings.NewReader(in), io.Discard)
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Serve did not return")
		}
	})
}

func itoa(n int) string {
	var b []byte
	for {
		b = append([]byte{byte('0' + n%10)}, b...)
		n /= 10
		if n == 0 {
			return string(b)
		}
	}
}
