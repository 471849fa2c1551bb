package python

import "testing"

// FuzzParseDecode parses arbitrary text and decodes every string in it: no
// panic, and every map segment stays inside the source.
func FuzzParseDecode(f *testing.F) {
	for _, s := range []string{
		`x = f"{a!r:>{w}}" "b\x41\u00e9\N{X}" r'\'' b"z"`,
		"s = '''a\\\nb'''\n",
		`f"{'{'}" f'{x=}' rb"\n"`,
		"x = (\"a\"\n  # c\n  'b')",
	} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, src string) {
		tr, err := Parse([]byte(src))
		if err != nil {
			return
		}
		tr.FirstError()
		tr.Root().Descendants(func(n Node) bool {
			if !IsString(n) {
				return true
			}
			d, ok := DecodeString(n, func(Node) (string, bool) { return "v", true })
			if !ok {
				return false
			}
			for _, s := range d.Map {
				if s.Len < 0 || s.File < 0 || s.File+s.Len > len(src) || s.Region+s.Len > len(d.Text) {
					t.Fatalf("segment %+v out of range (src %d, text %d)", s, len(src), len(d.Text))
				}
			}
			for _, h := range d.Holes {
				if h.Start < 0 || h.End > len(d.Text) || h.Start >= h.End {
					t.Fatalf("hole %+v", h)
				}
			}
			return false
		})
	})
}
