package document

import "testing"

func TestPosMapFileAndGaps(t *testing.T) {
	// region "ab" "X" "cd": "ab" at file 10, "X" decoded from a 2-byte escape
	// at file 12-13 (no segment), "cd" at file 14
	m := PosMap{{Region: 0, File: 10, Len: 2}, {Region: 3, File: 14, Len: 2}}
	for off, want := range map[int]int{0: 10, 1: 11, 2: 14, 3: 14, 4: 15, 5: 16, 7: 18} {
		if got := m.File(off); got != want {
			t.Errorf("File(%d) = %d, want %d", off, got, want)
		}
	}
	if got := Identity(5, 3).File(2); got != 7 {
		t.Errorf("identity: %d", got)
	}
	if got := PosMap(nil).File(4); got != 4 {
		t.Errorf("empty map: %d", got)
	}
}

func TestPosMapCompose(t *testing.T) {
	// outer: a notebook cell whose two lines carry a 2-byte prefix in the file
	outer := PosMap{{Region: 0, File: 2, Len: 4}, {Region: 4, File: 8, Len: 4}}
	// inner: a string inside the cell, covering cell bytes 1..6
	inner := PosMap{{Region: 0, File: 1, Len: 6}}
	got := outer.Compose(inner)
	want := PosMap{{Region: 0, File: 3, Len: 3}, {Region: 3, File: 8, Len: 3}}
	if len(got) != len(want) {
		t.Fatalf("compose = %+v, want %+v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("compose = %+v, want %+v", got, want)
		}
	}
}

func TestCellAt(t *testing.T) {
	d := &Document{Cells: []Cell{
		{Index: 1, Start: 0, End: 0},             // markdown
		{Index: 2, Start: 0, End: 5, Code: true}, // "a=1\n\n"
		{Index: 3, Start: 5, End: 5},             // markdown
		{Index: 4, Start: 5, End: 9, Code: true}, // "b=2\n"
		{Index: 5, Start: 9, End: 9},             // trailing markdown
	}}
	for off, want := range map[int]int{0: 2, 4: 2, 5: 4, 8: 4, 9: 4} {
		if c := d.CellAt(off); c == nil || c.Index != want {
			t.Errorf("CellAt(%d) = %+v, want cell %d", off, c, want)
		}
	}
	if d.CellAt(10) != nil {
		t.Error("past the text: no cell")
	}
}
