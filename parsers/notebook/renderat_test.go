package notebook

import (
	"strings"
	"testing"
)

// A line added at the end of a cell whose source has no final newline is
// text-identical to one added at the start of the next cell: only the
// caller's cell starts can place it.
func TestRenderAtPlacesBoundaryInsertions(t *testing.T) {
	src := `{"cells":[{"cell_type":"code","metadata":{},"outputs":[],"source":["a = 1"]},` +
		`{"cell_type":"code","metadata":{},"outputs":[],"source":["b = 2\n"]}],"metadata":{},"nbformat":4,"nbformat_minor":5}`
	doc, err := Jupyter("x.ipynb", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	if got := string(doc.Text); got != "a = 1\nb = 2\n" {
		t.Fatalf("text %q", got)
	}
	text := []byte("a = 1\nz = 0\nb = 2\n") // "\nz = 0" inserted after "a = 1"
	out, err := doc.RenderAt(text, []int{0, len("a = 1\nz = 0\n")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"source":["a = 1\n","z = 0"]`) || !strings.Contains(string(out), `"source":["b = 2\n"]`) {
		t.Errorf("end of the first cell:\n%s", out)
	}
	out, err = doc.RenderAt(text, []int{0, len("a = 1\n")})
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(out), `"source":["a = 1"]`) || !strings.Contains(string(out), `"source":["z = 0\n","b = 2\n"]`) {
		t.Errorf("start of the second cell:\n%s", out)
	}
	if _, err := doc.RenderAt(text, []int{0}); err == nil {
		t.Error("a wrong number of cell starts must be refused")
	}
	if _, err := doc.RenderAt(text, []int{0, 99}); err == nil {
		t.Error("a start past the text must be refused")
	}
}
