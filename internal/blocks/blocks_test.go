package blocks

import "testing"

// A slice handed out never runs into the next one, even when appended past
// its room, and after Reset the blocks are zero and handed out again.
func TestSlicesStayApart(t *testing.T) {
	var r Recycled[int]
	a := r.Slice(2, 16)
	start := &a[:1][0]
	b := r.Slice(3, 16)
	a = append(a, 1, 2)
	b = append(b, 3, 4, 5)
	a = append(a, 9) // past its room: copied, b untouched
	if b[0] != 3 || len(a) != 3 || a[2] != 9 {
		t.Fatalf("a %v, b %v", a, b)
	}
	if big := r.Slice(100, 16); cap(big) != 100 || len(big) != 0 {
		t.Fatalf("a large slice: cap %d len %d", cap(big), len(big))
	}
	if r.Slice(0, 16) != nil {
		t.Fatal("an empty slice is not nil")
	}
	first := &b[:1][0]
	r.Reset()
	if *first != 0 {
		t.Fatal("Reset did not zero what was handed out")
	}
	if c := r.Slice(2, 16); &c[:1][0] != start {
		t.Fatal("the block is not handed out again after Reset")
	}
	n := 0
	r.Each(func(*int) { n++ })
	if n != 16 {
		t.Fatalf("Each saw %d values of one block of 16", n)
	}
}

// Reset keeps at most maxKept blocks.
func TestResetBoundsKeptBlocks(t *testing.T) {
	var r Recycled[byte]
	for range 4 * 3 * maxKept {
		r.Take(4)
	}
	r.Reset()
	if len(r.blocks) != maxKept {
		t.Fatalf("kept %d blocks, want %d", len(r.blocks), maxKept)
	}
}
