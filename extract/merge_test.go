package extract

import (
	"reflect"
	"slices"
	"testing"

	"github.com/lakelint/lakelint/facts"
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

// Every list and count of a File survives merge: a field added to the
// fact model and forgotten here would vanish for every file of more than
// one region (a notebook, a .py with spark.sql strings).
func TestMergeKeepsEveryField(t *testing.T) {
	src := &facts.File{}
	v := reflect.ValueOf(src).Elem()
	for i := 0; i < v.NumField(); i++ {
		f := v.Field(i)
		switch f.Kind() {
		case reflect.Slice:
			f.Set(reflect.MakeSlice(f.Type(), 1, 1))
		case reflect.Int:
			f.SetInt(1)
		}
	}
	dst := &facts.File{}
	merge(dst, src)
	got := reflect.ValueOf(dst).Elem()
	for i := 0; i < got.NumField(); i++ {
		f, name := got.Field(i), got.Type().Field(i).Name
		if name == "EmbeddedSQL" {
			continue // the engine's, set after extraction
		}
		switch {
		case f.Kind() == reflect.Slice && f.Len() != 1:
			t.Errorf("merge drops File.%s", name)
		case f.Kind() == reflect.Int && f.Int() != 1:
			t.Errorf("merge drops File.%s", name)
		}
	}
}
