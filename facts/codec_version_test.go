package facts_test

import (
	"crypto/sha256"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// codecShapes records the shape of File each CodecVersion encodes. When the
// fact types change, the cache must not read entries written for the old
// shape: change CodecVersion and add its shape here.
var codecShapes = map[int]string{
	1:  "2f662780bf7a56e6",
	2:  "d9bcdfdaba9c37ed",
	3:  "b6ab809e470d9242", // Span.File (a FileID, written as its path), Write.WriterIn
	4:  "2c4ee949a8594cea", // self attributes, callables and objects in summaries
	5:  "ad6325c1a1b8a772", // Value, Transform and Arg fields ordered to pack (the bytes written are those of 4)
	6:  "49c0457a6e845d52", // Arg's rarely set fields behind Arg.More (ArgMore), Param.Default a pointer
	7:  "5a953b131f33f1d2", // Suppression.Until: SQL "noqa: disable=" ranges
	8:  "bd634872f630c8e8", // Partitioning.Origin: a configuration file that sets the columns (dbt)
	9:  "f024709ff243064c", // Transform.Counted, Write.FrameFromCaller, and the fields after them
	10: "990ab262c8078677", // Stream.NoTriggerWhen: the branch that leaves a stream without a trigger
}

// shape describes a type by its fields, recursively, in declaration order.
func shape(t reflect.Type, b *strings.Builder, seen map[reflect.Type]bool) {
	switch t.Kind() {
	case reflect.Pointer, reflect.Slice:
		fmt.Fprintf(b, "%s(", t.Kind())
		shape(t.Elem(), b, seen)
		b.WriteString(")")
	case reflect.Map:
		b.WriteString("map(")
		shape(t.Key(), b, seen)
		b.WriteString(",")
		shape(t.Elem(), b, seen)
		b.WriteString(")")
	case reflect.Struct:
		if seen[t] {
			fmt.Fprintf(b, "%s", t.Name())
			return
		}
		seen[t] = true
		fmt.Fprintf(b, "%s{", t.Name())
		for i := range t.NumField() {
			f := t.Field(i)
			fmt.Fprintf(b, "%s:", f.Name)
			shape(f.Type, b, seen)
			b.WriteString(";")
		}
		b.WriteString("}")
	default:
		fmt.Fprintf(b, "%s", t.Kind())
	}
}

func TestCodecVersionFollowsShape(t *testing.T) {
	var b strings.Builder
	shape(reflect.TypeFor[facts.File](), &b, map[reflect.Type]bool{})
	got := fmt.Sprintf("%x", sha256.Sum256([]byte(b.String())))[:16]
	want, ok := codecShapes[facts.CodecVersion]
	if !ok || got != want {
		t.Errorf("the fact types have shape %s, recorded for CodecVersion %d: %q; "+
			"change CodecVersion in codec.go and record the new shape in codecShapes", got, facts.CodecVersion, want)
	}
}
