package lsp

import (
	"runtime"
	"testing"

	"github.com/lakelint/lakelint/output"
)

func TestOffsetOf(t *testing.T) {
	text := "ab\r\ncé🙂d\nlast"
	for _, tc := range []struct {
		line, char, want int
	}{
		{0, 0, 0},
		{0, 2, 2},
		{0, 9, 2}, // past the end: before the CRLF
		{1, 0, 4},
		{1, 1, 5},
		{1, 2, 7}, // é is two bytes, one unit
		{1, 4, 11},
		{1, 5, 12},
		{2, 4, 17},
		{2, 99, 17},
		{9, 0, 17},
		{-1, -1, 0},
	} {
		if got := offsetOf(text, output.LSPPosition{Line: tc.line, Character: tc.char}); got != tc.want {
			t.Errorf("offsetOf(%d:%d) = %d, want %d", tc.line, tc.char, got, tc.want)
		}
	}
}

func TestApplyChange(t *testing.T) {
	text := "x = 1\ny = 🙂2\n"
	r := rng(1, 6, 1, 7)
	if got := applyChange(text, contentChange{Range: &r, Text: "3"}); got != "x = 1\ny = 🙂3\n" {
		t.Errorf("range change: %q", got)
	}
	backwards := rng(1, 0, 0, 0)
	if got := applyChange(text, contentChange{Range: &backwards, Text: ""}); got != "y = 🙂2\n" {
		t.Errorf("reversed range: %q", got)
	}
	if got := applyChange(text, contentChange{Text: "new"}); got != "new" {
		t.Errorf("full change: %q", got)
	}
}

func TestDocumentPath(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("POSIX paths")
	}
	for _, tc := range []struct{ uri, lang, want string }{
		{"file:///home/me/job%20one.py", "python", "/home/me/job one.py"},
		{"file:///home/me/nb.ipynb", "python", "/home/me/nb.ipynb"},
		{"untitled:Untitled-1", "python", "untitled.py"},
		{"untitled:Untitled-2", "sql", "untitled.sql"},
		{"vscode-notebook-cell:/home/me/nb.ipynb#W1", "python", "nb.ipynb.py"},
		{"git:/home/me/job.py", "", "job.py"},
		{"::", "", "untitled"},
	} {
		if got := documentPath(tc.uri, tc.lang); got != tc.want {
			t.Errorf("documentPath(%q, %q) = %q, want %q", tc.uri, tc.lang, got, tc.want)
		}
	}
}
