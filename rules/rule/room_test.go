package rule

import "testing"

func TestRoomBytes(t *testing.T) {
	var r Room
	x, y := r.bytesOf("abc"), r.bytesOf("de")
	x = append(x, 'z') // past its room: y untouched
	if string(x) != "abcz" || string(y) != "de" || r.bytesOf("") == nil {
		t.Fatalf("%q %q", x, y)
	}
}
