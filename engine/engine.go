// Package engine is lakelint's driver: it discovers files, parses each once,
// extracts its facts, builds the project table catalog, runs the rules as
// go/analysis passes and resolves their diagnostics into findings.
package engine

import (
	"context"
	"crypto/sha256"
	"fmt"
	"go/token"
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"slices"
	"sort"
	"sync"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/extract/dbtfacts"
	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/fixer/loop"
	"github.com/lakelint/lakelint/internal/projectfile"
	"github.com/lakelint/lakelint/link"
	"github.com/lakelint/lakelint/orchestration"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/rules"
	"github.com/lakelint/lakelint/rules/rule"
)

// Options are the run's settings from the command line.
type Options struct {
	// Exclude holds --exclude globs.
	Exclude *config.Globs
	// ForceExclude applies excludes to files named on the command line too
	// (pre-commit names every changed file).
	ForceExclude bool
	// Partial says the run names files (a pre-commit hook names the staged
	// ones, an editor one buffer): findings are reported in those files only,
	// not in the settings files (spark-defaults.conf, bundle YAML) whose
	// settings reach them. A run of directories reports in both.
	Partial bool
	// Rules replaces the registry (tests run one rule at a time); nil means all.
	Rules []*rule.Rule
	// Emit, when set, receives each file's findings (in no particular
	// order within the file) as soon as they and those of every source before
	// it are ready, in the order the sources were given, instead of
	// Result.Findings: a run then keeps no findings. Lint gives sources in
	// path order.
	Emit func([]finding.Finding)
	// Attach, when set, adds live table state to the catalog before rules
	// run. Its warnings are printed; an error fails the run (--require-stats).
	Attach func(context.Context, *catalog.Catalog) (warnings []string, err error)
	// Catalog, when set, receives the run's catalog, live stats attached,
	// before rules run (`lakelint tables` shows it). A run replayed from
	// its record makes no catalog: such a run needs no Cache.
	Catalog func(*catalog.Catalog)

	// LiveInert, when set, reports whether Attach reads nothing for a
	// catalog, so that a run's result can be kept as a run record
	// (package cache), and lists the local table paths it would read once
	// they hold a Delta log; LiveStillInert says whether they still hold
	// none when the record is replayed. Without them, a run with Attach
	// keeps no record.
	LiveInert      func(*catalog.Catalog) (local []string, ok bool)
	LiveStillInert func(local []string) bool
	// RecordKey is what else a run record depends on (the environment
	// Attach reads).
	RecordKey string

	// Cache, when set, keeps each file's facts and each run's findings
	// between runs.
	Cache *cache.Cache
	// ProjectContext makes a run over some of a project's files index the
	// project's other files for the catalog, reporting nothing in them
	// (context.go).
	ProjectContext bool
	// ContextMemo, when set, keeps the project context's facts between
	// runs (contextmemo.go).
	ContextMemo *ContextMemo
	// BundleTarget is the Databricks bundle target whose overrides apply
	// (--bundle-target); "" applies each bundle's default target.
	BundleTarget string
}

// Source is one file to lint. Data, when not nil, is used instead of the file
// on disk (standard input, or a file the fixer is working on).
type Source struct {
	Path string
	Data []byte
}

// Note is something the user should know that is not a finding: a skipped
// file, an unreadable notebook, a stats source that failed.
type Note struct {
	Path    string
	Message string
	// Error marks notes that make the run fail (exit status 2).
	Error bool
	// Skip, for a file that was not linted, is why in a word or two, as
	// the run's summary counts them: "binary", "over max-file-size".
	Skip string
	// NothingLinted marks the note that says a run linted no file.
	NothingLinted bool
}

func (n Note) String() string {
	if n.Path == "" {
		return n.Message
	}
	return n.Path + ": " + n.Message
}

// Skip kinds: why a file was not linted (Note.Skip).
const (
	SkipUnreadable  = "unreadable"
	SkipTooBig      = "over max-file-size"
	SkipBinary      = "binary"
	SkipNotUTF8     = "not UTF-8"
	SkipUnsupported = "not .py, .sql, .hql or .ipynb"
	SkipBroken      = "unparsable"
	// SkipNoSettings: a YAML or spark-defaults.conf file named on the
	// command line that gives no file of the project a Spark setting.
	SkipNoSettings = "not a bundle file or spark-defaults.conf"
)

// Skipped counts the files a run did not lint, by why (Note.Skip).
func (r *Result) Skipped() map[string]int {
	by := map[string]int{}
	for _, n := range r.Notes {
		if n.Skip != "" {
			by[n.Skip]++
		}
	}
	return by
}

// Result is what a run found.
type Result struct {
	Findings []finding.Finding // empty when Options.Emit took them
	Found    int               // findings, emitted or not
	Notes    []Note
	Files    int // files linted
	// UnreadSQL counts SQL statements of known kinds that could not be read.
	UnreadSQL int
	// SQL says why they could not be read, and what was read with placeholders.
	SQL SQLCounts
	// Details are remarks for --verbose: skipped notebook cells and the like.
	Details []Note
	// Indexed counts the project's other files read for the catalog only.
	Indexed int
}

// Linter runs lakelint over files.
type Linter struct {
	opts    Options
	configs *config.Resolver
	rules   []*rule.Rule
	models  dbtfacts.Models // the dbt projects of the files linted
	// texts are the bytes of project files that are no sources (a dbt
	// project's YAML) as a fix run has edited them, by clean absolute
	// path: its lints read them in place of the disk's. Nil elsewhere.
	texts map[string][]byte
}

// setTexts makes the next lints read the project files in texts from
// there (see Linter.texts); the dbt projects are read again.
func (l *Linter) setTexts(texts map[string][]byte) {
	l.texts = texts
	l.models.Reset(l.readProjectFile)
}

// readProjectFile reads a project file, as a fix run has it.
func (l *Linter) readProjectFile(p string) ([]byte, error) {
	if data, ok := l.texts[filepath.Clean(p)]; ok {
		return data, nil
	}
	return projectfile.Read(p)
}

// New makes a linter. configs resolves each file's configuration.
func New(configs *config.Resolver, opts Options) *Linter {
	rs := opts.Rules
	if rs == nil {
		rs = rules.All()
	}
	return &Linter{opts: opts, configs: configs, rules: rs, models: dbtfacts.Models{WorkDir: configs.WorkDir()}}
}

// Discover lists the lintable files below paths, honouring .gitignore,
// --exclude and each directory's configured excludes.
func (l *Linter) Discover(paths []string) ([]string, error) {
	found, err := l.Find(paths)
	if err != nil {
		return nil, err
	}
	return found.Files, nil
}

// Find is Discover with what it left out and why.
func (l *Linter) Find(paths []string) (*Found, error) {
	excluded := func(root, p string, isDir bool) bool {
		if l.opts.Exclude.MatchBelow(p, root) {
			return true
		}
		cfg, err := l.configs.For(p)
		return err == nil && cfg.ExcludedBelow(p, root)
	}
	forced := 0
	if l.opts.ForceExclude {
		kept := paths[:0:0]
		for _, p := range paths {
			if info, err := os.Stat(p); err == nil && !info.IsDir() && excluded("", p, false) {
				forced++
				continue
			}
			kept = append(kept, p)
		}
		paths = kept
	}
	found, err := find(paths, excluded)
	if err != nil {
		return nil, err
	}
	found.Excluded += forced
	return found, nil
}

// Lint lints the files below paths. Directories that could not be read
// are in the result's notes, symbolic links not followed in its details.
func (l *Linter) Lint(ctx context.Context, paths []string) (*Result, error) {
	found, err := l.Find(paths)
	if err != nil {
		return nil, err
	}
	srcs := make([]Source, len(found.Files))
	for i, f := range found.Files {
		srcs[i] = Source{Path: f}
	}
	res, err := l.lintSources(ctx, srcs)
	if err != nil {
		return nil, err
	}
	found.AddTo(res)
	return res, nil
}

// spillAfter bounds a run's fact store in memory (cache.FactStore); tests
// lower it to spill everything.
var spillAfter = cache.DefaultSpillAfter

// linkGC has the collector keep the heap closer to what is live from the
// link step until the catalog is made, and returns what puts it back: the
// run's memory peaks there (every file's catalog part, what linking adds
// and decodes, then the catalog beside its builder), for a second or two
// of a run's thirty at 80 MB of source. Peak RSS there at 80 MB: 360-390
// MB with GOGC's 100, 337-346 MB with 70 at no CPU time measurable on a
// noisy host, 307-321 MB with 50 at some 8% more. It follows what is live,
// so a larger project meets no cliff, as under a fixed memory limit. Not
// in a process that outlives the run (ContextMemo), nor when GOGC says
// how to collect: GOGC=100 undoes it.
func linkGC(oneOff bool) (restore func()) {
	if !oneOff || os.Getenv("GOGC") != "" {
		return func() {}
	}
	old := debug.SetGCPercent(linkGCPercent)
	return func() { debug.SetGCPercent(old) }
}

// linkGCPercent is GOGC from the link step to the catalog.
const linkGCPercent = 70

// loadedHook, set by tests only, sees a run's units and fact store once
// every file is loaded, before the link step.
var loadedHook func([]*unit, *cache.FactStore)

// unit is one file between the phases of a run. It keeps what the catalog
// needs and where its facts are stored, never the syntax tree or the text.
type unit struct {
	src     Source
	cfg     *config.Config
	linted  bool          // false when the file was skipped
	stored  *cache.Stored // where its facts wait for the rule pass
	size    int           // the document's length, for positions
	unread  int
	sql     SQLCounts
	details []string
	notes   []Note
	signs   []platform.Evidence // what the file says of the platform
	// summary is the encoding of the file's function summary until the
	// link step decodes it: held encoded while files load, it costs a
	// fraction of its decoded size (facts.AppendSummary); storedSummary is
	// where it waits instead when the builders do not outlive the run
	// (see storeSummary)
	summary       []byte
	storedSummary *cache.Stored
	// cached says the facts came from the cache (the summary then says
	// whether the file declares DAGs: see dagUnread)
	cached bool
	// extra is what calls of project functions add to the file (see link),
	// held decoded only when the builders outlive the run; otherwise its
	// facts wait in the fact store (spilled) and linkSigns is what its
	// settings say of the platform
	extra     *link.Extra
	spilled   *spilledExtra
	linkSigns []platform.Evidence
	// dags are the Airflow DAGs the file declares; dagUnread is set when
	// its text was not at hand to look (taken from the cache by key alone)
	dags      *orchestration.DAGFile
	dagUnread bool
	run       *runFiles // the run's files, for spans that name another
	// facts are a context file's facts, kept for Options.ContextMemo
	facts *facts.File
	// settingsFacts are a settings file's facts (see settingsfiles.go): its
	// settings and noqa comments, nothing from a store or the cache
	settingsFacts *facts.File
}

// loaded is a file in the rule pass, its facts read back.
type loaded struct {
	*unit
	facts   *facts.File
	tok     *token.File
	other   *otherFiles // the run's other files, in tok's file set
	absPath string
}

// shuffle, set by tests only, reorders the files a run loads and checks,
// as a busy machine may finish them in any order: nothing a run outputs,
// digests or caches may depend on it.
var shuffle func(order []int)

// workOrder is the order a run starts work on n files in: as given.
func workOrder(n int) []int {
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	if shuffle != nil {
		shuffle(order)
	}
	return order
}

// Workers is how many files are worked on at once: two per processor, since
// a goroutine waiting in the C parser or on a read leaves its processor idle
// (measured: 15% faster than one per processor on two cores). Memory stays
// bounded by the largest files in flight, not by the project.
func Workers() int { return 2 * runtime.GOMAXPROCS(0) }

// LintSources lints the given sources as one project.
func (l *Linter) LintSources(ctx context.Context, srcs []Source) (*Result, error) {
	return l.lintSources(ctx, srcs)
}

// lintSources lints sources as one project. Project files (databricks.yml,
// pyproject.toml) are looked for from each source's directory up, per
// project root (package platform).
func (l *Linter) lintSources(ctx context.Context, srcs []Source) (*Result, error) {
	before := l.opts.Cache.Stats()
	srcs, named := l.namedSettingsFiles(srcs)
	// what a run asks of directories is found once per directory in the
	// run, never kept between runs
	projectRoots, bundles := &platform.Roots{}, &orchestration.BundleFinder{Walks: l.opts.ContextMemo.walkMemo()}
	bundled := l.readBundles(srcs, bundles)
	given := l.taskParams(srcs, bundled)
	l.runParams(srcs, given)
	record := l.runRecordFor(srcs, given, projectRoots, bundled)
	if res, ok := l.replay(record); ok {
		res.Notes = append(res.Notes, l.cacheNotes()...)
		res.Details = append(res.Details, Note{Message: "cache: nothing changed since a run with these inputs: its findings are shown again"})
		sortResult(res)
		return res, nil
	}
	store := cache.NewFactStore()
	store.SpillAfter = spillAfter
	defer store.Close()
	bs := l.opts.ContextMemo.takeBuilders()
	units := make([]*unit, len(srcs))
	p := pool.New().WithMaxGoroutines(Workers())
	for _, i := range workOrder(len(srcs)) {
		s := srcs[i]
		p.Go(func() {
			if ctx.Err() == nil {
				units[i] = l.load(s, given[i], store, bs, record.Known(i))
			}
		})
	}
	index := l.loadContext(ctx, p, append(slices.Clip(srcs), named.sources()...), bs)
	p.Wait()
	defer l.opts.Cache.Finish() // an interrupted run keeps what it parsed
	if err := ctx.Err(); err != nil {
		l.opts.ContextMemo.putBuilders(bs) // what was loaded is in them: the next run goes on from there
		return nil, err
	}
	store.Finish()
	all := append(units, index.loaded()...)
	bs.retain(all)
	if loadedHook != nil {
		loadedHook(units, store)
	}
	gc := linkGC(l.opts.ContextMemo == nil)
	l.link(all, bs, store, record != nil)
	store.Finish() // again: what linking added was put in it

	res := &Result{}
	index.report(res)
	for _, u := range units {
		res.Notes = append(res.Notes, u.notes...)
		if u.linted {
			res.Files++
			res.UnreadSQL += u.unread
			res.SQL.add(u.sql)
			for _, n := range u.details {
				res.Details = append(res.Details, Note{Path: u.src.Path, Message: n})
			}
		}
	}
	if failed := store.Failed(); failed != "" {
		res.Details = append(res.Details, Note{Message: "facts kept in memory: " + failed})
		record = nil // a passing state of the machine, not of the project
	}
	scheduled := units
	if len(named) > 0 {
		// the jobs of every file of the project give the named files settings
		scheduled = all
	}
	sched, details := l.schedules(scheduled, bundles)
	inherited := &inheritedSettings{roots: projectRoots, sched: sched, rel: l.rel, walks: l.opts.ContextMemo.walkMemo()}
	plat := l.platform(units, projectRoots, inherited)
	for _, line := range plat.Lines {
		res.Details = append(res.Details, Note{Message: line})
	}
	res.Details = append(res.Details, details...)
	if len(named) > 0 {
		// every root's spark-defaults.conf may be a named file: read now, to be cited
		for _, u := range all {
			if u != nil && u.linted {
				inherited.rootConfs(l.abs(u.src.Path))
			}
		}
	}
	// a dbt project's YAML files are cited, and edited by fixes; settings
	// files and schedules are cited
	if texts := append(append(slices.Clip(sched.Inputs), inherited.files()...), l.models.YAMLFiles()...); len(texts) > 0 && len(scheduled) > 0 {
		addProjectTexts(scheduled, texts, l.readProjectFile)
	}
	cat := bs.tables.Catalog()
	l.opts.ContextMemo.putBuilders(bs)
	if l.opts.ContextMemo == nil {
		// the link step's and the catalog builder's memory is garbage now:
		// collected at once, the collector's next goal follows what the
		// rule pass holds, not the link step's peak (peak memory at 80 MB)
		runtime.GC()
	}
	gc()
	cat.SetSchedules(l.catalogSchedules(sched))
	local := l.liveLocal(record, cat)
	if l.opts.Attach != nil {
		warnings, err := l.opts.Attach(ctx, cat)
		for _, w := range warnings {
			res.Notes = append(res.Notes, Note{Message: w})
		}
		if err != nil {
			res.Notes = append(res.Notes, Note{Message: err.Error(), Error: true})
		}
	}
	if l.opts.Catalog != nil {
		l.opts.Catalog(cat)
	}

	// a settings file that cannot be read: a skip when the run names it
	skip := func(file string) string {
		if named.has(l.abs(file)) {
			return SkipBroken
		}
		return ""
	}
	for _, u := range inherited.unread() {
		res.Notes = append(res.Notes, Note{Path: l.rel(u.File), Message: u.Why, Skip: skip(u.File)})
	}
	for _, u := range sched.Unread { // said on every run: what the file holds is missing
		n := Note{Path: l.rel(u.File), Message: "cannot read this bundle file (" + u.Why + "): its jobs' schedules and cluster settings are not known", Skip: skip(u.File)}
		if !slices.Contains(res.Notes, n) {
			res.Notes = append(res.Notes, n)
		}
	}
	// the settings files after the sources (the run record numbers the
	// sources first); their findings are emitted in path order all the same
	settingsUnits, settingsNotes := l.settingsUnits(scheduled, sched, inherited, named)
	res.Notes = append(res.Notes, settingsNotes...)
	res.Files += named.count(append(slices.Clip(sched.Inputs), inherited.files()...), unreadFiles(sched, inherited), res)
	checked := append(slices.Clip(units), settingsUnits...)
	l.checkAll(checked, store, cat, &project{plat: plat, sched: sched, settings: inherited}, record, res)
	sort.SliceStable(res.Notes, func(i, j int) bool { return res.Notes[i].Path < res.Notes[j].Path })
	if ctx.Err() == nil {
		for _, n := range res.Notes {
			if n.Error {
				record.Fail()
			}
		}
		record.Finish(recordedRun{Found: res.Found, Files: res.Files, UnreadSQL: res.UnreadSQL, SQL: res.SQL, Indexed: res.Indexed, Notes: res.Notes, Details: res.Details, Local: local})
	}
	res.Notes = append(res.Notes, l.cacheNotes()...)
	if c := l.opts.Cache; c != nil {
		s := c.Stats()
		res.Details = append(res.Details, Note{Message: fmt.Sprintf("cache: facts of %d file(s) from the cache, %d parsed; findings of %d file(s) reused",
			s.Hits-before.Hits, s.Misses-before.Misses, s.FilesReused-before.FilesReused)})
	}
	sortResult(res)
	return res, nil
}

// sortResult puts findings and notes in the order they are reported.
func sortResult(res *Result) {
	sort.SliceStable(res.Findings, func(i, j int) bool { return finding.Less(&res.Findings[i], &res.Findings[j]) })
	sort.SliceStable(res.Notes, func(i, j int) bool { return res.Notes[i].Path < res.Notes[j].Path })
}

// load reads, parses and extracts one file (or takes its facts from the
// cache), adds it to the catalog and its summary to the link step, and stores
// its facts; with a nil store, a file of the project context, only adds them
// to the catalog and the link step. A file that is not linted leaves them.
func (l *Linter) load(s Source, given []params.Given, store *cache.FactStore, bs *builders, known *cache.Known) *unit {
	u := &unit{src: s}
	defer bs.dropUnlinted(u)
	cfg, err := l.configs.For(s.Path)
	if err != nil {
		u.notes = append(u.notes, Note{Message: err.Error(), Error: true})
		return u
	}
	u.cfg = cfg
	model, _ := l.models.For(s.Path)
	look := l.lookup(s, given, cfg, known)
	if look.hit(u, store) {
		f := u.facts
		u.keepForMemo(l, store, f)
		// a summary still encoded goes to the link step with the others
		bs.add(s.Path, f, u.summary == nil, store == nil && l.opts.ContextMemo != nil)
		u.storeSummary(store, bs)
		u.countTemplate(model)
		return u
	}
	doc, note, kind := readSource(look.source(s), cfg.Rules.MaxFileSize)
	if note != "" {
		u.notes = append(u.notes, Note{Path: s.Path, Message: note, Skip: kind})
		return u
	}
	opts := modelOptions(model)
	opts.Params = given
	f, err := extractSafely(doc, opts)
	if err != nil {
		u.notes = append(u.notes, Note{Path: s.Path, Message: err.Error(), Error: true})
		return u
	}
	u.details = f.Notes
	if n, i := otherDialectFile(f); n != "" {
		// said on every run, not only with --verbose: the file was not checked
		u.details = slices.Delete(slices.Clone(u.details), i, i+1)
		u.notes = append(u.notes, Note{Path: s.Path, Message: n})
	}
	if len(f.Unread) > 0 {
		pos := newPositioner(doc)
		for _, r := range f.Unread {
			u.details = append(u.details, fmt.Sprintf("%s: SQL statement not read (%s); its facts are missing", pos.place(r.At.Start), r.Reason))
		}
	}
	u.unread = f.UnreadSQL
	u.sql = sqlCounts(f)
	u.countTemplate(model)
	u.details = append(u.details, foreignDetails(f)...)
	if f.PlaceholderSQL > 0 {
		u.details = append(u.details, fmt.Sprintf("%d SQL statement(s) read with placeholders in their table names, %d of them filled with values the project gives", f.PlaceholderSQL, f.FilledSQL))
	}
	u.noteSigns(f)
	l.noteDAGs(u, doc)
	// no line table: positions are resolved from the text again, only for
	// files with findings, so memory does not grow with the project
	u.size = len(doc.Text)
	u.stored, u.summary = look.keep(store, f, u)
	u.keepForMemo(l, store, f)
	bs.add(s.Path, f, u.summary == nil, store == nil && l.opts.ContextMemo != nil)
	u.storeSummary(store, bs)
	u.linted = true
	return u
}

// readDocument reads and parses a source; a non-empty note says why it was skipped.
func readDocument(s Source, limit int64) (*document.Document, string) {
	doc, note, _ := readSource(s, limit)
	return doc, note
}

// readSource is readDocument, which also says what kind of skip a note is.
func readSource(s Source, limit int64) (doc *document.Document, note, kind string) {
	data := s.Data
	if data == nil {
		var size int64
		var err error
		if data, size, err = readFile(s.Path, limit); err != nil {
			return nil, "cannot read: " + err.Error(), SkipUnreadable
		}
		if data == nil {
			return nil, fmt.Sprintf("skipped: %s is over the %s size limit (max-file-size)", humanSize(size), humanSize(limit)), SkipTooBig
		}
	} else if limit > 0 && int64(len(data)) > limit {
		return nil, fmt.Sprintf("skipped: %s is over the %s size limit (max-file-size)", humanSize(int64(len(data))), humanSize(limit)), SkipTooBig
	}
	if why := notText(data); why != "" {
		kind := SkipNotUTF8
		if why == binaryFile {
			kind = SkipBinary
		}
		return nil, "skipped: " + why, kind
	}
	doc, err := parsers.Load(s.Path, data)
	if err != nil {
		kind := SkipBroken
		if !lintable(s.Path) {
			kind = SkipUnsupported
		}
		return nil, "skipped: " + err.Error(), kind
	}
	return doc, "", ""
}

// abs is the file's absolute path, made once and only for files with findings.
func (u *loaded) abs() string {
	if u.absPath == "" {
		u.absPath = absPath(u.src.Path)
	}
	return u.absPath
}

// check runs the enabled rules over one file and resolves their diagnostics.
//
// With a run record, a file whose check key is the previous record's takes
// its findings from there, and what the rules find is recorded.
func (l *Linter) check(un *unit, store *cache.FactStore, cat *catalog.Catalog, proj *project, rec recorded) (out []finding.Finding, notes []Note) {
	plat := proj.plat.For(l.abs(un.src.Path)).Override(un.cfg)
	if un.settingsFacts != nil {
		// a settings file: its facts are its own, and no job runs it; its
		// findings are recorded (the run's key covers its text), never reused
		defer func() { rec.r.Add(rec.i, un.src.Path, cache.Key{}, out) }()
		return l.checkFacts(un, un.settingsFacts, cat, plat, nil)
	}
	runs := proj.sched.For(l.abs(un.src.Path))
	cluster := proj.settings.For(l.abs(un.src.Path))
	sched := scheduleOf(runs, l.wd())
	if rec.r != nil {
		schedule := ""
		if sched != nil {
			schedule = fmt.Sprintf("%g %s %s", sched.RunsPerDay, sched.Job, sched.Where)
		}
		key := rec.r.CheckKey(rec.i, un.extraDigest(), rec.catalog, plat, cluster, schedule)
		if fs, ok := rec.r.Reuse(rec.i, un.src.Path, key); ok {
			return fs, nil
		}
		defer func() { rec.r.Add(rec.i, un.src.Path, key, out) }()
	}
	f, err := store.Get(un.stored)
	if err != nil {
		return nil, []Note{{Path: un.src.Path, Message: "internal error: " + err.Error(), Error: true}}
	}
	extra, err := un.linked(store)
	if err != nil {
		return nil, []Note{{Path: un.src.Path, Message: "internal error: " + err.Error(), Error: true}}
	}
	extra.Merge(f)
	if len(cluster) > 0 {
		// spark-defaults.conf's and the job cluster's settings hold before the file's first line
		f.Settings = append(cluster, f.Settings...)
	}
	return l.checkFacts(un, f, cat, plat, sched)
}

// checkFacts runs the rules over a file's facts and resolves their
// diagnostics into its findings.
func (l *Linter) checkFacts(un *unit, f *facts.File, cat *catalog.Catalog, plat platform.Choice, sched *rule.Schedule) (out []finding.Finding, notes []Note) {
	other := newOtherFiles(un)
	u := &loaded{unit: un, facts: f, tok: other.self, other: other, absPath: l.abs(un.src.Path)}
	k := newPassKit(u, len(l.rules))
	defer k.release()
	diags, notes := k.run(l, cat, plat, sched)
	if len(diags) == 0 && !l.wantsUnusedNoqa(u) {
		return nil, notes
	}
	pos := k.positions()
	if pos == nil {
		return nil, append(notes, Note{Path: u.src.Path, Message: "changed while linting: " + k.posNote, Error: true})
	}
	out = l.resolveAll(u, diags, pos)
	out = l.suppress(u, out, pos)
	loop.Vet(pos.doc, u.facts, out)
	return out, notes
}

// recorded is what check needs of the run record (r nil for none): the
// source's index and the catalog's digest.
type recorded struct {
	r       *cache.Run
	i       int
	catalog [32]byte
}

// extractSafely extracts a document's facts; a panic in an extractor fails
// the file, not the run.
func extractSafely(doc *document.Document, opts extract.Options) (f *facts.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("internal error while extracting facts: %v", p)
		}
	}()
	f, regions := extract.FileAndSQLWith(doc, opts)
	for _, r := range regions {
		if r.Embedded {
			f.EmbeddedSQL = append(f.EmbeddedSQL, facts.EmbeddedSQL{Text: string(r.Text), Map: r.Map, KeepGaps: r.KeepGaps})
		}
	}
	return f, nil
}

// modelOptions is what extraction needs besides the text of a file that is
// a dbt model: its project's configs.
func modelOptions(m *dbtfacts.Input) extract.Options {
	return extract.Options{Model: m}
}

// fileKey is the key of the facts of the file at path holding data: its
// bytes, the configs its dbt project gives it when it is a model, and the
// parameters the jobs that run it pass.
func (l *Linter) fileKey(cfg *config.Config, path string, given []params.Given, data []byte) cache.Key {
	sum := paramsSum(sha256.Sum256(data), given)
	if _, project := l.models.For(path); project != ([32]byte{}) {
		sum = sha256.Sum256(append(sum[:], project[:]...))
	}
	return l.opts.Cache.FileKey(cfg, path, sum)
}

// lookup is the cache's answer for one file: the bytes read to hash it, so
// that a miss parses them without reading again, and the entry on a hit.
type lookup struct {
	cache *cache.Cache
	key   cache.Key
	data  []byte
	entry *cache.Entry
}

// lookup asks the cache about s. Sources given in memory (standard input, a
// file the fixer is changing) bypass the cache: they are usually a passing
// state, and there is nothing to gain from keeping them. A file that cannot
// be read is left to readDocument to explain.
//
// known, when not nil, is the key the run record already made of the file,
// with the bytes it hashed when the cache has no entry: either way the file
// is not read again.
func (l *Linter) lookup(s Source, given []params.Given, cfg *config.Config, known *cache.Known) *lookup {
	c := l.opts.Cache
	if c == nil || s.Data != nil {
		return nil
	}
	if known != nil {
		if known.Data != nil {
			c.Miss()
			return &lookup{cache: c, key: known.Key, data: known.Data} // a miss, read once
		}
		if e := c.Get(known.Key); e != nil {
			return &lookup{cache: c, key: known.Key, entry: e}
		}
	}
	data, _, err := readFile(s.Path, cfg.Rules.MaxFileSize)
	if err != nil || data == nil {
		known.Changed()
		return nil
	}
	lk := &lookup{cache: c, key: l.fileKey(cfg, s.Path, given, data), data: data}
	if known != nil {
		if known.Key == lk.key {
			return lk // asked already: a miss
		}
		known.Changed()
	}
	lk.entry = c.Get(lk.key)
	return lk
}

// source is s with the bytes the lookup read.
func (lk *lookup) source(s Source) Source {
	if lk != nil {
		s.Data = lk.data
	}
	return s
}

// hit fills u from the cache entry, if there is one: its facts go to
// u.facts (for the catalog) and, unless store is nil (a file read only for
// its facts), to the store for the rule pass, as encoded: they are decoded
// again only if the rule pass reads them (an edit run takes most files'
// findings from the run record), and the summary's part only by the link
// step.
func (lk *lookup) hit(u *unit, store *cache.FactStore) bool {
	if lk == nil || lk.entry == nil {
		return false
	}
	f := new(facts.File)
	at, err := f.UnmarshalSplit(lk.entry.Facts)
	if err != nil {
		lk.cache.Ignore("an entry", "holds facts that cannot be decoded")
		return false
	}
	rules := lk.entry.Facts[:at]
	// decoded by the link step; a copy, so as not to hold the entry
	u.summary, u.cached = slices.Clone(lk.entry.Facts[at:]), true
	u.size, u.details, u.unread = lk.entry.Size, lk.entry.Details, f.UnreadSQL
	u.sql = sqlCounts(f)
	if n, _ := otherDialectFile(f); n != "" {
		u.notes = append(u.notes, Note{Path: u.src.Path, Message: n})
	}
	u.noteSigns(f)
	u.facts = f // dropped by load unless a ContextMemo keeps them
	if store != nil {
		u.stored = store.PutEncoded(rules)
	}
	u.linted = true
	return true
}

// keep stores a parsed file's facts for the rule pass (unless store is nil)
// and writes them to the cache. It returns where they are stored and the
// encoding of their summary, for the link step.
func (lk *lookup) keep(store *cache.FactStore, f *facts.File, u *unit) (*cache.Stored, []byte) {
	if lk == nil {
		summary := facts.AppendSummary(nil, f.Summary)
		if store == nil {
			return nil, summary
		}
		return store.Put(f), summary
	}
	b, at := f.MarshalSplit()
	lk.cache.Put(lk.key, &cache.Entry{Size: u.size, Details: u.details, Facts: b})
	summary := slices.Clone(b[at:]) // not holding the rule facts' encoding
	if store == nil {
		return nil, summary
	}
	return store.PutEncoded(b[:at]), summary
}

// recordedRun is what a run record keeps of a result beside its findings,
// and the local table paths whose Delta logs would change it.
type recordedRun struct {
	Found, Files, UnreadSQL, Indexed int
	SQL                              SQLCounts
	Notes, Details                   []Note
	Local                            []string
}

// runRecordFor returns the record of this run, or nil when the run keeps
// none: live table statistics are not in its key, nor is the project
// context of a partial run or a source given in memory. It reads every
// source once, to hash it.
func (l *Linter) runRecordFor(srcs []Source, given [][]params.Given, projectRoots *platform.Roots, bundled *orchestration.Project) *cache.Run {
	c := l.opts.Cache
	if c == nil || l.opts.ProjectContext || l.opts.Partial || len(srcs) == 0 {
		return nil
	}
	files := make([]cache.RunFile, len(srcs))
	ok := make([]bool, len(srcs))
	digests := sync.Map{} // *config.Config → its digest, made once
	p := pool.New().WithMaxGoroutines(Workers())
	for i, s := range srcs {
		if s.Data != nil {
			return nil
		}
		p.Go(func() {
			cfg, err := l.configs.For(s.Path)
			if err != nil {
				return
			}
			data, _, err := readFile(s.Path, cfg.Rules.MaxFileSize)
			if err != nil || data == nil {
				return
			}
			f := &files[i]
			f.Path, f.Key = s.Path, l.fileKey(cfg, s.Path, given[i], data)
			if !c.Has(f.Key) {
				f.Data = data // to be parsed: not read again
			}
			d, loaded := digests.Load(cfg)
			if !loaded {
				d, _ = digests.LoadOrStore(cfg, cfg.Digest())
			}
			f.Config, ok[i] = d.([32]byte), true
		})
	}
	p.Wait()
	if slices.Contains(ok, false) {
		return nil // a file that cannot be read (or has no config) is explained by the run itself
	}
	wd := l.wd()
	if wd == "" {
		return nil
	}
	in := cache.RunInputs{WorkDir: wd, Attach: l.opts.Attach != nil, RecordKey: l.opts.RecordKey, Files: files, Schedules: l.scheduleInputs(bundled)}
	for _, rl := range l.rules {
		in.Rules = append(in.Rules, rl.Doc.Code)
	}
	for _, e := range l.projectEvidence(srcs, projectRoots) {
		in.Evidence = append(in.Evidence, fmt.Sprintf("%s %s %d %s", e.Platform, e.What, e.Rank, e.Path))
	}
	var defaultsFiles []string
	for _, c := range l.sparkDefaults(srcs, projectRoots) { // the settings every file of a root gets
		in.Evidence = append(in.Evidence, fmt.Sprintf("spark-defaults %s=%s %s:%d", c.Key, c.Value, c.At.File, c.At.Start))
		if !slices.Contains(defaultsFiles, c.At.File) {
			defaultsFiles = append(defaultsFiles, c.At.File)
		}
	}
	for _, f := range defaultsFiles { // their noqa comments too: the file's findings are its own
		data, _ := l.readProjectFile(f)
		in.Evidence = append(in.Evidence, fmt.Sprintf("spark-defaults text %s %x", f, sha256.Sum256(data)))
	}
	return c.Run(in)
}

// replay gives the recorded result of the run, if there is one: each file's
// findings go to Options.Emit in source order (or into the result without
// it). A record whose local tables have a Delta log now is no answer: their
// stats count.
func (l *Linter) replay(record *cache.Run) (*Result, bool) {
	var rr recordedRun
	groups, ok := record.Replay(&rr, func() bool {
		return len(rr.Local) == 0 || (l.opts.LiveStillInert != nil && l.opts.LiveStillInert(rr.Local))
	})
	if !ok {
		return nil, false
	}
	res := &Result{Found: rr.Found, Files: rr.Files, UnreadSQL: rr.UnreadSQL, SQL: rr.SQL, Indexed: rr.Indexed, Notes: rr.Notes, Details: rr.Details}
	for _, fs := range groups {
		switch {
		case len(fs) == 0:
		case l.opts.Emit != nil:
			l.opts.Emit(fs)
		default:
			res.Findings = append(res.Findings, fs...)
		}
	}
	return res, true
}

// liveLocal keeps the record only when live stats read nothing for cat, and
// returns the local table paths whose Delta logs would change that.
func (l *Linter) liveLocal(record *cache.Run, cat *catalog.Catalog) []string {
	o := l.opts
	if record == nil || o.Attach == nil {
		return nil
	}
	if o.LiveInert == nil || o.LiveStillInert == nil {
		record.Fail()
		return nil
	}
	local, ok := o.LiveInert(cat)
	if !ok {
		record.Fail()
	}
	return local
}

// cacheNotes are the cache's notes since the last.
func (l *Linter) cacheNotes() []Note {
	var out []Note
	for _, m := range l.opts.Cache.Notes() {
		out = append(out, Note{Message: m})
	}
	return out
}

func absPath(p string) string {
	if a, err := filepath.Abs(p); err == nil {
		return a
	}
	return p
}

func (l *Linter) ruleDoc(code string) *rule.Doc {
	for _, r := range l.rules {
		if r.Doc.Code == code {
			return r.Doc
		}
	}
	return &rule.Doc{Code: code}
}
