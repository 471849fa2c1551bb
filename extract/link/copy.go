package link

import (
	"reflect"

	"github.com/lakelint/lakelint/facts"
)

var (
	spanType      = reflect.TypeFor[facts.Span]()
	spanFile      = fieldIndex(spanType, "File")
	editsType     = reflect.TypeFor[[]facts.Edit]()
	insertionType = reflect.TypeFor[*facts.PropertyInsertion]()
	callInsType   = reflect.TypeFor[*facts.Insertion]() // where to add a call: in the other file
)

func fieldIndex(t reflect.Type, name string) []int {
	f, _ := t.FieldByName(name)
	return f.Index
}

// placeArg is a module constant's value as written at sp, where it is used.
func placeArg(a facts.Arg, sp facts.Span) facts.Arg {
	a.Span, a.Value.Span, a.Transforms = sp, sp, nil
	a.Value.ReadOnly = true // the constant is defined elsewhere: its use is no place to change it
	items := make([]facts.Value, len(a.Items))
	for i, it := range a.Items {
		it.Span, it.ReadOnly = sp, true
		items[i] = it
	}
	if a.Items != nil {
		a.Items = items
	}
	return a
}

// copyFact deep-copies the fact p points to, so that filling holes never
// changes a summary. With home set (the fact is of a helper in that file,
// applied in another), every span keeps its place with File = home, and
// what would edit the other file (a transform's removal, where to add
// properties) is dropped; the fact's own Span becomes at, the call, which
// is its place in the calling file's execution order.
func copyFact(p any, home string, at facts.Span) any {
	src := reflect.ValueOf(p)
	dst := reflect.New(src.Type().Elem())
	deepCopy(dst.Elem(), src.Elem(), facts.FileOf(home))
	if home == "" {
		return dst.Interface()
	}
	switch v := dst.Interface().(type) {
	case *facts.Write:
		v.Span = at
		if v.WriterIn == "" {
			v.WriterIn = home
		}
	case *facts.Read:
		v.Span = at
	case *facts.TableDef:
		v.Span = at
	case *facts.Setting:
		v.Span = at
	case *facts.Maintenance:
		v.Span = at
	}
	return dst.Interface()
}

func deepCopy(dst, src reflect.Value, home facts.FileID) {
	t := src.Type()
	if home != 0 {
		switch t {
		case spanType:
			dst.Set(src)
			if f := dst.FieldByIndex(spanFile); !src.IsZero() && f.Uint() == 0 { // no span stays none
				f.SetUint(uint64(home))
			}
			return
		case editsType, insertionType, callInsType:
			return // left zero
		}
	}
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		n := reflect.New(t.Elem())
		deepCopy(n.Elem(), src.Elem(), home)
		dst.Set(n)
	case reflect.Struct:
		for i := range src.NumField() {
			deepCopy(dst.Field(i), src.Field(i), home)
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		n := reflect.MakeSlice(t, src.Len(), src.Len())
		for i := range src.Len() {
			deepCopy(n.Index(i), src.Index(i), home)
		}
		dst.Set(n)
	case reflect.Map:
		if src.IsNil() {
			return
		}
		n := reflect.MakeMapWithSize(t, src.Len())
		it := src.MapRange()
		for it.Next() {
			v := reflect.New(t.Elem()).Elem()
			deepCopy(v, it.Value(), home)
			n.SetMapIndex(it.Key(), v)
		}
		dst.Set(n)
	default:
		dst.Set(src)
	}
}
