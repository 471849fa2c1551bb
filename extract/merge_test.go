package extract

import (
	"slices"
	"testing"
)

// take hands an empty list the other's array, so appending to what it
// returns must not write into that array's spare room, nor a nil list
// become an empty one.
func TestTake(t *testing.T) {
	src := make([]int, 2, 8)
	src[0], src[1] = 1, 2
	got := append(take(nil, src), 3)
	if spare := src[:3]; spare[2] != 0 {
		t.Fatalf("appending to the taken list wrote into the source's array: %v", spare)
	}
	if !slices.Equal(got, []int{1, 2, 3}) {
		t.Fatalf("take(nil, %v) then 3 = %v", src, got)
	}
	if got := take([]int{0}, src); !slices.Equal(got, []int{0, 1, 2}) {
		t.Fatalf("take([0], %v) = %v", src, got)
	}
	if got := take[int](nil, []int{}); got != nil {
		t.Fatalf("take(nil, empty) = %#v, want nil as append gives", got)
	}
}
