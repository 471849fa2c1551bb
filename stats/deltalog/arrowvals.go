package deltalog

import (
	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
)

// Checkpoint writers disagree on physical types (int32 vs int64, string vs
// large string, map vs list of key/value structs), so values are read
// through these tolerant accessors. A nil array stands for a column the file
// does not have.

// child returns the named field of a struct column, or nil.
func child(a arrow.Array, name string) arrow.Array {
	st, ok := a.(*array.Struct)
	if !ok {
		return nil
	}
	i, ok := st.DataType().(*arrow.StructType).FieldIdx(name)
	if !ok {
		return nil
	}
	return st.Field(i)
}

func column(rec arrow.RecordBatch, name string) arrow.Array {
	idx := rec.Schema().FieldIndices(name)
	if len(idx) == 0 {
		return nil
	}
	return rec.Column(idx[0])
}

func present(a arrow.Array, i int) bool { return a != nil && a.IsValid(i) }

// strAt returns the string at i. For String arrays the result aliases the
// Arrow buffer and must be copied before the batch is released.
func strAt(a arrow.Array, i int) (string, bool) {
	if !present(a, i) {
		return "", false
	}
	switch a := a.(type) {
	case *array.String:
		return a.Value(i), true
	case *array.LargeString:
		return a.Value(i), true
	case *array.StringView:
		return a.Value(i), true
	case *array.Binary:
		return string(a.Value(i)), true
	case *array.LargeBinary:
		return string(a.Value(i)), true
	}
	return a.ValueStr(i), true
}

func intAt(a arrow.Array, i int) (int64, bool) {
	if !present(a, i) {
		return 0, false
	}
	switch a := a.(type) {
	case *array.Int64:
		return a.Value(i), true
	case *array.Int32:
		return int64(a.Value(i)), true
	case *array.Int16:
		return int64(a.Value(i)), true
	case *array.Int8:
		return int64(a.Value(i)), true
	case *array.Uint64:
		return int64(a.Value(i)), true
	case *array.Uint32:
		return int64(a.Value(i)), true
	case *array.Uint16:
		return int64(a.Value(i)), true
	case *array.Uint8:
		return int64(a.Value(i)), true
	}
	return 0, false
}

func boolAt(a arrow.Array, i int) bool {
	b, ok := a.(*array.Boolean)
	return ok && b.IsValid(i) && b.Value(i)
}

// eachMapEntry calls fn for every entry of the map at row i. Keys are never
// null in Delta maps; a null value is reported as such.
func eachMapEntry(a arrow.Array, i int, fn func(k, v string, null bool)) {
	if !present(a, i) {
		return
	}
	var keys, items arrow.Array
	var lo, hi int64
	switch m := a.(type) {
	case *array.Map:
		keys, items = m.Keys(), m.Items()
		lo, hi = m.ValueOffsets(i)
	case *array.List: // a map written without the MAP annotation
		kv := m.ListValues()
		keys, items = child(kv, "key"), child(kv, "value")
		lo, hi = m.ValueOffsets(i)
	default:
		return
	}
	for j := int(lo); j < int(hi); j++ {
		k, ok := strAt(keys, j)
		if !ok {
			continue
		}
		v, ok := strAt(items, j)
		fn(k, v, !ok)
	}
}

func mapAt(a arrow.Array, i int) map[string]string {
	out := map[string]string{}
	eachMapEntry(a, i, func(k, v string, _ bool) { out[k] = v })
	return out
}

func stringsAt(a arrow.Array, i int) []string {
	l, ok := a.(array.ListLike)
	if !ok || !l.IsValid(i) {
		return nil
	}
	lo, hi := l.ValueOffsets(i)
	vals := l.ListValues()
	out := make([]string, 0, hi-lo)
	for j := int(lo); j < int(hi); j++ {
		if s, ok := strAt(vals, j); ok {
			out = append(out, s)
		}
	}
	return out
}
