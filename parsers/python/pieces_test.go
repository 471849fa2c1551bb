package python

import (
	"slices"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/internal/corpusgen"
)

// parseIn parses src with pieces of about size bytes.
func parseIn(t *testing.T, src []byte, size int) []cnode {
	t.Helper()
	old := pieceSize
	pieceSize = size
	defer func() { pieceSize = old }()
	nodes, err := parseC(src)
	if err != nil {
		t.Fatal(err)
	}
	return slices.Clone(nodes)
}

// A source parsed in pieces gives the tree it gives parsed whole, node for
// node, wherever it is cut.
func TestPiecesMakeTheWholeTree(t *testing.T) {
	tricky := strings.Join([]string{
		"import os\n",
		"@decorator\n# a comment between\n@other(1,\n2)\ndef f(a):\n    return a\n",
		"if x:\n    y = 1\nelif z:\n    y = 2\nelse:\n    y = 3\n",
		"try:\n    pass\nexcept ValueError:\n    pass\nfinally:\n    done()\n",
		"s = \"\"\"a string\nnot_a_statement = 1\n\"\"\"\n",
		"t = ('a',\nb)\n",
		"u = 1 + \\\n2\n",
		"def g():\n    x = 1\n# a comment at the margin, inside g\n    return x\n",
		"v = f\"{d['k']}\" + r'\\'' + b'\\x00'\n",
		"class C:\n    def m(self):\n        return '#' # not a comment start\n",
		"w = [\n  1,  # inside brackets\n]\n",
		"else_ = 1\nelsewhere = 2\n",
	}, "")
	sources := []string{tricky, strings.Repeat(tricky, 3)}
	for _, f := range corpusgen.Files(7, 200<<10) {
		sources = append(sources, string(f))
	}
	for _, src := range sources {
		whole := parseIn(t, []byte(src), len(src)+1)
		if whole[0].flags&flagHasError != 0 {
			t.Fatalf("the test source does not parse:\n%s", src)
		}
		for _, size := range []int{1, 40, 300, 5000} {
			if at := cuts([]byte(src), size); size < len(src)/4 && len(at) == 0 {
				t.Errorf("no cut in %d bytes at size %d", len(src), size)
			}
			if got := parseIn(t, []byte(src), size); !slices.Equal(got, whole) {
				t.Fatalf("pieces of %d bytes: %d nodes, want the whole tree's %d (first difference at %d)", size, len(got), len(whole), firstDiff(got, whole))
			}
		}
	}
}

func firstDiff(a, b []cnode) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	return min(len(a), len(b))
}

// Cuts are made between top-level statements only.
func TestCutsFallBetweenStatements(t *testing.T) {
	src := "@d\ndef f():\n    pass\nelse_ = 1\nx = '''\ny = 2\n'''\nz = (1,\nw)\nif a:\n    pass\nelse:\n    pass\nlast = 1\n"
	var got []string
	for _, at := range cuts([]byte(src), 1) {
		got = append(got, strings.SplitN(src[at:], "\n", 2)[0])
	}
	want := []string{"else_ = 1", "x = '''", "z = (1,", "if a:", "last = 1"}
	if !slices.Equal(got, want) {
		t.Errorf("cuts before %q, want %q", got, want)
	}
}

// A piece with a syntax error makes the whole source parse at once: the
// tree is the one a whole parse gives.
func TestPiecesWithAnErrorParseWhole(t *testing.T) {
	src := []byte("x = 1\ny = (\nz = 2\ndef f(:\n    pass\nw = 3\n")
	whole := parseIn(t, src, len(src)+1)
	if got := parseIn(t, src, 1); !slices.Equal(got, whole) {
		t.Errorf("pieces of a broken source differ from its whole tree")
	}
}

// A large source is never handed to tree-sitter whole, whose memory
// (outside Go's heap) grows with what it is given: pieces stay near
// pieceSize, and make the tree the whole source makes.
func TestLargeSourceIsParsedInPieces(t *testing.T) {
	size := pieceSize
	pieceSize = 16 << 10 // the same cuts, at a test's scale
	defer func() { pieceSize = size }()
	var src []byte
	for _, f := range corpusgen.Files(11, 5*pieceSize) {
		src = append(src, f...)
	}
	whole := parseIn(t, src, len(src)+1)
	largest := 0
	old := parseText
	parseText = func(p *parser, text []byte) (*cTree, int) {
		largest = max(largest, len(text))
		return old(p, text)
	}
	defer func() { parseText = old }()
	nodes, err := parseC(src)
	if err != nil {
		t.Fatal(err)
	}
	if largest > 2*pieceSize {
		t.Errorf("tree-sitter was given %d bytes at once, of %d; want pieces of about %d", largest, len(src), pieceSize)
	}
	if !slices.Equal(nodes, whole) {
		t.Errorf("the pieces' tree differs from the whole source's (first difference at node %d)", firstDiff(nodes, whole))
	}
}
