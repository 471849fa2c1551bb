package python

import (
	"strings"
	"testing"
)

func mustParse(t *testing.T, src string) *Tree {
	t.Helper()
	tr, err := Parse([]byte(src))
	if err != nil {
		t.Fatal(err)
	}
	return tr
}

func TestParseShape(t *testing.T) {
	tr := mustParse(t, "x = df.write.save('p')  # note\nprint(x)\n")
	root := tr.Root()
	if root.Type() != "module" {
		t.Fatalf("root %q", root.Type())
	}
	stmts := root.NamedChildren(nil)
	if len(stmts) != 2 || stmts[0].Type() != "expression_statement" {
		t.Fatalf("statements %v", types(stmts))
	}
	asg := stmts[0].NamedChild(0)
	if asg.Type() != "assignment" {
		t.Fatalf("got %q", asg.Type())
	}
	if got := asg.ChildByField("left").String(); got != "x" {
		t.Errorf("left %q", got)
	}
	call := asg.ChildByField("right")
	if call.Type() != "call" || call.ChildByField("function").String() != "df.write.save" {
		t.Errorf("right %q %q", call.Type(), call.String())
	}
	if a := call.ChildByField("arguments"); a.Type() != "argument_list" || a.NamedChild(0).String() != "'p'" {
		t.Errorf("arguments %q", a.String())
	}
	if call.Parent() != asg || asg.Parent() != stmts[0] || stmts[0].Parent() != root || root.Parent().Valid() {
		t.Error("parent links are wrong")
	}
	if !call.TextIs("df.write.save('p')") {
		t.Error("TextIs")
	}
	// the comment is a named extra node, skipped by NamedChildren
	c := tr.NodeAt(strings.Index(string(tr.Src), "note"))
	if c.Type() != "comment" || !c.IsExtra() {
		t.Errorf("NodeAt comment: %q extra=%v", c.Type(), c.IsExtra())
	}
	if n := tr.NodeAt(strings.Index(string(tr.Src), "save")); n.String() != "save" {
		t.Errorf("NodeAt save: %q", n.String())
	}
	if tr.NodeAt(-1).Valid() || tr.NodeAt(len(tr.Src)+5).Valid() {
		t.Error("NodeAt outside the source")
	}
	// every child's range lies inside its parent and siblings are ordered
	count := 0
	root.Descendants(func(n Node) bool {
		count++
		prevEnd := n.Start()
		for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
			if c.Parent() != n || c.Start() < prevEnd || c.End() > n.End() {
				t.Fatalf("bad child %q of %q", c.Type(), n.Type())
			}
			prevEnd = c.End()
		}
		return true
	})
	if count != tr.Len() {
		t.Errorf("Descendants visited %d of %d nodes", count, tr.Len())
	}
}

func types(ns []Node) []string {
	var out []string
	for _, n := range ns {
		out = append(out, n.Type())
	}
	return out
}

func TestZeroNode(t *testing.T) {
	var n Node
	if n.Valid() || n.Type() != "" || n.Start() != 0 || n.Text() != nil || n.FirstChild().Valid() ||
		n.NextSibling().Valid() || n.Parent().Valid() || n.ChildByField("x").Valid() || n.HasError() {
		t.Error("the zero Node must be inert")
	}
	n.Descendants(func(Node) bool { t.Error("visited"); return true })
}

func TestParseOddInput(t *testing.T) {
	inputs := map[string]string{
		"empty":        "",
		"invalid utf8": "x = '\xff\xfe'\n\xc3(\n",
		"nul bytes":    "a = 1\x00\x00b = 2",
		"deep nesting": strings.Repeat("(", 5000) + "1" + strings.Repeat(")", 5000),
		"deep open":    strings.Repeat("f(", 3000),
		"long line":    "x = " + strings.Repeat("a + ", 50000) + "a\n",
		"only comment": "# hi",
		"tabs mix":     "if x:\n\ty = 1\n        z = 2\n",
	}
	for name, src := range inputs {
		t.Run(name, func(t *testing.T) {
			tr := mustParse(t, src)
			if len(src) > 0 && tr.Len() == 0 {
				t.Fatal("no nodes")
			}
			n := 0
			tr.Root().Descendants(func(Node) bool { n++; return true })
			if n != tr.Len() {
				t.Errorf("visited %d of %d", n, tr.Len())
			}
			tr.FirstError()
		})
	}
}

func TestFirstError(t *testing.T) {
	tests := []struct {
		src, at, msg string
		pos          int // offset of the error when not 0
		ok           bool
	}{
		{src: "x = 1\n", ok: false},
		{src: "x = 1\nprint(foo(\n", at: "(", // the inner bracket, as Python points at it
			pos: 15, msg: "'(' was never closed", ok: true},
		{src: "x = \"abc\n", at: "\"", msg: "unterminated string literal", ok: true},
		{src: "if x\n  y = 1\n", at: "if x", msg: "invalid syntax", ok: true},
		{src: "df.write.mode('a') saveAsTable('t')  # c\nx = 1\n", at: "saveAsTable('t')", msg: "invalid syntax", ok: true},
		{src: "a = 1; b = 2\nif x:\n    c = 1 d\n", at: "1", msg: "invalid syntax", ok: true},
		{src: "a = 1 b = 2\nprint(foo(\n", at: "1", msg: "invalid syntax", ok: true},
		{src: "def f(:\n    pass\n", at: "", msg: "", ok: true},
		{src: "x = (1, 2\ny = 3\n", ok: true},
		{src: "x = = 2\n", ok: true},
		// a chain continued without brackets: Python names the indented line
		{src: "def f(df):\n\n    df.writeStream\n      .foreachBatch(g)\n      .start()\n", at: ".foreachBatch(g)", msg: "unexpected indent: a method chain that goes on to the next line needs parentheses around it or a backslash at the end of the line", ok: true},
		{src: "x = 1\n    y = 2\n", at: "y = 2", msg: "unexpected indent", ok: true},
		{src: "if x:\n    a = 1\n  b = (\n", at: "b = (", msg: "unindent does not match any outer indentation level", ok: true},
		// an error in the lines before the badly indented one comes first
		{src: "{% block b %}\n    a = 1\n", at: "% block", ok: true},
		{src: "x = 1\ny = 'abc\n    z = 2\n", msg: "unterminated string literal", ok: true},
		// notebook code in a plain file
		{src: "%run ./utils\n\nx = 1\n", msg: "%run is notebook (IPython) syntax, not Python: this file is read as plain Python because its first line is not \"# Databricks notebook source\"", ok: true},
		// indentation Python accepts, beside an error elsewhere
		{src: "s = \"\"\"\n    text\n\"\"\"\nt = (1,\n        2)\nu = 1 + \\\n    2\n# c\n        # c\nif a:  # c\n    b = 1\nif b:\n# c\n\n    c = 1\nx = = 2\n", at: "=", ok: true},
	}
	for _, tt := range tests {
		tr := mustParse(t, tt.src)
		e, ok := tr.FirstError()
		if ok != tt.ok {
			t.Errorf("%q: ok=%v want %v", tt.src, ok, tt.ok)
			continue
		}
		if !ok {
			continue
		}
		if e.Start < 0 || e.End < e.Start || e.End > len(tt.src) || e.Message == "" {
			t.Errorf("%q: bad error %+v", tt.src, e)
		}
		if tt.at != "" && tt.src[e.Start:e.End] != tt.at {
			t.Errorf("%q: error at %q, want %q", tt.src, tt.src[e.Start:e.End], tt.at)
		}
		if tt.pos != 0 && e.Start != tt.pos {
			t.Errorf("%q: error at offset %d, want %d", tt.src, e.Start, tt.pos)
		}
		if tt.msg != "" && e.Message != tt.msg {
			t.Errorf("%q: message %q, want %q", tt.src, e.Message, tt.msg)
		}
	}
}

// IPython takes a cell's first-line indentation off every line: an
// indented cell is Python, a line deeper than the cell's base that opens
// no block is not.
func TestFirstErrorInCell(t *testing.T) {
	ok := "    q = (df.writeStream\n        .start())\n    x = 1\n"
	if e, bad := mustParse(t, ok).FirstErrorIn(true); bad {
		t.Errorf("indented cell: %+v", e)
	}
	if _, bad := mustParse(t, ok).FirstError(); !bad {
		t.Error("an indented file: no error")
	}
	if e, bad := mustParse(t, "    x = 1\n      y = 2\n").FirstErrorIn(true); !bad || e.Message != "unexpected indent" {
		t.Errorf("deeper than the cell's base: %+v %v", e, bad)
	}
	// a notebook cell has its header: the hint that blames a missing one is
	// for plain files
	if e, bad := mustParse(t, "%run ./utils\nx = 1\n").FirstErrorIn(true); !bad || strings.Contains(e.Message, "first line") {
		t.Errorf("IPython line left in a cell: %+v %v", e, bad)
	}
}

func TestFirstErrorMissing(t *testing.T) {
	tr := mustParse(t, "spark.sql('x'\nz = 1\n")
	e, ok := tr.FirstError()
	if !ok {
		t.Fatal("no error")
	}
	t.Logf("%+v", e)
	if !strings.Contains(e.Message, "missing") && !strings.Contains(e.Message, "never closed") && e.Message != "invalid syntax" {
		t.Errorf("message %q", e.Message)
	}
}

func TestChildHelpers(t *testing.T) {
	tr := mustParse(t, "f(a, # c\n  b=1)\n")
	args := tr.Root().NamedChild(0).NamedChild(0).ChildByField("arguments")
	if got := types(args.Children(nil)); strings.Join(got, " ") != "( identifier , comment keyword_argument )" {
		t.Errorf("children %v", got)
	}
	if args.ChildCount() != 6 || len(args.NamedChildren(nil)) != 2 {
		t.Errorf("counts %d %d", args.ChildCount(), len(args.NamedChildren(nil)))
	}
	if kw := args.ChildOfType("keyword_argument"); kw.ChildByField("name").String() != "b" || kw.ChildByField("value").String() != "1" {
		t.Errorf("keyword %q", kw.String())
	}
	if !args.NamedChild(1).Is("keyword_argument") || args.NamedChild(2).Valid() {
		t.Error("NamedChild")
	}
	if d := args.Dump(); !strings.Contains(d, "name: identifier \"b\"") || !strings.Contains(d, "comment") {
		t.Errorf("dump:\n%s", d)
	}
}

// A released tree's memory serves the next parse, which must not see the
// old tree's nodes; the released tree itself cannot be read any more.
func TestReleaseReusesMemory(t *testing.T) {
	long := strings.Repeat("df = spark.table('t').where('x > 1').select('a', 'b')\n", 50)
	short := "x = 1\n"
	fresh, err := Parse([]byte(short))
	if err != nil {
		t.Fatal(err)
	}
	want := fresh.Root().Dump()
	first, err := Parse([]byte(long))
	if err != nil {
		t.Fatal(err)
	}
	old := first.Root()
	first.Release()
	first.Release() // twice is harmless
	again, err := Parse([]byte(short))
	if err != nil {
		t.Fatal(err)
	}
	if got := again.Root().Dump(); got != want {
		t.Errorf("a parse into released memory differs:\n%s\nwant\n%s", got, want)
	}
	defer func() {
		if recover() == nil {
			t.Error("reading a released tree must panic")
		}
	}()
	_ = old.Type()
}

func TestChildByFieldID(t *testing.T) {
	tree, err := Parse([]byte("f(a, b=1)\nx.y = g[0]\n"))
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Release()
	names := []string{"function", "arguments", "name", "value", "object", "attribute", "left", "right", "no such field"}
	n := 0
	tree.Root().Descendants(func(d Node) bool {
		for _, name := range names {
			if got, want := d.ChildByFieldID(FieldByName(name)), d.ChildByField(name); got != want {
				t.Errorf("%s %q: ChildByFieldID gives %v, ChildByField %v", d.Type(), name, got, want)
			}
			if d.ChildByField(name).Valid() {
				n++
			}
		}
		return true
	})
	if n < 8 {
		t.Errorf("only %d fields found: the test reads nothing", n)
	}
	if FieldByName("no such field") != 0 {
		t.Error("a field the grammar lacks has an id")
	}
}

func TestSymbolName(t *testing.T) {
	tree, err := Parse([]byte("def f(x):\n    return x.y(1, 'a') +\n"))
	if err != nil {
		t.Fatal(err)
	}
	defer tree.Release()
	seen := map[string]bool{}
	tree.Root().Descendants(func(d Node) bool {
		if got := SymbolName(d.Symbol()); got != d.Type() {
			t.Errorf("node %s: SymbolName gives %q", d.Type(), got)
		}
		seen[d.Type()] = true
		return true
	})
	for _, typ := range []string{"function_definition", "call", "attribute", "identifier", "string", "ERROR"} {
		if !seen[typ] {
			t.Errorf("no %s node: the test reads less than it means to", typ)
		}
	}
	if SymbolCount() < 100 {
		t.Errorf("SymbolCount = %d", SymbolCount())
	}
}

// nodeAtByDescent is NodeAt the plain way, down from the root through the
// children: what the binary search must agree with.
func nodeAtByDescent(t *Tree, off int) Node {
	n := t.Root()
	if !n.Valid() || off < n.Start() || off >= n.End() {
		return Node{}
	}
	for {
		c := n.FirstChild()
		for c.Valid() && c.End() <= off {
			c = c.NextSibling()
		}
		if !c.Valid() || c.Start() > off || !c.IsNamed() {
			return n
		}
		n = c
	}
}

func TestNodeAtAgreesWithADescent(t *testing.T) {
	srcs := []string{
		"import x  # noqa: LL101\n\n@dec\ndef f(a, b=[1, 2]):\n    \"\"\"doc\n\"\"\"\n    return a + b  # c\n\nx = f'{y!r:>{w}}' + \"s\"\nif x:\n    pass\nelse:\n    y = (1,\n2)\n",
		"def broken(:\n    x = \n\nclass C:\n    def m(self): return self.x[0]\n",
		"\ufeff# only a comment\n",
		"",
	}
	for _, src := range srcs {
		tr, err := Parse([]byte(src))
		if err != nil {
			t.Fatal(err)
		}
		for off := -1; off <= len(src)+1; off++ {
			got, want := tr.NodeAt(off), nodeAtByDescent(tr, off)
			if got != want {
				t.Errorf("%q at %d: %s %q, want %s %q", src, off, got.Type(), got.String(), want.Type(), want.String())
			}
		}
	}
}
