package rule

import "testing"

// A slice taken from a slab never runs into the next one, even when
// appended past its room, and a reset room keeps nothing of the file before.
func TestSlabTakesApart(t *testing.T) {
	var s slab[int]
	a := s.take(2)
	b := s.take(3)
	a = append(a, 1, 2)
	b = append(b, 3, 4, 5)
	a = append(a, 9) // past its room: copied, b untouched
	if b[0] != 3 || len(a) != 3 || a[2] != 9 {
		t.Fatalf("a %v, b %v", a, b)
	}
	big := s.take(100) // more than the buffer has: a new one
	if cap(big) != 100 || len(big) != 0 {
		t.Fatalf("cap %d len %d", cap(big), len(big))
	}
	big = append(big, 7)
	s.reset()
	if s.used != 0 || s.buf[0] != 0 {
		t.Fatalf("reset kept %d used, buf[0] %d", s.used, s.buf[0])
	}
	if c := s.take(1); cap(c) != 1 || &s.buf[0] != &c[:1][0] {
		t.Fatal("the buffer is not reused after a reset")
	}
	_ = big
}

func TestRoomBytes(t *testing.T) {
	var r Room
	x, y := r.bytesOf("abc"), r.bytesOf("de")
	x = append(x, 'z') // past its room: y untouched
	if string(x) != "abcz" || string(y) != "de" || r.bytesOf("") == nil {
		t.Fatalf("%q %q", x, y)
	}
}
