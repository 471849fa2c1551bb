package notebook

import (
	"bytes"
	"strings"
	"testing"
)

func loadJupyter(t *testing.T, name string) ([]byte, func(string) ([]byte, error), string) {
	t.Helper()
	src := readFixture(t, name)
	doc, err := Jupyter(name, src)
	if err != nil {
		t.Fatal(err)
	}
	render := func(text string) ([]byte, error) { return doc.Render([]byte(text)) }
	return src, render, string(doc.Text)
}

func TestRenderNoOp(t *testing.T) {
	for _, name := range []string{"jupyter_pretty.ipynb", "jupyter_minified.ipynb", "jupyter_sql.ipynb"} {
		src, render, text := loadJupyter(t, name)
		out, err := render(text)
		if err != nil || !bytes.Equal(out, src) {
			t.Errorf("%s: no-op render changed the file (%v)", name, err)
		}
	}
}

// replaceOnce replaces the single occurrence of old in s, failing if there is not exactly one.
func replaceOnce(t *testing.T, s, old, new string) string {
	t.Helper()
	if n := strings.Count(s, old); n != 1 {
		t.Fatalf("%q occurs %d times", old, n)
	}
	return strings.Replace(s, old, new, 1)
}

func TestRenderEdits(t *testing.T) {
	tests := []struct {
		name, fixture string
		edit          func(t *testing.T, text string) string
		file          func(t *testing.T, src string) string // the expected file
	}{
		{"edit last line without newline", "jupyter_pretty.ipynb",
			func(t *testing.T, s string) string { return replaceOnce(t, s, "df.coalesce(1).write", "df.write") },
			func(t *testing.T, s string) string {
				return replaceOnce(t, s, "df.coalesce(1).write.save", "df.write.save")
			}},
		{"add a line to a list cell", "jupyter_pretty.ipynb",
			func(t *testing.T, s string) string {
				return replaceOnce(t, s, "%%sql\n", "%%sql\n-- café\n")
			},
			func(t *testing.T, s string) string {
				return replaceOnce(t, s, "    \"%%sql\\n\",\n", "    \"%%sql\\n\",\n    \"-- café\\n\",\n")
			}},
		{"edit a string cell", "jupyter_pretty.ipynb",
			func(t *testing.T, s string) string { return replaceOnce(t, s, "import os", "import sys\nimport os") },
			func(t *testing.T, s string) string {
				return replaceOnce(t, s, `"%%capture\nimport os`, `"%%capture\nimport sys\nimport os`)
			}},
		{"fill an empty cell", "jupyter_pretty.ipynb",
			func(t *testing.T, s string) string { return s[:len(s)-1] + "x = 1\ny = 2\n" },
			func(t *testing.T, s string) string {
				return replaceOnce(t, s, `"source": []`, "\"source\": [\n    \"x = 1\\n\",\n    \"y = 2\"\n   ]")
			}},
		{"empty a cell but its newline", "jupyter_pretty.ipynb",
			func(t *testing.T, s string) string { return replaceOnce(t, s, "%%bash\nls -la\n", "\n") },
			func(t *testing.T, s string) string {
				return replaceOnce(t, s, "\"%%bash\\n\",\n    \"ls -la\\n\"\n", "\"\\n\"\n")
			}},
		{"edit two neighbouring cells", "jupyter_pretty.ipynb",
			func(t *testing.T, s string) string {
				s = replaceOnce(t, s, "df.coalesce(1).write", "df.write")
				return replaceOnce(t, s, "ALTER TABLE", "alter table")
			},
			func(t *testing.T, s string) string {
				s = replaceOnce(t, s, "df.coalesce(1).write.save", "df.write.save")
				return replaceOnce(t, s, "ALTER TABLE", "alter table")
			}},
		{"insert at a cell start", "jupyter_pretty.ipynb",
			func(t *testing.T, s string) string { return replaceOnce(t, s, "%%capture\n", "# first\n%%capture\n") },
			func(t *testing.T, s string) string { return replaceOnce(t, s, `"%%capture\n`, `"# first\n%%capture\n`) }},
		{"minified stays ascii", "jupyter_minified.ipynb",
			func(t *testing.T, s string) string { return replaceOnce(t, s, `.partitionBy("id")`, "") },
			func(t *testing.T, s string) string { return replaceOnce(t, s, `.partitionBy(\"id\")`, "") }},
		{"minified new line", "jupyter_minified.ipynb",
			func(t *testing.T, s string) string { return replaceOnce(t, s, "%%sql\n", "%%sql\nSET x = 1;\n") },
			func(t *testing.T, s string) string {
				return replaceOnce(t, s, `["%%sql\n",`, `["%%sql\n","SET x = 1;\n",`)
			}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			src, render, text := loadJupyter(t, tt.fixture)
			edited := tt.edit(t, text)
			out, err := render(edited)
			if err != nil {
				t.Fatal(err)
			}
			if want := tt.file(t, string(src)); string(out) != want {
				t.Fatalf("rendered\n%s\nwant\n%s", out, want)
			}
			doc, err := Jupyter("again.ipynb", out)
			if err != nil {
				t.Fatal(err)
			}
			if string(doc.Text) != edited {
				t.Errorf("reloaded text\n%q\nwant\n%q", doc.Text, edited)
			}
		})
	}
}

func TestRenderErrors(t *testing.T) {
	_, render, _ := loadJupyter(t, "jupyter_pretty.ipynb")
	if _, err := render(""); err == nil {
		t.Error("removing every cell's text must fail")
	}
	doc, err := Jupyter("md.ipynb", notebook(`{"cell_type":"markdown","source":"x"}`))
	if err != nil {
		t.Fatal(err)
	}
	if _, err := doc.Render([]byte("x = 1\n")); err == nil {
		t.Error("text for a notebook without code cells must fail")
	}
	if out, err := doc.Render(nil); err != nil || string(out) != string(notebook(`{"cell_type":"markdown","source":"x"}`)) {
		t.Errorf("no-op render of a notebook without code: %q %v", out, err)
	}
}

func TestRenderEscapes(t *testing.T) {
	src := notebook(`{"cell_type":"code","source":"a"},{"cell_type":"code","source":["b"]}`)
	doc, err := Jupyter("t.ipynb", src)
	if err != nil {
		t.Fatal(err)
	}
	out, err := doc.Render([]byte("a \"q\" \\ \t\x01 \xff é 😀\nb\n"))
	if err != nil {
		t.Fatal(err)
	}
	want := notebook(`{"cell_type":"code","source":"a \"q\" \\ \t\u0001 \ufffd \u00e9 \ud83d\ude00"},{"cell_type":"code","source":["b"]}`)
	if !bytes.Equal(out, want) {
		t.Errorf("got  %s\nwant %s", out, want)
	}
}

func TestRenderAfterInPlaceEdit(t *testing.T) {
	src := notebook(`{"cell_type":"code","source":"x = 1"}`)
	doc, err := Jupyter("t.ipynb", src)
	if err != nil {
		t.Fatal(err)
	}
	doc.Text[4] = '2'
	out, err := doc.Render(doc.Text)
	if err != nil || string(out) != string(notebook(`{"cell_type":"code","source":"x = 2"}`)) {
		t.Errorf("render %q %v", out, err)
	}
}
