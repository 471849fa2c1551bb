package pyfacts

import (
	"testing"

	"github.com/lakelint/lakelint/parsers/python"
)

// TestPlainString checks the fast path for plain string literals
// (python.PlainString, taken by DecodeString) against decoding them piece
// by piece: same text, same map.
func TestPlainString(t *testing.T) {
	tests := []struct {
		src   string
		plain bool
	}{
		{`x = "select 1"`, true},
		{`x = ''`, true},
		{"x = '''a\n'b'\n'''", true},
		{`x = r"a\d+"`, true},
		{`x = f"no fields"`, true},
		{`x = "é日"`, true},
		{`x = u"x"`, true},
		{`x = "a\nb"`, false},
		{"x = 'a\\\nb'", false},
		{`x = f"{x}"`, false},
		{`x = f"{{x}}"`, false},
		{`x = b"x"`, false},
		{`x = "a" "b"`, false},
	}
	for _, tt := range tests {
		tr, err := python.Parse([]byte(tt.src))
		if err != nil {
			t.Fatal(err)
		}
		n := tr.Root().NamedChild(0).NamedChild(0).ChildByField("right")
		if _, _, ok := python.PlainString(n); ok != tt.plain {
			t.Errorf("%s: plain = %v, want %v", tt.src, ok, tt.plain)
		}
		samePlainDecoding(t, n)
	}
	files, _ := corpus()
	for _, f := range files[:100] {
		tr, err := python.Parse(f)
		if err != nil {
			t.Fatal(err)
		}
		tr.Root().Descendants(func(n python.Node) bool {
			samePlainDecoding(t, n)
			return true
		})
	}
}

// samePlainDecoding fails when n is a plain literal whose fast path
// disagrees with full decoding.
func samePlainDecoding(t *testing.T, n python.Node) {
	t.Helper()
	text, at, ok := python.PlainString(n)
	if !ok {
		return
	}
	var b python.Builder
	if !python.AppendString(&b, n, nil) {
		t.Fatalf("%s: plain but not decodable", n.Text())
	}
	want := b.Decoded()
	got, _ := python.DecodeString(n, nil)
	if string(text) != want.Text || got.Text != want.Text || len(want.Holes) > 0 {
		t.Errorf("%s: plain text %q, decoded %q", n.Text(), text, want.Text)
	}
	if len(got.Map) != len(want.Map) || len(want.Map) > 0 && (got.Map[0] != want.Map[0] || want.Map[0].File != at) {
		t.Errorf("%s: plain map %v, decoded %v", n.Text(), got.Map, want.Map)
	}
}
