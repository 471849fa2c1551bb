package pylines

import (
	"strings"
	"testing"
)

func TestState(t *testing.T) {
	tests := []struct {
		lines     string // joined by newlines
		continued bool
		last      byte
	}{
		{"x = 1", false, '1'},
		{"if x:  # c", false, ':'},
		{"f(a,", true, ','},
		{"f(a,\n  b):", false, ':'},
		{`s = """a`, true, '"'},
		{"s = \"\"\"a\n  b\"\"\"", false, '"'},
		{"s = 'a \\", true, '\''},
		{"s = 'a \\\n  b'", false, '\''},
		{"u = 1 + \\", true, '+'},
		{"d = {'#': 1}", false, '}'},
		{"x = 'a:' # b:", false, '\''},
		{"s = 'unterminated", false, '\''},
	}
	for _, tt := range tests {
		var s State
		for _, l := range strings.Split(tt.lines, "\n") {
			s.Scan([]byte(l))
		}
		if s.Continued() != tt.continued || s.Last != tt.last {
			t.Errorf("%q: continued %v last %q, want %v %q", tt.lines, s.Continued(), s.Last, tt.continued, tt.last)
		}
	}
}
