package link

import (
	"reflect"

	"github.com/lakelint/lakelint/facts"
)

var (
	spanType      = reflect.TypeFor[facts.Span]()
	editsType     = reflect.TypeFor[[]facts.Edit]()
	insertionType = reflect.TypeFor[*facts.PropertyInsertion]()
	callInsType   = reflect.TypeFor[*facts.Insertion]() // where to add a call: in the other file
)

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
// changes a summary. With remap, every span becomes at, and what would edit
// the other file (a transform's removal, where to add properties, where a
// writer starts) is dropped or moved to at: the copy is all in the calling
// file.
func copyFact(p any, remap bool, at facts.Span) any {
	src := reflect.ValueOf(p)
	dst := reflect.New(src.Type().Elem())
	deepCopy(dst.Elem(), src.Elem(), remap, at)
	if remap {
		if w, ok := dst.Interface().(*facts.Write); ok {
			w.WriterAt = at.Start
		}
	}
	return dst.Interface()
}

func deepCopy(dst, src reflect.Value, remap bool, at facts.Span) {
	t := src.Type()
	if remap {
		switch t {
		case spanType:
			if !src.IsZero() { // no span stays none
				dst.Set(reflect.ValueOf(at))
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
		deepCopy(n.Elem(), src.Elem(), remap, at)
		dst.Set(n)
	case reflect.Struct:
		for i := range src.NumField() {
			deepCopy(dst.Field(i), src.Field(i), remap, at)
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		n := reflect.MakeSlice(t, src.Len(), src.Len())
		for i := range src.Len() {
			deepCopy(n.Index(i), src.Index(i), remap, at)
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
			deepCopy(v, it.Value(), remap, at)
			n.SetMapIndex(it.Key(), v)
		}
		dst.Set(n)
	default:
		dst.Set(src)
	}
}
