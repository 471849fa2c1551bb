package wire

import (
	"errors"
	"math"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	var e Encoder
	e.Uint(math.MaxUint64)
	e.Int(-7)
	e.Int64(math.MinInt64)
	e.Float(-0.5)
	e.Str("héllo")
	e.Bytes([]byte{1, 2})
	e.Bool(true)
	e.Count(0, true)
	e.Count(0, false)
	e.Uint(300)
	e.Uint(5) // bits 0 and 2 of 3
	e.Bits8(6)
	d := NewDecoder(e.B)
	if d.Uint() != math.MaxUint64 || d.Int() != -7 || d.Int64() != math.MinInt64 || d.Float() != -0.5 || d.Str() != "héllo" {
		t.Fatal("numbers or string changed")
	}
	if b := d.Bytes(); len(b) != 2 || cap(b) != 2 || b[1] != 2 {
		t.Fatalf("bytes = %v (cap %d)", b, cap(b))
	}
	if !d.Bool() {
		t.Fatal("bool changed")
	}
	if _, ok := d.Count(); ok {
		t.Fatal("nil became a count")
	}
	if n, ok := d.Count(); !ok || n != 0 {
		t.Fatal("empty became nil")
	}
	if d.U8() != 0 || d.Err == nil {
		t.Fatal("300 read as a byte")
	}
	if d.Bits(3) != 0 || d.Bits8(3) != 0 || len(d.B) != 0 {
		t.Fatal("an error does not stick")
	}
}

// What no encoder writes is an error: bits beyond those of a struct, a
// count beyond what is left, a bool other than 0 or 1.
func TestCorrupt(t *testing.T) {
	for name, read := range map[string]func(*Decoder){
		"bits":  func(d *Decoder) { d.Bits(2) },
		"bits8": func(d *Decoder) { d.Bits8(2) },
		"count": func(d *Decoder) { d.Count() },
		"bool":  func(d *Decoder) { d.Bool() },
		"str":   func(d *Decoder) { d.Str() },
	} {
		d := NewDecoder([]byte{4})
		read(&d)
		if !errors.Is(d.Err, ErrCorrupt) {
			t.Errorf("%s: err = %v", name, d.Err)
		}
	}
}

// Keys are pushed in order after those of an enclosing map.
func TestPushKeys(t *testing.T) {
	e := Encoder{Keys: []string{"z"}}
	mark := PushKeys(&e, map[string]int{"b": 1, "c": 2, "a": 3})
	if mark != 1 || len(e.Keys) != 4 || e.Keys[0] != "z" || e.Keys[1] != "a" || e.Keys[3] != "c" {
		t.Errorf("keys = %v, mark %d", e.Keys, mark)
	}
}
