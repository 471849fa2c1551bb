package fixer

import (
	"strings"
	"testing"
)

func TestApplyTakesNonOverlappingFixesWhole(t *testing.T) {
	text := []byte("out = df.repartition(8)\nout.write.save(p)\n")
	fixes := []Fix{
		{ID: 1, Edits: []Edit{{Start: 8, End: 23, New: ""}}},
		{ID: 2, Edits: []Edit{{Start: 10, End: 12, New: "xx"}}},                                    // overlaps 1
		{ID: 3, Edits: []Edit{{Start: 24, End: 24, New: "# a\n"}, {Start: 0, End: 0, New: "#\n"}}}, // two insertions
		{ID: 4, Edits: []Edit{{Start: 24, End: 24, New: "dup"}}},                                   // same insertion point as 3
		{ID: 5, Edits: []Edit{{Start: 5, End: 999, New: ""}}},                                      // out of range
	}
	res := Apply(text, fixes)
	if got, want := string(res.Text), "#\nout = df\n# a\nout.write.save(p)\n"; got != want {
		t.Fatalf("text = %q, want %q", got, want)
	}
	if got := res.Applied; len(got) != 2 || got[0] != 1 || got[1] != 3 {
		t.Errorf("applied = %v, want [1 3]", got)
	}
	if got := res.Skipped; len(got) != 3 {
		t.Errorf("skipped = %v, want 3 fixes", got)
	}
}

func TestApplyRejectsSelfOverlappingFix(t *testing.T) {
	res := Apply([]byte("abcdef"), []Fix{{ID: 1, Edits: []Edit{{Start: 0, End: 3}, {Start: 2, End: 4}}}})
	if string(res.Text) != "abcdef" || len(res.Applied) != 0 {
		t.Fatalf("got %q applied %v", res.Text, res.Applied)
	}
}

func TestDiff(t *testing.T) {
	old := "a\nb\nc\nd\ne\nf\ng\nh\ni\nj\n"
	new := strings.Replace(old, "e\n", "E\n", 1)
	got := Diff("x.py", []byte(old), []byte(new))
	want := "--- x.py\n+++ x.py\n@@ -2,7 +2,7 @@\n b\n c\n d\n-e\n+E\n f\n g\n h\n"
	if got != want {
		t.Fatalf("diff:\n%s\nwant:\n%s", got, want)
	}
	if Diff("x", []byte("same"), []byte("same")) != "" {
		t.Error("equal texts must give no diff")
	}
	got = Diff("x", []byte("a"), []byte("b"))
	if !strings.Contains(got, "\\ No newline at end of file") {
		t.Errorf("missing no-newline marker:\n%s", got)
	}
}
