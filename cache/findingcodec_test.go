package cache

import (
	"fmt"
	"reflect"
	"testing"

	"github.com/lakelint/lakelint/finding"
)

// fillAll sets every field of v to a value of its own, so a field the codec
// leaves out fails the round trip.
func fillAll(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", *n))
	case reflect.Int:
		v.SetInt(int64(*n) * 7919)
	case reflect.Struct:
		for i := range v.NumField() {
			fillAll(v.Field(i), n)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fillAll(v.Index(i), n)
		}
	default:
		panic("fillAll: add a case for " + v.Type().String())
	}
}

func TestFindingCodecEveryField(t *testing.T) {
	var fs [3]finding.Finding
	n := 0
	for i := range fs[:2] {
		fillAll(reflect.ValueOf(&fs[i]).Elem(), &n)
	}
	for _, want := range [][]finding.Finding{nil, fs[:], fs[2:]} {
		got, err := decodeFindings(appendFindings(nil, want))
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("round trip changed the findings:\n got %+v\nwant %+v", got, want)
		}
	}
}

// A cut or damaged encoding is an error, never a panic or a huge allocation.
func TestFindingCodecCorrupt(t *testing.T) {
	var fs [2]finding.Finding
	n := 0
	for i := range fs {
		fillAll(reflect.ValueOf(&fs[i]).Elem(), &n)
	}
	b := appendFindings(nil, fs[:])
	for cut := range len(b) {
		if _, err := decodeFindings(b[:cut]); err == nil {
			t.Fatalf("a cut at %d of %d decoded", cut, len(b))
		}
	}
	for i := range b {
		c := append([]byte(nil), b...)
		c[i] ^= 0xff
		decodeFindings(c) // must not panic
	}
	if _, err := decodeFindings(append(b, 0)); err == nil {
		t.Error("trailing bytes decoded")
	}
}
