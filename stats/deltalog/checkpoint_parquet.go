package deltalog

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/apache/arrow-go/v18/arrow"
	"github.com/apache/arrow-go/v18/arrow/memory"
	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/pqarrow"
)

// Checkpoints are read in two passes over the same files: the first reads
// only the small non-file actions (metaData decides how partition values
// are keyed), the second streams add and remove.
type cpPass int

const (
	passNonFile cpPass = iota
	passFiles
)

// batchRows bounds one Arrow record batch; with the few projected columns
// this keeps a batch at a few megabytes however large the checkpoint is.
const batchRows = 64 << 10

// readParquetActions reads one checkpoint part or sidecar.
func readParquetActions(ctx context.Context, store Storage, name string, pass cpPass, r *replay) (err error) {
	obj, err := store.Open(ctx, name)
	if err != nil {
		return fmt.Errorf("open checkpoint: %w", err)
	}
	defer obj.Close()
	// A corrupt file can trip the decoder into a panic; it is the file's
	// fault, so report it as an error on that file.
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("%s: corrupt parquet: %v", name, p)
		}
	}()

	props := parquet.NewReaderProperties(memory.DefaultAllocator)
	props.BufferedStreamEnabled = true // stream pages instead of loading whole column chunks
	props.BufferSize = 1 << 20
	pf, err := file.NewParquetReader(io.NewSectionReader(obj, 0, obj.Size()), file.WithReadProps(props))
	if err != nil {
		return fmt.Errorf("%s: not a readable parquet file: %w", name, err)
	}
	defer func() { _ = pf.Close() }() // read-only: nothing to flush

	leaves := projectLeaves(pf, pass, r.parts != nil && len(r.parts.logical) > 0)
	if len(leaves) == 0 {
		return nil // nothing this pass wants, e.g. no add or remove column
	}
	fr, err := pqarrow.NewFileReader(pf, pqarrow.ArrowReadProperties{BatchSize: batchRows, PreAllocBinaryData: true}, memory.DefaultAllocator)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	rr, err := fr.GetRecordReader(ctx, leaves, nil)
	if err != nil {
		return fmt.Errorf("%s: %w", name, err)
	}
	defer rr.Release()

	v := &batchVisitor{r: r}
	for rr.Next() {
		if err := ctx.Err(); err != nil {
			return err
		}
		rec := rr.RecordBatch()
		if pass == passNonFile {
			err = v.nonFile(rec)
		} else {
			err = v.files(rec)
		}
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
	}
	if err := rr.Err(); err != nil {
		return fmt.Errorf("%s: corrupt parquet: %w", name, err)
	}
	return nil
}

// projectLeaves picks the leaf columns a pass needs. Reading add.stats (the
// bulk of a checkpoint) is what this avoids. arrow-go reads every map inside
// a selected struct whole whatever the selection (add.tags too), so only
// plain and struct columns are really pruned.
func projectLeaves(pf *file.Reader, pass cpPass, partitioned bool) []int {
	sc := pf.MetaData().Schema
	var leaves, parsed []int
	hasPartitionMap := false
	for i := 0; i < sc.NumColumns(); i++ {
		path := sc.Column(i).ColumnPath()
		if len(path) < 2 {
			continue
		}
		top, field := path[0], path[1]
		switch pass {
		case passNonFile:
			switch top {
			case "metaData", "protocol", "domainMetadata", "txn", "sidecar":
				leaves = append(leaves, i)
			}
		case passFiles:
			switch {
			case (top == "add" || top == "remove") && (field == "path" || isDVLeaf(path)):
				leaves = append(leaves, i)
			case top == "add" && (field == "size" || field == "partitionValues"):
				leaves = append(leaves, i)
				hasPartitionMap = hasPartitionMap || field == "partitionValues"
			case top == "add" && field == "partitionValues_parsed" && partitioned:
				parsed = append(parsed, i)
			}
		}
	}
	// partitionValues_parsed is the typed copy some writers add; it is
	// only needed when the string map is missing.
	if !hasPartitionMap {
		leaves = append(leaves, parsed...)
	}
	return leaves
}

func isDVLeaf(path []string) bool {
	if len(path) != 3 || path[1] != "deletionVector" {
		return false
	}
	switch path[2] {
	case "storageType", "pathOrInlineDv", "offset":
		return true
	case "cardinality":
		return path[0] == "add"
	}
	return false
}

// batchVisitor turns Arrow rows into replay calls.
type batchVisitor struct {
	r    *replay
	dvID []byte // scratch for the current row's deletion vector id
}

func (v *batchVisitor) nonFile(rec arrow.RecordBatch) error {
	md, pr := column(rec, "metaData"), column(rec, "protocol")
	dm, txn, sc := column(rec, "domainMetadata"), column(rec, "txn"), column(rec, "sidecar")
	for i := 0; i < int(rec.NumRows()); i++ {
		if present(md, i) {
			v.r.checkpointMeta(metadataAt(md, i))
		}
		if present(pr, i) {
			v.r.checkpointProtocol(protocolAt(pr, i))
		}
		if present(dm, i) {
			d, _ := strAt(child(dm, "domain"), i)
			cfg, _ := strAt(child(dm, "configuration"), i)
			v.r.checkpointDomain(&jsonDomain{Domain: strings.Clone(d), Configuration: strings.Clone(cfg), Removed: boolAt(child(dm, "removed"), i)})
		}
		if present(txn, i) {
			app, _ := strAt(child(txn, "appId"), i)
			ver, _ := intAt(child(txn, "version"), i)
			v.r.checkpointTxn(strings.Clone(app), ver)
		}
		if present(sc, i) {
			p, ok := strAt(child(sc, "path"), i)
			if !ok || p == "" {
				return fmt.Errorf("sidecar action without a path")
			}
			v.r.sidecar = append(v.r.sidecar, strings.Clone(p))
		}
	}
	return nil
}

func metadataAt(a arrow.Array, i int) *Metadata {
	s := func(name string) string {
		v, _ := strAt(child(a, name), i)
		return strings.Clone(v)
	}
	m := &Metadata{
		ID:               s("id"),
		Name:             s("name"),
		Description:      s("description"),
		SchemaString:     s("schemaString"),
		PartitionColumns: cloneAll(stringsAt(child(a, "partitionColumns"), i)),
		Configuration:    cloneMap(mapAt(child(a, "configuration"), i)),
	}
	if f := child(a, "format"); present(f, i) {
		p, _ := strAt(child(f, "provider"), i)
		m.Format = Format{Provider: strings.Clone(p), Options: cloneMap(mapAt(child(f, "options"), i))}
	}
	if t, ok := intAt(child(a, "createdTime"), i); ok {
		m.CreatedTime = &t
	}
	return m
}

func protocolAt(a arrow.Array, i int) *Protocol {
	r, _ := intAt(child(a, "minReaderVersion"), i)
	w, _ := intAt(child(a, "minWriterVersion"), i)
	return &Protocol{
		MinReaderVersion: int(r),
		MinWriterVersion: int(w),
		ReaderFeatures:   cloneAll(stringsAt(child(a, "readerFeatures"), i)),
		WriterFeatures:   cloneAll(stringsAt(child(a, "writerFeatures"), i)),
	}
}

// files streams add and remove rows into the replay.
func (v *batchVisitor) files(rec arrow.RecordBatch) error {
	add, rm := column(rec, "add"), column(rec, "remove")
	addPath, addSize := child(add, "path"), child(add, "size")
	addDV, rmPath, rmDV := child(add, "deletionVector"), child(rm, "path"), child(rm, "deletionVector")
	pv, parsed := child(add, "partitionValues"), child(add, "partitionValues_parsed")
	parts := v.r.parts
	for i := 0; i < int(rec.NumRows()); i++ {
		if present(add, i) {
			path, ok := strAt(addPath, i)
			if !ok || path == "" {
				return fmt.Errorf("add action without a path")
			}
			hasDV := v.dvIDAt(addDV, i)
			if v.r.shadowed(path, v.dvID) {
				continue
			}
			size, _ := intAt(addSize, i)
			parts.reset()
			if pv != nil {
				eachMapEntry(pv, i, parts.set)
			} else if parsed != nil {
				parsedValues(parsed, i, parts)
			}
			rows, _ := intAt(child(addDV, "cardinality"), i)
			v.r.checkpointAdd(path, size, hasDV, rows)
		}
		if present(rm, i) {
			path, ok := strAt(rmPath, i)
			if !ok || path == "" {
				return fmt.Errorf("remove action without a path")
			}
			v.dvIDAt(rmDV, i)
			if !v.r.shadowed(path, v.dvID) {
				v.r.checkpointRemove()
			}
		}
	}
	return nil
}

// dvIDAt sets v.dvID to the unique id of the deletion vector at row i and
// reports whether there is one.
func (v *batchVisitor) dvIDAt(dv arrow.Array, i int) bool {
	v.dvID = v.dvID[:0]
	if !present(dv, i) {
		return false
	}
	st, _ := strAt(child(dv, "storageType"), i)
	p, _ := strAt(child(dv, "pathOrInlineDv"), i)
	off, hasOff := intAt(child(dv, "offset"), i)
	v.dvID = appendDVID(v.dvID, st, p, off, hasOff)
	return true
}

// parsedValues reads the typed partitionValues_parsed struct, whose fields
// are named like the partitionValues keys.
func parsedValues(a arrow.Array, i int, parts *partResolver) {
	st, ok := a.(interface {
		NumField() int
		Field(int) arrow.Array
	})
	if !ok || !a.IsValid(i) {
		return
	}
	fields := a.DataType().(*arrow.StructType).Fields()
	for j := 0; j < st.NumField(); j++ {
		f := st.Field(j)
		if f.IsValid(i) {
			parts.set(fields[j].Name, f.ValueStr(i), false)
		} else {
			parts.set(fields[j].Name, "", true)
		}
	}
}

func cloneAll(ss []string) []string {
	for i, s := range ss {
		ss[i] = strings.Clone(s)
	}
	return ss
}

func cloneMap(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[strings.Clone(k)] = strings.Clone(v)
	}
	return out
}
