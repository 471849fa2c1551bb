package deltalog

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/decimal128"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
	parquetgo "github.com/parquet-go/parquet-go"
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

// writeParquet writes one record batch as a Parquet file in memory.
func writeParquet(t *testing.T, rec arrow.RecordBatch) *parquetgo.File {
	t.Helper()
	var buf bytes.Buffer
	w, err := pqarrow.NewFileWriter(rec.Schema(), &buf, parquet.NewWriterProperties(parquet.WithMaxRowGroupLength(2)), pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	return openParquet(t, buf.Bytes())
}

// openParquet opens a Parquet file held in memory with the reader's
// library.
func openParquet(t *testing.T, data []byte) *parquetgo.File {
	t.Helper()
	pf, err := parquetgo.OpenFile(bytes.NewReader(data), int64(len(data)))
	if err != nil {
		t.Fatal(err)
	}
	return pf
}

// eachRow runs fn on every row of pf with the leaves at cols, as
// readParquetActions does.
func eachRow(t *testing.T, pf *parquetgo.File, cols []leafColumn, fn func(v *rowVisitor)) {
	t.Helper()
	leaves := make([]*leaf, len(cols))
	for i, c := range cols {
		leaves[i] = newLeaf(c)
	}
	v := newRowVisitor(&replay{}, leaves, passFiles)
	for _, rg := range pf.RowGroups() {
		for i, c := range cols {
			leaves[i].reset(context.Background(), rg.ColumnChunks()[c.col.Index()])
		}
		for range rg.NumRows() {
			for _, l := range leaves {
				if err := l.next(); err != nil {
					t.Fatal(err)
				}
			}
			fn(v)
		}
	}
	for _, l := range leaves {
		l.close()
	}
}

// partitionValues_parsed is the fallback when a checkpoint lacks the string
// map; its typed values must land in the right columns as Delta writes them
// in the string map, nulls as null.
func TestParsedPartitionValues(t *testing.T) {
	typ := arrow.StructOf(
		arrow.Field{Name: "year", Type: arrow.PrimitiveTypes.Int32, Nullable: true},
		arrow.Field{Name: "col-9", Type: arrow.BinaryTypes.String, Nullable: true}, // physical name
		arrow.Field{Name: "day", Type: arrow.FixedWidthTypes.Date32, Nullable: true},
		arrow.Field{Name: "price", Type: &arrow.Decimal128Type{Precision: 20, Scale: 2}, Nullable: true},
	)
	addType := arrow.StructOf(
		arrow.Field{Name: "path", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "partitionValues_parsed", Type: typ, Nullable: true},
	)
	sc := arrow.NewSchema([]arrow.Field{{Name: "add", Type: addType, Nullable: true}}, nil)
	rb := array.NewRecordBuilder(memory.DefaultAllocator, sc)
	defer rb.Release()
	add := rb.Field(0).(*array.StructBuilder)
	path := add.FieldBuilder(0).(*array.StringBuilder)
	b := add.FieldBuilder(1).(*array.StructBuilder)
	add.Append(true)
	path.Append("a.parquet")
	b.Append(true)
	b.FieldBuilder(0).(*array.Int32Builder).Append(2024)
	b.FieldBuilder(1).(*array.StringBuilder).Append("EU")
	b.FieldBuilder(2).(*array.Date32Builder).Append(arrow.Date32(19724)) // 2024-01-02
	b.FieldBuilder(3).(*array.Decimal128Builder).Append(decimal128.FromI64(-1205))
	for _, nullRow := range []bool{true, false} {
		add.Append(true)
		path.Append("b.parquet")
		b.Append(true)
		b.FieldBuilder(0).(*array.Int32Builder).AppendNull()
		b.FieldBuilder(1).(*array.StringBuilder).Append("")
		b.FieldBuilder(2).(*array.Date32Builder).AppendNull()
		b.FieldBuilder(3).(*array.Decimal128Builder).AppendNull()
		if !nullRow {
			break
		}
	}
	rec := rb.NewRecordBatch()
	defer rec.Release()
	pf := writeParquet(t, rec)

	md := &Metadata{
		SchemaString: `{"type":"struct","fields":[{"name":"year","type":"integer","metadata":{}},` +
			`{"name":"Region","type":"string","metadata":{"delta.columnMapping.physicalName":"col-9"}},` +
			`{"name":"day","type":"date","metadata":{}},{"name":"price","type":"decimal(20,2)","metadata":{}}]}`,
		Configuration: map[string]string{"delta.columnMapping.mode": "name"},
	}
	r := newPartResolver([]string{"Region", "year", "day", "price"}, newColumnNames(md))
	want := [][]string{{"EU", "2024", "2024-01-02", "-12.05"}, {"<null>", "<null>", "<null>", "<null>"}, {"<null>", "<null>", "<null>", "<null>"}} // "" is null in Delta
	row := 0
	eachRow(t, pf, projectLeaves(pf, passFiles, true), func(v *rowVisitor) {
		r.reset()
		v.parsedValues(r)
		if got := tupleStrings(r.tuple()); !slices.Equal(got, want[row]) {
			t.Errorf("row %d = %v, want %v", row, got, want[row])
		}
		row++
	})
	if row != 3 {
		t.Errorf("read %d rows, want 3", row)
	}
}

// Maps and lists read entry by entry, across row groups and level chunks,
// with null and empty values kept apart.
func TestLeafMapsAndLists(t *testing.T) {
	mt := arrow.MapOf(arrow.BinaryTypes.String, arrow.BinaryTypes.String)
	addType := arrow.StructOf(
		arrow.Field{Name: "path", Type: arrow.BinaryTypes.String, Nullable: true},
		arrow.Field{Name: "partitionValues", Type: mt, Nullable: true},
		arrow.Field{Name: "size", Type: arrow.PrimitiveTypes.Int32, Nullable: true}, // int32 as some writers do
	)
	sc := arrow.NewSchema([]arrow.Field{{Name: "add", Type: addType, Nullable: true}}, nil)
	rb := array.NewRecordBuilder(memory.DefaultAllocator, sc)
	defer rb.Release()
	add := rb.Field(0).(*array.StructBuilder)
	mb := add.FieldBuilder(1).(*array.MapBuilder)
	const rows = 3*levelChunk + 7 // several level chunks per row group
	for i := range rows {
		if i%5 == 4 {
			add.AppendNull() // a row holding another action; nulls its fields too
			continue
		}
		add.Append(true)
		add.FieldBuilder(0).(*array.StringBuilder).Append(fmt.Sprintf("f%d", i))
		mb.Append(true)
		for j := range i % 3 {
			mb.KeyBuilder().(*array.StringBuilder).Append(fmt.Sprintf("k%d", j))
			if j == 1 {
				mb.ItemBuilder().(*array.StringBuilder).AppendNull()
			} else {
				mb.ItemBuilder().(*array.StringBuilder).Append(fmt.Sprintf("v%d", i))
			}
		}
		add.FieldBuilder(2).(*array.Int32Builder).Append(int32(i))
	}
	rec := rb.NewRecordBatch()
	defer rec.Release()
	var buf bytes.Buffer
	w, err := pqarrow.NewFileWriter(sc, &buf, parquet.NewWriterProperties(parquet.WithMaxRowGroupLength(5000)), pqarrow.DefaultWriterProps())
	if err != nil {
		t.Fatal(err)
	}
	if err := w.Write(rec); err != nil {
		t.Fatal(err)
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	pf := openParquet(t, buf.Bytes())
	if len(pf.RowGroups()) < 2 {
		t.Fatalf("want several row groups, got %d", len(pf.RowGroups()))
	}
	i := 0
	eachRow(t, pf, projectLeaves(pf, passFiles, true), func(v *rowVisitor) {
		defer func() { i++ }()
		if v.add.present(0) != (i%5 != 4) {
			t.Fatalf("row %d: add present = %v", i, v.add.present(0))
		}
		if i%5 == 4 {
			return
		}
		p, _ := v.addPath.str()
		size, _ := v.addSize.int()
		var got []string
		eachMapEntry(v.pvKey, v.pvValue, func(k, val string, null bool) {
			if null {
				val = "<null>"
			}
			got = append(got, k+"="+val)
		})
		var want []string
		for j := range i % 3 {
			if j == 1 {
				want = append(want, "k1=<null>")
			} else {
				want = append(want, fmt.Sprintf("k%d=v%d", j, i))
			}
		}
		if p != fmt.Sprintf("f%d", i) || size != int64(i) || !slices.Equal(got, want) {
			t.Fatalf("row %d: path %q size %d map %v; want map %v", i, p, size, got, want)
		}
	})
	if i != rows {
		t.Errorf("read %d rows, want %d", i, rows)
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
