// Package link is the project link step: function summaries applied at
// the calls that reach them. It runs after every file's facts are
// extracted and before rules run.
//
// A summary (facts.Summary, one per file) is data the extractor leaves with
// a file's facts: the functions the file defines (facts.Func: their
// parameters, and the writes, reads, table definitions, settings and
// maintenance their bodies make, read with the parameters unknown), the
// calls it makes, its %run lines, its module constants, and the fields of
// its own facts that a constant imported from another module fills. Holes
// (facts.Hole) say which field of which of a function's facts a parameter,
// a parameter's attribute or an imported constant fills. The Python
// extractor makes summaries as it reads the syntax tree
// (extract/pyfacts, record.go); they are encoded in the cache with the rest
// of a file's facts, so an unchanged file is linked without being parsed.
//
// Applying a summary: each call is resolved to the one function the
// project defines under its name (in the same file, in another module by
// import, in a notebook included with %run, a method of an instance whose
// class is known, a function passed as a value). The function's facts are
// copied, and each hole is filled with the argument the call passes (or
// the parameter's default): a table name, a mode, a partitioning, a
// trigger interval (read into seconds by facts.IntervalSeconds), options,
// the DataFrame's transforms. What the call adds becomes facts of the
// calling file (Extra, merged into its facts with Merge), each write
// marked with the call it comes from (facts.Via), so rules tell a helper's
// write applied at a call from the helper's own, and a foreachBatch
// function's writes from the stream they belong to. A call in a loop
// repeats its function's writes there; a settings call sets the session of
// its caller. Like go/analysis facts, summaries are computed once per file,
// with no knowledge of callers, and combined here; a chain of calls is
// followed through the parameters it passes on, up to a bound.
//
// Two more kinds of call are followed. A method a class inherits resolves
// to its base's (the summary records a class's project bases), and a
// setting of the method's class read through self (facts.Hole.Static) is
// filled with a subclass's own. A write finished on a writer that a call
// of a function not known to its file configured (facts.Finished:
// with_checkpoint(df.writeStream).toTable("t")) is added when the call
// resolves to a writer helper (facts.Func.Writer), with what the helper
// sets on the ways through its branches the call's arguments allow (see
// writers.go). Likewise an OPTIMIZE or VACUUM made on what a call of such
// a function returned (facts.Maintained: get_table(spark, p).vacuum(0)) is
// added when the call resolves to a function that returns a DeltaTable
// (facts.Func.Table), on the table the call's argument names (see
// tables.go).
//
// Left unresolved: a call that does not resolve to exactly one function
// (two modules of one name, a name bound differently on two paths, a
// function's result, something outside the project) adds nothing, and a
// hole whose argument is unknown (a splat, a value computed at run time)
// keeps what the function's own fact says there: unknown is never guessed. Recursion and import cycles stop at the first repeat.
//
// Positions: the facts a call adds live in the calling file. Spans that
// come from the call's own arguments keep their place there, so a finding
// about an argument is reported (and fixed) at it. Spans of the helper's
// own code, when the helper is in another file, keep their place with the
// helper's path as Span.File: a finding there is about the helper whatever
// the caller passes, reported once in the helper itself, so the driver
// drops it at the call, and evidence there can be cited with its file.
// Each added fact's own Span is the call's callee name, its place in the
// calling file's execution order. A parameter default the caller left in
// place is applied in the helper's file, at the default.
package link

import (
	"bytes"
	"maps"
	"path"
	"runtime"
	"slices"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// maxDepth bounds a chain of calls followed through parameters.
const maxDepth = 8

// Builder gathers the summaries of a run's files. It is safe for
// concurrent use.
//
// A Builder may outlive a run: Add replaces a file's summary and Remove
// takes it out, and the next Link relinks only the files whose summary,
// or a summary their linking read, changed since the last Link (all of
// them when files were added or taken out, since a name may then resolve
// elsewhere). Each Link gives what a new Builder holding the same
// summaries would give.
type Builder struct {
	mu    sync.Mutex
	files map[string]*source
	// broken are the files whose summary's encoding could not be decoded
	broken map[string]bool
	// linked is what the last Link made of each file; dirty the files
	// whose summary changed since, reshaped whether files came or went.
	linked   map[string]*linkedFile
	dirty    map[string]bool
	reshaped bool
	changed  map[string]bool // the files the last Link may have given another Extra
}

// source is a file's summary as added: decoded (Add), or its encoding
// (AddEncoded), or what reads its encoding back (AddStored), decoded by
// each linker that reads it and let go after (see linker.get), so that a
// run does not hold every summary decoded.
type source struct {
	s    *facts.Summary
	enc  []byte
	read func() ([]byte, error)
}

// linkedFile is what linking one file added, by the file it added it to,
// and the files whose summaries linking it read.
type linkedFile struct {
	out   []dest
	reads []string
	// skipped are the keys it would have added to other files had a file
	// linked before it not added them (see instance.once)
	skipped []onceKey
}

// added are the keys a file's linking added to other files.
func (lf *linkedFile) added() []onceKey {
	var out []onceKey
	for _, d := range lf.out {
		for _, lg := range d.extra.log {
			out = append(out, lg.key)
		}
	}
	return out
}

// Add records the summary of the file at path; nil takes it out, as
// Remove does.
func (b *Builder) Add(path string, s *facts.Summary) {
	if s == nil {
		b.Remove(path)
		return
	}
	b.put(path, &source{s: s})
}

// AddEncoded records the summary of the file at path by its encoding
// (facts.AppendSummary), which linking decodes when it needs it, its
// strings cut from enc itself: enc must never change after.
func (b *Builder) AddEncoded(path string, enc []byte) {
	if facts.NoSummary(enc) {
		b.Remove(path) // as Add(path, nil)
		return
	}
	b.put(path, &source{enc: enc})
}

// AddStored records the summary of the file at path by what reads its
// encoding (facts.AppendSummary, never NoSummary's) back from where a run
// stored it: linking reads it each time it decodes it, so that the link
// step holds no encoding of a summary it is not linking with. The
// summary is added anew on every call (a Builder that outlives a run
// keeps encodings: AddEncoded).
func (b *Builder) AddStored(path string, read func() ([]byte, error)) {
	b.put(path, &source{read: read})
}

// put records the summary src of the file at path, unless it holds the
// same already.
func (b *Builder) put(path string, src *source) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.files == nil {
		b.files, b.dirty, b.broken = make(map[string]*source), map[string]bool{}, map[string]bool{}
	}
	p := clean(path)
	old, had := b.files[p]
	if had && old.same(src) {
		return
	}
	b.files[p] = src
	b.dirty[p] = true
	delete(b.broken, p)
	b.reshaped = b.reshaped || !had
}

// same reports whether two sources hold the same summary: the same
// decoded one, or equal encodings.
func (src *source) same(o *source) bool {
	if src.s != nil || o.s != nil {
		return src.s == o.s
	}
	if src.read != nil || o.read != nil {
		return false
	}
	return bytes.Equal(src.enc, o.enc)
}

// Broken reports whether the summary of the file at path could not be
// decoded by the last Link (the file was then linked as having none).
func (b *Builder) Broken(path string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.broken[clean(path)]
}

// Remove takes out the summary of the file at path.
func (b *Builder) Remove(path string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	p := clean(path)
	if _, ok := b.files[p]; ok {
		delete(b.files, p)
		delete(b.broken, p)
		b.reshaped = true
	}
}

// Extra is what the calls in one file add to it.
type Extra struct {
	Writes      []*facts.Write
	Reads       []*facts.Read
	Tables      []*facts.TableDef
	Settings    []*facts.Setting
	Maintenance []*facts.Maintenance
	// Fills are fields of the file's own facts that module constants it
	// imports fill.
	Fills []Fill
	// log lists, in order, each once-key a worker saw for a file other
	// than the one it links, and the facts it added (from its marks to the
	// next entry's), for the merge: another file's calls may add them too.
	log []logged
}

// logged is one once-key of a worker's Extra: the list lengths before its facts.
type logged struct {
	key  onceKey
	mark marks
}

type marks struct{ w, r, t, s, m int }

func (e *Extra) marks() marks {
	return marks{len(e.Writes), len(e.Reads), len(e.Tables), len(e.Settings), len(e.Maintenance)}
}

// Fill sets a field of the file's fact of kind Fact whose Span is At.
//
//factgen:root
type Fill struct {
	Fact  facts.FactKind
	At    facts.Span
	Field facts.HoleField
	Key   string
	Value facts.Arg
}

// Result is what linking adds, by file path as given to Add.
type Result map[string]*Extra

// Facts is what e adds as a file of its own at path, for indexes of the
// project's tables (the catalog): its writes, reads, table definitions and
// maintenance, and the settings in effect at writes. Nil adds nothing.
func (e *Extra) Facts(path string) *facts.File {
	if e == nil {
		return nil
	}
	return &facts.File{Path: path, Writes: e.Writes, Reads: e.Reads, Tables: e.Tables, Settings: e.Settings, Maintenance: e.Maintenance}
}

// Merge adds e's facts to f, in execution order.
func (e *Extra) Merge(f *facts.File) {
	if e == nil {
		return
	}
	f.Writes = mergeByStart(f.Writes, e.Writes, func(w *facts.Write) int { return w.Span.Start })
	f.Reads = mergeByStart(f.Reads, e.Reads, func(r *facts.Read) int { return r.Span.Start })
	// e.Tables are the definitions calls make of tables they name: the
	// catalog's (see Facts); the rules judge each definition once, as its
	// function's own
	f.Settings = mergeByStart(f.Settings, e.Settings, func(s *facts.Setting) int { return s.Span.Start })
	f.Maintenance = mergeByStart(f.Maintenance, e.Maintenance, func(m *facts.Maintenance) int { return m.Span.Start })
	// after the merge: a write finished on a writer a helper configured
	// (see finish) is the file's own, and its fields may be constants too
	for _, fl := range e.Fills {
		if v := findFact(f, fl.Fact, fl.At); v != nil {
			fillField(v, facts.Hole{Field: fl.Field, Key: fl.Key}, fl.Value, false, false) // the file's own facts
		}
	}
}

// findFact is the fact of kind k whose Span is at in f.
func findFact(f *facts.File, k facts.FactKind, at facts.Span) any {
	switch k {
	case facts.FactWrite:
		for _, w := range f.Writes {
			if w.Span == at {
				return w
			}
		}
	case facts.FactRead:
		for _, r := range f.Reads {
			if r.Span == at {
				return r
			}
		}
	case facts.FactSetting:
		for _, s := range f.Settings {
			if s.Span == at {
				return s
			}
		}
	case facts.FactMaintenance:
		for _, m := range f.Maintenance {
			if m.Span == at {
				return m
			}
		}
	}
	return nil
}

func mergeByStart[T any](dst, add []T, start func(T) int) []T {
	if len(add) == 0 {
		return dst
	}
	out := append(append(make([]T, 0, len(dst)+len(add)), dst...), add...)
	slices.SortStableFunc(out, func(a, b T) int { return start(a) - start(b) })
	return out
}

// sortedPaths are the files added, in path order.
func (b *Builder) sortedPaths() []string {
	paths := make([]string, 0, len(b.files))
	for p := range b.files {
		paths = append(paths, p)
	}
	slices.Sort(paths)
	return paths
}

// Link resolves every call of every file added and returns what each adds.
// Files are linked in parallel, each into its own part, and the parts
// merged in path order: the same facts, in the same order, as one pass over
// the files in path order would add. The parts of files whose inputs did
// not change since the last Link are kept from it.
func (b *Builder) Link() Result {
	b.mu.Lock()
	defer b.mu.Unlock()
	paths := b.sortedPaths()
	relink := b.toRelink(paths)
	index := moduleIndex(paths)
	b.changed = map[string]bool{}
	if b.linked == nil || len(relink) == len(paths) {
		b.linked = make(map[string]*linkedFile, len(paths))
	}
	for len(relink) > 0 {
		relink = b.relink(relink, index)
	}
	for p := range b.linked {
		if _, ok := b.files[p]; !ok {
			delete(b.linked, p)
		}
	}
	clear(b.dirty)
	b.reshaped = false
	out := make(Result, len(paths))
	seen := map[onceKey]bool{}
	for _, p := range paths {
		for _, d := range b.linked[p].out {
			out.absorb(d.path, d.extra, d.path == p, seen)
		}
	}
	return out
}

// LinkEach links every file, as a Link of a new Builder holding the same
// summaries would, and hands out what each adds through emit instead of
// returning it: a one-off run puts each file's additions away as they are
// made, so that the run never holds every file's at once. emit is called
// from LinkEach's goroutine, in path order, with what the file at p gets
// from the files up to it; then, in path order, once more for each file
// the files after it added to. What Link's Result holds for p is the
// parts emit got for p, each list of one concatenated after the other's
// (Fills are only ever in the first part). The Builder keeps nothing of it:
// a later Link links every file again.
func (b *Builder) LinkEach(emit func(p string, e *Extra)) {
	b.mu.Lock()
	defer b.mu.Unlock()
	paths := b.sortedPaths()
	index := moduleIndex(paths)
	b.linked, b.changed = nil, map[string]bool{}
	clear(b.dirty)
	b.reshaped = false
	// files are linked in parallel; each is merged once it and every file
	// before it are, so that its part is the one Link's merge would make
	fresh := make([]*linkedFile, len(paths))
	ready := make(chan int, len(paths))
	var next atomic.Int64
	var wg sync.WaitGroup
	linkers := make([]*linker, min(runtime.GOMAXPROCS(0), len(paths)))
	// ahead holds a token for each file linked and not yet merged: emit
	// (which encodes and spills) is slower than linking, and unbounded the
	// linkers ran a thousand files ahead, their parts (some 50 KB each)
	// waiting in fresh (peak memory at 80 MB). The file to merge next holds
	// a token, so the bound never stalls the merge.
	ahead := make(chan struct{}, 8*len(linkers))
	for w := range linkers {
		l := &linker{b: b, index: index, seen: map[onceKey]bool{}, added: map[onceKey]bool{}}
		linkers[w] = l
		wg.Go(func() {
			for {
				ahead <- struct{}{}
				i := int(next.Add(1)) - 1
				if i >= len(paths) {
					return
				}
				fresh[i] = l.file(paths[i])
				ready <- i
			}
		})
	}
	// before holds what files before a file added to it, until its turn;
	// after what files added to one whose turn had passed
	before, after := Result{}, Result{}
	seen := map[onceKey]bool{}
	got := make([]bool, len(paths))
	at := 0
	for range paths {
		got[<-ready] = true
		for ; at < len(paths) && got[at]; at++ {
			p := paths[at]
			for _, d := range fresh[at].out {
				to := before
				if d.path < p {
					to = after
				}
				to.absorb(d.path, d.extra, d.path == p, seen)
			}
			fresh[at] = nil // merged: garbage once emitted
			<-ahead
			if e := before[p]; e != nil {
				delete(before, p)
				b.changed[p] = true
				emit(p, e)
			}
		}
	}
	wg.Wait()
	for _, l := range linkers {
		for p := range l.broken {
			b.broken[p] = true
		}
	}
	// every file added to is a file of the run (a call resolves to one), so
	// before is empty now
	for _, p := range slices.Sorted(maps.Keys(after)) {
		b.changed[p] = true
		emit(p, after[p])
	}
}

// relink links files (in path order) again and keeps their parts. A key
// one of them added to another file before and no longer adds may be
// one a file kept as it was skipped: relink returns those files, to be
// linked again in turn. b.mu is held.
func (b *Builder) relink(files []string, index map[string][]module) []string {
	fresh := make([]*linkedFile, len(files))
	var next atomic.Int64
	var wg sync.WaitGroup
	linkers := make([]*linker, min(runtime.GOMAXPROCS(0), len(files)))
	for w := range linkers {
		l := &linker{b: b, index: index, seen: map[onceKey]bool{}, added: map[onceKey]bool{}}
		linkers[w] = l
		wg.Go(func() {
			for i := int(next.Add(1)) - 1; i < len(files); i = int(next.Add(1)) - 1 {
				fresh[i] = l.file(files[i])
			}
		})
	}
	wg.Wait()
	for _, l := range linkers {
		for p := range l.broken {
			b.broken[p] = true
		}
	}
	lost := map[onceKey]bool{}
	done := make(map[string]bool, len(files))
	for i, p := range files {
		done[p] = true
		b.changed[p] = true
		if old := b.linked[p]; old != nil {
			for _, k := range old.added() {
				lost[k] = true
			}
			for _, d := range old.out {
				b.changed[d.path] = true
			}
		}
		b.linked[p] = fresh[i]
		for _, d := range fresh[i].out {
			b.changed[d.path] = true
		}
	}
	for _, lf := range fresh {
		for _, k := range lf.added() {
			delete(lost, k)
		}
	}
	var again []string
	for p, lf := range b.linked {
		if !done[p] && slices.ContainsFunc(lf.skipped, func(k onceKey) bool { return lost[k] }) {
			again = append(again, p)
		}
	}
	slices.Sort(again)
	return again
}

// toRelink lists, in path order, the files Link must link again: all of
// them after files came or went, else those whose summary changed and
// those whose linking read one that did. b.mu is held.
func (b *Builder) toRelink(paths []string) []string {
	if b.reshaped || b.linked == nil {
		return paths
	}
	var out []string
	for _, p := range paths {
		lf := b.linked[p]
		if lf == nil || b.dirty[p] || slices.ContainsFunc(lf.reads, func(r string) bool { return b.dirty[r] }) {
			out = append(out, p)
		}
	}
	return out
}

// Changed reports the files whose Extra the last Link may have changed
// from the Link before it: every file the files it linked again add to,
// before or now. After a Builder's first Link, that is every file given one.
func (b *Builder) Changed(path string) bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.changed[clean(path)]
}

// moduleIndex is the Python modules of paths, sorted, by the last part of
// their name, each list in path order. The lists share one array.
func moduleIndex(paths []string) map[string][]module {
	mods := make([]module, 0, len(paths))
	for _, p := range paths {
		if parts := moduleParts(p); len(parts) > 0 {
			mods = append(mods, module{p, parts})
		}
	}
	last := func(m module) string { return m.parts[len(m.parts)-1] }
	slices.SortStableFunc(mods, func(a, b module) int { return strings.Compare(last(a), last(b)) })
	index := make(map[string][]module, len(mods))
	for i := 0; i < len(mods); {
		j := i + 1
		for j < len(mods) && last(mods[j]) == last(mods[i]) {
			j++
		}
		index[last(mods[i])] = mods[i:j:j]
		i = j
	}
	return index
}

// dest is what linking one file adds to file path.
type dest struct {
	path  string
	extra *Extra
}

// file applies the calls file p makes. What it adds depends on the
// summaries it reads, and on the keys the files linked before it by the
// same linker added to other files (which it skips).
func (l *linker) file(p string) *linkedFile {
	l.out, l.reads, l.skipped = nil, nil, nil
	clear(l.seen)
	l.decoded.next()
	s := l.summary(p)
	if s == nil {
		return &linkedFile{} // its encoding is broken (see Broken)
	}
	for _, g := range s.Globals {
		if a, _, ok := l.global(p, g.Name, g.Obj, g.Span); ok {
			e := l.extra(p)
			e.Fills = append(e.Fills, Fill{Fact: g.Fact, At: g.At, Field: g.Field, Key: g.Key, Value: a})
		}
	}
	for _, r := range s.Runs {
		l.runSession(p, p, r.Path, r.At, map[string]bool{p: true})
	}
	for _, g := range s.Given {
		if a, ok := l.constant(p, g.Name); ok {
			e := l.extra(p)
			for _, st := range givenSettings(a, g) {
				e.Settings = push(e.Settings, st)
			}
		}
	}
	for _, c := range s.Calls {
		l.site(p, c, nil)
	}
	for i := range s.Finished {
		l.finish(p, &s.Finished[i])
	}
	for i := range s.Maintained {
		l.maintained(p, &s.Maintained[i])
	}
	for i := range s.Framed {
		l.framed(p, &s.Framed[i])
	}
	for _, fn := range s.Funcs {
		for i := range fn.Framed {
			l.framed(p, &fn.Framed[i])
		}
		for _, c := range fn.Calls {
			l.site(p, c, fn)
		}
	}
	slices.SortFunc(l.out, func(a, b dest) int { return strings.Compare(a.path, b.path) })
	return &linkedFile{out: l.out, reads: l.reads, skipped: l.skipped}
}

// givenSettings are the settings a file gives a session from another
// module's dict (or SparkConf, exported as the dict of its settings): one
// per entry whose key is a string, cited where the file gives them.
func givenSettings(a facts.Arg, g facts.GivenSettings) []*facts.Setting {
	if a.Kind != facts.ArgDict {
		return nil
	}
	items := a.Items()
	var out []*facts.Setting
	for i := 0; i+1 < len(items); i += 2 {
		if items[i].Kind != facts.String {
			continue
		}
		v := items[i+1]
		v.Span, v.ReadOnly = g.At, true // written in the other module
		out = append(out, &facts.Setting{Key: items[i].Str, Value: v, Via: g.Via, Lang: document.Python, Span: g.Span, At: g.At})
	}
	return out
}

// summary is the summary of file p, noted as read by the file being linked.
func (l *linker) summary(p string) *facts.Summary {
	s := l.get(p)
	if s != nil && !slices.Contains(l.reads, p) {
		l.reads = append(l.reads, p)
	}
	return s
}

// get is the summary of file p (nil when p is not a file of the run or
// has none), decoded from its encoding the first time this linker needs it
// since it was last let go (see decoded).
func (l *linker) get(p string) *facts.Summary {
	src := l.b.files[p]
	switch {
	case src == nil:
		return nil
	case src.s != nil || src.enc == nil && src.read == nil:
		return src.s
	}
	if s, ok := l.decoded.get(p); ok {
		return s
	}
	enc, err := src.enc, error(nil)
	if src.read != nil {
		enc, err = src.read()
	}
	var s *facts.Summary
	if err == nil {
		s, err = facts.UnmarshalSharedSummary(enc)
	}
	if err != nil {
		if l.broken == nil {
			l.broken = map[string]bool{}
		}
		l.broken[p] = true
	}
	l.decoded.put(p, s)
	return s
}

// keptDecoded is how many decoded summaries a linker keeps at least
// before it lets the oldest go: files are linked in path order, and the
// files of one directory mostly call the same few modules, so the
// summaries a file reads are mostly those the files just before it read.
var keptDecoded = 64

// decodedSummaries are the summaries a linker decoded, in two generations:
// when one holds keptDecoded, the older is let go and a new one begun.
// Summaries used again move to the newer. Generations only change between
// files (next), so that a file's linking sees each summary, and each of
// its functions, as one value throughout.
type decodedSummaries struct {
	cur, old map[string]*facts.Summary
}

func (d *decodedSummaries) next() {
	if d.cur == nil || len(d.cur) >= keptDecoded {
		d.old, d.cur = d.cur, make(map[string]*facts.Summary, keptDecoded)
	}
}

func (d *decodedSummaries) get(p string) (*facts.Summary, bool) {
	if s, ok := d.cur[p]; ok {
		return s, true
	}
	s, ok := d.old[p]
	if ok {
		d.cur[p] = s
	}
	return s, ok
}

func (d *decodedSummaries) put(p string, s *facts.Summary) { d.cur[p] = s }

// absorb adds what one file's linking added to file d, skipping the facts
// of once-keys another file added first. What a file's calls add to
// itself (own) no other file's add: it is taken whole.
func (r Result) absorb(d string, e *Extra, own bool, seen map[onceKey]bool) {
	m := r[d]
	if m == nil && own {
		// nothing before it: taken as it is, but clipped, so that what is
		// appended for other files never lands in the part Link keeps
		r[d] = &Extra{Writes: slices.Clip(e.Writes), Reads: slices.Clip(e.Reads), Tables: slices.Clip(e.Tables),
			Settings: slices.Clip(e.Settings), Maintenance: slices.Clip(e.Maintenance), Fills: slices.Clip(e.Fills)}
		return
	}
	if m == nil {
		m = &Extra{}
		r[d] = m
	}
	m.Fills = append(m.Fills, e.Fills...)
	if own {
		m.Writes = append(m.Writes, e.Writes...)
		m.Reads = append(m.Reads, e.Reads...)
		m.Tables = append(m.Tables, e.Tables...)
		m.Settings = append(m.Settings, e.Settings...)
		m.Maintenance = append(m.Maintenance, e.Maintenance...)
		return
	}
	end := e.marks()
	for i, lg := range e.log {
		to := end
		if i+1 < len(e.log) {
			to = e.log[i+1].mark
		}
		if seen[lg.key] {
			continue
		}
		seen[lg.key] = true
		m.Writes = append(m.Writes, e.Writes[lg.mark.w:to.w]...)
		m.Reads = append(m.Reads, e.Reads[lg.mark.r:to.r]...)
		m.Tables = append(m.Tables, e.Tables[lg.mark.t:to.t]...)
		m.Settings = append(m.Settings, e.Settings[lg.mark.s:to.s]...)
		m.Maintenance = append(m.Maintenance, e.Maintenance[lg.mark.m:to.m]...)
	}
}

// linker links files one at a time: index and the summaries are shared
// and only read; out is what the file it links adds, by file. The rest
// is kept from file to file so that linking allocates little.
type linker struct {
	b     *Builder
	out   []dest
	reads []string // the files whose summaries the file being linked read
	// skipped are the keys the file being linked skipped (see instance.once)
	skipped []onceKey
	index   map[string][]module // by the last part of their name
	parts   []string            // a buffer for the parts of a name (see find)
	// seen holds the once-keys of the file being linked (see once); added
	// those that it and the files linked before it added to other files.
	// A key names the file it is for.
	seen, added map[onceKey]bool
	// bounds is a stack the bindings of the calls being applied are cut
	// from (see bind), holes a buffer for a fact's holes (see holesOf).
	bounds []bound
	holes  []facts.Hole
	// decoded are the summaries this linker decoded and keeps for now;
	// broken the files whose summary it could not decode
	decoded decodedSummaries
	broken  map[string]bool
}

// bound is a parameter's value at a call: the argument (or default) and
// the file its spans are in.
type bound struct {
	a       facts.Arg
	home    string
	ok      bool
	deflt   bool
	unknown bool // something (a splat) may have passed it: not the default
}

// site is the call the facts go to: the first call in a chain, in file.
// batch, when set, is the foreachBatch call the chain went through, as the
// site's file sees it (see via).
type site struct {
	file  string
	call  *facts.Call
	batch *facts.Call
	// repeatsOnly is set where a call in a loop reaches a function through
	// calls that pass it nothing of the caller's: only its writes are the
	// site's, which the loop repeats; the rest is applied at its own place
	repeatsOnly bool
}

// site applies the call c, made in file p (in the body of in, or at module
// level when in is nil), at its own place.
func (l *linker) site(p string, c *facts.Call, in *facts.Func) {
	if c.CalleeParam > 0 {
		return // calls what the caller passes: known only through a call (see apply)
	}
	home, fn := l.resolve(p, c.Callee)
	if fn == nil {
		return
	}
	mark := len(l.bounds)
	args := l.bind(fn, c.Args, func(a *facts.Arg) bound {
		if a.Kind == facts.ArgParam {
			return bound{} // the enclosing function's parameter: unknown here
		}
		return l.argAt(p, *a)
	})
	var stack [maxDepth]*facts.Func
	stack[0] = fn
	l.apply(home, fn, args, site{file: p, call: c}, stack[:1])
	l.bounds = l.bounds[:mark]
}

// bind matches a call's arguments to fn's parameters; arg turns each
// argument into a binding. The bindings are cut from the top of l.bounds:
// the caller drops them (l.bounds = l.bounds[:mark]) when done with them.
func (l *linker) bind(fn *facts.Func, args []facts.Arg, arg func(*facts.Arg) bound) []bound {
	n, k := len(l.bounds), len(fn.Params)
	l.bounds = slices.Grow(l.bounds, k)[:n+k]
	out := l.bounds[n : n+k : n+k]
	clear(out)
	var rest []facts.Value // extra positional arguments, for *args
	restOpen, restHome := false, ""
	pos := 0
	unknownPos, unknownKw := false, false
	next := func() int {
		for pos < len(fn.Params) && fn.Params[pos].Star != 0 {
			pos++
		}
		if pos >= len(fn.Params) {
			return -1
		}
		pos++
		return pos - 1
	}
	positional := func(b bound) {
		if i := next(); i >= 0 {
			out[i] = b
			return
		}
		if b.ok && b.a.Kind == facts.ArgValue && (restHome == "" || restHome == b.home) {
			rest, restHome = append(rest, b.a.Value), b.home
		} else {
			restOpen = true
		}
	}
	for i := range args {
		a := &args[i]
		switch {
		case a.Splat == 1:
			b := arg(a)
			if b.ok && b.a.Kind == facts.ArgList && !b.a.Open {
				for _, it := range b.a.Items() {
					positional(bound{a: facts.Arg{Kind: facts.ArgValue, Value: it, Span: it.Span}, home: b.home, ok: true})
				}
				continue
			}
			unknownPos = true
			restOpen = true
		case a.Splat == 2:
			unknownKw = true
		case a.Name != "":
			for j := range fn.Params {
				if p := &fn.Params[j]; p.Name == a.Name && p.Star == 0 {
					out[j] = arg(a)
				}
			}
		case unknownPos:
		default:
			positional(arg(a))
		}
	}
	for i := range fn.Params {
		p := &fn.Params[i]
		switch {
		case p.Star == 1:
			if !unknownPos || len(rest) > 0 {
				list := facts.Arg{Kind: facts.ArgList, Open: restOpen || unknownPos}
				list.SetItems(rest)
				out[i] = bound{a: list, home: restHome, ok: true}
			}
		case out[i].ok || out[i].unknown:
		case unknownPos || unknownKw:
			out[i].unknown = true
		case p.Default != nil:
			a := *p.Default
			if a.Kind == facts.ArgValue && a.Value.From == "" {
				a.Value.From = "the default of `" + p.Name + "`" // for messages: the value when none is passed
			}
			out[i] = bound{a: a, home: "", ok: true, deflt: true}
		}
	}
	return out
}

// apply adds what fn (defined in home) does with args to the site's file,
// and follows the calls fn makes with its parameters.
func (l *linker) apply(home string, fn *facts.Func, args []bound, s site, stack []*facts.Func) {
	for i := range args {
		if args[i].home == "" {
			args[i].home = home // defaults and *args lists are written in the callee
		}
	}
	in := &instance{l: l, home: home, fn: fn, args: args, s: s}
	in.facts()
	if len(stack) >= maxDepth {
		return
	}
	for _, c := range fn.Calls {
		passes := false
		for i := range c.Args {
			if a := &c.Args[i]; a.Kind == facts.ArgParam && a.Param < len(args) && args[a.Param].ok {
				passes = true
			}
		}
		repeats := false
		if !passes && c.CalleeParam == 0 && !streamsHere(fn, c, home, s) {
			if s.call == nil || s.call.Loop == (facts.Span{}) {
				continue // applied at its own place (see site)
			}
			repeats = true // the site's loop repeats its writes too
		}
		h, callee, cargs, outer := l.calleeOf(home, c, args)
		if callee == nil || slices.Contains(stack, callee) {
			continue
		}
		mark := len(l.bounds)
		inner := l.bind(callee, cargs, func(a *facts.Arg) bound {
			if a.Kind == facts.ArgParam {
				if a.Param < len(outer) {
					b := outer[a.Param]
					if a.Attr() != "" {
						return l.attr(b, a.Attr(), h)
					}
					b.deflt = false
					return b
				}
				return bound{}
			}
			return l.argAt(home, *a)
		})
		ns := s.through(c, home)
		ns.repeatsOnly = ns.repeatsOnly || repeats
		l.apply(h, callee, inner, ns, append(stack, callee))
		l.bounds = l.bounds[:mark]
	}
}

// streamsHere reports whether c is the foreachBatch call of fn, a writer
// helper of another file than the site's: its function's writes are then
// those of the stream the site's code starts (see Configured), made there.
func streamsHere(fn *facts.Func, c *facts.Call, home string, s site) bool {
	return c.Kind == "foreachBatch" && fn.Writer != nil && home != s.file
}

// value is argument a of a call made in file p, a module constant it
// names resolved (placed where the argument is written).
func (l *linker) value(p string, a facts.Arg) facts.Arg {
	if a.Kind != facts.ArgFunc {
		return a
	}
	c, ok := l.constant(p, a.Func())
	if !ok {
		return a
	}
	c = placeArg(c, a.Span)
	c.Name, c.Splat = a.Name, a.Splat
	return c
}

// valueAt is argument a, written in file p, as a binding: l.value's, or,
// when a names an instance a module keeps (start(df, CONF) of
// CONF = StreamConf() in another module), that instance placed at a, where
// it is given, with everything it was made with.
func (l *linker) valueAt(p string, a facts.Arg) bound {
	if a.Kind == facts.ArgFunc && len(a.Args()) == 0 && strings.Contains(a.Func(), ".") {
		var obj facts.Arg
		ok := false
		home := l.find(p, a.Func(), func(file, n string) bool {
			obj, ok = instanceIn(l.summary(file), n)
			return ok
		})
		if ok && home != p {
			obj, ok = qualified(placeDeep(obj, a.Span), home)
		}
		if ok {
			obj.Name, obj.Splat = a.Name, a.Splat
			return bound{a: obj, home: p, ok: true}
		}
	}
	return bound{a: l.value(p, a), home: p, ok: true}
}

// qualified is instance a, the classes it and its arguments name seen
// from file home, named so that any file resolves them: a class of home
// by home's module. A class home imports relatively is not.
func qualified(a facts.Arg, home string) (facts.Arg, bool) {
	if a.Kind != facts.ArgObject {
		return a, true
	}
	name := a.Func()
	switch {
	case strings.HasPrefix(name, "."):
		return facts.Arg{}, false
	case !strings.Contains(name, "."):
		parts := moduleParts(home)
		if len(parts) == 0 {
			return facts.Arg{}, false
		}
		name = strings.Join(parts, ".") + "." + name
	}
	m := *a.More
	m.Func = name
	if len(m.Args) > 0 {
		args := make([]facts.Arg, len(m.Args))
		for i, g := range m.Args {
			q, ok := qualified(g, home)
			if !ok {
				return facts.Arg{}, false
			}
			args[i] = q
		}
		m.Args = args
	}
	a.More = &m
	return a, true
}

// extra is the Extra of file p.
func (l *linker) extra(p string) *Extra {
	for _, d := range l.out {
		if d.path == p {
			return d.extra
		}
	}
	e := &Extra{}
	l.out = append(l.out, dest{p, e})
	return e
}

// resolve finds the function callee names, called from file p, and the
// file it is in.
func (l *linker) resolve(p, callee string) (string, *facts.Func) {
	var found *facts.Func
	home := l.find(p, callee, func(file, name string) bool {
		found = l.local(file, name)
		return found != nil
	})
	if home == "" {
		return l.inherited(p, callee)
	}
	return home, found
}

// maxBases bounds the chain of base classes followed.
const maxBases = 4

// inherited resolves Class.method, called from file p, when the class
// does not define the method itself: the first of its bases that does,
// each base before the next, as Python's method order mostly is.
func (l *linker) inherited(p, callee string) (string, *facts.Func) {
	i := strings.LastIndexByte(callee, '.')
	if i <= 0 {
		return "", nil
	}
	return l.inheritedFrom(p, callee[:i], callee[i+1:], maxBases)
}

func (l *linker) inheritedFrom(p, cls, method string, depth int) (string, *facts.Func) {
	if depth == 0 {
		return "", nil
	}
	file, c := l.class(p, cls)
	if c == nil {
		return "", nil
	}
	for _, b := range c.Bases {
		if home, fn := l.resolveOwn(file, b+"."+method); fn != nil {
			return home, fn
		}
		if home, fn := l.inheritedFrom(file, b, method, depth-1); fn != nil {
			return home, fn
		}
	}
	return "", nil
}

// resolveOwn is resolve without following bases.
func (l *linker) resolveOwn(p, callee string) (string, *facts.Func) {
	var found *facts.Func
	home := l.find(p, callee, func(file, name string) bool {
		found = l.local(file, name)
		return found != nil
	})
	return home, found
}

// class finds the class the code names cls, seen from file p, when it
// names project bases.
func (l *linker) class(p, cls string) (string, *facts.Class) {
	var found *facts.Class
	file := l.find(p, cls, func(file, name string) bool {
		s := l.get(file)
		if s == nil {
			return false
		}
		for i := range s.Classes {
			if s.Classes[i].Name == name {
				found = &s.Classes[i]
				return true
			}
		}
		return false
	})
	return file, found
}

// constant is the value of the module constant name, seen from file p.
func (l *linker) constant(p, name string) (facts.Arg, bool) {
	if fn, ok := strings.CutSuffix(name, "()"); ok {
		return l.returned(p, fn)
	}
	var found facts.Arg
	ok := false
	l.find(p, name, func(file, n string) bool {
		found, ok = constIn(l.summary(file), n)
		return ok
	})
	if !ok {
		return l.keptAttr(p, name)
	}
	return found, ok
}

// keptAttr is the value of name, seen from file p, when it is an
// attribute of an instance a module keeps (CONF = StreamConf(), read as
// settings.CONF.trigger), or of the instance a function returns
// (get_conf().trigger): what its class gives it, made as it is there.
// Only a constant, a list or a dict is such a value: its spans are the
// module's, for the caller to place.
func (l *linker) keptAttr(p, name string) (facts.Arg, bool) {
	i := strings.LastIndexByte(name, '.')
	if i <= 0 {
		return facts.Arg{}, false
	}
	var obj facts.Arg
	ok := false
	var home string
	if fn, called := strings.CutSuffix(name[:i], "()"); called {
		// what a function returns (get_conf().trigger): an instance it makes,
		// or one its module keeps, named as the function's file names it
		var f *facts.Func
		if home, f = l.resolve(p, fn); f != nil && f.Returns.Kind == facts.ArgObject {
			obj, ok = f.Returns, true
		}
	} else {
		home = l.find(p, name[:i], func(file, n string) bool {
			obj, ok = instanceIn(l.summary(file), n)
			return ok
		})
	}
	if !ok {
		return facts.Arg{}, false
	}
	b := l.attr(bound{a: obj, home: home, ok: true}, name[i+1:], home)
	if !b.ok || !settingKind(b.a) {
		return facts.Arg{}, false
	}
	return b.a, true
}

// settingKind reports whether a is a value a setting can be: a known
// constant, or a list or dict of them.
func settingKind(a facts.Arg) bool {
	switch a.Kind {
	case facts.ArgValue:
		return a.Value.Known()
	case facts.ArgList, facts.ArgDict:
		return true
	}
	return false
}

// global is the value of the imported name a fact's field reads (see
// facts.Global), seen from file p: a module constant, or the attribute of
// an instance, one obj describes (c = StreamConf(); c.trigger) or one a
// module keeps (settings.CONF.trigger). own says the value is an argument
// written in p (c = StreamConf(trigger="2 seconds")), which keeps its
// place; any other is written elsewhere and is placed at at, the use,
// read-only. What a constructor is given and is not known here gives
// nothing, whatever the class's default.
func (l *linker) global(p, name string, obj *facts.Arg, at facts.Span) (a facts.Arg, own, ok bool) {
	if obj == nil {
		a, ok = l.constant(p, name)
		if !ok {
			return facts.Arg{}, false, false
		}
		return placeArg(a, at), false, true
	}
	attr := name[strings.LastIndexByte(name, '.')+1:]
	b := l.attr(bound{a: *obj, home: p, ok: true}, attr, p)
	if !b.ok || !settingKind(b.a) {
		return facts.Arg{}, false, false
	}
	if b.home == p && !b.deflt && !b.a.Value.ReadOnly && b.a.Span != obj.Span {
		return b.a, true, true
	}
	return placeArg(b.a, at), false, true
}

// returned is what the function the code names callee (a method a class
// inherits too) returns whatever its arguments: a constant, or a list or
// dict of them.
func (l *linker) returned(p, callee string) (facts.Arg, bool) {
	home, fn := l.resolve(p, callee)
	if fn == nil {
		return facts.Arg{}, false
	}
	r := fn.Returns
	switch {
	case r.Kind == facts.ArgValue && r.Value.Known(), (r.Kind == facts.ArgDict || r.Kind == facts.ArgList) && !r.Open:
		return copyArg(r, home), true
	}
	return facts.Arg{}, false
}

// constIn is the value of the constant named n in summary s.
func constIn(s *facts.Summary, n string) (facts.Arg, bool) {
	v, ok := moduleName(s, n)
	return v, ok && v.Kind != facts.ArgObject
}

// instanceIn is the instance the module-level name n of summary s holds
// (CONF = StreamConf()).
func instanceIn(s *facts.Summary, n string) (facts.Arg, bool) {
	v, ok := moduleName(s, n)
	return v, ok && v.Kind == facts.ArgObject
}

// moduleName is what the module-level name n of summary s holds.
func moduleName(s *facts.Summary, n string) (facts.Arg, bool) {
	if s == nil {
		return facts.Arg{}, false
	}
	for i := range s.Consts {
		if c := &s.Consts[i]; c.Name == n {
			return c.Value, true
		}
	}
	return facts.Arg{}, false
}

// module is a Python file of the run and the parts of its dotted name.
type module struct {
	path  string
	parts []string
}

// find resolves a name as the code names it (see facts.Call.Callee) from
// file p: has reports whether a file defines a name. It returns the file.
func (l *linker) find(p, callee string, has func(file, name string) bool) string {
	dots := len(callee) - len(strings.TrimLeft(callee, "."))
	name := callee[dots:]
	if dots == 0 && strings.Count(name, ".") == 1 && has(p, name) {
		return p // a method of a class of the file: Writer.run
	}
	if dots == 0 && !strings.Contains(name, ".") {
		if has(p, name) {
			return p
		}
		return l.viaRuns(p, name, map[string]bool{p: true}, has)
	}
	// the module is the name up to a dot, the function the rest: the
	// longest module first
	parts := l.parts[:0]
	for part := range strings.SplitSeq(name, ".") {
		parts = append(parts, part)
	}
	l.parts = parts
	for cut, end := len(parts)-1, len(name); cut >= 1; cut-- {
		end -= len(parts[cut]) + 1 // name[:end] is parts[:cut] joined
		module, fname := parts[:cut], name[end+1:]
		var file string
		if dots > 0 {
			dir := path.Dir(p)
			for range dots - 1 {
				dir = path.Dir(dir)
			}
			file = l.relative(dir, module)
		} else {
			file = l.absolute(p, module)
		}
		if file != "" && has(file, fname) {
			return file
		}
	}
	return ""
}

// local is the function named name of file p, nil unless exactly one.
func (l *linker) local(p, name string) *facts.Func {
	s := l.summary(p)
	if s == nil {
		return nil
	}
	var found *facts.Func
	for _, fn := range s.Funcs {
		if fn.Name == name {
			if found != nil {
				return nil // defined twice: which one runs depends on the path taken
			}
			found = fn
		}
	}
	return found
}

// viaRuns finds name in the notebooks p includes with %run.
func (l *linker) viaRuns(p, name string, seen map[string]bool, has func(file, name string) bool) string {
	s := l.summary(p)
	if s == nil {
		return ""
	}
	for i := len(s.Runs) - 1; i >= 0; i-- { // a later include defines over an earlier one
		target := l.runTarget(p, s.Runs[i].Path)
		if target == "" || seen[target] {
			continue
		}
		seen[target] = true
		if has(target, name) {
			return target
		}
		if h := l.viaRuns(target, name, seen, has); h != "" {
			return h
		}
	}
	return ""
}

// runSession adds to notebook p the session settings of the notebook that
// from, a notebook p runs (or one it runs in turn), includes with %run path:
// they are in effect from p's %run line, at, on. Settings a notebook
// includes come before its own, as its %run lines come first in it.
func (l *linker) runSession(p, from, run string, at facts.Span, seen map[string]bool) {
	target := l.runTarget(from, run)
	if target == "" || seen[target] {
		return
	}
	seen[target] = true
	s := l.summary(target)
	if s == nil {
		return
	}
	for _, r := range s.Runs {
		l.runSession(p, target, r.Path, at, seen)
	}
	for _, st := range s.Session {
		c := *st
		c.Span, c.At = at, st.At.In(target)
		e := l.extra(p)
		e.Settings = append(e.Settings, &c)
	}
}

// runTarget is the file a %run path names, relative to notebook p.
func (l *linker) runTarget(p, run string) string {
	base := run
	if !path.IsAbs(run) {
		base = path.Join(path.Dir(p), run)
	}
	base = clean(base)
	for _, ext := range []string{"", ".py", ".ipynb", ".sql", ".scala", ".r"} {
		if _, ok := l.b.files[base+ext]; ok {
			return base + ext
		}
	}
	return ""
}

// relative finds the module named by parts under dir; "" when none.
func (l *linker) relative(dir string, parts []string) string {
	base := path.Join(append([]string{dir}, parts...)...)
	for _, c := range []string{base + ".py", base + "/__init__.py"} {
		if _, ok := l.b.files[clean(c)]; ok {
			return clean(c)
		}
	}
	return ""
}

// absolute finds the file that is module parts, imported from p: of
// those whose path ends with the module's path, the nearest to p; ""
// when none, or a tie.
func (l *linker) absolute(p string, parts []string) string {
	best, bestN, found, tie := "", -1, 0, false
	for _, m := range l.index[parts[len(parts)-1]] {
		mp := m.parts
		if len(mp) < len(parts) || !slices.Equal(mp[len(mp)-len(parts):], parts) {
			continue
		}
		found++
		if found == 1 {
			best = m.path // one only needs no distance
			continue
		}
		if bestN < 0 {
			bestN = commonDirs(p, best)
		}
		switch n := commonDirs(p, m.path); {
		case n > bestN:
			best, bestN, tie = m.path, n, false
		case n == bestN:
			tie = true
		}
	}
	if tie {
		return ""
	}
	return best
}

// moduleParts are the dotted-name parts of a Python file's path:
// "src/lib/io.py" is [src lib io], "lib/__init__.py" is [lib].
func moduleParts(p string) []string {
	ext := path.Ext(p)
	if ext != ".py" {
		return nil
	}
	p = strings.TrimSuffix(p, ext)
	parts := strings.Split(p, "/")
	if parts[len(parts)-1] == "__init__" {
		parts = parts[:len(parts)-1]
	}
	out := parts[:0]
	for _, s := range parts {
		if s != "" && s != "." && s != ".." {
			out = append(out, s)
		}
	}
	return out
}

func commonDirs(a, b string) int {
	as, bs := strings.Split(path.Dir(a), "/"), strings.Split(path.Dir(b), "/")
	n := 0
	for n < len(as) && n < len(bs) && as[n] == bs[n] {
		n++
	}
	return n
}

func clean(p string) string {
	return path.Clean(strings.ReplaceAll(p, "\\", "/"))
}

// Key is the path p as Result and LinkEach name its file.
func Key(p string) string { return clean(p) }

// For returns what linking adds to the file at p (nil when nothing).
func (r Result) For(p string) *Extra { return r[clean(p)] }
