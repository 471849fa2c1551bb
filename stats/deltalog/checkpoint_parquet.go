package deltalog

import (
	"context"
	"fmt"
	"strings"

	"github.com/parquet-go/parquet-go"
)

// Checkpoints are read in two passes over the same files: the first reads
// only the small non-file actions (metaData decides how partition values
// are keyed), the second streams add and remove.
type cpPass int

const (
	passNonFile cpPass = iota
	passFiles
)

// batchRows is how often a long read checks for cancellation.
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

	// Column chunks are read through 1 MiB buffers, so an object store
	// serves a checkpoint in few ranged reads; the page index and bloom
	// filters are never needed, and the footer's magic number is checked
	// without a read of the header's.
	pf, err := untilDone(ctx, func() (*parquet.File, error) {
		return parquet.OpenFile(obj, obj.Size(), parquet.ReadBufferSize(1<<20),
			parquet.SkipPageIndex(true), parquet.SkipBloomFilters(true), parquet.SkipMagicBytes(true))
	})
	if ctx.Err() != nil {
		return fmt.Errorf("%s: %w", name, ctx.Err())
	}
	if err != nil {
		return fmt.Errorf("%s: not a readable parquet file: %w", name, err)
	}

	cols := projectLeaves(pf, pass, r.parts != nil && len(r.parts.logical) > 0)
	if len(cols) == 0 {
		return nil // nothing this pass wants, e.g. no add or remove column
	}
	leaves := make([]*leaf, len(cols))
	for i, c := range cols {
		leaves[i] = newLeaf(c)
	}
	defer func() {
		for _, l := range leaves {
			l.close()
		}
	}()
	v := newRowVisitor(r, leaves, pass)
	for _, rg := range pf.RowGroups() {
		chunks := rg.ColumnChunks()
		for i, c := range cols {
			leaves[i].reset(ctx, chunks[c.col.Index()])
		}
		for row := range rg.NumRows() {
			if row%batchRows == 0 {
				if err := ctx.Err(); err != nil {
					return err
				}
			}
			for _, l := range leaves {
				if err := l.next(); err != nil {
					if ctx.Err() != nil {
						return fmt.Errorf("%s: %w", name, ctx.Err())
					}
					return fmt.Errorf("%s: corrupt parquet: %w", name, err)
				}
			}
			if err := v.row(); err != nil {
				return fmt.Errorf("%s: %w", name, err)
			}
		}
	}
	return nil
}

// untilDone runs a decoding step of parquet-go, returning early when ctx
// ends. Some damaged page headers make that decoder loop for minutes (its
// Thrift reader does not report a short read of a double), and the stats
// timeout must still hold; an abandoned step finishes in the background,
// touching only its own reader. Its panics become errors, as the file's
// fault.
func untilDone[T any](ctx context.Context, step func() (T, error)) (T, error) {
	type result struct {
		v   T
		err error
	}
	done := make(chan result, 1)
	go func() {
		var res result
		defer func() {
			if p := recover(); p != nil {
				res.err = fmt.Errorf("corrupt parquet: %v", p)
			}
			done <- res
		}()
		res.v, res.err = step()
	}()
	select {
	case res := <-done:
		return res.v, res.err
	case <-ctx.Done():
		var zero T
		return zero, ctx.Err()
	}
}

// projectLeaves picks the leaf columns a pass needs. Reading add.stats (the
// bulk of a checkpoint) is what this avoids.
func projectLeaves(pf *parquet.File, pass cpPass, partitioned bool) []leafColumn {
	var leaves, parsed []leafColumn
	hasPartitionMap := false
	for _, i := range leafColumns(pf.Root()) {
		path := i.path
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

// rowVisitor turns checkpoint rows into replay calls. A nil leaf stands for
// a column the file does not have.
type rowVisitor struct {
	r      *replay
	pass   cpPass
	leaves []*leaf // in column order
	byPath map[string]*leaf
	dvID   []byte // scratch for the current row's deletion vector id

	// passNonFile: one leaf per action telling whether the row holds it
	metaData, protocol, domain, txn, sidecar *leaf

	// passFiles
	add, remove        *leaf
	addPath, addSize   *leaf
	rmPath             *leaf
	addDV, rmDV        dvLeaves
	pvKey, pvValue     *leaf
	parsed             []*leaf
	hasPartitionValues bool
}

type dvLeaves struct{ storageType, path, offset, cardinality *leaf }

func newRowVisitor(r *replay, leaves []*leaf, pass cpPass) *rowVisitor {
	v := &rowVisitor{r: r, pass: pass, leaves: leaves, byPath: map[string]*leaf{}}
	for _, l := range leaves {
		v.byPath[strings.Join(l.path, ".")] = l
	}
	if pass == passNonFile {
		v.metaData, v.protocol, v.domain = v.any("metaData"), v.any("protocol"), v.any("domainMetadata")
		v.txn, v.sidecar = v.any("txn"), v.any("sidecar")
		return v
	}
	v.add, v.remove = v.any("add"), v.any("remove")
	v.addPath, v.addSize, v.rmPath = v.byPath["add.path"], v.byPath["add.size"], v.byPath["remove.path"]
	v.addDV, v.rmDV = v.dvLeaves("add"), v.dvLeaves("remove")
	v.pvKey, v.pvValue = v.mapLeaves("add.partitionValues")
	v.hasPartitionValues = len(v.under("add.partitionValues")) > 0
	for _, l := range v.under("add.partitionValues_parsed") {
		if len(l.path) == 3 {
			v.parsed = append(v.parsed, l)
		}
	}
	return v
}

// under returns the leaves inside the node at the dotted path prefix.
func (v *rowVisitor) under(prefix string) []*leaf {
	var out []*leaf
	for _, l := range v.leaves {
		if strings.HasPrefix(strings.Join(l.path, "."), prefix+".") {
			out = append(out, l)
		}
	}
	return out
}

// any returns a leaf inside prefix, whose levels tell whether that node is
// present in a row.
func (v *rowVisitor) any(prefix string) *leaf {
	if ls := v.under(prefix); len(ls) > 0 {
		return ls[0]
	}
	return nil
}

// mapLeaves returns the key and value leaves of the map at prefix, however
// its repeated group is named (key_value, map).
func (v *rowVisitor) mapLeaves(prefix string) (key, value *leaf) {
	depth := strings.Count(prefix, ".") + 3
	for _, l := range v.under(prefix) {
		if len(l.path) != depth {
			continue
		}
		switch l.path[depth-1] {
		case "key":
			key = l
		case "value":
			value = l
		}
	}
	return key, value
}

// listLeaf returns the element leaf of the list at prefix.
func (v *rowVisitor) listLeaf(prefix string) *leaf {
	for _, l := range v.under(prefix) {
		if l.maxRep > 0 {
			return l
		}
	}
	return nil
}

func (v *rowVisitor) dvLeaves(top string) dvLeaves {
	p := top + ".deletionVector."
	return dvLeaves{v.byPath[p+"storageType"], v.byPath[p+"pathOrInlineDv"], v.byPath[p+"offset"], v.byPath[p+"cardinality"]}
}

func (v *rowVisitor) row() error {
	if v.pass == passNonFile {
		return v.nonFile()
	}
	return v.files()
}

func (v *rowVisitor) str(path string) string {
	s, _ := v.byPath[path].str()
	return s
}

func (v *rowVisitor) nonFile() error {
	if v.metaData.present(0) {
		v.r.checkpointMeta(v.metadata())
	}
	if v.protocol.present(0) {
		r, _ := v.byPath["protocol.minReaderVersion"].int()
		w, _ := v.byPath["protocol.minWriterVersion"].int()
		v.r.checkpointProtocol(&Protocol{
			MinReaderVersion: int(r),
			MinWriterVersion: int(w),
			ReaderFeatures:   listStrings(v.listLeaf("protocol.readerFeatures")),
			WriterFeatures:   listStrings(v.listLeaf("protocol.writerFeatures")),
		})
	}
	if v.domain.present(0) {
		v.r.checkpointDomain(&jsonDomain{
			Domain:        v.str("domainMetadata.domain"),
			Configuration: v.str("domainMetadata.configuration"),
			Removed:       v.byPath["domainMetadata.removed"].bool(),
		})
	}
	if v.txn.present(0) {
		ver, _ := v.byPath["txn.version"].int()
		v.r.checkpointTxn(v.str("txn.appId"), ver)
	}
	if v.sidecar.present(0) {
		p, ok := v.byPath["sidecar.path"].str()
		if !ok || p == "" {
			return fmt.Errorf("sidecar action without a path")
		}
		v.r.sidecar = append(v.r.sidecar, p)
	}
	return nil
}

func (v *rowVisitor) metadata() *Metadata {
	m := &Metadata{
		ID:               v.str("metaData.id"),
		Name:             v.str("metaData.name"),
		Description:      v.str("metaData.description"),
		SchemaString:     v.str("metaData.schemaString"),
		PartitionColumns: listStrings(v.listLeaf("metaData.partitionColumns")),
		Configuration:    mapStrings(v.mapLeaves("metaData.configuration")),
	}
	if m.PartitionColumns == nil {
		// the protocol requires the list: an empty one reads as no entries,
		// and a JSON commit gives [] for it
		m.PartitionColumns = []string{}
	}
	if f := v.any("metaData.format"); f.present(1) {
		m.Format = Format{Provider: v.str("metaData.format.provider"), Options: mapStrings(v.mapLeaves("metaData.format.options"))}
	}
	if t, ok := v.byPath["metaData.createdTime"].int(); ok {
		m.CreatedTime = &t
	}
	return m
}

// files streams add and remove rows into the replay.
func (v *rowVisitor) files() error {
	if v.add.present(0) {
		path, ok := v.addPath.str()
		if !ok || path == "" {
			return fmt.Errorf("add action without a path")
		}
		hasDV := v.dvIDAt(v.addDV)
		if v.r.shadowed(path, v.dvID) {
			return nil
		}
		size, _ := v.addSize.int()
		parts := v.r.parts
		parts.reset()
		if v.hasPartitionValues {
			eachMapEntry(v.pvKey, v.pvValue, parts.set)
		} else {
			v.parsedValues(parts)
		}
		rows, _ := v.addDV.cardinality.int()
		if err := v.r.checkpointAdd(path, size, hasDV, rows); err != nil {
			return err
		}
	}
	if v.remove.present(0) {
		path, ok := v.rmPath.str()
		if !ok || path == "" {
			return fmt.Errorf("remove action without a path")
		}
		v.dvIDAt(v.rmDV)
		if !v.r.shadowed(path, v.dvID) {
			v.r.checkpointRemove()
		}
	}
	return nil
}

// dvIDAt sets v.dvID to the unique id of the row's deletion vector and
// reports whether there is one.
func (v *rowVisitor) dvIDAt(dv dvLeaves) bool {
	v.dvID = v.dvID[:0]
	any := dv.storageType
	for _, l := range []*leaf{dv.path, dv.offset} {
		if any == nil {
			any = l
		}
	}
	if !any.present(1) {
		return false
	}
	st, _ := dv.storageType.str()
	p, _ := dv.path.str()
	off, hasOff := dv.offset.int()
	v.dvID = appendDVID(v.dvID, st, p, off, hasOff)
	return true
}

// parsedValues reads the typed partitionValues_parsed struct, whose fields
// are named like the partitionValues keys.
func (v *rowVisitor) parsedValues(parts *partResolver) {
	for _, l := range v.parsed {
		if !l.present(1) {
			return // the struct itself is null
		}
		if s, ok := l.str(); ok {
			parts.set(l.path[2], s, false)
		} else {
			parts.set(l.path[2], "", true)
		}
	}
}

// eachMapEntry calls fn for every entry of the row's map. Keys are never
// null in Delta maps; a null value is reported as such.
func eachMapEntry(key, value *leaf, fn func(k, v string, null bool)) {
	keys, vals := key.entries(), value.entries()
	for j, kc := range keys {
		if kc.def != key.maxDef {
			continue
		}
		k := key.format(kc)
		if j < len(vals) && vals[j].def == value.maxDef {
			fn(k, value.format(vals[j]), false)
		} else {
			fn(k, "", true)
		}
	}
}

func mapStrings(key, value *leaf) map[string]string {
	out := map[string]string{}
	eachMapEntry(key, value, func(k, v string, _ bool) { out[k] = v })
	return out
}

func listStrings(l *leaf) []string {
	var out []string
	for _, c := range l.entries() {
		if c.def == l.maxDef {
			out = append(out, l.format(c))
		}
	}
	return out
}
