package deltatest

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/array"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/compress"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// The checkpoint schema follows the Delta protocol's: one nullable struct
// column per action type, exactly one set per row.
var (
	strType  = arrow.BinaryTypes.String
	strMap   = arrow.MapOf(strType, strType)
	strList  = arrow.ListOf(strType)
	dvStruct = arrow.StructOf(
		field("storageType", strType),
		field("pathOrInlineDv", strType),
		field("offset", arrow.PrimitiveTypes.Int32),
		field("sizeInBytes", arrow.PrimitiveTypes.Int32),
		field("cardinality", arrow.PrimitiveTypes.Int64),
	)
	checkpointSchema = arrow.NewSchema([]arrow.Field{
		field("add", arrow.StructOf(
			field("path", strType),
			field("partitionValues", strMap),
			field("size", arrow.PrimitiveTypes.Int64),
			field("modificationTime", arrow.PrimitiveTypes.Int64),
			field("dataChange", arrow.FixedWidthTypes.Boolean),
			field("stats", strType),
			field("tags", strMap),
			field("deletionVector", dvStruct),
		)),
		field("remove", arrow.StructOf(
			field("path", strType),
			field("deletionTimestamp", arrow.PrimitiveTypes.Int64),
			field("dataChange", arrow.FixedWidthTypes.Boolean),
			field("extendedFileMetadata", arrow.FixedWidthTypes.Boolean),
			field("partitionValues", strMap),
			field("size", arrow.PrimitiveTypes.Int64),
			field("deletionVector", dvStruct),
		)),
		field("metaData", arrow.StructOf(
			field("id", strType),
			field("format", arrow.StructOf(field("provider", strType), field("options", strMap))),
			field("schemaString", strType),
			field("partitionColumns", strList),
			field("configuration", strMap),
			field("createdTime", arrow.PrimitiveTypes.Int64),
		)),
		field("protocol", arrow.StructOf(
			field("minReaderVersion", arrow.PrimitiveTypes.Int32),
			field("minWriterVersion", arrow.PrimitiveTypes.Int32),
			field("readerFeatures", strList),
			field("writerFeatures", strList),
		)),
		field("domainMetadata", arrow.StructOf(
			field("domain", strType),
			field("configuration", strType),
			field("removed", arrow.FixedWidthTypes.Boolean),
		)),
	}, nil)
)

func field(name string, t arrow.DataType) arrow.Field {
	return arrow.Field{Name: name, Type: t, Nullable: true}
}

const (
	colAdd = iota
	colRemove
	colMetaData
	colProtocol
	colDomain
)

// cpWriter lays out the checkpoint rows: protocol, metaData, domains, live
// files, tombstones.
type cpWriter struct {
	spec      *Table
	keys      []string
	ts        int64
	domains   []Domain
	files     []*File
	tombs     []*File
	nonFile   int
	batchRows int
}

func (w *cpWriter) rows() int { return w.nonFile + len(w.files) + len(w.tombs) }

func writeCheckpoint(logDir string, spec *Table, st *state) error {
	cp := spec.Checkpoint
	w := &cpWriter{
		spec:      spec,
		keys:      spec.partitionKeys(st.config),
		ts:        spec.Commits[cp.Version].timestamp(int(cp.Version)).UnixMilli(),
		domains:   st.liveDomains(),
		files:     st.liveFiles(),
		tombs:     st.tombstones(),
		batchRows: cp.RowGroupRows,
	}
	if w.batchRows <= 0 {
		w.batchRows = 100_000
	}
	w.nonFile = 2 + len(w.domains)
	parts := max(cp.Parts, 1)
	var total int64
	for p := range parts {
		name := fmt.Sprintf("%020d.checkpoint.parquet", cp.Version)
		if parts > 1 {
			name = fmt.Sprintf("%020d.checkpoint.%010d.%010d.parquet", cp.Version, p+1, parts)
		}
		lo, hi := w.rows()*p/parts, w.rows()*(p+1)/parts
		size, err := w.writePart(filepath.Join(logDir, name), lo, hi, st.config)
		if err != nil {
			return err
		}
		total += size
	}
	if cp.NoLastCheckpoint {
		return nil
	}
	hint := map[string]any{"version": cp.Version, "size": w.rows(), "sizeInBytes": total, "numOfAddFiles": len(w.files)}
	if parts > 1 {
		hint["parts"] = parts
	}
	data, _ := json.Marshal(hint)
	return os.WriteFile(filepath.Join(logDir, "_last_checkpoint"), data, 0o644)
}

// writePart writes rows [lo, hi) as one Parquet file and returns its size.
func (w *cpWriter) writePart(name string, lo, hi int, cfg map[string]string) (int64, error) {
	f, err := os.Create(name)
	if err != nil {
		return 0, err
	}
	defer f.Close()
	props := parquet.NewWriterProperties(parquet.WithCompression(compress.Codecs.Snappy), parquet.WithMaxRowGroupLength(int64(w.batchRows)))
	fw, err := pqarrow.NewFileWriter(checkpointSchema, f, props, pqarrow.DefaultWriterProps())
	if err != nil {
		return 0, err
	}
	rb := array.NewRecordBuilder(memory.DefaultAllocator, checkpointSchema)
	defer rb.Release()
	flush := func() error {
		rec := rb.NewRecordBatch()
		defer rec.Release()
		return fw.Write(rec)
	}
	for i := lo; i < hi; i++ {
		w.appendRow(rb, i, cfg)
		if (i-lo+1)%w.batchRows == 0 {
			if err := flush(); err != nil {
				return 0, err
			}
		}
	}
	if (hi-lo)%w.batchRows != 0 || hi == lo {
		if err := flush(); err != nil {
			return 0, err
		}
	}
	if err := fw.Close(); err != nil {
		return 0, err
	}
	info, err := os.Stat(name)
	if err != nil {
		return 0, err
	}
	return info.Size(), nil
}

// appendRow appends row i: one action column set, the others null.
func (w *cpWriter) appendRow(rb *array.RecordBuilder, i int, cfg map[string]string) {
	var set int
	switch {
	case i == 0:
		set = colProtocol
		w.appendProtocol(rb.Field(colProtocol).(*array.StructBuilder))
	case i == 1:
		set = colMetaData
		w.appendMetadata(rb.Field(colMetaData).(*array.StructBuilder), cfg)
	case i < w.nonFile:
		set = colDomain
		d := w.domains[i-2]
		sb := rb.Field(colDomain).(*array.StructBuilder)
		sb.Append(true)
		appendStr(sb.FieldBuilder(0), d.Name)
		appendStr(sb.FieldBuilder(1), d.Configuration)
		sb.FieldBuilder(2).(*array.BooleanBuilder).Append(false)
	case i < w.nonFile+len(w.files):
		set = colAdd
		w.appendAdd(rb.Field(colAdd).(*array.StructBuilder), w.files[i-w.nonFile])
	default:
		set = colRemove
		w.appendRemove(rb.Field(colRemove).(*array.StructBuilder), w.tombs[i-w.nonFile-len(w.files)])
	}
	for c := range checkpointSchema.NumFields() {
		if c != set {
			rb.Field(c).AppendNull()
		}
	}
}

func (w *cpWriter) appendAdd(sb *array.StructBuilder, f *File) {
	sb.Append(true)
	appendStr(sb.FieldBuilder(0), encodePath(f.Path))
	w.appendPartition(sb.FieldBuilder(1).(*array.MapBuilder), f)
	sb.FieldBuilder(2).(*array.Int64Builder).Append(f.Size)
	sb.FieldBuilder(3).(*array.Int64Builder).Append(w.ts)
	sb.FieldBuilder(4).(*array.BooleanBuilder).Append(true)
	if f.Stats != "" {
		appendStr(sb.FieldBuilder(5), f.Stats)
	} else {
		sb.FieldBuilder(5).AppendNull()
	}
	if f.Tags != nil {
		appendMap(sb.FieldBuilder(6).(*array.MapBuilder), f.Tags)
	} else {
		sb.FieldBuilder(6).AppendNull()
	}
	appendDV(sb.FieldBuilder(7).(*array.StructBuilder), f.DeletionVector)
}

func (w *cpWriter) appendRemove(sb *array.StructBuilder, f *File) {
	sb.Append(true)
	appendStr(sb.FieldBuilder(0), encodePath(f.Path))
	sb.FieldBuilder(1).(*array.Int64Builder).Append(w.ts)
	sb.FieldBuilder(2).(*array.BooleanBuilder).Append(true)
	sb.FieldBuilder(3).(*array.BooleanBuilder).Append(true)
	w.appendPartition(sb.FieldBuilder(4).(*array.MapBuilder), f)
	sb.FieldBuilder(5).(*array.Int64Builder).Append(f.Size)
	appendDV(sb.FieldBuilder(6).(*array.StructBuilder), f.DeletionVector)
}

func (w *cpWriter) appendPartition(mb *array.MapBuilder, f *File) {
	mb.Append(true)
	kb, ib := mb.KeyBuilder().(*array.StringBuilder), mb.ItemBuilder().(*array.StringBuilder)
	for i, col := range w.spec.PartitionColumns {
		kb.Append(w.keys[i])
		if v := f.Partition[col]; v != "" {
			ib.Append(v)
		} else {
			ib.AppendNull()
		}
	}
}

func appendDV(sb *array.StructBuilder, dv *DeletionVector) {
	if dv == nil {
		sb.AppendNull()
		return
	}
	sb.Append(true)
	appendStr(sb.FieldBuilder(0), dv.StorageType)
	appendStr(sb.FieldBuilder(1), dv.PathOrInlineDv)
	if dv.Offset != nil {
		sb.FieldBuilder(2).(*array.Int32Builder).Append(*dv.Offset)
	} else {
		sb.FieldBuilder(2).AppendNull()
	}
	sb.FieldBuilder(3).(*array.Int32Builder).Append(dv.SizeInBytes)
	sb.FieldBuilder(4).(*array.Int64Builder).Append(dv.Cardinality)
}

func (w *cpWriter) appendMetadata(sb *array.StructBuilder, cfg map[string]string) {
	md := w.spec.metadata(cfg)
	sb.Append(true)
	appendStr(sb.FieldBuilder(0), md["id"].(string))
	format := sb.FieldBuilder(1).(*array.StructBuilder)
	format.Append(true)
	appendStr(format.FieldBuilder(0), "parquet")
	appendMap(format.FieldBuilder(1).(*array.MapBuilder), nil)
	appendStr(sb.FieldBuilder(2), md["schemaString"].(string))
	appendList(sb.FieldBuilder(3).(*array.ListBuilder), w.spec.PartitionColumns)
	appendMap(sb.FieldBuilder(4).(*array.MapBuilder), cfg)
	sb.FieldBuilder(5).(*array.Int64Builder).Append(baseTime.UnixMilli())
}

func (w *cpWriter) appendProtocol(sb *array.StructBuilder) {
	p := w.spec.protocol()
	sb.Append(true)
	sb.FieldBuilder(0).(*array.Int32Builder).Append(int32(p.MinReaderVersion))
	sb.FieldBuilder(1).(*array.Int32Builder).Append(int32(p.MinWriterVersion))
	for j, feats := range [][]string{p.ReaderFeatures, p.WriterFeatures} {
		if feats == nil {
			sb.FieldBuilder(2 + j).AppendNull()
		} else {
			appendList(sb.FieldBuilder(2+j).(*array.ListBuilder), feats)
		}
	}
}

func appendStr(b array.Builder, s string) { b.(*array.StringBuilder).Append(s) }

func appendList(lb *array.ListBuilder, vals []string) {
	lb.Append(true)
	for _, v := range vals {
		appendStr(lb.ValueBuilder(), v)
	}
}

func appendMap(mb *array.MapBuilder, m map[string]string) {
	mb.Append(true)
	for k, v := range m {
		appendStr(mb.KeyBuilder(), k)
		appendStr(mb.ItemBuilder(), v)
	}
}
