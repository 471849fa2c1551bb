// Package wire holds the primitives of lakelint's generated binary codecs
// (see internal/factgen): unsigned integers and lengths as uvarints, signed
// integers as varints, floats as the uvarint of their bits, strings and
// counts length-first. A Decoder never panics and never sizes an
// allocation by a count the input cannot hold: the first error sticks, and
// every read after it returns a zero value.
package wire

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"
	"unsafe"
)

// ErrCorrupt is the error of a Decoder whose input is not an encoding.
var ErrCorrupt = errors.New("wire: corrupt encoding")

// Encoder appends encoded values to B.
type Encoder struct {
	B []byte
	// Keys are the keys of the maps being written, each map's sorted
	// (PushKeys); a map within a map adds its keys after its parent's.
	Keys []string
}

func (e *Encoder) Uint(u uint64)   { e.B = binary.AppendUvarint(e.B, u) }
func (e *Encoder) Int(i int)       { e.B = binary.AppendVarint(e.B, int64(i)) }
func (e *Encoder) Int64(i int64)   { e.B = binary.AppendVarint(e.B, i) }
func (e *Encoder) Float(f float64) { e.Uint(math.Float64bits(f)) }
func (e *Encoder) Str(s string)    { e.Uint(uint64(len(s))); e.B = append(e.B, s...) }

// Bytes writes p length-first, as Str writes a string.
func (e *Encoder) Bytes(p []byte) { e.Uint(uint64(len(p))); e.B = append(e.B, p...) }
func (e *Encoder) Bool(v bool)    { e.B = append(e.B, b2u(v)) }
func b2u(v bool) byte {
	if v {
		return 1
	}
	return 0
}

// Bits8 writes up to 8 bools packed in a byte, bit i the i-th.
func (e *Encoder) Bits8(b byte) { e.B = append(e.B, b) }

// Count writes a length that keeps nil and empty apart: 0 is nil, n+1 is n.
func (e *Encoder) Count(n int, isNil bool) {
	if isNil {
		e.Uint(0)
		return
	}
	e.Uint(uint64(n) + 1)
}

// PushKeys appends m's keys to e.Keys in order and returns where they
// start: maps are written in key order, so equal values encode to equal
// bytes. The caller truncates e.Keys back to the mark when done.
func PushKeys[K ~string, V any](e *Encoder, m map[K]V) (mark int) {
	mark = len(e.Keys)
	for k := range m {
		e.Keys = append(e.Keys, string(k))
	}
	slices.Sort(e.Keys[mark:])
	return mark
}

// Decoder reads what an Encoder wrote from B, the unread part of S.
type Decoder struct {
	B   []byte
	S   string // the whole input: strings are cut from it, sharing one copy
	Err error
}

// NewDecoder reads b.
func NewDecoder(b []byte) Decoder { return Decoder{B: b, S: string(b)} }

// NewSharedDecoder reads b as NewDecoder does, its strings cut from b
// itself rather than from a copy: b must never change after (a Decoder
// only reads it). Decoding the same bytes often then holds them once.
func NewSharedDecoder(b []byte) Decoder {
	return Decoder{B: b, S: unsafe.String(unsafe.SliceData(b), len(b))}
}

// Fail makes the input corrupt: nothing more is read.
func (d *Decoder) Fail() { d.Err = ErrCorrupt; d.B = nil }

func (d *Decoder) Uint() uint64 {
	u, n := binary.Uvarint(d.B)
	if n <= 0 {
		d.Fail()
		return 0
	}
	d.B = d.B[n:]
	return u
}

func (d *Decoder) Int64() int64 {
	i, n := binary.Varint(d.B)
	if n <= 0 {
		d.Fail()
		return 0
	}
	d.B = d.B[n:]
	return i
}

func (d *Decoder) Int() int {
	i := d.Int64()
	if int64(int(i)) != i {
		d.Fail()
		return 0
	}
	return int(i)
}

func (d *Decoder) U8() uint8 {
	u := d.Uint()
	if u > math.MaxUint8 {
		d.Fail()
		return 0
	}
	return uint8(u)
}

func (d *Decoder) U32() uint32 {
	u := d.Uint()
	if u > math.MaxUint32 {
		d.Fail()
		return 0
	}
	return uint32(u)
}

func (d *Decoder) Float() float64 { return math.Float64frombits(d.Uint()) }

func (d *Decoder) Str() string {
	n := d.Uint()
	if n > uint64(len(d.B)) {
		d.Fail()
		return ""
	}
	at := len(d.S) - len(d.B)
	d.B = d.B[n:]
	return d.S[at : at+int(n)]
}

// Bytes reads what Encoder.Bytes wrote: a part of B, capped at its length.
// It needs no S.
func (d *Decoder) Bytes() []byte {
	n := d.Uint()
	if n > uint64(len(d.B)) {
		d.Fail()
		return nil
	}
	p := d.B[:n:n]
	d.B = d.B[n:]
	return p
}

func (d *Decoder) Bool() bool {
	if len(d.B) == 0 || d.B[0] > 1 {
		d.Fail()
		return false
	}
	v := d.B[0] == 1
	d.B = d.B[1:]
	return v
}

// Bits8 reads the n ≤ 8 bools Encoder.Bits8 packed in a byte, bit i the i-th.
func (d *Decoder) Bits8(n int) byte {
	if len(d.B) == 0 || d.B[0]>>n != 0 {
		d.Fail()
		return 0
	}
	b := d.B[0]
	d.B = d.B[1:]
	return b
}

// Bits reads n bools packed in one uvarint, bit i the i-th.
func (d *Decoder) Bits(n int) uint64 {
	u := d.Uint()
	if n < 64 && u>>n != 0 {
		d.Fail()
		return 0
	}
	return u
}

// Count reads a length written by Encoder.Count; ok is false for nil.
// Every element takes at least one byte, so a count larger than what is
// left is corrupt.
func (d *Decoder) Count() (n int, ok bool) {
	c := d.Uint()
	if c == 0 {
		return 0, false
	}
	if c-1 > uint64(len(d.B)) {
		d.Fail()
		return 0, false
	}
	return int(c - 1), true
}
