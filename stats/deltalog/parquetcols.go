package deltalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/parquet-go/parquet-go"
	"github.com/parquet-go/parquet-go/format"
)

// Checkpoints are read with parquet-go's page readers, which decode pages
// and hand back values with their definition and repetition levels. A leaf
// streams one column row by row; the levels say which of the enclosing
// structs, maps and lists are present. Writers disagree on physical types
// (int32 vs int64), so values are read tolerantly.

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

// leafColumn is a leaf of a file's schema with the nodes above it.
type leafColumn struct {
	col   *parquet.Column
	path  []string
	nodes []*parquet.Column // from the top-level field down to the leaf
}

// leafColumns lists the leaves of a schema in column order.
func leafColumns(root *parquet.Column) []leafColumn {
	var out []leafColumn
	var walk func(c *parquet.Column, nodes []*parquet.Column)
	walk = func(c *parquet.Column, nodes []*parquet.Column) {
		nodes = append(nodes[:len(nodes):len(nodes)], c)
		if c.Leaf() {
			out = append(out, leafColumn{col: c, path: c.Path(), nodes: nodes})
			return
		}
		for _, child := range c.Columns() {
			walk(child, nodes)
		}
	}
	for _, c := range root.Columns() {
		walk(c, nil)
	}
	return out
}

// leaf streams one leaf column of the current row group.
type leaf struct {
	col            *parquet.Column
	path           []string
	kind           parquet.Kind
	maxDef, maxRep int16
	// depthDef[k] is the definition level at which path[:k+1] is non-null.
	depthDef []int16
	// entryDef is the level at which a list or map entry exists (for
	// repeated leaves).
	entryDef int16

	ctx   context.Context // of the read, which may abandon a page decode
	pages parquet.Pages
	page  parquet.Page
	vals  parquet.ValueReader // of page; nil when it is used up
	vbuf  []parquet.Value
	buf   []cell
	pos   int
	done  bool
	cur   []cell // the current row's levels
}

func newLeaf(lc leafColumn) *leaf {
	l := &leaf{
		col:    lc.col,
		path:   lc.path,
		kind:   lc.col.Type().Kind(),
		maxDef: int16(lc.col.MaxDefinitionLevel()),
		maxRep: int16(lc.col.MaxRepetitionLevel()),
	}
	var def int16
	for _, n := range lc.nodes {
		switch {
		case n.Optional():
			def++
		case n.Repeated():
			def++
			l.entryDef = def
		}
		l.depthDef = append(l.depthDef, def)
	}
	return l
}

// reset starts the leaf on a new row group's column chunk.
func (l *leaf) reset(ctx context.Context, cc parquet.ColumnChunk) {
	l.close()
	l.ctx, l.pages, l.buf, l.pos, l.done, l.cur = ctx, cc.Pages(), l.buf[:0], 0, false, nil
}

// close releases the current column chunk's pages.
func (l *leaf) close() {
	l.releasePage()
	if l.pages != nil {
		_ = l.pages.Close() // read-only: nothing to flush
		l.pages = nil
	}
}

func (l *leaf) releasePage() {
	if l.page != nil {
		parquet.Release(l.page)
		l.page, l.vals = nil, nil
	}
}

// fill decodes the next values onto buf, moving to the next page when the
// current one is used up.
func (l *leaf) fill() error {
	if l.vals == nil {
		l.releasePage()
		pages := l.pages
		p, err := untilDone(l.ctx, pages.ReadPage)
		if l.ctx.Err() != nil {
			l.pages = nil // still in use by the abandoned decode
			return l.ctx.Err()
		}
		if errors.Is(err, io.EOF) {
			l.done = true
			return nil
		}
		if err != nil {
			return err
		}
		l.page, l.vals = p, p.Values()
	}
	if cap(l.vbuf) < levelChunk {
		l.vbuf = make([]parquet.Value, levelChunk)
	}
	n, err := l.vals.ReadValues(l.vbuf[:levelChunk])
	base := len(l.buf)
	l.buf = slices.Grow(l.buf, n)[:base+n]
	for i := range n {
		v, c := &l.vbuf[i], &l.buf[base+i] // in place: the values are large
		*c = cell{def: int16(v.DefinitionLevel()), rep: int16(v.RepetitionLevel())}
		if c.def == l.maxDef {
			switch l.kind {
			case parquet.ByteArray, parquet.FixedLenByteArray:
				c.str = string(v.ByteArray()) // copied: pages are reused
			case parquet.Int32:
				c.num = int64(v.Int32())
			case parquet.Int64:
				c.num = v.Int64()
			case parquet.Float:
				c.flt = float64(v.Float())
			case parquet.Double:
				c.flt = v.Double()
			case parquet.Boolean:
				if v.Boolean() {
					c.num = 1
				}
			case parquet.Int96: // legacy timestamps: no value lakelint reads
			default:
				return fmt.Errorf("column %s: unsupported physical type %s", strings.Join(l.path, "."), l.kind)
			}
		}
	}
	switch {
	case errors.Is(err, io.EOF):
		l.vals = nil
	case err != nil:
		return err
	case n == 0:
		return fmt.Errorf("column %s: page yields no values", strings.Join(l.path, "."))
	}
	return nil
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
		if l.maxRep == 0 {
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
	if l == nil || l.maxRep != 0 || l.cur[0].def != l.maxDef {
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
	switch l.kind {
	case parquet.Int32, parquet.Int64:
		return c.num, true
	}
	return 0, false
}

func (l *leaf) bool() bool {
	c, ok := l.value()
	return ok && l.kind == parquet.Boolean && c.num != 0
}

// entries returns the row's list or map entries: the cells at or below
// entry level, nulls included.
func (l *leaf) entries() []cell {
	if l == nil || l.maxRep == 0 {
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
	phys := l.kind
	var logical format.LogicalTypeValue
	if lt := l.col.Type().LogicalType(); lt != nil {
		logical = lt.Value
	}
	switch lt := logical.(type) {
	case *format.DateType:
		return time.Unix(c.num*86400, 0).UTC().Format(time.DateOnly)
	case *format.TimestampType, *format.TimeType:
		if phys != parquet.Int64 {
			break
		}
		var unit format.TimeUnitValue
		if ts, ok := lt.(*format.TimestampType); ok {
			unit = ts.Unit.Value
		} else {
			unit = lt.(*format.TimeType).Unit.Value
		}
		var t time.Time
		switch unit.(type) {
		case *format.MilliSeconds:
			t = time.UnixMilli(c.num)
		case *format.NanoSeconds:
			t = time.Unix(0, c.num)
		default:
			t = time.UnixMicro(c.num)
		}
		return t.UTC().Format("2006-01-02 15:04:05.999999")
	case *format.DecimalType:
		switch phys {
		case parquet.Int32, parquet.Int64:
			return decimalString(big.NewInt(c.num), int(lt.Scale))
		case parquet.FixedLenByteArray, parquet.ByteArray:
			return decimalString(twosComplement([]byte(c.str)), int(lt.Scale))
		}
	}
	switch phys {
	case parquet.Int32, parquet.Int64:
		return strconv.FormatInt(c.num, 10)
	case parquet.Boolean:
		return strconv.FormatBool(c.num != 0)
	case parquet.Float, parquet.Double:
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
