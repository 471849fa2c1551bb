package python

import (
	"strings"
	"testing"
)

// firstString returns the first string or concatenated_string node of src.
func firstString(t *testing.T, src string) Node {
	t.Helper()
	tr := mustParse(t, src)
	var found Node
	tr.Root().Descendants(func(n Node) bool {
		if found.Valid() {
			return false
		}
		if IsString(n) {
			found = n
			return false
		}
		return true
	})
	if !found.Valid() {
		t.Fatalf("no string in %q", src)
	}
	return found
}

// checkVerbatim asserts that every segment of the map is text copied byte
// for byte from the source, as the PosMap contract says.
func checkVerbatim(t *testing.T, src string, d Decoded) {
	t.Helper()
	for _, s := range d.Map {
		if s.Len <= 0 || d.Text[s.Region:s.Region+s.Len] != src[s.File:s.File+s.Len] {
			t.Errorf("segment %+v: decoded %q, source %q", s, d.Text[s.Region:s.Region+s.Len], src[s.File:s.File+s.Len])
		}
	}
}

func TestDecodeString(t *testing.T) {
	consts := map[string]string{"T": "main.events", "N": "7"}
	resolve := func(n Node) (string, bool) {
		v, ok := consts[n.String()]
		return v, ok
	}
	tests := []struct {
		name, src, want string
		holes           int
	}{
		{"double", `"select 1"`, "select 1", 0},
		{"single", `'a b'`, "a b", 0},
		{"empty", `""`, "", 0},
		{"triple", "\"\"\"line1\nline2\"\"\"", "line1\nline2", 0},
		{"triple single", "'''it's'''", "it's", 0},
		{"escapes", `"a\nb\tc\\d\'e\"f"`, "a\nb\tc\\d'e\"f", 0},
		{"hex", `"\x41\x42"`, "AB", 0},
		{"hex non-ascii", `"\xe9"`, "é", 0},
		{"unicode", `"\u00e9\u65e5\U0001F600"`, "é日😀", 0},
		{"octal", `"\101\0\7"`, "A\x00\a", 0},
		{"named", `"\N{BULLET}x"`, "\uFFFDx", 0},
		{"unknown escape kept", `"\d+\q"`, `\d+\q`, 0},
		{"continuation", "'ab\\\ncd'", "abcd", 0},
		{"raw", `r"\n\d\'"`, `\n\d\'`, 0},
		{"raw upper", `R'C:\x'`, `C:\x`, 0},
		{"unicode prefix", `u"caf\u00e9"`, "café", 0},
		{"implicit concat", `"a" 'b' """c"""`, "abc", 0},
		{"concat over lines", "(\"SELECT *\"\n \" FROM t\")", "SELECT * FROM t", 0},
		{"fstring resolved", `f"VACUUM {T} RETAIN {N} HOURS"`, "VACUUM main.events RETAIN 7 HOURS", 0},
		{"fstring opaque", `f"SELECT * FROM {tbl} LIMIT {N}"`, "SELECT * FROM {tbl} LIMIT 7", 1},
		{"fstring spec is opaque", `f"{N:>4}"`, "{N:>4}", 1},
		{"fstring conversion is opaque", `f"{T!r}"`, "{T!r}", 1},
		{"fstring braces", `f"{{x}} {T}"`, "{x} main.events", 0},
		{"fstring attr opaque", `f"FROM {self.table}"`, "FROM {self.table}", 1},
		{"raw fstring", `rf"\d{T}"`, `\dmain.events`, 0},
		{"fstring escape", `f"a\n{T}"`, "a\nmain.events", 0},
		{"mixed concat", `"a" f"{T}" r"\x"`, `amain.events\x`, 0},
		{"non-ascii", `"é日本 ok"`, "é日本 ok", 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src := "x = " + tt.src + "\n"
			d, ok := DecodeString(firstString(t, src), resolve)
			if !ok {
				t.Fatal("not decoded")
			}
			if d.Text != tt.want {
				t.Errorf("text %q, want %q", d.Text, tt.want)
			}
			if len(d.Holes) != tt.holes {
				t.Errorf("holes %v, want %d", d.Holes, tt.holes)
			}
			for _, h := range d.Holes {
				if d.Text[h.Start] != '{' || d.Text[h.End-1] != '}' {
					t.Errorf("hole %v is %q", h, d.Text[h.Start:h.End])
				}
			}
			checkVerbatim(t, src, d)
		})
	}
}

func TestDecodeStringRejects(t *testing.T) {
	for _, src := range []string{`x = b"bytes"`, `x = "a" b"b"`, `x = 1`} {
		tr := mustParse(t, src)
		n := tr.Root().NamedChild(0).NamedChild(0).ChildByField("right")
		if _, ok := DecodeString(n, nil); ok {
			t.Errorf("%q decoded", src)
		}
	}
}

func TestDecodeStringPositions(t *testing.T) {
	// Verbatim text maps to its own bytes; an escape or a substituted
	// constant maps to where the source goes on after its spelling, and the
	// source between its neighbours is exactly that spelling.
	src := "q = \"é日本\\tSELECT\\n  * FROM \" f'x.{T} WHERE a = \\'x\\''\n"
	resolve := func(n Node) (string, bool) { return "main.t", n.TextIs("T") }
	d, ok := DecodeString(firstString(t, src), resolve)
	if !ok {
		t.Fatal("not decoded")
	}
	want := "é日本\tSELECT\n  * FROM x.main.t WHERE a = 'x'"
	if d.Text != want {
		t.Fatalf("text %q", d.Text)
	}
	checkVerbatim(t, src, d)
	at := func(sub string) int { return strings.Index(d.Text, sub) }
	file := func(sub string) int { return strings.Index(src, sub) }
	checks := []struct{ decoded, source int }{
		{0, file("é")},
		{at("日本"), file("日本")},
		{at("SELECT"), file("SELECT")},
		{at("\t"), file("SELECT")},
		{at("\n"), file("  * FROM")},
		{at("* FROM"), file("* FROM")},
		{at("main.t"), file(" WHERE")},
		{at("WHERE"), file("WHERE")},
		{at("'x'"), file("x\\'")},
		{at("x'"), file("x\\'")},
		{at("x.main"), file("x.{T}")},
	}
	for _, c := range checks {
		if got := d.Map.File(c.decoded); got != c.source {
			t.Errorf("decoded %d (%q): source %d (%q), want %d (%q)", c.decoded, d.Text[c.decoded:],
				got, src[got:], c.source, src[c.source:])
		}
	}
	// the source between the segments around a value is its spelling (when
	// the value is inside one literal, not at the edge of a concatenation)
	i := at("main.t")
	prev, next := d.Map.File(i-1)+1, d.Map.File(i)
	if src[prev:next] != "{T}" {
		t.Errorf("value spelled %q", src[prev:next])
	}
}

func TestBuilderAppend(t *testing.T) {
	src := `x = "ab\ncd"` + "\n"
	d, _ := DecodeString(firstString(t, src), nil)
	var b Builder
	b.Verbatim([]byte("[["), 100)
	b.Append(d, 1, 4) // "b\nc"
	out := b.Decoded()
	if out.Text != "[[b\nc" {
		t.Fatalf("text %q", out.Text)
	}
	checkVerbatim(t, strings.Repeat(" ", 100)+"[[", Decoded{Text: out.Text, Map: out.Map[:1]})
	if got := out.Map.File(2); got != strings.Index(src, "b") {
		t.Errorf("b maps to %d", got)
	}
	if got := out.Map.File(3); got != strings.Index(src, "cd") {
		t.Errorf("newline maps to %d", got)
	}
	if got := out.Map.File(4); got != strings.Index(src, "cd") {
		t.Errorf("c maps to %d", got)
	}
}

func TestBuilderHolesAndValues(t *testing.T) {
	src := `x = "A {} B"` + "\n"
	d, _ := DecodeString(firstString(t, src), nil)
	var b Builder
	b.Append(d, 0, 2)     // "A "
	b.Value("xyz")        // stands for "{}"
	b.AppendHole(d, 4, 7) // " B"
	out := b.Decoded()
	if out.Text != "A xyz B" || len(out.Holes) != 1 || out.Text[out.Holes[0].Start:out.Holes[0].End] != " B" {
		t.Fatalf("%q %v", out.Text, out.Holes)
	}
	after := strings.Index(src, " B")
	if out.Map.File(2) != after || out.Map.File(4) != after || out.Map.File(5) != after {
		t.Errorf("value maps to %d %d %d, want %d", out.Map.File(2), out.Map.File(4), out.Map.File(5), after)
	}
	checkVerbatim(t, src, out)
}
