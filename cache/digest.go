package cache

import (
	"cmp"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"math"
	"reflect"
	"slices"

	"github.com/lakelint/lakelint/catalog"
)

// CatalogDigest hashes everything the catalog holds, so that a file's rule
// pass can be known to see the same catalog as before (Run).
func CatalogDigest(cat *catalog.Catalog) [32]byte {
	h := sha256.New()
	d := &digester{h: h, seen: map[uintptr]bool{}}
	d.value(reflect.ValueOf(cat.Tables()))
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// digester writes a value deeply to a hash: every field, exported or not,
// what pointers point to (once each), map entries in key order. Functions
// and channels are left out.
type digester struct {
	h    hash.Hash
	buf  [binary.MaxVarintLen64]byte
	seen map[uintptr]bool
}

func (d *digester) uint(u uint64) { d.h.Write(d.buf[:binary.PutUvarint(d.buf[:], u)]) }
func (d *digester) str(s string)  { d.uint(uint64(len(s))); d.h.Write([]byte(s)) }

func (d *digester) value(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		if v.Bool() {
			d.uint(1)
		} else {
			d.uint(0)
		}
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		d.uint(uint64(v.Int()))
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		d.uint(v.Uint())
	case reflect.Float32, reflect.Float64:
		d.uint(math.Float64bits(v.Float()))
	case reflect.String:
		d.str(v.String())
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice && v.IsNil() {
			d.uint(0)
			return
		}
		d.uint(uint64(v.Len()) + 1)
		for i := range v.Len() {
			d.value(v.Index(i))
		}
	case reflect.Struct:
		for i := range v.NumField() {
			d.value(v.Field(i))
		}
	case reflect.Pointer:
		if v.IsNil() {
			d.uint(0)
			return
		}
		if d.seen[v.Pointer()] {
			d.uint(2) // met before: its content is hashed once
			return
		}
		d.seen[v.Pointer()] = true
		d.uint(1)
		d.value(v.Elem())
	case reflect.Interface:
		if v.IsNil() {
			d.uint(0)
			return
		}
		d.str(v.Elem().Type().String())
		d.value(v.Elem())
	case reflect.Map:
		if v.IsNil() {
			d.uint(0)
			return
		}
		keys := v.MapKeys()
		slices.SortFunc(keys, func(a, b reflect.Value) int { return cmp.Compare(fmt.Sprint(a), fmt.Sprint(b)) })
		d.uint(uint64(len(keys)) + 1)
		for _, k := range keys {
			d.value(k)
			d.value(v.MapIndex(k))
		}
	}
}
