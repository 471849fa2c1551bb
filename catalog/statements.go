package catalog

import (
	"fmt"
	"hash/maphash"
	"math"
	"slices"
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/facts"
)

// Statements are the writes, reads and OPTIMIZE / VACUUM statements of a
// table, one entry each, where they stand: what the table ledger lists and
// what rules that weigh one writer against another (the busiest stream, a
// whole-table OPTIMIZE beside a MERGE) cite. They are kept small: no spans
// but the statement's own, no transforms, no options, and each distinct
// statement once, shared by every Ref to it (half of the writers and all
// but a few readers are another's repeat), never changed after.
type Statements struct {
	Writers     []Ref[*Writer]
	Readers     []Ref[*Reader]
	Maintenance []Ref[*Maintenance]
}

// Writer is what the catalog keeps of one write.
type Writer struct {
	API    facts.API
	Sink   string
	Mode   string // "" when not said or not known
	Format string // lower-cased, "" when the code does not say
	// Stream is true for a writeStream sink and for a write made by a
	// foreachBatch function (ForeachBatch), once per micro-batch.
	Stream, ForeachBatch bool
	// Trigger is the stream's trigger (TriggerDefault when it sets none);
	// TriggerText the interval as written, TriggerSeconds in seconds (-1
	// when Spark would not read it).
	Trigger        facts.TriggerKind
	TriggerText    string
	TriggerSeconds float64
	// FilesPerRun is the literal partition count of the repartition or
	// coalesce that feeds the write, 0 when unknown.
	FilesPerRun int64
	// Partitions are the write's literal partitionBy columns.
	Partitions []string
	// Session are the settings of its session that decide its files
	// (optimized writes, auto compaction), last value before the write.
	Session []Setting
}

// Setting is a session setting in effect at a write, where it is set.
type Setting struct {
	Key, Value string // key lower-cased
	At         facts.Span
}

// Reader is what the catalog keeps of one read.
type Reader struct {
	Kind   facts.ReadKind
	Format string
}

// Maintenance is what the catalog keeps of one OPTIMIZE or VACUUM.
type Maintenance struct {
	Kind facts.MaintenanceKind
	// Where are the columns of OPTIMIZE ... WHERE; nil for the whole table.
	Where  []string
	ZOrder []string
	Retain string // VACUUM's retention in hours as written, "" when not given
	DryRun bool
}

// sessionKeys are the settings a Writer keeps.
var sessionKeys = []string{
	"spark.databricks.delta.optimizeWrite.enabled",
	"spark.databricks.delta.autoCompact.enabled",
}

// Frequency is how often a write runs, and what says so.
type Frequency struct {
	// RunsPerDay is known when Known; a stream without a trigger (a
	// micro-batch as soon as the last ends) or a continuous one is
	// frequent with no count.
	RunsPerDay float64
	Known      bool
	// Always is true for a stream that starts a micro-batch as soon as
	// the last ends: it beats any count.
	Always bool
	// Source says where the frequency comes from: "trigger of 10 seconds",
	// "job ingest in resources/ingest.yml".
	Source string
}

// Frequent reports whether the write runs more often than hourly, or is
// a stream whose trigger gives no count.
func (f Frequency) Frequent() bool {
	if f.Known {
		return f.RunsPerDay > 24
	}
	return f.Source != ""
}

// more reports whether f runs more often than g; an always-running write
// beats any count.
func (f Frequency) more(g Frequency) bool {
	return f.rate() > g.rate()
}

func (f Frequency) rate() float64 {
	switch {
	case f.Known:
		return f.RunsPerDay
	case f.Always:
		return math.Inf(1)
	case f.Source != "":
		return 0 // frequent, how frequent not known
	}
	return -1
}

// Schedules tells how often a project file runs by a schedule the project
// holds (a bundle job, an Airflow DAG); ok is false when none names it.
type Schedules func(path string) (f Frequency, ok bool)

// SetSchedules makes the catalog's frequencies of batch writes (and of
// streams run with availableNow or once) come from s.
func (c *Catalog) SetSchedules(s Schedules) {
	c.schedules = s
	c.busiestMu.Lock()
	c.busiest = nil // ranked by the frequencies before
	c.busiestMu.Unlock()
}

// Frequency is how often the writer runs: a stream's trigger, else the
// schedule of its file when one is known; the zero Frequency when unknown.
func (c *Catalog) Frequency(w *Ref[*Writer]) Frequency {
	wr := w.Fact
	if wr.Stream {
		switch wr.Trigger {
		case facts.TriggerProcessingTime:
			trigger := "a trigger of " + wr.TriggerText
			if wr.TriggerText == "" {
				trigger = "a processingTime trigger whose interval is not known here"
			}
			if wr.ForeachBatch {
				trigger = "a foreachBatch function of a stream with " + trigger
			}
			if wr.TriggerSeconds > 0 {
				return Frequency{RunsPerDay: 86400 / wr.TriggerSeconds, Known: true, Source: trigger}
			}
			if wr.TriggerSeconds == 0 {
				return Frequency{Always: true, Source: trigger + ": a micro-batch as soon as the last ends"}
			}
			return Frequency{Source: trigger}
		case facts.TriggerDefault:
			if wr.ForeachBatch {
				return Frequency{Source: "a foreachBatch function of a stream: once per micro-batch"}
			}
			return Frequency{Always: true, Source: "no trigger: a micro-batch as soon as the last ends"}
		case facts.TriggerContinuous:
			return Frequency{Always: true, Source: "a continuous trigger"}
		}
	}
	if c != nil && c.schedules != nil {
		if f, ok := c.schedules(w.Path); ok {
			return f
		}
	}
	return Frequency{}
}

// Busiest returns the table's writer that runs most often among those
// that add data, as add decides (in path order on a tie), and its
// frequency; nil when none is known to run more often than hourly.
//
// Rules ask it once for each file that writes the table, so the answer is
// kept: key names add, and every call with the same key must pass an add
// that answers alike (a rule's code and the settings add reads). A table
// many files write is then ranked once, not once per file.
func (c *Catalog) Busiest(t *Table, key string, add func(*Writer) bool) (*Ref[*Writer], Frequency) {
	k := busiestKey{t, key}
	c.busiestMu.Lock()
	r, ok := c.busiest[k]
	c.busiestMu.Unlock()
	if ok {
		return r.w, r.f
	}
	r = rankWriters(c, t, add)
	c.busiestMu.Lock()
	if c.busiest == nil {
		c.busiest = map[busiestKey]busiestOf{}
	}
	c.busiest[k] = r
	c.busiestMu.Unlock()
	return r.w, r.f
}

type busiestKey struct {
	t   *Table
	key string
}

type busiestOf struct {
	w *Ref[*Writer]
	f Frequency
}

func rankWriters(c *Catalog, t *Table, add func(*Writer) bool) busiestOf {
	var best busiestOf
	for i := range t.Statements.Writers {
		w := &t.Statements.Writers[i]
		if !add(w.Fact) {
			continue
		}
		f := c.Frequency(w)
		if f.Frequent() && (best.w == nil || f.more(best.f)) {
			best = busiestOf{w, f}
		}
	}
	return best
}

// Optimizes returns the table's OPTIMIZE statements (SQL, DeltaTable
// optimize(), delta-rs optimize.compact() and z_order()).
func (t *Table) Optimizes() []Ref[*Maintenance] {
	var out []Ref[*Maintenance]
	for _, m := range t.Statements.Maintenance {
		if m.Fact.Kind == facts.Optimize {
			out = append(out, m)
		}
	}
	return out
}

// statementsOf keeps the statements of a file the catalog adds: its
// strings are interned, so that the catalog keeps none of the file's own
// (a decoded file's strings share one buffer), and the session settings a
// writer keeps are looked up among the few that matter.
type statementsOf struct {
	f    *facts.File
	strs map[string]string
	once *distinct // the Builder's statements, each once
	// settings are those of sessionKeys of every part of the file so far,
	// in the file's order; own are this part's, as the part keeps them
	settings, own []*facts.Setting
	// streams are the file's streams that hand micro-batches to a function,
	// from this part and those added before it (see batchStream)
	streams []*facts.Write
	// session is the last sessionAt made: the writes of a file mostly run
	// with the same settings, and share one list (Session is only read)
	session []Setting
}

func (b *Builder) statementsOf(f *facts.File) statementsOf {
	if b.strs == nil {
		b.strs = map[string]string{}
	}
	if b.once == nil {
		b.once = newDistinct()
	}
	s := statementsOf{f: f, strs: b.strs, once: b.once}
	for _, pt := range b.parts[f.Path] {
		s.settings = append(s.settings, pt.settings...)
	}
	if ff := b.files[f.Path]; ff != nil {
		s.settings = append(s.settings, ff.settings...)
	}
	for _, st := range f.Settings {
		if slices.Contains(sessionKeys, st.Key) {
			s.own = append(s.own, &facts.Setting{Key: st.Key, Value: st.Value, Span: st.Span, At: st.At})
		}
	}
	s.settings = append(s.settings, s.own...)
	slices.SortStableFunc(s.settings, func(a, b *facts.Setting) int { return a.Span.Start - b.Span.Start })
	return s
}

// sessionAt is the last value of each of sessionKeys set before offset
// start of the file, of the settings of every part of the file so far.
func (s *statementsOf) sessionAt(start int) []Setting {
	var out []Setting
	for _, k := range sessionKeys {
		var last *facts.Setting
		for _, st := range s.settings {
			if st.Span.Start >= start {
				break
			}
			if st.Key == k {
				last = st
			}
		}
		if last != nil {
			out = append(out, Setting{Key: s.str(k), Value: s.str(last.Value.Text()), At: last.At})
		}
	}
	if slices.Equal(out, s.session) {
		return s.session
	}
	s.session = out
	return out
}

// batchTrigger is the trigger of the stream a foreachBatch function's
// write is made for, when the file holds that stream and it sets one: the
// write runs as often as the stream's micro-batches do.
func (s *statementsOf) batchTrigger(v *facts.Via) *facts.Trigger {
	for _, w := range s.streams {
		if v.Feeds(w) {
			return w.Trigger
		}
	}
	for _, w := range s.streams {
		if v.FeedsOwn(w) {
			return w.Trigger
		}
	}
	return nil
}

// batchStream keeps of a stream that hands its micro-batches to a function
// what Via.Feeds and batchTrigger read, so that a later part of the file
// (what linking adds) finds it without holding the file's facts.
func batchStream(w *facts.Write) *facts.Write {
	out := &facts.Write{API: w.API, Span: w.Span, Stream: &facts.Stream{Batch: w.Stream.Batch, BatchSpan: w.Stream.BatchSpan}}
	if w.Via != nil {
		v := *w.Via
		out.Via = &v
	}
	if w.Trigger != nil {
		t := *w.Trigger
		out.Trigger = &t
	}
	return out
}

// str is s interned: the catalog's copy, made once.
func (s *statementsOf) str(v string) string {
	if v == "" {
		return ""
	}
	if have, ok := s.strs[v]; ok {
		return have
	}
	v = strings.Clone(v)
	s.strs[v] = v
	return v
}

func (s *statementsOf) strList(vs []string) []string {
	for i, v := range vs {
		vs[i] = s.str(v)
	}
	return vs
}

// distinct holds each distinct statement a Builder made once, by a hash
// of what it says: keys as strings would cost as much as the statements.
// Two that differ under one hash are both kept, not shared.
type distinct struct {
	seed        maphash.Seed
	writers     map[uint64]*Writer
	readers     map[Reader]*Reader
	maintenance map[uint64]*Maintenance
	key         contentKey // a buffer for what is hashed
}

func newDistinct() *distinct {
	return &distinct{seed: maphash.MakeSeed(), writers: map[uint64]*Writer{}, readers: map[Reader]*Reader{}, maintenance: map[uint64]*Maintenance{}}
}

// writer is the Builder's Writer equal to w, made now if it has none.
func (d *distinct) writer(w Writer) *Writer {
	k := &d.key
	*k = (*k)[:0]
	k.str(string(w.API))
	k.str(w.Sink)
	k.str(w.Mode)
	k.str(w.Format)
	k.flag(w.Stream)
	k.flag(w.ForeachBatch)
	k.str(string(w.Trigger))
	k.str(w.TriggerText)
	*k = strconv.AppendFloat(*k, w.TriggerSeconds, 'g', -1, 64)
	*k = strconv.AppendInt(append(*k, 0), w.FilesPerRun, 10)
	k.flag(w.Partitions == nil)
	k.list(w.Partitions)
	k.flag(w.Session == nil)
	for _, st := range w.Session {
		k.str(st.Key)
		k.str(st.Value)
		*k = strconv.AppendInt(*k, int64(st.At.Start), 10)
		*k = strconv.AppendInt(append(*k, 1), int64(st.At.End), 10)
		*k = strconv.AppendInt(append(*k, 1), int64(st.At.File), 10)
		*k = append(*k, 0)
	}
	h := maphash.Bytes(d.seed, *k)
	have, ok := d.writers[h]
	if ok && sameWriter(have, &w) {
		return have
	}
	out := &w
	if !ok {
		d.writers[h] = out
	}
	return out
}

func sameWriter(a, b *Writer) bool {
	return a.API == b.API && a.Sink == b.Sink && a.Mode == b.Mode && a.Format == b.Format &&
		a.Stream == b.Stream && a.ForeachBatch == b.ForeachBatch && a.Trigger == b.Trigger &&
		a.TriggerText == b.TriggerText && a.TriggerSeconds == b.TriggerSeconds && a.FilesPerRun == b.FilesPerRun &&
		(a.Partitions == nil) == (b.Partitions == nil) && slices.Equal(a.Partitions, b.Partitions) &&
		(a.Session == nil) == (b.Session == nil) && slices.Equal(a.Session, b.Session)
}

func (d *distinct) reader(r Reader) *Reader {
	if have, ok := d.readers[r]; ok {
		return have
	}
	d.readers[r] = &r
	return &r
}

func (d *distinct) maint(m Maintenance) *Maintenance {
	k := &d.key
	*k = (*k)[:0]
	k.str(string(m.Kind))
	k.flag(m.Where == nil)
	k.list(m.Where)
	k.flag(m.ZOrder == nil)
	k.list(m.ZOrder)
	k.str(m.Retain)
	k.flag(m.DryRun)
	h := maphash.Bytes(d.seed, *k)
	have, ok := d.maintenance[h]
	if ok && have.Kind == m.Kind && (have.Where == nil) == (m.Where == nil) && slices.Equal(have.Where, m.Where) &&
		(have.ZOrder == nil) == (m.ZOrder == nil) && slices.Equal(have.ZOrder, m.ZOrder) && have.Retain == m.Retain && have.DryRun == m.DryRun {
		return have
	}
	out := &m
	if !ok {
		d.maintenance[h] = out
	}
	return out
}

// withSession is w with another session, a Writer of the Builder's.
func (s *statementsOf) withSession(w *Writer, session []Setting) *Writer {
	c := *w
	c.Session = session
	return s.once.writer(c)
}

// writer keeps what the catalog needs of w; at is where it is cited: its
// own place, or for a helper's write applied at a call, the call.
func (s *statementsOf) writer(w *facts.Write) (*Writer, facts.Span) {
	out := Writer{API: facts.API(s.str(string(w.API))), Sink: s.str(w.Sink), Format: s.str(w.Format), Partitions: s.strList(w.PartitionBy.Names())}
	if w.Mode.Kind == facts.String {
		out.Mode = s.str(w.Mode.Str)
	}
	if w.API == facts.DataStreamWriter {
		out.Stream = true
	}
	if w.Via != nil && w.Via.ForeachBatch {
		out.Stream, out.ForeachBatch = true, true
	}
	tr := w.Trigger
	if out.ForeachBatch && tr == nil {
		tr = s.batchTrigger(w.Via)
	}
	if tr != nil {
		out.Trigger, out.TriggerText = facts.TriggerKind(s.str(string(tr.Kind))), s.str(tr.Interval.Text())
		out.TriggerSeconds = tr.Seconds
		if !tr.Parsed {
			out.TriggerSeconds = -1
		}
	}
	if t := w.Feeding(); t != nil && t.NumPartitions.Kind == facts.Int && t.NumPartitions.Int > 0 {
		out.FilesPerRun = t.NumPartitions.Int
	}
	out.Session = s.sessionAt(w.Span.Start)
	at := w.At
	if at.Foreign() && w.Via != nil {
		at = w.Via.Call
	}
	return s.once.writer(out), at
}

func (s *statementsOf) reader(r *facts.Read) *Reader {
	return s.once.reader(Reader{Kind: facts.ReadKind(s.str(string(r.Kind))), Format: s.str(r.Format)})
}

func (s *statementsOf) maintenance(m *facts.Maintenance) *Maintenance {
	return s.once.maint(s.maintenanceOf(m))
}

func (s *statementsOf) maintenanceOf(m *facts.Maintenance) Maintenance {
	out := Maintenance{Kind: facts.MaintenanceKind(s.str(string(m.Kind))), Where: s.strList(columnNamesOrNil(m.WhereColumns)),
		ZOrder: s.strList(columnNamesOrNil(m.ZOrderBy)), DryRun: m.DryRun}
	if m.HasRetain {
		out.Retain = s.str(m.Retain.Text())
		if out.Retain == "" {
			out.Retain = "?"
		}
	}
	return out
}

func columnNamesOrNil(cols []facts.Column) []string {
	if len(cols) == 0 {
		return nil
	}
	return columnNames(cols)
}

// String describes the maintenance statement: "OPTIMIZE WHERE date",
// "VACUUM RETAIN 168 HOURS".
func (m *Maintenance) String() string {
	s := string(m.Kind)
	if len(m.Where) > 0 {
		s += fmt.Sprintf(" WHERE %v", m.Where)
	}
	if len(m.ZOrder) > 0 {
		s += fmt.Sprintf(" ZORDER BY %v", m.ZOrder)
	}
	if m.Retain != "" {
		s += " RETAIN " + m.Retain + " HOURS"
	}
	if m.DryRun {
		s += " DRY RUN"
	}
	return s
}

// merge adds another use's statements. It copies them: the lists a
// Builder keeps are summed again when a file changes, and a catalog's are
// sorted in place.
func (s *Statements) merge(o *Statements) {
	s.Writers = append(s.Writers, o.Writers...)
	s.Readers = append(s.Readers, o.Readers...)
	s.Maintenance = append(s.Maintenance, o.Maintenance...)
}

// take adds another use's statements, taking its lists themselves when
// these are empty: what is taken is not used again.
func (s *Statements) take(o *Statements) {
	s.Writers = appendAll(s.Writers, o.Writers)
	s.Readers = appendAll(s.Readers, o.Readers)
	s.Maintenance = appendAll(s.Maintenance, o.Maintenance)
}

// appendAll appends more to list, taking more itself when list is empty.
func appendAll[T any](list, more []T) []T {
	if len(list) == 0 {
		return more
	}
	return append(list, more...)
}

// sort puts the statements in path order, then in order of place, and
// trims each list to its length: the catalog holds them through the rule
// pass, and lists grown by append have up to twice the room they use.
func (s *Statements) sort() {
	sortByPlace(s.Writers)
	s.Writers = exact(onceEach(s.Writers))
	sortByPlace(s.Readers)
	s.Readers = exact(s.Readers)
	sortByPlace(s.Maintenance)
	s.Maintenance = exact(s.Maintenance)
}

// exact is list in an array of its length, when it has much more room.
func exact[T any](list []T) []T {
	if cap(list)-len(list) <= len(list)/16 {
		return list
	}
	return slices.Clone(list)
}

// onceEach keeps one writer per place: a foreachBatch function's write is
// in its file's facts, and again as the stream's; the stream's is kept.
func onceEach(ws []Ref[*Writer]) []Ref[*Writer] {
	out := ws[:0]
	for _, w := range ws {
		if n := len(out); n > 0 && out[n-1].Path == w.Path && out[n-1].At == w.At && out[n-1].Fact.API == w.Fact.API {
			if w.Fact.Stream && !out[n-1].Fact.Stream {
				out[n-1] = w
			}
			continue
		}
		out = append(out, w)
	}
	return out
}

func sortByPlace[T any](refs []Ref[T]) {
	slices.SortStableFunc(refs, func(a, b Ref[T]) int {
		if c := strings.Compare(a.Path, b.Path); c != 0 {
			return c
		}
		return a.At.Start - b.At.Start
	})
}
