package deltalog

import (
	"errors"
	"fmt"
	"math"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/apache/arrow-go/v18/parquet"
	"github.com/apache/arrow-go/v18/parquet/file"
	"github.com/apache/arrow-go/v18/parquet/schema"
)

// Checkpoints are read with arrow-go's column chunk readers, which decode
// pages and hand back values with their definition and repetition levels.
// A leaf streams one column row by row; the levels say which of the
// enclosing structs, maps and lists are present. Writers disagree on
// physical types (int32 vs int64), so values are read tolerantly.

// cell is one level of a leaf column: a value when def is the column's
// maximum, otherwise a null at some depth.
type cell struct {
	def, rep int16
	str      string  // BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY
	num      int64   // INT32, INT64, BOOLEAN (0 or 1)
	flt      float64 // FLOAT, DOUBLE
}

// levelChunk is how many levels one read decodes.
const levelChunk = 4096

// leaf streams one leaf column of the current row group.
type leaf struct {
	col  *schema.Column
	path []string
	// depthDef[k] is the definition level at which path[:k+1] is non-null.
	depthDef []int16
	// entryDef is the level at which a list or map entry exists (for
	// repeated leaves).
	entryDef int16

	rdr  file.ColumnChunkReader
	buf  []cell
	pos  int
	done bool
	cur  []cell // the current row's levels

	defs, reps []int16
	bytes      []parquet.ByteArray
	flbas      []parquet.FixedLenByteArray
	i32s       []int32
	i64s       []int64
	f32s       []float32
	f64s       []float64
	bools      []bool
}

func newLeaf(col *schema.Column) *leaf {
	l := &leaf{col: col, path: col.ColumnPath()}
	// Walk from the leaf up to the root, then count optional and repeated
	// nodes on the way down.
	var nodes []schema.Node
	for n := col.SchemaNode(); n != nil && n.Parent() != nil; n = n.Parent() {
		nodes = append(nodes, n)
	}
	var def int16
	for i := len(nodes) - 1; i >= 0; i-- {
		switch nodes[i].RepetitionType() {
		case parquet.Repetitions.Optional:
			def++
		case parquet.Repetitions.Repeated:
			def++
			l.entryDef = def
		}
		l.depthDef = append(l.depthDef, def)
	}
	return l
}

// reset starts the leaf on a new row group's column chunk.
func (l *leaf) reset(rdr file.ColumnChunkReader) {
	l.rdr, l.buf, l.pos, l.done, l.cur = rdr, l.buf[:0], 0, false, nil
}

// fill decodes the next chunk of levels onto buf.
func (l *leaf) fill() error {
	n := levelChunk
	if cap(l.defs) < n {
		l.defs, l.reps = make([]int16, n), make([]int16, n)
	}
	defs, reps := l.defs[:n], l.reps[:n]
	clear(defs)
	clear(reps)
	var total int64
	var err error
	var val func(vi int, c *cell)
	switch r := l.rdr.(type) {
	case *file.ByteArrayColumnChunkReader:
		l.bytes = grow(l.bytes, n)
		total, _, err = r.ReadBatch(int64(n), l.bytes, defs, reps)
		val = func(vi int, c *cell) { c.str = string(l.bytes[vi]) } // copied: pages are reused
	case *file.FixedLenByteArrayColumnChunkReader:
		l.flbas = grow(l.flbas, n)
		total, _, err = r.ReadBatch(int64(n), l.flbas, defs, reps)
		val = func(vi int, c *cell) { c.str = string(l.flbas[vi]) }
	case *file.Int32ColumnChunkReader:
		l.i32s = grow(l.i32s, n)
		total, _, err = r.ReadBatch(int64(n), l.i32s, defs, reps)
		val = func(vi int, c *cell) { c.num = int64(l.i32s[vi]) }
	case *file.Int64ColumnChunkReader:
		l.i64s = grow(l.i64s, n)
		total, _, err = r.ReadBatch(int64(n), l.i64s, defs, reps)
		val = func(vi int, c *cell) { c.num = l.i64s[vi] }
	case *file.Float32ColumnChunkReader:
		l.f32s = grow(l.f32s, n)
		total, _, err = r.ReadBatch(int64(n), l.f32s, defs, reps)
		val = func(vi int, c *cell) { c.flt = float64(l.f32s[vi]) }
	case *file.Float64ColumnChunkReader:
		l.f64s = grow(l.f64s, n)
		total, _, err = r.ReadBatch(int64(n), l.f64s, defs, reps)
		val = func(vi int, c *cell) { c.flt = l.f64s[vi] }
	case *file.BooleanColumnChunkReader:
		l.bools = grow(l.bools, n)
		total, _, err = r.ReadBatch(int64(n), l.bools, defs, reps)
		val = func(vi int, c *cell) {
			if l.bools[vi] {
				c.num = 1
			}
		}
	case *file.Int96ColumnChunkReader: // legacy timestamps: no value lakelint reads
		i96 := make([]parquet.Int96, n)
		total, _, err = r.ReadBatch(int64(n), i96, defs, reps)
		val = func(int, *cell) {}
	default:
		return fmt.Errorf("column %s: unsupported physical type %s", strings.Join(l.path, "."), l.col.PhysicalType())
	}
	if err != nil {
		return err
	}
	maxDef, vi := l.col.MaxDefinitionLevel(), 0
	for j := range int(total) {
		l.buf = append(l.buf, cell{def: defs[j], rep: reps[j]})
		if defs[j] == maxDef {
			val(vi, &l.buf[len(l.buf)-1]) // in place: a local cell would escape
			vi++
		}
	}
	if total == 0 || !l.rdr.HasNext() {
		l.done = true
		if err := l.rdr.Err(); err != nil {
			return err
		}
	}
	return nil
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n)
	}
	return s[:n]
}

var errShortColumn = errors.New("column chunk has fewer rows than its row group")

// next moves to the next row; its levels are in l.cur.
func (l *leaf) next() error {
	if l.pos > 0 && 2*l.pos >= len(l.buf) {
		n := copy(l.buf, l.buf[l.pos:])
		clear(l.buf[n:])
		l.buf, l.pos = l.buf[:n], 0
	}
	end := l.pos + 1
	for {
		if end > len(l.buf) {
			if l.done {
				return errShortColumn
			}
			if err := l.fill(); err != nil {
				return err
			}
			continue
		}
		if l.col.MaxRepetitionLevel() == 0 {
			break
		}
		for end < len(l.buf) && l.buf[end].rep != 0 {
			end++
		}
		if end < len(l.buf) || l.done {
			break
		}
		if err := l.fill(); err != nil {
			return err
		}
	}
	if l.buf[l.pos].rep != 0 {
		return fmt.Errorf("column %s: row starts mid-list", strings.Join(l.path, "."))
	}
	l.cur, l.pos = l.buf[l.pos:end], end
	return nil
}

// present reports whether the row has the node at path depth d (0 is the
// top-level action) non-null.
func (l *leaf) present(d int) bool {
	return l != nil && d < len(l.depthDef) && l.cur[0].def >= l.depthDef[d]
}

func (l *leaf) value() (cell, bool) {
	if l == nil || l.col.MaxRepetitionLevel() != 0 || l.cur[0].def != l.col.MaxDefinitionLevel() {
		return cell{}, false
	}
	return l.cur[0], true
}

// str returns the row's string value.
func (l *leaf) str() (string, bool) {
	c, ok := l.value()
	if !ok {
		return "", false
	}
	return l.format(c), true
}

func (l *leaf) int() (int64, bool) {
	c, ok := l.value()
	if !ok {
		return 0, false
	}
	switch l.col.PhysicalType() {
	case parquet.Types.Int32, parquet.Types.Int64:
		return c.num, true
	}
	return 0, false
}

func (l *leaf) bool() bool {
	c, ok := l.value()
	return ok && l.col.PhysicalType() == parquet.Types.Boolean && c.num != 0
}

// entries returns the row's list or map entries: the cells at or below
// entry level, nulls included.
func (l *leaf) entries() []cell {
	if l == nil || l.col.MaxRepetitionLevel() == 0 {
		return nil
	}
	if len(l.cur) == 1 && l.cur[0].def < l.entryDef {
		return nil // a null or empty list
	}
	return l.cur
}

// format renders a typed partition value as Delta writes it in the string
// partitionValues map.
func (l *leaf) format(c cell) string {
	phys := l.col.PhysicalType()
	switch lt := l.col.LogicalType().(type) {
	case schema.DateLogicalType, *schema.DateLogicalType:
		return time.Unix(c.num*86400, 0).UTC().Format(time.DateOnly)
	case interface{ TimeUnit() schema.TimeUnitType }:
		if phys != parquet.Types.Int64 {
			break
		}
		var t time.Time
		switch lt.TimeUnit() {
		case schema.TimeUnitMillis:
			t = time.UnixMilli(c.num)
		case schema.TimeUnitNanos:
			t = time.Unix(0, c.num)
		default:
			t = time.UnixMicro(c.num)
		}
		return t.UTC().Format("2006-01-02 15:04:05.999999")
	case interface{ Scale() int32 }:
		switch phys {
		case parquet.Types.Int32, parquet.Types.Int64:
			return decimalString(big.NewInt(c.num), int(lt.Scale()))
		case parquet.Types.FixedLenByteArray, parquet.Types.ByteArray:
			return decimalString(twosComplement([]byte(c.str)), int(lt.Scale()))
		}
	}
	switch l.col.PhysicalType() {
	case parquet.Types.Int32, parquet.Types.Int64:
		return strconv.FormatInt(c.num, 10)
	case parquet.Types.Boolean:
		return strconv.FormatBool(c.num != 0)
	case parquet.Types.Float, parquet.Types.Double:
		if math.IsInf(c.flt, 0) || math.IsNaN(c.flt) {
			return strconv.FormatFloat(c.flt, 'g', -1, 64)
		}
		return strconv.FormatFloat(c.flt, 'f', -1, 64)
	}
	return c.str
}

// twosComplement reads a big-endian two's complement integer, the form
// of Parquet's byte-array decimals.
func twosComplement(b []byte) *big.Int {
	n := new(big.Int).SetBytes(b)
	if len(b) > 0 && b[0]&0x80 != 0 {
		n.Sub(n, new(big.Int).Lsh(big.NewInt(1), uint(8*len(b))))
	}
	return n
}

func decimalString(unscaled *big.Int, scale int) string {
	digits := new(big.Int).Abs(unscaled).String()
	if scale <= 0 {
		return unscaled.String()
	}
	for len(digits) <= scale {
		digits = "0" + digits
	}
	s := digits[:len(digits)-scale] + "." + digits[len(digits)-scale:]
	if unscaled.Sign() < 0 {
		s = "-" + s
	}
	return s
}
