package facts_test

import (
	"bytes"
	"errors"
	"fmt"
	"math/rand/v2"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers"
)

// fill sets every field reachable from v to a non-zero value, different per
// field, with two elements in every slice and map.
// filling counts the structs of each type being filled, outermost first.
var filling = map[reflect.Type]int{}

func fill(v reflect.Value, n *int) {
	*n++
	switch v.Kind() {
	case reflect.String:
		v.SetString(fmt.Sprintf("s%d", *n))
	case reflect.Int, reflect.Int64:
		v.SetInt(int64(*n) * 1000003)
	case reflect.Uint8:
		v.SetUint(uint64(*n%250 + 1))
	case reflect.Uint32:
		if v.Type() == reflect.TypeOf(facts.FileID(0)) {
			v.SetUint(uint64(facts.FileOf(fmt.Sprintf("f%d.py", *n))))
		} else {
			v.SetUint(uint64(*n))
		}
	case reflect.Float64:
		v.SetFloat(float64(*n) + 0.25)
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Pointer:
		v.Set(reflect.New(v.Type().Elem()))
		fill(v.Elem(), n)
	case reflect.Struct:
		// a type that holds itself (an Arg's Args) is filled two levels deep
		if filling[v.Type()] >= 2 {
			return
		}
		filling[v.Type()]++
		defer func() { filling[v.Type()]-- }()
		for i := range v.NumField() {
			fill(v.Field(i), n)
		}
	case reflect.Slice:
		v.Set(reflect.MakeSlice(v.Type(), 2, 2))
		for i := range 2 {
			fill(v.Index(i), n)
		}
	case reflect.Map:
		v.Set(reflect.MakeMap(v.Type()))
		for range 2 {
			k, e := reflect.New(v.Type().Key()).Elem(), reflect.New(v.Type().Elem()).Elem()
			fill(k, n)
			fill(e, n)
			v.SetMapIndex(k, e)
		}
	default:
		panic("fill: add a case for " + v.Type().String())
	}
}

// filled returns a File with every field set.
func filled() *facts.File {
	var f facts.File
	n := 0
	fill(reflect.ValueOf(&f).Elem(), &n)
	return &f
}

// roundTrip checks that f decodes from its encoding, which it returns.
func roundTrip(t *testing.T, f *facts.File) []byte {
	t.Helper()
	b, err := f.MarshalBinary()
	if err != nil {
		t.Fatal(err)
	}
	var got facts.File
	if err := got.UnmarshalBinary(b); err != nil {
		t.Fatalf("decode: %v", err)
	}
	if !reflect.DeepEqual(&got, f) {
		t.Errorf("round trip changed the facts:\n got %+v\nwant %+v", got, *f)
	}
	return b
}

// Every field of every fact type survives, so a field added without codec
// support fails here.
func TestCodecEveryField(t *testing.T) {
	f := filled()
	roundTrip(t, f)
}

// nil and empty slices and maps stay apart, as do nil and zero pointers.
func TestCodecNilAndEmpty(t *testing.T) {
	roundTrip(t, &facts.File{})
	roundTrip(t, &facts.File{
		Writes: []*facts.Write{nil, {Options: map[string]facts.Value{}, Transforms: []facts.Transform{}, PartitionBy: &facts.Partitioning{}}},
		Notes:  []string{},
	})
}

// The facts of the example project and of the ecosystem's real code
// survive too: decoding gives the facts back, encoding them again gives the
// same bytes, and a deep copy is equal to its original.
func TestCodecRealFacts(t *testing.T) {
	files, roots, least := 0, []string{"../examples", "../testdata/ecosystem"}, 1000
	if testing.Short() {
		roots, least = roots[:1], 5
	}
	for _, root := range roots {
		err := filepath.WalkDir(root, func(p string, e os.DirEntry, err error) error {
			if err != nil || e.IsDir() {
				return err
			}
			switch filepath.Ext(p) {
			case ".py", ".sql", ".ipynb":
			default:
				return nil
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			doc, err := parsers.Load(p, data)
			if err != nil {
				return nil // a broken notebook has no facts
			}
			files++
			f := extract.File(doc)
			b := roundTrip(t, f)
			var g facts.File
			if err := g.UnmarshalBinary(b); err != nil {
				t.Fatalf("%s: %v", p, err)
			}
			if again, _ := g.MarshalBinary(); !bytes.Equal(again, b) {
				t.Errorf("%s: encoding the decoded facts gives other bytes", p)
			}
			if c := (facts.Copier{}).File(f); !reflect.DeepEqual(c, f) {
				t.Errorf("%s: the copy differs from the facts", p)
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if files < least {
		t.Fatalf("found %d example and ecosystem files", files)
	}
}

// Equal facts encode to equal bytes whatever order their maps were filled
// in, so that a digest of the encoding is stable between runs.
func TestCodecMapOrder(t *testing.T) {
	var keys []string
	for i := range 50 {
		keys = append(keys, fmt.Sprintf("spark.key%02d", i))
	}
	var first []byte
	for round := range 20 {
		m := map[string]facts.Value{}
		r := rand.New(rand.NewPCG(uint64(round), 1))
		for _, i := range r.Perm(len(keys)) {
			m[keys[i]] = facts.Value{Kind: facts.Int, Int: int64(i)}
		}
		f := &facts.File{Writes: []*facts.Write{{Options: m}}, Summary: &facts.Summary{Funcs: []*facts.Func{{Tables: []*facts.TableDef{{Properties: m}}}}}}
		b, _ := f.MarshalBinary()
		if first == nil {
			first = b
		} else if !bytes.Equal(b, first) {
			t.Fatalf("round %d: the same facts encode differently", round)
		}
		if f.Digest() != (&facts.File{Writes: f.Writes, Summary: f.Summary}).Digest() {
			t.Fatal("equal facts have different digests")
		}
	}
}

// A cut or damaged encoding is an error, never a panic or a huge allocation.
func TestCodecCorrupt(t *testing.T) {
	f := filled()
	b, _ := f.MarshalBinary()
	for _, i := range cuts(len(b)) {
		var g facts.File
		if err := g.UnmarshalBinary(b[:i]); !errors.Is(err, facts.ErrCorrupt) {
			t.Fatalf("cut at %d of %d: err = %v, want ErrCorrupt", i, len(b), err)
		}
	}
	var g facts.File
	if err := g.UnmarshalBinary(append(b, 0)); !errors.Is(err, facts.ErrCorrupt) {
		t.Errorf("trailing byte: err = %v", err)
	}
	if err := g.UnmarshalBinary([]byte{0, 0, 0xff, 0xff, 0xff, 0xff, 0x0f}); !errors.Is(err, facts.ErrCorrupt) {
		t.Errorf("huge count: err = %v", err)
	}
}

// cuts are the lengths a cut encoding of n bytes is tried at: every one near
// either end, where the counts and the last fields are, and between them a
// prime stride, so that each decoding (linear in n) is not tried n times.
func cuts(n int) []int {
	const ends, stride = 1024, 37
	var out []int
	for i := 0; i < n; i++ {
		if i < ends || i >= n-ends || i%stride == 0 {
			out = append(out, i)
		}
	}
	return out
}

func FuzzUnmarshal(f *testing.F) {
	b, _ := filled().MarshalBinary()
	f.Add(b)
	f.Add([]byte{})
	f.Fuzz(func(t *testing.T, data []byte) {
		var g facts.File
		if g.UnmarshalBinary(data) != nil {
			return
		}
		// what decodes survives another round trip
		again, _ := g.MarshalBinary()
		var h facts.File
		if err := h.UnmarshalBinary(again); err != nil {
			t.Fatalf("re-encoding a decoded file broke it: %v", err)
		}
		if third, _ := h.MarshalBinary(); string(third) != string(again) {
			t.Fatal("re-encoding a decoded file changed it")
		}
	})
}

// The rule pass's decoding leaves out only the summary, from either encoding.
func TestCodecRuleFacts(t *testing.T) {
	f := filled()
	if f.Summary == nil {
		t.Fatal("the filled facts have no summary to leave out")
	}
	want := *f
	want.Summary = nil
	full, _ := f.MarshalBinary()
	for name, b := range map[string][]byte{"full": full, "rule facts": f.AppendRuleFacts(nil)} {
		var got facts.File
		if err := got.UnmarshalRuleFacts(b); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		if !reflect.DeepEqual(&got, &want) {
			t.Errorf("%s: got %+v\nwant %+v", name, got, want)
		}
	}
	if len(f.AppendRuleFacts(nil)) >= len(full) {
		t.Error("the rule facts are no smaller than the whole encoding")
	}
	var got facts.File
	if err := got.UnmarshalRuleFacts(full[:len(f.AppendRuleFacts(nil))/2]); err == nil {
		t.Error("a cut encoding decoded")
	}
}

// A split encoding is the whole encoding, its summary's part decoding on
// its own; a file without a summary splits too.
func TestCodecSplit(t *testing.T) {
	for _, f := range []*facts.File{filled(), {Path: "a.py"}} {
		whole, _ := f.MarshalBinary()
		b, at := f.MarshalSplit()
		if !bytes.Equal(b, whole) {
			t.Fatal("MarshalSplit encodes otherwise than MarshalBinary")
		}
		var rule facts.File
		got, err := rule.UnmarshalSplit(b)
		if err != nil || got != at {
			t.Fatalf("UnmarshalSplit: summary at %d (%v), MarshalSplit says %d", got, err, at)
		}
		want := *f
		want.Summary = nil
		if !reflect.DeepEqual(&rule, &want) {
			t.Error("UnmarshalSplit's rule facts differ from the file's")
		}
		s, err := facts.UnmarshalSummary(b[at:])
		if err != nil || !reflect.DeepEqual(s, f.Summary) {
			t.Errorf("the summary's part decodes to %+v (%v), want %+v", s, err, f.Summary)
		}
		if !bytes.Equal(facts.AppendSummary(nil, f.Summary), b[at:]) {
			t.Error("AppendSummary encodes otherwise than the file's summary part")
		}
		if _, err := facts.UnmarshalSummary(b[at : len(b)-1]); f.Summary != nil && err == nil {
			t.Error("a cut summary decodes")
		}
	}
}
