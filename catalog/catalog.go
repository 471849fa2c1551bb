// Package catalog joins the facts of every file in a run by table: where each
// table is defined, altered, written, streamed from, merged into, optimized
// and vacuumed, and (when a stats source is configured) its live state.
// Rules that need facts from other files read the catalog.
package catalog

import (
	"slices"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/stats"
)

// Ref is a fact and the file it stands in.
type Ref[T any] struct {
	Path string
	Fact T
	// At is where it stands in Path (a span naming another file when a
	// call of a helper there made it): what a finding cites as evidence.
	At facts.Span
}

// Cite is where the fact stands, with the file it is in.
func (r *Ref[T]) Cite() facts.Span { return r.At.In(r.Path) }

// Table is everything the project says about one table: its definitions
// and ALTERs as far as rules ask about them, and its writes, reads and
// maintenance summed up in Use, so the catalog grows with the project's
// tables, not with its statements.
//
//factgen:root
type Table struct {
	Name string // normalised name ("main.sales.events"), "" for a path-only table
	Path string // normalised storage path, "" when only named
	// Expr is, for a table known only as a value the code computes at run
	// time, the variable that holds it (see facts.Target.Bind): one
	// binding of one file, which its definition and its writes share;
	// Name and Path are then "".
	Expr string
	// Defs and Alters hold each distinct definition and ALTER once, in
	// the order of their last appearance (path order), where it stands.
	Defs   []Ref[*Def]
	Alters []Ref[*Alter]
	// DefinedIn and AlteredIn are the first files, in path order, that
	// define and alter the table.
	DefinedIn, AlteredIn string
	Use                  Use
	definedAt            facts.Span // where DefinedIn's definition stands
	// Statements are its writes, reads and maintenance, one by one.
	Statements Statements
	// Live is the table's current state from a stats source; nil when unknown.
	Live *stats.Table

	defsAt, altersAt []place // while building: where Defs and Alters last appear
}

// Def is what the catalog keeps of a table definition: what other files'
// rules ask of it, without the positions and fix hints of the facts.
type Def struct {
	Format string // lower-cased; "" when not said
	// Partitioned is true for a partitioning whose columns are all
	// literal; Partitions are those columns.
	Partitioned bool
	Partitions  []string
	Clustering  []string // CLUSTER BY columns; nil when none
	Properties  []Prop   // in key order
	// Registration is true for a CREATE TABLE ... LOCATION with neither
	// columns nor a query: the table at the location keeps the layout it
	// has, so the statement says nothing of its partitions or clustering.
	Registration bool
}

// Alter is what the catalog keeps of an ALTER TABLE.
type Alter struct {
	Set           []Prop // properties set, in key order
	Unset         []string
	HasClustering bool // ALTER ... CLUSTER BY
	Clustering    []string
}

// Prop is a table property (key lower-cased).
type Prop struct {
	Key   string
	Value facts.Value
}

// Sets reports whether the ALTER sets the property key.
func (a *Alter) Sets(key string) bool {
	_, ok := findProp(a.Set, key)
	return ok
}

func newDef(d *facts.TableDef) *Def {
	out := &Def{Format: d.Format, Properties: props(d.Properties), Registration: d.Registration}
	if p := d.PartitionBy; p != nil && !p.Dynamic {
		out.Partitioned, out.Partitions = true, p.Names()
	}
	if len(d.ClusterBy) > 0 {
		out.Clustering = columnNames(d.ClusterBy)
	}
	return out
}

func newAlter(a *facts.TableAlter) *Alter {
	out := &Alter{Set: props(a.Set), Unset: a.Unset, HasClustering: a.HasClusterBy}
	if a.HasClusterBy {
		out.Clustering = columnNames(a.ClusterBy)
	}
	return out
}

// props turns a property map into a slice, which is a fraction of its size.
func props(m map[string]facts.Value) []Prop {
	if len(m) == 0 {
		return nil
	}
	out := make([]Prop, 0, len(m))
	for k, v := range m {
		v.Span, v.ReadOnly = facts.Span{}, false // where it is written is the file's business
		out = append(out, Prop{k, v})
	}
	slices.SortFunc(out, func(a, b Prop) int { return strings.Compare(a.Key, b.Key) })
	return out
}

func findProp(ps []Prop, key string) (facts.Value, bool) {
	for _, p := range ps {
		if p.Key == key {
			return p.Value, true
		}
	}
	return facts.Value{}, false
}

// Use sums up how the project writes, reads and maintains a table.
type Use struct {
	// The first file, in path order, that writes, maintains or reads the table.
	WrittenIn, MaintainedIn, ReadIn string
	Writes                          int // writes of any kind, streams and rewrites included
	Streams                         int // writeStream sinks
	Rewrites                        int // MERGE, UPDATE, DELETE
	// RewrittenIn is the first file, in path order, that MERGEs into,
	// UPDATEs or DELETEs from the table.
	RewrittenIn string
	// OverwritePartitions are the literal partition columns of the first
	// overwrite that gives them; nil when no overwrite does.
	OverwritePartitions []string
	overwriteIn         string     // the file they come from
	rewrittenAt         facts.Span // where RewrittenIn's first rewrite stands
}

// RewriteAt is where the first rewrite of RewrittenIn stands, with its
// file; the zero span when there is none.
func (u *Use) RewriteAt() facts.Span {
	if u.RewrittenIn == "" {
		return facts.Span{}
	}
	return u.rewrittenAt.In(u.RewrittenIn)
}

// DefinedAt is where the definition in DefinedIn stands, with its file;
// the zero span when the project does not define the table.
func (t *Table) DefinedAt() facts.Span {
	if t == nil || t.DefinedIn == "" {
		return facts.Span{}
	}
	return t.definedAt.In(t.DefinedIn)
}

// PropertyAt is where the project sets a table property (key
// lower-cased) that Property returns: the ALTER (alter is true) or the
// definition, with its file; ok is false when it is none of the project's
// (or unset).
func (t *Table) PropertyAt(key string) (at facts.Span, alter, ok bool) {
	if t == nil {
		return facts.Span{}, false, false
	}
	for i := len(t.Alters) - 1; i >= 0; i-- {
		a := &t.Alters[i]
		if _, ok := findProp(a.Fact.Set, key); ok {
			return a.Cite(), true, true
		}
		for _, u := range a.Fact.Unset {
			if strings.EqualFold(u, key) {
				return facts.Span{}, false, false
			}
		}
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		d := &t.Defs[i]
		if _, ok := findProp(d.Fact.Properties, key); ok {
			return d.Cite(), false, true
		}
	}
	return facts.Span{}, false, false
}

// Catalog is the project's table index.
type Catalog struct {
	byName map[string]*Table
	byPath map[string]*Table
	// byShort indexes three-part names by their last two parts, so that a
	// two-part reference finds the table when only one three-part name fits.
	byShort map[string][]*Table
	tables  []*Table
	// schedules, when set, say how often files run (SetSchedules).
	schedules Schedules
	// loose counts the project's compactions of tables not known, or
	// only partly (see MayCompact)
	loose int

	// busiest keeps Busiest's answers, by table and caller's key.
	busiestMu sync.Mutex
	busiest   map[busiestKey]busiestOf
}

// NormalizeName lower-cases a table name and removes backticks and spaces around dots.
func NormalizeName(name string) string {
	if isNormal(name) {
		return name // the usual case, and rules look names up often: no copies
	}
	name = strings.TrimSpace(name)
	if name == "" {
		return ""
	}
	parts := strings.Split(name, ".")
	for i, p := range parts {
		parts[i] = strings.ToLower(strings.Trim(strings.TrimSpace(p), "`"))
	}
	return strings.Join(parts, ".")
}

// isNormal reports whether a name has nothing NormalizeName would change.
func isNormal(name string) bool {
	for i := 0; i < len(name); i++ {
		switch c := name[i]; {
		case 'a' <= c && c <= 'z', '0' <= c && c <= '9', c == '_', c == '.':
		default:
			return false
		}
	}
	return true
}

// NormalizePath removes a trailing slash and the dbfs: scheme's variations.
func NormalizePath(p string) string {
	p = strings.TrimSpace(p)
	p = strings.TrimSuffix(p, "/")
	if strings.HasPrefix(p, "dbfs:/") {
		p = strings.TrimPrefix(p, "dbfs:")
	}
	return p
}

// Builder collects the catalog while files are extracted, in any order and
// from any goroutine. It keeps what each file added as that file's part
// (its definitions and ALTERs, and one summed-up Use per distinct target),
// so memory grows with the project's tables, not with its statements, and
// the facts themselves can be let go.
//
// Without Keep (a one-off run), Add folds each part into the sums of the
// targets it names as it arrives, and keeps of the file only what its later
// parts need (see fold): no part per file, and Remove is not available.
//
// A Builder with Keep may outlive a run: Remove takes a file's part out, and Add puts
// its new one in, so a long-lived process (the language server) updates the
// catalog by the files that changed instead of adding every file again.
// With Keep, Catalog may be called after any Add or Remove; each call
// gives the catalog that adding the files it holds to a new Builder would
// give.
type Builder struct {
	// Keep makes the Builder outlive Catalog: its parts stay, for Remove
	// and Add, and each catalog copies the statements it takes from them.
	// Without it, Catalog hands the statements over and the Builder is
	// empty again, so a one-off run holds them once.
	Keep  bool
	mu    sync.Mutex
	parts map[string][]*part // by file path, in the order added (with Keep)
	// folded is every target's use summed as parts arrive, by the target
	// as written, and files what later parts of each file need (without
	// Keep: see fold)
	folded map[[2]string]*pendingUse
	files  map[string]*foldedFile
	// uses is every target's use summed over the parts that name it, by
	// the target as written; defs and alters each distinct definition and
	// ALTER with its first and last places
	uses   sums[[2]string, partUse, pendingUse]
	defs   sums[pendingKey, *partFact[Def], pending[Def]]
	alters sums[pendingKey, *partFact[Alter], pending[Alter]]
	// made is the statements of each table of the last catalog, by the
	// targets summed into it: a table whose sums are the same pointers
	// again has the same statements, and they are not merged again.
	made map[string]madeStatements
	// loose counts, without Keep, the compactions of tables not known
	// that the parts added (see Catalog.MayCompact)
	loose int
	mine  []fileUse         // a buffer for Add
	strs  map[string]string // the statements' strings, interned
	once  *distinct         // the statements themselves, each once
	key   contentKey        // a buffer for the keys of definitions and ALTERs
}

// partUse is a part's use of a target, the file of the part and the use's
// place among the targets the file names.
type partUse struct {
	path  string
	index int
	use   *fileUse
}

func (r partUse) first() place { return place{path: r.path, index: r.index} }

// madeStatements are a table's statements and the sums they were made of.
type madeStatements struct {
	from  []*pendingUse
	stmts Statements
}

// part is what one Add took from a file.
type part struct {
	uses   []fileUse // what the file does to each target, in the order first named
	defs   []partFact[Def]
	alters []partFact[Alter]
	// batches are the part's streams that hand micro-batches to a function
	batches []*facts.Write
	// loose counts the part's compactions of tables not known (see
	// Catalog.MayCompact)
	loose int
	// settings are the part's session settings that writers keep (see
	// Writer.Session), writers where the part's writes are: a later part's
	// settings (what linking adds) are in effect at them too
	settings []*facts.Setting
	writers  []writerAt
}

// writerAt is a part's write: the writer's place among its use's, and
// where the write is in the file's order.
type writerAt struct {
	use, writer, start int
}

// partFact is a definition or ALTER of a part, where it stands.
type partFact[T any] struct {
	key    pendingKey
	target facts.Target
	fact   *T
	at     place
}

// place is where something stands: a file and its position among that
// file's definitions (or ALTERs); places compare in path order.
type place struct {
	path  string
	index int
	at    facts.Span // where it stands in path
}

func (p place) before(o place) bool {
	return p.path < o.path || p.path == o.path && p.index < o.index
}

// pendingKey names a distinct definition or ALTER: the table as written and
// what it says. A definition repeated across files is kept once.
type pendingKey struct {
	table, path string
	content     string
}

// pending is a distinct definition or ALTER with its first and last places.
type pending[T any] struct {
	target      facts.Target
	content     string // what it says (pendingKey.content)
	fact        *T
	first, last place
}

// contentKey spells out what a definition or ALTER says, to tell repeats:
// each part ends with a 0 byte. It is written into a buffer the Builder
// keeps, so that a key costs one string.
type contentKey []byte

func (k *contentKey) str(s string) { *k = append(append(*k, s...), 0) }

func (k *contentKey) flag(b bool) { *k = append(strconv.AppendBool(*k, b), 0) }

func (k *contentKey) list(ss []string) {
	for i, s := range ss {
		if i > 0 {
			*k = append(*k, 1)
		}
		*k = append(*k, s...)
	}
	*k = append(*k, 0)
}

func (k *contentKey) props(ps []Prop) {
	b := *k
	for _, pr := range ps {
		b = append(append(b, pr.Key...), 1)
		b = append(strconv.AppendInt(b, int64(pr.Value.Kind), 10), 1)
		b = append(append(b, pr.Value.Str...), 1)
		b = append(append(b, pr.Value.Text()...), 2)
	}
	*k = append(b, 0)
}

func (d *Def) key(k *contentKey) string {
	*k = (*k)[:0]
	k.str(d.Format)
	k.flag(d.Partitioned)
	k.list(d.Partitions)
	k.flag(d.Clustering != nil)
	k.list(d.Clustering)
	k.props(d.Properties)
	k.flag(d.Registration)
	return string(*k)
}

func (a *Alter) key(k *contentKey) string {
	*k = (*k)[:0]
	k.props(a.Set)
	k.list(a.Unset)
	k.flag(a.HasClustering)
	k.list(a.Clustering)
	return string(*k)
}

// pendingUse is what the project does to one target as written. Its place
// (the first file in path order that names it, and where in that file) fixes
// the order targets are resolved in, whatever order files arrive in.
type pendingUse struct {
	target facts.Target
	first  place
	Use
	parts []partUse // the parts that name the target, in path order
	// stmts are the statements folded in, in the order parts arrived
	// (without Keep: see fold)
	stmts Statements
}

// foldedFile is what a Builder without Keep keeps of a file's parts for
// the parts that come after (what linking adds): their session settings,
// their streams that hand micro-batches to a function, and their writes,
// whose sessions a later part's settings change.
type foldedFile struct {
	settings []*facts.Setting
	streams  []*facts.Write
	writers  []foldedWriter
}

// foldedWriter is a write folded into a target's statements, and where it
// is in its file's order.
type foldedWriter struct {
	use           *pendingUse
	writer, start int
}

// fileUse is what one part does to one target: a part keeps one for each
// target it names, so it holds no more than that (a project has many
// more parts' uses than targets). Its strings are the Builder's.
type fileUse struct {
	key [2]string // the target as written, scoped
	// what Use says, for one file: which of its "In" fields are the file
	done                     useKinds
	writes, streams, rewrite int32
	overwritePartitions      []string
	rewrittenAt              facts.Span
	stmts                    Statements
}

// useKinds says what a file does to a target.
type useKinds uint8

const (
	written useKinds = 1 << iota
	maintained
	read
	rewritten
	overwritten
)

// use is u as a Use of the file at path.
func (u *fileUse) use(path string) Use {
	in := func(k useKinds) string {
		if u.done&k != 0 {
			return path
		}
		return ""
	}
	return Use{
		WrittenIn: in(written), MaintainedIn: in(maintained), ReadIn: in(read), RewrittenIn: in(rewritten),
		Writes: int(u.writes), Streams: int(u.streams), Rewrites: int(u.rewrite),
		OverwritePartitions: u.overwritePartitions, overwriteIn: in(overwritten), rewrittenAt: u.rewrittenAt,
	}
}

// Add takes from a file's facts what the catalog needs, as one more part
// of the file's (a file's facts, then what linking adds to it).
func (b *Builder) Add(f *facts.File) {
	if f == nil {
		return
	}
	b.mu.Lock() // what Add does is brief next to making the facts: one lock, no copies
	defer b.mu.Unlock()
	st := b.statementsOf(f)
	// the strings the Builder keeps are its own, interned: a file's point
	// into blocks shared with others it does not keep (see statementsOf)
	path := st.str(f.Path)
	// what the file does to each target it names, in the order first named
	mine := b.mine[:0]
	var index map[[2]string]int // made when mine grows long; a short one is searched
	of := func(tg facts.Target) int {
		tg = scopeTarget(path, tg)
		i := -1
		if index != nil {
			if j, ok := index[[2]string{tg.Table, tg.Path}]; ok {
				i = j
			}
		} else {
			i = findUse(mine, tg)
		}
		if i < 0 {
			i = len(mine)
			mine = append(mine, fileUse{key: [2]string{st.str(tg.Table), st.str(tg.Path)}})
			switch {
			case index != nil:
				index[mine[i].key] = i
			case len(mine) > 32:
				index = make(map[[2]string]int, 2*len(mine))
				for j := range mine {
					index[mine[j].key] = j
				}
			}
		}
		return i
	}
	var batches []*facts.Write
	for _, w := range f.Writes {
		if w.API == facts.DataStreamWriter && w.Stream != nil && w.Stream.Batch != "" {
			batches = append(batches, batchStream(w))
		}
	}
	for _, pt := range b.parts[f.Path] {
		st.streams = append(st.streams, pt.batches...)
	}
	if ff := b.files[f.Path]; ff != nil {
		st.streams = append(st.streams, ff.streams...)
	}
	st.streams = append(st.streams, batches...)
	var writers []writerAt
	for _, w := range f.Writes {
		ui := of(w.Target)
		u := &mine[ui]
		wr, at := st.writer(w)
		u.stmts.Writers = append(u.stmts.Writers, Ref[*Writer]{path, wr, at})
		writers = append(writers, writerAt{ui, len(u.stmts.Writers) - 1, w.Span.Start})
		u.done |= written
		u.writes++
		if w.API == facts.DataStreamWriter {
			u.streams++
		}
		if w.API.Rewrites() {
			u.rewrite++
			if u.done&rewritten == 0 {
				u.done, u.rewrittenAt = u.done|rewritten, w.At
			}
		}
		if p := w.PartitionBy; p != nil && !p.Dynamic && w.Mode.Str == "overwrite" && u.done&overwritten == 0 {
			u.overwritePartitions = st.strList(p.Names())
			u.done |= overwritten
		}
	}
	for _, r := range f.Reads {
		u := &mine[of(r.Target)]
		u.done |= read
		u.stmts.Readers = append(u.stmts.Readers, Ref[*Reader]{path, st.reader(r), r.At})
	}
	loose := 0
	for _, m := range f.Maintenance {
		if m.Kind == facts.Optimize && !closed(m.Target) {
			loose++
		}
	}
	for _, d := range f.Tables {
		// a definition of a binding's table is that table's (see scopeTarget)
		if !closed(facts.Target{Table: d.Name, Path: d.Location}) && d.LocationBind == "" && autoCompacts(d.Properties) {
			loose++
		}
	}
	for _, a := range f.Alters {
		if !closed(facts.Target{Table: a.Table, Path: a.Path}) && autoCompacts(a.Set) {
			loose++
		}
	}
	for _, m := range f.Maintenance {
		u := &mine[of(m.Target)]
		u.done |= maintained
		u.stmts.Maintenance = append(u.stmts.Maintenance, Ref[*Maintenance]{path, st.maintenance(m), m.At})
	}

	if len(st.own) > 0 {
		// this part's settings are in effect at the earlier parts' writes too
		for _, pt := range b.parts[f.Path] {
			for _, wa := range pt.writers {
				w := &pt.uses[wa.use].stmts.Writers[wa.writer]
				w.Fact = st.withSession(w.Fact, st.sessionAt(wa.start))
			}
		}
		if ff := b.files[f.Path]; ff != nil {
			for _, fw := range ff.writers {
				w := &fw.use.stmts.Writers[fw.writer]
				w.Fact = st.withSession(w.Fact, st.sessionAt(fw.start))
			}
		}
	}
	pt := &part{batches: batches, settings: st.own, writers: writers, loose: loose}
	if !b.Keep {
		b.loose += loose
	}
	if b.Keep {
		pt.uses = slices.Clone(mine)
	} else {
		b.fold(path, mine, pt)
	}
	b.mine = mine
	clear(mine) // let go of the file's strings
	for i, d := range f.Tables {
		def := newDef(d)
		tg := scopeTarget(path, facts.Target{Table: st.str(d.Name), Path: st.str(d.Location), Bind: d.LocationBind})
		pt.defs = append(pt.defs, partFact[Def]{pendingKey{tg.Table, tg.Path, def.key(&b.key)}, tg, def, place{path, i, d.At}})
	}
	for i, a := range f.Alters {
		alter := newAlter(a)
		tg := scopeTarget(path, facts.Target{Table: st.str(a.Table), Path: st.str(a.Path)}) // ALTER TABLE delta.`/path` names the path
		pt.alters = append(pt.alters, partFact[Alter]{pendingKey{tg.Table, tg.Path, alter.key(&b.key)}, tg, alter, place{path, i, a.At}})
	}
	if b.Keep {
		if b.parts == nil {
			b.parts = map[string][]*part{}
		}
		b.parts[path] = append(b.parts[path], pt)
	}
	for i := range pt.uses {
		b.uses.add(pt.uses[i].key, partUse{path, i, &pt.uses[i]})
	}
	for i := range pt.defs {
		b.defs.add(pt.defs[i].key, &pt.defs[i])
	}
	for i := range pt.alters {
		b.alters.add(pt.alters[i].key, &pt.alters[i])
	}
}

// fold sums up the uses of part pt of the file at path (mine) in the
// targets' sums at once, for a Builder without Keep, and keeps for the
// file's later parts what they need. Each use's statements are taken,
// not copied. The sums are the ones sumUses would make of the parts: the
// first file in path order wins, whatever order files arrive in, and a
// file's parts arrive in order.
func (b *Builder) fold(path string, mine []fileUse, pt *part) {
	if b.folded == nil {
		b.folded, b.files = map[[2]string]*pendingUse{}, map[string]*foldedFile{}
	}
	ff := b.files[path]
	if ff == nil {
		ff = &foldedFile{}
		b.files[path] = ff
	}
	ff.settings = append(ff.settings, pt.settings...)
	ff.streams = append(ff.streams, pt.batches...)
	uses := make([]*pendingUse, len(mine))
	before := make([]int, len(mine)) // the writers each use held before this part's
	for i := range mine {
		u := &mine[i]
		sum := b.folded[u.key]
		first := place{path: path, index: i}
		if sum == nil {
			sum = &pendingUse{target: facts.Target{Table: u.key[0], Path: u.key[1]}, first: first}
			b.folded[u.key] = sum
		} else if first.before(sum.first) {
			sum.first = first
		}
		sum.merge(u.use(path))
		before[i] = len(sum.stmts.Writers)
		sum.stmts.take(&u.stmts)
		uses[i] = sum
	}
	for _, wa := range pt.writers {
		ff.writers = append(ff.writers, foldedWriter{uses[wa.use], before[wa.use] + wa.writer, wa.start})
	}
	pt.settings, pt.batches, pt.writers = nil, nil, nil
}

// foldedOrder is the folded sums in the order Catalog resolves their
// targets in (see cmpUses).
func (b *Builder) foldedOrder() []*pendingUse {
	out := make([]*pendingUse, 0, len(b.folded))
	for _, u := range b.folded {
		out = append(out, u)
	}
	slices.SortFunc(out, cmpUses)
	return out
}

// Remove takes out everything added for the file at path. It needs Keep:
// a Builder without it holds no parts to take out.
func (b *Builder) Remove(path string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for _, pt := range b.parts[path] {
		for i := range pt.uses {
			b.uses.remove(pt.uses[i].key, func(r partUse) bool { return r.path == path })
		}
		for _, d := range pt.defs {
			b.defs.remove(d.key, func(r *partFact[Def]) bool { return r.at.path == path })
		}
		for _, a := range pt.alters {
			b.alters.remove(a.key, func(r *partFact[Alter]) bool { return r.at.path == path })
		}
	}
	delete(b.parts, path)
}

func (u *pendingUse) key() [2]string { return [2]string{u.target.Table, u.target.Path} }

// findUse is the index of target tg's use in list, -1 when none.
func findUse(list []fileUse, tg facts.Target) int {
	for i := range list {
		if k := &list[i].key; k[0] == tg.Table && k[1] == tg.Path {
			return i
		}
	}
	return -1
}

// merge adds another use of the table (from another file, or through another
// name); the earlier file in path order wins wherever one is kept.
func (u *Use) merge(o Use) {
	u.WrittenIn = earlier(u.WrittenIn, o.WrittenIn)
	u.MaintainedIn = earlier(u.MaintainedIn, o.MaintainedIn)
	u.ReadIn = earlier(u.ReadIn, o.ReadIn)
	if o.RewrittenIn != "" && (u.RewrittenIn == "" || o.RewrittenIn < u.RewrittenIn) {
		u.RewrittenIn, u.rewrittenAt = o.RewrittenIn, o.rewrittenAt
	}
	u.Writes += o.Writes
	u.Streams += o.Streams
	u.Rewrites += o.Rewrites
	if o.overwriteIn != "" && (u.overwriteIn == "" || o.overwriteIn < u.overwriteIn) {
		u.OverwritePartitions, u.overwriteIn = o.OverwritePartitions, o.overwriteIn
	}
}

// Catalog indexes what the Builder holds. Definitions go in first, so that
// a two-part name used in one file finds the three-part table another file
// defines; then ALTERs, then the other targets, each in path order, so the
// result does not depend on the order files were added in. The catalog
// shares nothing the Builder changes later.
//
// Catalog is called after the last Add of a Builder without Keep: it
// empties the Builder.
func (b *Builder) Catalog() *Catalog {
	b.mu.Lock()
	defer b.mu.Unlock()
	var uses []*pendingUse
	if b.Keep {
		b.uses.update(sumUses, cmpUses)
		uses = b.uses.order
	} else {
		uses = b.foldedOrder()
	}
	b.defs.update(sumPending[Def], cmpPending[Def])
	b.alters.update(sumPending[Alter], cmpPending[Alter])
	c := &Catalog{byName: map[string]*Table{}, byPath: map[string]*Table{}, byShort: map[string][]*Table{}, loose: b.loose}
	if b.Keep {
		for _, pts := range b.parts {
			for _, pt := range pts {
				c.loose += pt.loose
			}
		}
	}
	attach(c, b.defs.order, func(t *Table, d *pending[Def]) {
		t.Defs = append(t.Defs, Ref[*Def]{d.last.path, d.fact, d.last.at})
		t.defsAt = append(t.defsAt, d.last)
		if t.DefinedIn == "" || d.first.path < t.DefinedIn {
			t.DefinedIn, t.definedAt = d.first.path, d.first.at
		}
	})
	attach(c, b.alters.order, func(t *Table, a *pending[Alter]) {
		t.Alters = append(t.Alters, Ref[*Alter]{a.last.path, a.fact, a.last.at})
		t.altersAt = append(t.altersAt, a.last)
		t.AlteredIn = earlier(t.AlteredIn, a.first.path)
	})
	for _, t := range c.tables {
		t.sortByLastPlace()
	}
	from := map[*Table][]*pendingUse{}
	for _, u := range uses {
		if t := c.ensure(u.target); t != nil {
			t.Use.merge(u.Use)
			from[t] = append(from[t], u)
		}
	}
	if !b.Keep {
		// the catalog takes the statements, and the Builder starts afresh
		for _, t := range c.tables {
			for _, u := range from[t] {
				t.Statements.take(&u.stmts)
			}
			t.Statements.sort()
		}
		b.folded, b.files, b.loose = nil, nil, 0
		b.parts, b.uses, b.defs, b.alters, b.strs, b.once = nil, sums[[2]string, partUse, pendingUse]{}, sums[pendingKey, *partFact[Def], pending[Def]]{}, sums[pendingKey, *partFact[Alter], pending[Alter]]{}, nil, nil
		return c
	}
	made := make(map[string]madeStatements, len(c.tables))
	var key []byte
	for _, t := range c.tables {
		sums := from[t]
		key = key[:0]
		for _, u := range sums {
			key = append(append(append(key, u.target.Table...), 0), u.target.Path...)
			key = append(key, 1)
		}
		if m, ok := b.made[string(key)]; ok && slices.Equal(m.from, sums) {
			t.Statements = m.stmts
		} else {
			for _, u := range sums {
				for _, r := range u.parts {
					t.Statements.merge(&r.use.stmts)
				}
			}
			t.Statements.sort()
		}
		made[string(key)] = madeStatements{sums, t.Statements}
	}
	b.made = made
	return c
}

// attach resolves the table of each pending fact, in order, and hands
// both to add.
func attach[T any](c *Catalog, order []*pending[T], add func(*Table, *pending[T])) {
	for _, p := range order {
		if t := c.ensure(p.target); t != nil {
			add(t, p)
		}
	}
}

// earlier returns the path that sorts first, ignoring "".
func earlier(a, b string) string {
	if a == "" || b != "" && b < a {
		return b
	}
	return a
}

// sortByLastPlace orders a table's definitions and ALTERs by where each last
// appears, so that "the last one that says X" is found from the end.
func (t *Table) sortByLastPlace() {
	sortRefs(t.Defs, t.defsAt)
	sortRefs(t.Alters, t.altersAt)
	t.defsAt, t.altersAt = nil, nil
}

func sortRefs[T any](refs []Ref[T], at []place) {
	if len(refs) < 2 {
		return
	}
	idx := make([]int, len(refs))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(i, j int) bool { return at[idx[i]].before(at[idx[j]]) })
	sorted := make([]Ref[T], len(refs))
	for i, k := range idx {
		sorted[i] = refs[k]
	}
	copy(refs, sorted)
}

// Build indexes the facts of all files.
func Build(files []*facts.File) *Catalog {
	var b Builder
	for _, f := range files {
		b.Add(f)
	}
	return b.Catalog()
}

// ensure returns the table for a target, creating it; nil for an unknown
// target. The target's name and path may be scoped (see scopeTarget).
func (c *Catalog) ensure(tg facts.Target) *Table {
	if t := c.Lookup(tg); t != nil {
		// a definition may add the path of a named table
		if key, p := pathKey(tg.Path); p != "" && t.Path == "" && t.Expr == "" && !strings.HasPrefix(p, bindMark) {
			t.Path = p
			c.byPath[key] = t
		}
		return t
	}
	nameKey, name := nameKey(tg.Table)
	pathKey, path := pathKey(tg.Path)
	if name == "" && path == "" {
		return nil
	}
	t := &Table{Name: name, Path: path}
	if bind, ok := strings.CutPrefix(path, bindMark); ok {
		t.Path, t.Expr = "", facts.BindName(bind)
	}
	c.tables = append(c.tables, t)
	if name != "" {
		c.byName[nameKey] = t
		if strings.Count(name, ".") == 2 && nameKey == name { // catalog.schema.table: also found as schema.table
			short := name[strings.IndexByte(name, '.')+1:]
			c.byShort[short] = append(c.byShort[short], t)
		}
	}
	if path != "" {
		c.byPath[pathKey] = t
	}
	return t
}

// Lookup finds the table a target refers to, or nil. A name or path with
// unresolved parts is found only by LookupIn, in the file that wrote it.
func (c *Catalog) Lookup(tg facts.Target) *Table {
	if c == nil {
		return nil
	}
	if key, name := nameKey(tg.Table); name != "" {
		if t := c.byName[key]; t != nil {
			return t
		}
		if strings.Count(name, ".") == 1 && key == name {
			if ts := c.byShort[name]; len(ts) == 1 {
				return ts[0]
			}
		}
	}
	if key, path := pathKey(tg.Path); path != "" {
		return c.byPath[key]
	}
	return nil
}

// LookupIn is Lookup for a target named in file: a partly unknown name
// or path finds the table that file means by it, never another file's.
func (c *Catalog) LookupIn(file string, tg facts.Target) *Table {
	return c.Lookup(scopeTarget(file, tg))
}

// Open reports whether a table name or path has parts the code does not
// resolve: a placeholder for a value the extractor could not follow
// ({TABLE}, {}, %s). A ${var} is a SQL variable, one value wherever it is
// written, and leaves the name closed.
func Open(s string) bool {
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '{':
			if i == 0 || s[i-1] != '$' {
				return true
			}
		case '%':
			if i+1 < len(s) && (s[i+1] == 's' || s[i+1] == '(' || s[i+1] == 'd') {
				return true
			}
		}
	}
	return false
}

// scopeSep ends the file a scoped name or path belongs to.
const scopeSep = "\x00"

// scopeTarget makes a partly unknown name or path file's own: two jobs'
// bronze.{TABLE}, or LOCATION '{LAKE}/bronze/x' with LAKE from each one's
// environment, are rarely one table, and joined they would lend each
// other definitions and properties (and the result would depend on which
// file came first).
//
// A target known only as one variable binding's value (facts.Target.Bind)
// is that file's too: the binding's key stands for its path.
func scopeTarget(file string, tg facts.Target) facts.Target {
	if tg.Table == "" && tg.Path == "" && tg.Bind != "" {
		tg.Path = file + scopeSep + bindMark + tg.Bind
		return tg
	}
	if Open(tg.Table) {
		tg.Table = file + scopeSep + tg.Table
	}
	if Open(tg.Path) {
		tg.Path = file + scopeSep + tg.Path
	}
	return tg
}

// bindMark starts the path key of a table known only as a binding's value.
const bindMark = "\x01"

// closed reports whether a target names one table: a name, else a path,
// with no unresolved part.
func closed(tg facts.Target) bool {
	if tg.Table != "" {
		return !Open(tg.Table)
	}
	return tg.Path != "" && !Open(tg.Path)
}

// propAutoCompact is the table property that turns auto compaction on.
const propAutoCompact = "delta.autooptimize.autocompact"

// autoCompacts reports whether properties turn auto compaction on (any
// value but false).
func autoCompacts(props map[string]facts.Value) bool {
	v, ok := props[propAutoCompact]
	return ok && !strings.EqualFold(strings.TrimSpace(v.Text()), "false")
}

// MayCompact reports whether something in the project may compact table t
// without naming it, for a table known only as a value computed at run
// time (Expr): an OPTIMIZE whose table is not known or only partly (a
// maintenance job's loop over tables, say: it may be the value), even one
// another binding gives, a definition or ALTER that turns auto compaction
// on of a table not known or only partly (not one a binding gives, which
// is that binding's table), or an OPTIMIZE of a path the project neither
// writes nor defines, which may be the value too. False for any other table: what compacts it
// names it.
func (c *Catalog) MayCompact(t *Table) bool {
	if c == nil || t == nil || t.Expr == "" {
		return false
	}
	if c.loose > 0 {
		return true
	}
	for _, o := range c.tables {
		if o.Path != "" && o.Name == "" && o.Use.Writes == 0 && o.DefinedIn == "" && len(o.Optimizes()) > 0 {
			return true
		}
	}
	return false
}

// unscope splits a scoped name or path into its scope (the file and
// scopeSep; "" when not scoped) and the name or path.
func unscope(s string) (scope, rest string) {
	if i := strings.Index(s, scopeSep); i >= 0 {
		return s[:i+len(scopeSep)], s[i+len(scopeSep):]
	}
	return "", s
}

// nameKey is the key a (possibly scoped) name is indexed by, and the
// normalised name.
func nameKey(s string) (key, name string) {
	scope, raw := unscope(s)
	name = NormalizeName(raw)
	if name == "" || scope == "" {
		return name, name
	}
	return scope + name, name
}

// pathKey is nameKey for paths.
func pathKey(s string) (key, path string) {
	scope, raw := unscope(s)
	path = NormalizePath(raw)
	if path == "" || scope == "" {
		return path, path
	}
	return scope + path, path
}

// Tables returns every table, in the order first seen.
func (c *Catalog) Tables() []*Table { return c.tables }

// PartitionColumns returns the table's partition columns as the project
// defines them, else as its writers partition it (or as the live table has
// them), and whether they are known. A definition that only registers the
// table at its location says nothing of them.
func (t *Table) PartitionColumns() ([]string, bool) {
	if t == nil {
		return nil, false
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		if d := t.Defs[i].Fact; d.Partitioned {
			return d.Partitions, true
		}
	}
	if t.layoutDefined() {
		return nil, true // defined without partitions
	}
	if p := t.Use.OverwritePartitions; p != nil {
		return p, true
	}
	for _, w := range t.Statements.Writers {
		if len(w.Fact.Partitions) > 0 {
			return w.Fact.Partitions, true // Delta refuses an append partitioned otherwise
		}
	}
	if t.Live != nil {
		return t.Live.PartitionColumns, true
	}
	return nil, false
}

// layoutDefined reports whether a definition of the table gives its layout:
// one that is not only a registration of the table at its location.
func (t *Table) layoutDefined() bool {
	for _, d := range t.Defs {
		if !d.Fact.Registration {
			return true
		}
	}
	return false
}

// ClusteringColumns returns the table's clustering columns, as the project
// (definition or ALTER ... CLUSTER BY) or the live table says.
func (t *Table) ClusteringColumns() ([]string, bool) {
	if t == nil {
		return nil, false
	}
	for i := len(t.Alters) - 1; i >= 0; i-- {
		if a := t.Alters[i].Fact; a.HasClustering {
			return a.Clustering, true
		}
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		if d := t.Defs[i].Fact; d.Clustering != nil {
			return d.Clustering, true
		}
	}
	if t.layoutDefined() {
		return nil, true
	}
	if t.Live != nil {
		return t.Live.ClusteringColumns, true
	}
	return nil, false
}

func columnNames(cols []facts.Column) []string {
	out := make([]string, 0, len(cols))
	for _, c := range cols {
		out = append(out, c.Name)
	}
	return out
}

// Property returns a table property (key lower-cased) as the project sets it
// in a definition or an ALTER TABLE, falling back to the live table.
func (t *Table) Property(key string) (facts.Value, bool) {
	if t == nil {
		return facts.Value{}, false
	}
	for i := len(t.Alters) - 1; i >= 0; i-- {
		a := t.Alters[i].Fact
		if v, ok := findProp(a.Set, key); ok {
			return v, true
		}
		for _, u := range a.Unset {
			if strings.EqualFold(u, key) {
				return facts.Value{}, false
			}
		}
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		if v, ok := findProp(t.Defs[i].Fact.Properties, key); ok {
			return v, true
		}
	}
	if v, ok := liveProperty(t.Live, key); ok {
		return facts.Value{Kind: facts.String, Str: v}, true
	}
	return facts.Value{}, false
}

// liveProperty is a live table property by key, in any case: the key as
// written when the table has it, else the first spelling in key order, so
// that two spellings of one key never leave the answer to map order.
func liveProperty(live *stats.Table, key string) (string, bool) {
	if live == nil {
		return "", false
	}
	if v, ok := live.Properties[key]; ok {
		return v, true
	}
	best, found := "", false
	var value string
	for k, v := range live.Properties {
		if strings.EqualFold(k, key) && (!found || k < best) {
			best, value, found = k, v, true
		}
	}
	return value, found
}

// Format returns the table's format as defined in the project, "" when unknown.
func (t *Table) Format() string {
	if t == nil {
		return ""
	}
	for i := len(t.Defs) - 1; i >= 0; i-- {
		if f := t.Defs[i].Fact.Format; f != "" {
			return f
		}
	}
	if t.Live != nil {
		return t.Live.Format
	}
	return ""
}

// Rewritten reports whether any file MERGEs into, UPDATEs or DELETEs from the table.
func (t *Table) Rewritten() bool {
	if t == nil {
		return false
	}
	return t.Use.Rewrites > 0
}
