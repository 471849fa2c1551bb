package engine

// A run record keeps the whole result of a run, so that the same run over
// the same inputs (the pre-commit hook or editor save that changed
// nothing) prints it again without decoding a fact or running a rule. It is
// found by a key over everything a run's result depends on: lakelint's
// build (the cache's base), the working directory, the rules, whether
// findings are streamed, the files in order with their bytes (the key of
// each one's cache entry) and their configs, and what the project's own
// files say of the platform. Any change to any of them is another key: the
// run then links and checks every file over the cached facts, as without a
// record, and a cross-file finding follows the file that changed.
//
// Runs that read what the key cannot see keep no record: live table
// statistics (unless Options.LiveInert says none apply), project context of
// a partial run, sources given in memory.
// A run with an error keeps none either. A record that cannot be read is
// ignored with a note, and the run goes on as without one.

import (
	"bytes"
	"crypto/sha256"
	"encoding/gob"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/finding"
)

// runRecordsKept is how many run records a cache keeps (the newest).
const runRecordsKept = 4

// runRecord is one run's record: read before the run, written during it.
type runRecord struct {
	c    *Cache
	o    Options
	key  [32]byte
	path string

	keys [][32]byte // each source's cache key, as the record's key has it

	mu    sync.Mutex
	buf   bytes.Buffer
	enc   *gob.Encoder
	fail  bool     // something makes this run's result unfit to keep
	local []string // table paths live stats would read once they hold a log
}

// recordedGroup is one file's findings, in the order the run gave them.
type recordedGroup struct {
	Last     bool // the end of the groups
	Findings []finding.Finding
}

// recordedResult is the rest of the result: what Result holds but findings,
// and the local table paths whose Delta logs would change it.
type recordedResult struct {
	Found, Files, UnreadSQL, Indexed int
	Notes, Details                   []Note
	Local                            []string
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

// runRecordFor returns the record of this run, or nil when the run keeps
// none. It reads every source once, to hash it.
func (l *Linter) runRecordFor(srcs []Source, roots []string) *runRecord {
	c := l.opts.Cache
	if c == nil || l.opts.ProjectContext || len(srcs) == 0 {
		return nil
	}
	keys := make([][32]byte, len(srcs))
	cfgs := make([][32]byte, len(srcs))
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
			keys[i] = c.key(cfg, s.Path, sha256.Sum256(data))
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
	h := sha256.New()
	h.Write(c.base[:])
	writeField(h, "run record")
	writeField(h, wd)
	writeField(h, fmt.Sprint(l.opts.Emit != nil))
	writeField(h, fmt.Sprint(l.opts.Attach != nil))
	writeField(h, l.opts.RecordKey)
	for _, r := range l.rules {
		writeField(h, r.Doc.Code)
	}
	for i, s := range srcs {
		writeField(h, s.Path)
		h.Write(keys[i][:])
		h.Write(cfgs[i][:])
	}
	for _, sg := range projectSigns(srcs, roots) {
		writeField(h, fmt.Sprintf("%s %s %d %s", sg.Platform, sg.What, sg.Rank, sg.path))
	}
	r := &runRecord{c: c, o: l.opts, keys: keys}
	h.Sum(r.key[:0])
	r.path = filepath.Join(c.dir, "runs", hex.EncodeToString(r.key[:16]))
	r.enc = gob.NewEncoder(&r.buf)
	r.buf.Write(r.key[:])
	return r
}

// knownKey is a source's cache key as the run record made it.
type knownKey struct {
	key [32]byte
	r   *runRecord
}

// known is source i's key, nil without a record.
func (r *runRecord) known(i int) *knownKey {
	if r == nil {
		return nil
	}
	return &knownKey{key: r.keys[i], r: r}
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
// findings go to emit as they went in the run (or into the result when emit
// is nil). A record that is missing or unreadable is no answer.
func (r *runRecord) replay(emit func([]finding.Finding)) (*Result, bool) {
	if r == nil {
		return nil, false
	}
	data, err := os.ReadFile(r.path)
	if err != nil {
		return nil, false
	}
	res, groups, local, err := r.decode(data)
	if err != nil {
		r.c.ignore("a run record", err.Error())
		os.Remove(r.path)
		return nil, false
	}
	if len(local) > 0 && (r.o.LiveStillInert == nil || !r.o.LiveStillInert(local)) {
		return nil, false // a table the code writes has a Delta log now: its stats count
	}
	now := time.Now()
	os.Chtimes(r.path, now, now) //nolint:errcheck // the newest kept first: a failure only ages it
	for _, fs := range groups {
		if emit != nil {
			emit(fs)
		} else {
			res.Findings = append(res.Findings, fs...)
		}
	}
	r.c.mu.Lock()
	r.c.stats.RunsReused++
	r.c.mu.Unlock()
	return res, true
}

var errRecord = errors.New("is damaged")

// decode checks a record's key and checksum before it reads a finding, so a
// damaged record is never half replayed.
func (r *runRecord) decode(data []byte) (*Result, [][]finding.Finding, []string, error) {
	if len(data) < 64 || !bytes.Equal(data[:32], r.key[:]) {
		return nil, nil, nil, errRecord
	}
	body, sum := data[:len(data)-32], data[len(data)-32:]
	if want := sha256.Sum256(body); !bytes.Equal(sum, want[:]) {
		return nil, nil, nil, errRecord
	}
	dec := gob.NewDecoder(bytes.NewReader(body[32:]))
	var groups [][]finding.Finding
	for {
		var g recordedGroup
		if err := dec.Decode(&g); err != nil {
			return nil, nil, nil, errRecord
		}
		if g.Last {
			break
		}
		groups = append(groups, g.Findings)
	}
	var rr recordedResult
	if err := dec.Decode(&rr); err != nil {
		return nil, nil, nil, errRecord
	}
	return &Result{Found: rr.Found, Files: rr.Files, UnreadSQL: rr.UnreadSQL, Indexed: rr.Indexed, Notes: rr.Notes, Details: rr.Details}, groups, rr.Local, nil
}

// add records one file's findings, in the order the run gives them.
func (r *runRecord) add(fs []finding.Finding) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		return
	}
	if r.buf.Len() > int(r.c.max/runRecordsKept) {
		r.fail, r.buf = true, bytes.Buffer{} // too big to be worth keeping
		return
	}
	if err := r.enc.Encode(recordedGroup{Findings: fs}); err != nil {
		r.fail = true
	}
}

// emitting wraps emit so that what it is given is recorded too.
func (r *runRecord) emitting(emit func([]finding.Finding)) func([]finding.Finding) {
	if r == nil || emit == nil {
		return emit
	}
	return func(fs []finding.Finding) {
		r.add(fs)
		emit(fs)
	}
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
	rr := recordedResult{Found: res.Found, Files: res.Files, UnreadSQL: res.UnreadSQL, Indexed: res.Indexed, Notes: res.Notes, Details: res.Details, Local: r.local}
	if r.enc.Encode(recordedGroup{Last: true}) != nil || r.enc.Encode(rr) != nil {
		return
	}
	sum := sha256.Sum256(r.buf.Bytes())
	r.buf.Write(sum[:])
	dir := filepath.Dir(r.path)
	if err := os.MkdirAll(dir, 0o777); err != nil {
		return
	}
	tmp, err := os.CreateTemp(dir, "tmp-*")
	if err != nil {
		return
	}
	_, err = tmp.Write(r.buf.Bytes())
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	// written whole, then renamed: a concurrent run reads the old record or
	// the new one, never part of one
	if err != nil || os.Rename(tmp.Name(), r.path) != nil {
		os.Remove(tmp.Name())
		return
	}
	pruneRunRecords(dir)
}

// pruneRunRecords keeps the newest runRecordsKept records of dir, and removes
// temporary files a killed run left an hour ago or more.
func pruneRunRecords(dir string) {
	entries, err := os.ReadDir(dir)
	if err != nil {
		return
	}
	type rec struct {
		name string
		age  int64
	}
	var recs []rec
	for _, e := range entries {
		info, err := e.Info()
		if err != nil {
			continue
		}
		if strings.HasPrefix(e.Name(), "tmp-") {
			if time.Since(info.ModTime()).Hours() >= 1 {
				os.Remove(filepath.Join(dir, e.Name()))
			}
			continue
		}
		recs = append(recs, rec{e.Name(), info.ModTime().UnixNano()})
	}
	sort.Slice(recs, func(i, j int) bool { return recs[i].age > recs[j].age })
	for _, x := range recs[min(len(recs), runRecordsKept):] {
		os.Remove(filepath.Join(dir, x.name))
	}
}
