package deltalog

import (
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
)

func tupleStrings(vals []*string) []string {
	out := make([]string, len(vals))
	for i, v := range vals {
		if v == nil {
			out[i] = "<null>"
		} else {
			out[i] = *v
		}
	}
	return out
}

// partitionValues_parsed is the fallback when a checkpoint lacks the string
// map; its typed values must land in the right columns, nulls as null.
func TestParsedPartitionValues(t *testing.T) {
	typ := arrow.StructOf(
		arrow.Field{Name: "year", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		arrow.Field{Name: "col-9", Type: arrow.BinaryTypes.String, Nullable: true}, // physical name
	)
	b := array.NewStructBuilder(memory.DefaultAllocator, typ)
	defer b.Release()
	b.Append(true)
	b.FieldBuilder(0).(*array.Int32Builder).Append(2024)
	b.FieldBuilder(1).(*array.StringBuilder).Append("EU")
	b.Append(true)
	b.FieldBuilder(0).(*array.Int32Builder).AppendNull()
	b.FieldBuilder(1).(*array.StringBuilder).Append("")
	arr := b.NewArray()
	defer arr.Release()

	md := &Metadata{
		SchemaString: `{"type":"struct","fields":[{"name":"year","type":"integer","metadata":{}},` +
			`{"name":"Region","type":"string","metadata":{"delta.columnMapping.physicalName":"col-9"}}]}`,
		Configuration: map[string]string{"delta.columnMapping.mode": "name"},
	}
	r := newPartResolver([]string{"Region", "year"}, newColumnNames(md))
	want := [][]string{{"EU", "2024"}, {"<null>", "<null>"}}
	for row, w := range want {
		r.reset()
		parsedValues(arr, row, r)
		if got := tupleStrings(r.tuple()); got[0] != w[0] || got[1] != w[1] {
			t.Errorf("row %d = %v, want %v", row, got, w)
		}
	}
}

func TestPartResolverPrefersPhysicalKey(t *testing.T) {
	md := &Metadata{
		SchemaString:  `{"type":"struct","fields":[{"name":"a","type":"string","metadata":{"delta.columnMapping.physicalName":"col-a"}}]}`,
		Configuration: map[string]string{"delta.columnMapping.mode": "id"},
	}
	r := newPartResolver([]string{"a"}, newColumnNames(md))
	for _, order := range [][2]string{{"col-a", "a"}, {"a", "col-a"}} {
		r.reset()
		for _, k := range order {
			r.set(k, "from "+k, false)
		}
		if got := tupleStrings(r.tuple()); got[0] != "from col-a" {
			t.Errorf("keys %v gave %v, want the physical key's value", order, got)
		}
	}
	// Without column mapping the display name is the key.
	plain := newPartResolver([]string{"a"}, newColumnNames(&Metadata{SchemaString: md.SchemaString}))
	plain.set("a", "x", false)
	if got := tupleStrings(plain.tuple()); got[0] != "x" {
		t.Errorf("unmapped = %v", got)
	}
}

func TestLogicalPath(t *testing.T) {
	md := &Metadata{
		SchemaString: `{"type":"struct","fields":[
			{"name":"user","type":{"type":"struct","fields":[{"name":"zip code","type":"string","metadata":{"delta.columnMapping.physicalName":"col-z"}}]},
			 "metadata":{"delta.columnMapping.physicalName":"col-u"}},
			{"name":"id","type":"long","metadata":{"delta.columnMapping.physicalName":"col-i"}}]}`,
		Configuration: map[string]string{"delta.columnMapping.mode": "name"},
	}
	names := newColumnNames(md)
	cases := map[string][]string{
		"user.zip code": {"col-u", "col-z"},
		"id":            {"col-i"},
		"user.other":    {"user", "other"},
		"missing":       {"missing"},
	}
	for want, path := range cases {
		if got := names.logicalPath(path); got != want {
			t.Errorf("logicalPath(%v) = %q, want %q", path, got, want)
		}
	}
}
