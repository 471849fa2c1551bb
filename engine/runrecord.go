package engine

// A run record keeps the result of a run, file by file, so that the next
// run does not check again what has not changed.
//
// The same run over the same inputs (the pre-commit hook or editor save that
// changed nothing) prints the recorded result without decoding a fact or
// running a rule. It is found by a key over everything a run's result
// depends on: lakelint's build (the cache's base), the working directory,
// the rules, the files in order with their bytes (the key of each one's
// cache entry) and their configs, and what the project's own files say of
// the platform.
//
// A run with another key links every file over the cached facts and builds
// the catalog as without a record; then a file whose check inputs are all
// as the newest record of the project has them — its bytes, its facts with
// what the link step added, its config, the whole catalog, the platform —
// takes its findings from that record instead of running the rules. A
// change anywhere that reaches the catalog (a table defined, partitioned or
// written elsewhere) changes every file's check key, so a cross-file finding
// follows the file that changed.
//
// Runs that read what the key cannot see keep no record: live table
// statistics (unless Options.LiveInert says none apply), project context of
// a partial run, sources given in memory. A run with an error keeps none
// either. A record that cannot be read is ignored with a note, and the run
// goes on as without one. A record is believed only when its MAC, made with
// the user's key (cachefile.go), is right: a record committed with the
// project, copied from another machine or crafted is a miss.

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/extract/link"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/rules/rule"
)

// runRecordsKept is how many run records a cache keeps (the newest).
const runRecordsKept = 4

const (
	runsDirName = "runs"
	// a record is [magic][length][run key][project key][MAC of these]
	// [groups, gob run][MAC of all before]
	recordHeadSize = 16 + 8 + 32 + 32 + 32
	recordMinSize  = recordHeadSize + 32
)

var recordMagic = []byte("lakelint-runs\x00v2")

// runRecord is one run's record: read before the run, written during it.
type runRecord struct {
	c       *Cache
	o       Options
	key     [32]byte // the run's
	project [32]byte // what runs of one project share: build, directory, rules, stats
	path    string
	keys    [][32]byte // each source's cache key, as the record's key has it
	data    [][]byte   // the bytes of sources with no cache entry, read once for both
	cfgs    [][32]byte // each source's config digest
	prev    map[string]recordedGroup

	mu     sync.Mutex
	groups []recordedGroup
	fail   bool     // something makes this run's result unfit to keep
	local  []string // table paths live stats would read once they hold a log
}

// recordedGroup is one file's findings, with what they were checked from:
// encoded (findingcodec.go), so that a file whose findings are reused is
// written again without encoding them again.
type recordedGroup struct {
	Index    int // the source's, in the run
	Path     string
	Check    [32]byte // the file's check key (checkKey)
	Findings []byte
}

// recordedRun is the rest of the result: what Result holds but findings,
// and the local table paths whose Delta logs would change it.
type recordedRun struct {
	Found, Files, UnreadSQL, Indexed int
	SQL                              SQLCounts
	Notes, Details                   []Note
	Local                            []string
}

// runRecordFor returns the record of this run, or nil when the run keeps
// none. It reads every source once, to hash it.
func (l *Linter) runRecordFor(srcs []Source, projectRoots *platform.Roots) *runRecord {
	c := l.opts.Cache
	if c == nil || l.opts.ProjectContext || len(srcs) == 0 {
		return nil
	}
	keys := make([][32]byte, len(srcs))
	cfgs := make([][32]byte, len(srcs))
	kept := make([][]byte, len(srcs))
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
			keys[i] = l.fileKey(cfg, s, data)
			if !c.has(keys[i]) {
				kept[i] = data // to be parsed: not read again
			}
			d, loaded := digests.Load(cfg)
			if !loaded {
				d, _ = digests.LoadOrStore(cfg, cfg.Digest())
			}
			cfgs[i], ok[i] = d.([32]byte), true
		})
	}
	p.Wait()
	if slices.Contains(ok, false) {
		return nil // a file that cannot be read (or has no config) is explained by the run itself
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	runs := filepath.Join(c.dir, runsDirName)
	if info, err := os.Lstat(runs); err == nil && !info.IsDir() { // a link, or not a directory: not the cache's
		c.ignore(runs, "is not a directory lakelint made")
		return nil
	}
	r := &runRecord{c: c, o: l.opts, keys: keys, cfgs: cfgs, data: kept}
	h := sha256.New()
	h.Write(c.base[:])
	writeField(h, "run record")
	writeField(h, wd)
	writeField(h, fmt.Sprint(l.opts.Attach != nil))
	writeField(h, l.opts.RecordKey)
	for _, rl := range l.rules {
		writeField(h, rl.Doc.Code)
	}
	h.Sum(r.project[:0])
	for i, s := range srcs {
		writeField(h, s.Path)
		h.Write(keys[i][:])
		h.Write(cfgs[i][:])
	}
	sched := l.scheduleInputs(srcs)
	h.Write(sched[:])
	for _, e := range l.projectEvidence(srcs, projectRoots) {
		writeField(h, fmt.Sprintf("%s %s %d %s", e.Platform, e.What, e.Rank, e.Path))
	}
	h.Sum(r.key[:0])
	r.path = filepath.Join(runs, hex.EncodeToString(r.key[:16]))
	return r
}

// knownKey is a source's cache key as the run record made it, with the
// bytes it was made of when the cache has no entry for them.
type knownKey struct {
	key  [32]byte
	data []byte // nil when the cache has an entry
	r    *runRecord
}

// known is source i's key, nil without a record. The bytes go with it
// once: the record keeps no reference to them.
func (r *runRecord) known(i int) *knownKey {
	if r == nil {
		return nil
	}
	k := &knownKey{key: r.keys[i], data: r.data[i], r: r}
	r.data[i] = nil
	return k
}

// changed says the file is not as the record's key has it (it changed
// during the run): the run's result is not the key's.
func (k *knownKey) changed() {
	if k == nil {
		return
	}
	k.r.mu.Lock()
	k.r.fail = true
	k.r.mu.Unlock()
}

// replay gives the recorded result of the run, if there is one: each file's
// findings go to emit in source order (or into the result when emit is
// nil). A record that is missing or unreadable is no answer; without one,
// the newest record of the project is kept for its files' findings.
func (r *runRecord) replay(emit func([]finding.Finding)) (*Result, bool) {
	if r == nil {
		return nil, false
	}
	rec, err := r.read(r.path)
	if err != nil {
		r.usePrevious()
		return nil, false
	}
	if len(rec.run.Local) > 0 && (r.o.LiveStillInert == nil || !r.o.LiveStillInert(rec.run.Local)) {
		return nil, false // a table the code writes has a Delta log now: its stats count
	}
	r.touch()
	rr := rec.run
	res := &Result{Found: rr.Found, Files: rr.Files, UnreadSQL: rr.UnreadSQL, SQL: rr.SQL, Indexed: rr.Indexed, Notes: rr.Notes, Details: rr.Details}
	groups := make([][]finding.Finding, len(rec.groups))
	for i, g := range rec.groups {
		fs, err := decodeFindings(g.Findings)
		if err != nil {
			r.c.ignore("a run record", errRecord.Error())
			os.Remove(r.path) // the user's own: its MAC is right
			return nil, false
		}
		groups[i] = fs
	}
	for _, fs := range groups {
		switch {
		case len(fs) == 0:
		case emit != nil:
			emit(fs)
		default:
			res.Findings = append(res.Findings, fs...)
		}
	}
	r.c.mu.Lock()
	r.c.stats.RunsReused++
	r.c.mu.Unlock()
	return res, true
}

// record is a record as read: its groups in source order.
type record struct {
	project [32]byte
	groups  []recordedGroup
	run     recordedRun
}

var errRecord = errors.New("is damaged")

// touch makes the record the newest, without following a link.
func (r *runRecord) touch() {
	root, err := os.OpenRoot(filepath.Dir(r.path))
	if err != nil {
		return
	}
	defer root.Close() //nolint:errcheck // a directory handle, nothing written through it
	now := time.Now()
	root.Chtimes(filepath.Base(r.path), now, now) //nolint:errcheck // the newest kept first: a failure only ages it
}

// maxRecord bounds what a record may hold when written.
func (c *Cache) maxRecord() int64 { return c.max / runRecordsKept }

// maxRecordRead bounds a record read: what a run may write, and at least
// what a run with the default bound may (a cache whose bound was lowered
// since still reads its records, and never removes them for their size).
func (c *Cache) maxRecordRead() int64 {
	return max(c.maxRecord(), DefaultCacheMaxBytes/runRecordsKept)
}

// read reads a record; a missing file is os.ErrNotExist. A record that is
// not the user's (or not a record) is noted and left alone; a damaged one of
// the user's is noted and removed. The MAC is checked before a finding is
// read, so a damaged record is never half used.
func (r *runRecord) read(path string) (*record, error) {
	data, err := r.c.readRecord(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil, err
	}
	if err == nil {
		var rec *record
		if rec, err = r.c.decodeRecord(data); err == nil {
			if filepath.Base(path) == hex.EncodeToString(data[16+8:16+8+16]) {
				return rec, nil
			}
			err = errors.New("is another run's") // the user's, but moved: no answer for this run
		}
	}
	r.c.ignore("a run record", err.Error())
	if r.c.ownRecord(path) {
		os.Remove(path)
	}
	return nil, err
}

// readRecord reads a record file: a regular file, as long as its header
// says and no longer than maxRecordRead.
func (c *Cache) readRecord(path string) ([]byte, error) {
	f, size, err := openCacheFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	head := make([]byte, recordHeadSize)
	if _, err := io.ReadFull(f, head); err != nil || !c.validHead(head) {
		return nil, errRecord
	}
	n := int64(binary.LittleEndian.Uint64(head[16:]))
	if n != size || n > c.maxRecordRead() || n < recordMinSize {
		return nil, errRecord
	}
	data := make([]byte, n)
	copy(data, head)
	if _, err := io.ReadFull(f, data[recordHeadSize:]); err != nil {
		return nil, errRecord
	}
	return data, nil
}

// recordHead is the start of a record of length n: magic, length, keys and
// their MAC.
func (c *Cache) recordHead(n int, run, project [32]byte) []byte {
	b := append([]byte(nil), recordMagic...)
	b = binary.LittleEndian.AppendUint64(b, uint64(n))
	b = append(append(b, run[:]...), project[:]...)
	m := c.mac([]byte("run record"), b)
	return append(b, m[:]...)
}

// validHead reports whether head starts a record of the user's.
func (c *Cache) validHead(head []byte) bool {
	if len(head) < recordHeadSize || !bytes.Equal(head[:16], recordMagic) {
		return false
	}
	m := c.mac([]byte("run record"), head[:recordHeadSize-32])
	return hmac.Equal(m[:], head[recordHeadSize-32:recordHeadSize])
}

// ownRecord reports whether the file at path starts as the user's records do.
func (c *Cache) ownRecord(path string) bool {
	head, err := readCacheHead(path, recordHeadSize)
	return err == nil && c.validHead(head)
}

// decodeRecord checks the MAC of a record as readRecord read it and reads it.
func (c *Cache) decodeRecord(data []byte) (*record, error) {
	if len(data) < recordMinSize || !c.validHead(data) {
		return nil, errRecord
	}
	body, sum := data[:len(data)-32], data[len(data)-32:]
	if want := c.mac(body); !hmac.Equal(sum, want[:]) {
		return nil, errRecord
	}
	rec := &record{}
	copy(rec.project[:], body[16+8+32:])
	d := &fdec{b: body[recordHeadSize:]}
	n := d.count(1)
	rec.groups = make([]recordedGroup, n)
	for i := range rec.groups {
		g := &rec.groups[i]
		g.Index, g.Path = d.int(), d.str()
		if len(d.b) < 32 {
			return nil, errRecord
		}
		copy(g.Check[:], d.b)
		d.b = d.b[32:]
		m := d.count(1)
		g.Findings, d.b = d.b[:m:m], d.b[m:]
	}
	if d.err != nil || gob.NewDecoder(bytes.NewReader(d.b)).Decode(&rec.run) != nil {
		return nil, errRecord
	}
	return rec, nil
}

// usePrevious keeps the findings of the newest record of the same project,
// by file, for files whose check key has not changed.
func (r *runRecord) usePrevious() {
	dir := filepath.Dir(r.path)
	for _, name := range recordsNewestFirst(dir) {
		path := filepath.Join(dir, name)
		if !r.sameProject(path) {
			continue
		}
		rec, err := r.read(path)
		if err != nil {
			return
		}
		r.prev = make(map[string]recordedGroup, len(rec.groups))
		for _, g := range rec.groups {
			r.prev[g.Path] = g
		}
		return
	}
}

// sameProject reports whether the record at path is the user's, of this
// run's project.
func (r *runRecord) sameProject(path string) bool {
	head, err := readCacheHead(path, recordHeadSize)
	return err == nil && r.c.validHead(head) && bytes.Equal(head[16+8+32:16+8+64], r.project[:])
}

// checkKey names everything a file's rule pass reads: its bytes (for
// positions, noqa and fixes, and its own facts, which the bytes decide: the
// record's key of the file is its cache key), what the link step added to
// its facts, its config, the catalog and the platform.
func (r *runRecord) checkKey(i int, extra *link.Extra, catalogDigest [32]byte, plat platform.Choice, cluster []*facts.Setting, sched *rule.Schedule) [32]byte {
	h := sha256.New()
	h.Write(r.keys[i][:])
	h.Write(r.cfgs[i][:])
	h.Write(catalogDigest[:])
	writeField(h, string(plat.Platform))
	writeField(h, plat.Why)
	writeSettings(h, cluster)
	if sched != nil {
		writeField(h, fmt.Sprintf("%g %s %s", sched.RunsPerDay, sched.Job, sched.Where))
	}
	if extra != nil {
		buf := encodeBuffers.Get().(*[]byte)
		added := &facts.File{Writes: extra.Writes, Reads: extra.Reads, Tables: extra.Tables, Settings: extra.Settings, Maintenance: extra.Maintenance}
		*buf = added.AppendRuleFacts((*buf)[:0])
		h.Write(*buf)
		encodeBuffers.Put(buf)
		d := &digester{h: h, seen: map[uintptr]bool{}}
		d.value(reflect.ValueOf(extra.Fills))
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// reuse returns the findings the previous record has for the file at path
// checked with key k, if any, and records them for this run.
func (r *runRecord) reuse(i int, path string, k [32]byte) ([]finding.Finding, bool) {
	if r == nil || r.prev == nil {
		return nil, false
	}
	g, ok := r.prev[path]
	if !ok || g.Check != k {
		return nil, false
	}
	fs, err := decodeFindings(g.Findings)
	if err != nil {
		return nil, false
	}
	r.c.mu.Lock()
	r.c.stats.FilesReused++
	r.c.mu.Unlock()
	r.addEncoded(i, path, k, g.Findings)
	return fs, true
}

// add records one file's findings, checked with key k.
func (r *runRecord) add(i int, path string, k [32]byte, fs []finding.Finding) {
	if r == nil {
		return
	}
	r.addEncoded(i, path, k, appendFindings(nil, fs))
}

func (r *runRecord) addEncoded(i int, path string, k [32]byte, b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.groups = append(r.groups, recordedGroup{Index: i, Path: path, Check: k, Findings: b})
}

// live keeps the record only when live stats read nothing for cat.
func (r *runRecord) live(o Options, cat *catalog.Catalog) {
	if r == nil || o.Attach == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if o.LiveInert == nil || o.LiveStillInert == nil {
		r.fail = true
		return
	}
	local, ok := o.LiveInert(cat)
	r.fail = r.fail || !ok
	r.local = local
}

// finish writes the record of a run that ended well, replacing any other
// of its key, and removes the oldest records beyond runRecordsKept.
func (r *runRecord) finish(res *Result) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	for _, n := range res.Notes {
		if n.Error {
			r.fail = true
		}
	}
	if r.fail {
		return
	}
	sort.Slice(r.groups, func(i, j int) bool { return r.groups[i].Index < r.groups[j].Index })
	size := 64 + binary.MaxVarintLen64
	for _, g := range r.groups {
		size += 3*binary.MaxVarintLen64 + len(g.Path) + 32 + len(g.Findings)
	}
	e := &fenc{b: make([]byte, recordHeadSize, size+64<<10)}
	e.int(len(r.groups))
	for _, g := range r.groups {
		e.int(g.Index)
		e.str(g.Path)
		e.b = append(e.b, g.Check[:]...)
		e.int(len(g.Findings))
		e.b = append(e.b, g.Findings...)
	}
	buf := bytes.NewBuffer(e.b)
	run := recordedRun{Found: res.Found, Files: res.Files, UnreadSQL: res.UnreadSQL, SQL: res.SQL, Indexed: res.Indexed, Notes: res.Notes, Details: res.Details, Local: r.local}
	if gob.NewEncoder(buf).Encode(run) != nil {
		return
	}
	n := buf.Len() + 32
	if int64(n) > r.c.maxRecord() {
		return // too big to be worth keeping
	}
	copy(buf.Bytes(), r.c.recordHead(n, r.key, r.project))
	sum := r.c.mac(buf.Bytes())
	buf.Write(sum[:])
	dir := filepath.Dir(r.path)
	if err := os.Mkdir(dir, 0o777); err != nil && !errors.Is(err, os.ErrExist) {
		return
	}
	if info, err := os.Lstat(dir); err != nil || !info.IsDir() {
		return // not a directory of the cache's (a link made meanwhile)
	}
	tmp, err := os.CreateTemp(dir, "tmp-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if _, lerr := os.Lstat(r.path); lerr == nil && !r.c.ownRecord(r.path) {
		err = errors.New("not the cache's") // a file put there is not replaced
	}
	// written whole, then renamed: a concurrent run reads the old record or
	// the new one, never part of one
	if err != nil || os.Rename(tmp.Name(), r.path) != nil {
		os.Remove(tmp.Name())
		return
	}
	r.c.pruneRunRecords(dir)
}

// recordsNewestFirst lists the files of dir named as records are, the
// newest first.
func recordsNewestFirst(dir string) []string {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil
	}
	type rec struct {
		name string
		age  int64
	}
	var recs []rec
	for _, e := range entries {
		if !e.Type().IsRegular() || !recordName(e.Name()) {
			continue
		}
		if info, err := e.Info(); err == nil {
			recs = append(recs, rec{e.Name(), info.ModTime().UnixNano()})
		}
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].age > recs[j].age })
	names := make([]string, len(recs))
	for i, x := range recs {
		names[i] = x.name
	}
	return names
}

// oldRecord reports whether the file at path is a record of the layout
// before: its name is the hex of its first 16 bytes (its run key), and its
// last 32 bytes are the SHA-256 of the rest.
func (c *Cache) oldRecord(path string) bool {
	if head, err := readCacheHead(path, 16); err != nil || filepath.Base(path) != hex.EncodeToString(head) {
		return false
	}
	b, err := readCacheFile(path, c.maxRecordRead())
	if err != nil || len(b) < 96 {
		return false
	}
	sum := sha256.Sum256(b[:len(b)-32])
	return bytes.Equal(sum[:], b[len(b)-32:])
}

// recordName reports whether name is as a record's: the hex of 16 bytes.
func recordName(name string) bool {
	b, err := hex.DecodeString(name)
	return err == nil && len(b) == 16
}

// pruneRunRecords keeps the newest runRecordsKept records of the user's in
// dir, and removes temporary files a killed run left an hour ago or more.
// Nothing is removed whose name and header do not show it is the user's.
func (c *Cache) pruneRunRecords(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		if info, err := e.Info(); err == nil && e.Type().IsRegular() && strings.HasPrefix(e.Name(), "tmp-") &&
			time.Since(info.ModTime()) >= time.Hour && c.ownRecord(path) {
			os.Remove(path)
		}
	}
	kept := 0
	for _, name := range recordsNewestFirst(dir) {
		path := filepath.Join(dir, name)
		if !c.ownRecord(path) {
			if c.oldRecord(path) {
				os.Remove(path)
			}
			continue
		}
		if kept++; kept > runRecordsKept {
			os.Remove(path)
		}
	}
}
