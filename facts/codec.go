package facts

// A compact binary form of File, so that a run over a large project can keep
// each file's facts outside the heap between extraction and the rule pass
// (go/analysis serialises facts between units for the same reason).
// The result cache also keeps it on disk, under CodecVersion: there are no
// compatibility promises between versions, only a version to tell them apart.
// Every field of every type is written; a test fills each field through
// reflection and checks the round trip, so a field added to a fact type
// without a line here fails the tests, and another test fails until
// CodecVersion changes with the shape of File.

import (
	"encoding/binary"
	"errors"
	"math"
	"slices"

	"github.com/lakelint/lakelint/parsers/document"
)

// CodecVersion names the encoding. Change it with any change to what is
// written or how: cache entries of another version are never read.
const CodecVersion = 10

// ErrCorrupt is returned when encoded facts cannot be decoded.
var ErrCorrupt = errors.New("facts: corrupt encoding")

// AppendBinary appends the encoding of f to b.
func (f *File) AppendBinary(b []byte) ([]byte, error) {
	e := &encoder{b: b}
	e.file(f)
	return e.b, nil
}

// MarshalBinary encodes f.
func (f *File) MarshalBinary() ([]byte, error) { return f.AppendBinary(nil) }

// AppendRuleFacts appends the encoding of f without its function summary,
// which only the link step reads (and keeps itself): what the rule pass
// decodes again. UnmarshalRuleFacts and UnmarshalBinary both read it.
func (f *File) AppendRuleFacts(b []byte) []byte {
	g := *f
	g.Summary = nil
	b, _ = g.AppendBinary(b)
	return b
}

// UnmarshalRuleFacts decodes an encoding as UnmarshalBinary does, but leaves
// out the function summary, which is last: the rule pass never reads it.
func (f *File) UnmarshalRuleFacts(b []byte) error {
	d := &decoder{b: b, s: string(b), noSummary: true}
	*f = d.file()
	if d.err != nil {
		*f = File{}
	}
	return d.err
}

// UnmarshalBinary decodes what MarshalBinary encoded into f. The decoded
// strings share one copy of b: a file's facts are one allocation for all
// their text, which lives as long as any of them does.
func (f *File) UnmarshalBinary(b []byte) error {
	d := &decoder{b: b, s: string(b)}
	*f = d.file()
	if d.err == nil && len(d.b) != 0 {
		d.err = ErrCorrupt
	}
	if d.err != nil {
		*f = File{}
	}
	return d.err
}

type encoder struct {
	b    []byte
	keys []string // reused to sort map keys
}

func (e *encoder) uint(u uint64) { e.b = binary.AppendUvarint(e.b, u) }
func (e *encoder) int(i int)     { e.b = binary.AppendVarint(e.b, int64(i)) }
func (e *encoder) int64(i int64) { e.b = binary.AppendVarint(e.b, i) }
func (e *encoder) str(s string)  { e.uint(uint64(len(s))); e.b = append(e.b, s...) }
func (e *encoder) bool(v bool) {
	if v {
		e.b = append(e.b, 1)
	} else {
		e.b = append(e.b, 0)
	}
}

// count writes a length that keeps nil and empty apart: 0 is nil, n+1 is n.
func (e *encoder) count(n int, isNil bool) {
	if isNil {
		e.uint(0)
		return
	}
	e.uint(uint64(n) + 1)
}

func putSlice[T any](e *encoder, s []T, put func(*encoder, *T)) {
	e.count(len(s), s == nil)
	for i := range s {
		put(e, &s[i])
	}
}

func putPtrs[T any](e *encoder, s []*T, put func(*encoder, *T)) {
	e.count(len(s), s == nil)
	for _, p := range s {
		putPtr(e, p, put)
	}
}

func putPtr[T any](e *encoder, p *T, put func(*encoder, *T)) {
	e.bool(p != nil)
	if p != nil {
		put(e, p)
	}
}

func (e *encoder) values(m map[string]Value) {
	e.count(len(m), m == nil)
	e.keys = e.keys[:0]
	for k := range m {
		e.keys = append(e.keys, k)
	}
	slices.Sort(e.keys)
	for _, k := range e.keys {
		e.str(k)
		v := m[k]
		e.value(&v)
	}
}

func (e *encoder) strs(s []string) { putSlice(e, s, func(e *encoder, s *string) { e.str(*s) }) }

// span writes End as -End-1 when a file follows, which only the link
// step's spans have: a file's own spans cost no more than two offsets.
func (e *encoder) span(s *Span) {
	e.int(s.Start)
	if s.File == 0 {
		e.int(s.End)
		return
	}
	e.int(-s.End - 1)
	e.str(s.File.Path())
}

func (e *encoder) edit(x *Edit) { e.span(&x.Span); e.str(x.NewText) }

func (e *encoder) value(v *Value) {
	e.uint(uint64(v.Kind))
	e.str(v.Str)
	e.int64(v.Int)
	e.uint(math.Float64bits(v.Float))
	e.bool(v.Bool)
	e.span(&v.Span)
	e.bool(v.ReadOnly)
}

func (e *encoder) column(c *Column) { e.str(c.Name); e.span(&c.Span) }

func (e *encoder) columns(cs []Column) { putSlice(e, cs, (*encoder).column) }

func (e *encoder) partitioning(p *Partitioning) {
	e.columns(p.Columns)
	e.span(&p.Span)
	e.bool(p.Dynamic)
	e.str(p.Origin)
}

func (e *encoder) transform(t *Transform) {
	e.str(t.Name)
	e.bool(t.Hint)
	e.value(&t.NumPartitions)
	e.bool(t.HasNum)
	e.columns(t.Columns)
	e.span(&t.Span)
	putSlice(e, t.Removal, (*encoder).edit)
	e.bool(t.Nested)
	e.bool(t.Counted)
}

func (e *encoder) target(t *Target) { e.str(t.Table); e.str(t.Path); e.span(&t.Span) }

func (e *encoder) trigger(t *Trigger) {
	e.str(string(t.Kind))
	e.value(&t.Interval)
	e.uint(math.Float64bits(t.Seconds))
	e.span(&t.Span)
	e.bool(t.Parsed)
}

func (e *encoder) write(w *Write) {
	e.str(string(w.API))
	e.uint(uint64(w.Lang))
	e.span(&w.Span)
	e.span(&w.At)
	e.str(w.Sink)
	e.str(w.Format)
	e.span(&w.FormatSpan)
	e.bool(w.FormatUnknown)
	e.target(&w.Target)
	e.value(&w.Mode)
	putPtr(e, w.PartitionBy, (*encoder).partitioning)
	e.columns(w.ClusterBy)
	e.values(w.Options)
	putPtr(e, w.Trigger, (*encoder).trigger)
	e.bool(w.HasTrigger)
	putSlice(e, w.Transforms, (*encoder).transform)
	e.int(w.WriterAt)
	e.str(w.WriterIn)
	e.values(w.Properties)
	e.bool(w.TargetFromCaller)
	e.bool(w.FrameFromCaller)
	e.span(&w.Loop)
	putPtr(e, w.Stream, (*encoder).stream)
	putPtr(e, w.Via, (*encoder).via)
}

func (e *encoder) read(r *Read) {
	e.str(string(r.Kind))
	e.str(r.Format)
	e.target(&r.Target)
	e.values(r.Options)
	e.span(&r.Span)
	e.span(&r.At)
	putPtr(e, r.Insert, (*encoder).insertAt)
}

func (e *encoder) insertion(p *PropertyInsertion) {
	e.str(string(p.Style))
	e.int(p.Offset)
	e.str(p.Quote)
	e.str(p.Newline)
	e.bool(p.Empty)
}

func (e *encoder) tableDef(t *TableDef) {
	e.str(string(t.Kind))
	e.uint(uint64(t.Lang))
	e.str(t.Name)
	e.span(&t.Span)
	e.span(&t.At)
	e.str(t.Format)
	e.bool(t.AsSelect)
	putPtr(e, t.PartitionBy, (*encoder).partitioning)
	e.columns(t.ClusterBy)
	e.bool(t.ClusterByAuto)
	e.str(t.Location)
	e.values(t.Properties)
	putPtr(e, t.AddProps, (*encoder).insertion)
	e.bool(t.Clone)
	e.bool(t.IfNotExists)
	e.bool(t.Temporary)
	e.bool(t.Hive)
	e.bool(t.Registration)
	putPtr(e, t.AddAlter, (*encoder).insertion)
	e.bool(t.Streaming)
}

func (e *encoder) setting(s *Setting) {
	e.str(s.Key)
	e.value(&s.Value)
	e.str(s.Via)
	e.uint(uint64(s.Lang))
	e.span(&s.Span)
	e.span(&s.At)
}

func (e *encoder) alter(a *TableAlter) {
	e.str(a.Table)
	e.uint(uint64(a.Lang))
	e.span(&a.Span)
	e.span(&a.At)
	e.values(a.Set)
	e.strs(a.Unset)
	e.columns(a.ClusterBy)
	e.bool(a.HasClusterBy)
	e.bool(a.ClusterByAuto)
	e.str(a.Path)
}

func (e *encoder) maintenance(m *Maintenance) {
	e.str(string(m.Kind))
	e.uint(uint64(m.Lang))
	e.target(&m.Target)
	e.span(&m.Span)
	e.span(&m.At)
	e.columns(m.WhereColumns)
	e.columns(m.ZOrderBy)
	e.value(&m.Retain)
	e.bool(m.HasRetain)
	e.bool(m.DryRun)
}

func (e *encoder) file(f *File) {
	e.str(f.Path)
	e.uint(uint64(f.Format))
	putPtrs(e, f.Writes, (*encoder).write)
	putPtrs(e, f.Reads, (*encoder).read)
	putPtrs(e, f.Tables, (*encoder).tableDef)
	putPtrs(e, f.Alters, (*encoder).alter)
	putPtrs(e, f.Settings, (*encoder).setting)
	putPtrs(e, f.Maintenance, (*encoder).maintenance)
	putSlice(e, f.Suppressions, func(e *encoder, s *Suppression) {
		e.span(&s.Span)
		e.strs(s.Codes)
		e.bool(s.FileLevel)
		e.int(s.Until)
	})
	putSlice(e, f.SyntaxErrors, func(e *encoder, s *SyntaxError) { e.span(&s.Span); e.str(s.Message) })
	e.int(f.UnreadSQL)
	putSlice(e, f.Unread, func(e *encoder, u *Unread) { e.span(&u.At); e.str(u.Reason) })
	e.strs(f.Notes)
	putSlice(e, f.Evidence, func(e *encoder, v *Evidence) {
		e.str(string(v.Platform))
		e.str(v.What)
		e.int(v.Rank)
		e.span(&v.At)
	})
	putSlice(e, f.Foreign, func(e *encoder, v *ForeignSQL) { e.span(&v.At); e.str(v.Dialect); e.str(v.Marker) })
	putSlice(e, f.EmbeddedSQL, func(e *encoder, v *EmbeddedSQL) {
		e.str(v.Text)
		e.bool(v.KeepGaps)
		putSlice(e, v.Map, func(e *encoder, s *document.Segment) { e.int(s.Region); e.int(s.File); e.int(s.Len) })
	})
	putPtr(e, f.Summary, (*encoder).summary)
}

// decoder reads what encoder wrote. The first error sticks: every later read
// returns a zero value, so decoding code needs no error checks of its own.
type decoder struct {
	b   []byte
	s   string // the whole encoding; strings are cut from it
	err error
	// noSummary stops before the function summary (UnmarshalRuleFacts)
	noSummary bool
}

func (d *decoder) fail() { d.err = ErrCorrupt; d.b = nil }

// off is where the unread part of b starts in s.
func (d *decoder) off() int { return len(d.s) - len(d.b) }

func (d *decoder) uint() uint64 {
	u, n := binary.Uvarint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return u
}

func (d *decoder) int64() int64 {
	i, n := binary.Varint(d.b)
	if n <= 0 {
		d.fail()
		return 0
	}
	d.b = d.b[n:]
	return i
}

func (d *decoder) int() int {
	i := d.int64()
	if int64(int(i)) != i {
		d.fail()
		return 0
	}
	return int(i)
}

func (d *decoder) u8() uint8 {
	u := d.uint()
	if u > math.MaxUint8 {
		d.fail()
		return 0
	}
	return uint8(u)
}

func (d *decoder) str() string {
	n := d.uint()
	if n > uint64(len(d.b)) {
		d.fail()
		return ""
	}
	at := d.off()
	d.b = d.b[n:]
	return d.s[at : at+int(n)]
}

func (d *decoder) bool() bool {
	if len(d.b) == 0 || d.b[0] > 1 {
		d.fail()
		return false
	}
	v := d.b[0] == 1
	d.b = d.b[1:]
	return v
}

// count reads a length written by encoder.count; ok is false for nil. Every
// element takes at least one byte, so a count larger than what is left is
// corrupt: no allocation is ever sized by a corrupt count.
func (d *decoder) count() (n int, ok bool) {
	c := d.uint()
	if c == 0 {
		return 0, false
	}
	if c-1 > uint64(len(d.b)) {
		d.fail()
		return 0, false
	}
	return int(c - 1), true
}

func getSlice[T any](d *decoder, get func(*decoder, *T)) []T {
	n, ok := d.count()
	if !ok {
		return nil
	}
	s := make([]T, n)
	for i := range s {
		get(d, &s[i])
	}
	return s
}

func getPtrs[T any](d *decoder, get func(*decoder, *T)) []*T {
	n, ok := d.count()
	if !ok {
		return nil
	}
	s := make([]*T, n)
	for i := range s {
		s[i] = getPtr(d, get)
	}
	return s
}

func getPtr[T any](d *decoder, get func(*decoder, *T)) *T {
	if !d.bool() {
		return nil
	}
	p := new(T)
	get(d, p)
	return p
}

func (d *decoder) values() map[string]Value {
	n, ok := d.count()
	if !ok {
		return nil
	}
	m := make(map[string]Value, n)
	for range n {
		k := d.str()
		var v Value
		d.value(&v)
		m[k] = v
	}
	return m
}

func (d *decoder) strs() []string {
	return getSlice(d, func(d *decoder, s *string) { *s = d.str() })
}

func (d *decoder) span(s *Span) {
	s.Start, s.End = d.int(), d.int()
	if s.End < 0 {
		s.End, s.File = -s.End-1, FileOf(d.str())
	}
}

func (d *decoder) edit(x *Edit) { d.span(&x.Span); x.NewText = d.str() }

func (d *decoder) value(v *Value) {
	v.Kind = ValueKind(d.u8())
	v.Str = d.str()
	v.Int = d.int64()
	v.Float = math.Float64frombits(d.uint())
	v.Bool = d.bool()
	d.span(&v.Span)
	v.ReadOnly = d.bool()
}

func (d *decoder) column(c *Column) { c.Name = d.str(); d.span(&c.Span) }

func (d *decoder) columns() []Column { return getSlice(d, (*decoder).column) }

func (d *decoder) partitioning(p *Partitioning) {
	p.Columns = d.columns()
	d.span(&p.Span)
	p.Dynamic = d.bool()
	p.Origin = d.str()
}

func (d *decoder) transform(t *Transform) {
	t.Name = d.str()
	t.Hint = d.bool()
	d.value(&t.NumPartitions)
	t.HasNum = d.bool()
	t.Columns = d.columns()
	d.span(&t.Span)
	t.Removal = getSlice(d, (*decoder).edit)
	t.Nested = d.bool()
	t.Counted = d.bool()
}

func (d *decoder) target(t *Target) { t.Table = d.str(); t.Path = d.str(); d.span(&t.Span) }

func (d *decoder) trigger(t *Trigger) {
	t.Kind = TriggerKind(d.str())
	d.value(&t.Interval)
	t.Seconds = math.Float64frombits(d.uint())
	d.span(&t.Span)
	t.Parsed = d.bool()
}

func (d *decoder) lang() document.Lang { return document.Lang(d.u8()) }

func (d *decoder) write(w *Write) {
	w.API = API(d.str())
	w.Lang = d.lang()
	d.span(&w.Span)
	d.span(&w.At)
	w.Sink = d.str()
	w.Format = d.str()
	d.span(&w.FormatSpan)
	w.FormatUnknown = d.bool()
	d.target(&w.Target)
	d.value(&w.Mode)
	w.PartitionBy = getPtr(d, (*decoder).partitioning)
	w.ClusterBy = d.columns()
	w.Options = d.values()
	w.Trigger = getPtr(d, (*decoder).trigger)
	w.HasTrigger = d.bool()
	w.Transforms = getSlice(d, (*decoder).transform)
	w.WriterAt = d.int()
	w.WriterIn = d.str()
	w.Properties = d.values()
	w.TargetFromCaller = d.bool()
	w.FrameFromCaller = d.bool()
	d.span(&w.Loop)
	w.Stream = getPtr(d, (*decoder).stream)
	w.Via = getPtr(d, (*decoder).via)
}

func (d *decoder) read(r *Read) {
	r.Kind = ReadKind(d.str())
	r.Format = d.str()
	d.target(&r.Target)
	r.Options = d.values()
	d.span(&r.Span)
	d.span(&r.At)
	r.Insert = getPtr(d, (*decoder).insertAt)
}

func (d *decoder) insertion(p *PropertyInsertion) {
	p.Style = PropertyStyle(d.str())
	p.Offset = d.int()
	p.Quote = d.str()
	p.Newline = d.str()
	p.Empty = d.bool()
}

func (d *decoder) tableDef(t *TableDef) {
	t.Kind = TableKind(d.str())
	t.Lang = d.lang()
	t.Name = d.str()
	d.span(&t.Span)
	d.span(&t.At)
	t.Format = d.str()
	t.AsSelect = d.bool()
	t.PartitionBy = getPtr(d, (*decoder).partitioning)
	t.ClusterBy = d.columns()
	t.ClusterByAuto = d.bool()
	t.Location = d.str()
	t.Properties = d.values()
	t.AddProps = getPtr(d, (*decoder).insertion)
	t.Clone = d.bool()
	t.IfNotExists = d.bool()
	t.Temporary = d.bool()
	t.Hive = d.bool()
	t.Registration = d.bool()
	t.AddAlter = getPtr(d, (*decoder).insertion)
	t.Streaming = d.bool()
}

func (d *decoder) setting(s *Setting) {
	s.Key = d.str()
	d.value(&s.Value)
	s.Via = d.str()
	s.Lang = d.lang()
	d.span(&s.Span)
	d.span(&s.At)
}

func (d *decoder) alter(a *TableAlter) {
	a.Table = d.str()
	a.Lang = d.lang()
	d.span(&a.Span)
	d.span(&a.At)
	a.Set = d.values()
	a.Unset = d.strs()
	a.ClusterBy = d.columns()
	a.HasClusterBy = d.bool()
	a.ClusterByAuto = d.bool()
	a.Path = d.str()
}

func (d *decoder) maintenance(m *Maintenance) {
	m.Kind = MaintenanceKind(d.str())
	m.Lang = d.lang()
	d.target(&m.Target)
	d.span(&m.Span)
	d.span(&m.At)
	m.WhereColumns = d.columns()
	m.ZOrderBy = d.columns()
	d.value(&m.Retain)
	m.HasRetain = d.bool()
	m.DryRun = d.bool()
}

func (d *decoder) file() File {
	var f File
	f.Path = d.str()
	f.Format = document.Format(d.u8())
	f.Writes = getPtrs(d, (*decoder).write)
	f.Reads = getPtrs(d, (*decoder).read)
	f.Tables = getPtrs(d, (*decoder).tableDef)
	f.Alters = getPtrs(d, (*decoder).alter)
	f.Settings = getPtrs(d, (*decoder).setting)
	f.Maintenance = getPtrs(d, (*decoder).maintenance)
	f.Suppressions = getSlice(d, func(d *decoder, s *Suppression) {
		d.span(&s.Span)
		s.Codes = d.strs()
		s.FileLevel = d.bool()
		s.Until = d.int()
	})
	f.SyntaxErrors = getSlice(d, func(d *decoder, s *SyntaxError) { d.span(&s.Span); s.Message = d.str() })
	f.UnreadSQL = d.int()
	f.Unread = getSlice(d, func(d *decoder, u *Unread) { d.span(&u.At); u.Reason = d.str() })
	f.Notes = d.strs()
	f.Evidence = getSlice(d, func(d *decoder, v *Evidence) {
		v.Platform = SignOf(d.str())
		v.What = d.str()
		v.Rank = d.int()
		d.span(&v.At)
	})
	f.Foreign = getSlice(d, func(d *decoder, v *ForeignSQL) { d.span(&v.At); v.Dialect = d.str(); v.Marker = d.str() })
	f.EmbeddedSQL = getSlice(d, func(d *decoder, v *EmbeddedSQL) {
		v.Text = d.str()
		v.KeepGaps = d.bool()
		v.Map = getSlice(d, func(d *decoder, s *document.Segment) { s.Region = d.int(); s.File = d.int(); s.Len = d.int() })
	})
	if d.noSummary {
		d.b = nil // the summary is last: nothing else is left
		return f
	}
	f.Summary = getPtr(d, (*decoder).summary)
	return f
}
