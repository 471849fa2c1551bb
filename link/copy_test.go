package link

import (
	"fmt"
	"math/rand/v2"
	"reflect"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// The hand-written copies must do what a reflective deep copy does to
// every field of a fact, whatever fields the fact types gain: a copy of
// facts filled with values in every field (by reflection) is compared with
// the reference below, and must share no memory with its source.

var (
	spanType      = reflect.TypeFor[facts.Span]()
	editsType     = reflect.TypeFor[[]facts.Edit]()
	insertionType = reflect.TypeFor[*facts.PropertyInsertion]()
	callInsType   = reflect.TypeFor[*facts.Insertion]()
)

// referenceCopy is a deep copy by reflection: with home set, every span
// not zero and of the fact's own file gets File = home, and edits of the
// other file and places to insert there are left zero.
func referenceCopy(dst, src reflect.Value, home facts.FileID) {
	t := src.Type()
	if home != 0 {
		switch t {
		case spanType:
			dst.Set(src)
			if s := dst.Addr().Interface().(*facts.Span); !src.IsZero() && s.File == 0 {
				s.File = home
			}
			return
		case editsType, insertionType, callInsType:
			return
		}
	}
	switch src.Kind() {
	case reflect.Pointer:
		if src.IsNil() {
			return
		}
		n := reflect.New(t.Elem())
		referenceCopy(n.Elem(), src.Elem(), home)
		dst.Set(n)
	case reflect.Struct:
		for i := range src.NumField() {
			referenceCopy(dst.Field(i), src.Field(i), home)
		}
	case reflect.Slice:
		if src.IsNil() {
			return
		}
		n := reflect.MakeSlice(t, src.Len(), src.Len())
		for i := range src.Len() {
			referenceCopy(n.Index(i), src.Index(i), home)
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
			referenceCopy(v, it.Value(), home)
			n.SetMapIndex(it.Key(), v)
		}
		dst.Set(n)
	default:
		dst.Set(src)
	}
}

// fill sets every field of v to something: slices of two, maps of two
// keys, pointers set; some spans are left zero (which stay zero) and some
// already name a file (which keep it).
func fill(v reflect.Value, r *rand.Rand, depth int) {
	switch v.Kind() {
	case reflect.Pointer:
		if depth > 4 {
			return
		}
		n := reflect.New(v.Type().Elem())
		fill(n.Elem(), r, depth+1)
		v.Set(n)
	case reflect.Struct:
		if v.Type() == spanType {
			switch r.IntN(4) {
			case 0: // none
			case 1:
				v.Set(reflect.ValueOf(facts.Span{Start: r.IntN(100), End: 100 + r.IntN(100), File: facts.FileOf("elsewhere.py")}))
			default:
				v.Set(reflect.ValueOf(facts.Span{Start: r.IntN(100), End: 100 + r.IntN(100)}))
			}
			return
		}
		for i := range v.NumField() {
			if v.Type().Field(i).IsExported() {
				fill(v.Field(i), r, depth+1)
			}
		}
	case reflect.Slice:
		if depth > 4 {
			return
		}
		n := reflect.MakeSlice(v.Type(), 2, 2)
		for i := range 2 {
			fill(n.Index(i), r, depth+1)
		}
		v.Set(n)
	case reflect.Map:
		n := reflect.MakeMap(v.Type())
		for i := range 2 {
			k := reflect.New(v.Type().Key()).Elem()
			k.SetString(fmt.Sprint("k", i))
			e := reflect.New(v.Type().Elem()).Elem()
			fill(e, r, depth+1)
			n.SetMapIndex(k, e)
		}
		v.Set(n)
	case reflect.String:
		v.SetString(fmt.Sprint("s", r.IntN(1000)))
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(int64(1 + r.IntN(1000)))
	case reflect.Uint8, reflect.Uint32, reflect.Uint, reflect.Uint64:
		v.SetUint(uint64(1 + r.IntN(5)))
	case reflect.Float64:
		v.SetFloat(1.5)
	}
}

// shared reports the first pointer, slice or map a and b have in common.
func shared(a, b reflect.Value, path string) string {
	switch a.Kind() {
	case reflect.Pointer:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		return shared(a.Elem(), b.Elem(), path)
	case reflect.Struct:
		for i := range a.NumField() {
			if s := shared(a.Field(i), b.Field(i), path+"."+a.Type().Field(i).Name); s != "" {
				return s
			}
		}
	case reflect.Slice:
		if a.Len() == 0 || b.Len() == 0 {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
		for i := range min(a.Len(), b.Len()) {
			if s := shared(a.Index(i), b.Index(i), fmt.Sprint(path, "[", i, "]")); s != "" {
				return s
			}
		}
	case reflect.Map:
		if a.IsNil() || b.IsNil() {
			return ""
		}
		if a.Pointer() == b.Pointer() {
			return path
		}
	}
	return ""
}

func TestCopiesAreDeep(t *testing.T) {
	at := facts.Span{Start: 7, End: 9}
	for seed := range uint64(20) {
		r := rand.New(rand.NewPCG(seed, 1))
		for _, tmpl := range []any{&facts.Write{}, &facts.Read{}, &facts.TableDef{}, &facts.Setting{}, &facts.Maintenance{}, &facts.Arg{}, &facts.File{}, &facts.Summary{}} {
			src := reflect.ValueOf(tmpl)
			fill(src.Elem(), r, 0)
			for _, home := range []string{"", "helpers.py"} {
				want := reflect.New(src.Type().Elem())
				referenceCopy(want.Elem(), src.Elem(), facts.FileOf(home))
				var got any
				switch v := tmpl.(type) {
				case *facts.Arg:
					c := copyArg(*v, home)
					got = &c
				case *facts.File: // what the link step does not copy is copied all the same
					got = facts.Copier{Home: facts.FileOf(home)}.File(v)
				case *facts.Summary:
					got = facts.Copier{Home: facts.FileOf(home)}.Summary(v)
				default:
					got = copyFact(tmpl, home, at)
					if home != "" { // the fact stands at the call
						want.Elem().FieldByName("Span").Set(reflect.ValueOf(at))
						if w, ok := want.Interface().(*facts.Write); ok && w.WriterIn == "" {
							w.WriterIn = home
						}
					}
				}
				if !reflect.DeepEqual(got, want.Interface()) {
					t.Errorf("seed %d, %T, home %q: copy differs from a deep copy\n got %+v\nwant %+v", seed, tmpl, home, got, want.Interface())
				}
				if s := shared(reflect.ValueOf(got), src, fmt.Sprintf("%T", tmpl)); s != "" {
					t.Errorf("seed %d, home %q: the copy shares %s with the summary", seed, home, s)
				}
			}
		}
	}
}
