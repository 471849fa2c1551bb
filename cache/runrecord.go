package cache

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
// Runs that read what the key cannot see keep no record (the caller makes
// none, or calls Fail): live table statistics that apply, project context
// of a partial run, sources given in memory, a run with an error. A record that cannot be read is ignored with a note, and the run
// goes on as without one. A record is believed only when its MAC, made with
// the user's key (file.go), is right: a record committed with the
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
	"hash"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/platform"
	"github.com/lakelint/lakelint/wire"
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

// Run is one run's record: read before the run, written during it. Its
// methods do nothing on a nil Run (a run that keeps no record).
type Run struct {
	c       *Cache
	key     Key      // the run's
	project [32]byte // what runs of one project share: build, directory, rules, stats
	path    string
	keys    []Key      // each source's cache key, as the record's key has it
	data    [][]byte   // the bytes of sources with no cache entry, read once for both
	cfgs    [][32]byte // each source's config digest
	prev    map[string]recordedGroup

	mu     sync.Mutex
	groups []recordedGroup
	fail   bool // something makes this run's result unfit to keep
}

// recordedGroup is one file's findings, with what they were checked from:
// encoded (findingcodec.go), so that a file whose findings are reused is
// written again without encoding them again.
type recordedGroup struct {
	Index    int // the source's, in the run
	Path     string
	Check    Key // the file's check key (CheckKey)
	Findings []byte
}

// RunInputs are what a run's result depends on, beside lakelint's build.
type RunInputs struct {
	WorkDir   string
	Attach    bool   // live table statistics are read
	RecordKey string // what else the caller's result depends on
	Rules     []string
	Files     []RunFile
	Schedules [32]byte // what the schedules are read from beside the sources
	Evidence  []string // what the project's own files say of the platform
}

// RunFile is one source of a run.
type RunFile struct {
	Path   string
	Key    Key      // its file key
	Config [32]byte // its config's digest
	Data   []byte   // its bytes when the cache has no entry for them, else nil
}

// Run returns the record of a run with these inputs, or nil when the cache
// cannot keep one.
func (c *Cache) Run(in RunInputs) *Run {
	runs := filepath.Join(c.dir, runsDirName)
	if info, err := os.Lstat(runs); err == nil && !info.IsDir() { // a link, or not a directory: not the cache's
		c.Ignore(runs, "is not a directory lakelint made")
		return nil
	}
	r := &Run{c: c, keys: make([]Key, len(in.Files)), cfgs: make([][32]byte, len(in.Files)), data: make([][]byte, len(in.Files))}
	h := sha256.New()
	h.Write(c.base[:])
	WriteField(h, "run record")
	WriteField(h, in.WorkDir)
	WriteField(h, fmt.Sprint(in.Attach))
	WriteField(h, in.RecordKey)
	for _, code := range in.Rules {
		WriteField(h, code)
	}
	h.Sum(r.project[:0])
	for i, f := range in.Files {
		r.keys[i], r.cfgs[i], r.data[i] = f.Key, f.Config, f.Data
		WriteField(h, f.Path)
		h.Write(f.Key[:])
		h.Write(f.Config[:])
	}
	h.Write(in.Schedules[:])
	for _, e := range in.Evidence {
		WriteField(h, e)
	}
	h.Sum(r.key[:0])
	r.path = filepath.Join(runs, hex.EncodeToString(r.key[:16]))
	return r
}

// Known is a source's file key as the run record made it, with the bytes
// it was made of when the cache has no entry for them.
type Known struct {
	Key  Key
	Data []byte // nil when the cache has an entry
	r    *Run
}

// Known is source i's key, nil without a record. The bytes go with it
// once: the record keeps no reference to them.
func (r *Run) Known(i int) *Known {
	if r == nil {
		return nil
	}
	k := &Known{Key: r.keys[i], Data: r.data[i], r: r}
	r.data[i] = nil
	return k
}

// Changed says the file is not as the record's key has it (it changed
// during the run): the run's result is not the key's.
func (k *Known) Changed() {
	if k != nil {
		k.r.Fail()
	}
}

// Fail says the run's result is not fit to keep: it read what its key
// does not cover.
func (r *Run) Fail() {
	if r == nil {
		return
	}
	r.mu.Lock()
	r.fail = true
	r.mu.Unlock()
}

// Replay gives the recorded result of the run, if there is one: the
// summary Finish was given is decoded into summary (a pointer to a value
// of its type) and, when fresh accepts it, each file's findings are
// returned in source order. A record that is missing or unreadable is no
// answer; without one, the newest record of the project is kept for its
// files' findings (Reuse).
func (r *Run) Replay(summary any, fresh func() bool) ([][]finding.Finding, bool) {
	if r == nil {
		return nil, false
	}
	rec, err := r.read(r.path)
	if err == nil && gob.NewDecoder(bytes.NewReader(rec.summary)).Decode(summary) != nil {
		err = errRecord
		r.c.Ignore("a run record", err.Error())
		os.Remove(r.path) // the user's own: its MAC is right
	}
	if err != nil {
		r.usePrevious()
		return nil, false
	}
	if fresh != nil && !fresh() {
		return nil, false // what the key cannot see has changed
	}
	r.touch()
	groups := make([][]finding.Finding, len(rec.groups))
	for i, g := range rec.groups {
		fs, err := decodeFindings(g.Findings)
		if err != nil {
			r.c.Ignore("a run record", errRecord.Error())
			os.Remove(r.path) // the user's own: its MAC is right
			return nil, false
		}
		groups[i] = fs
	}
	r.c.mu.Lock()
	r.c.stats.RunsReused++
	r.c.mu.Unlock()
	return groups, true
}

// record is a record as read: its groups in source order, and the
// summary's encoding.
type record struct {
	project [32]byte
	groups  []recordedGroup
	summary []byte
}

var errRecord = errors.New("is damaged")

// touch makes the record the newest, without following a link.
func (r *Run) touch() {
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
	return max(c.maxRecord(), DefaultMaxBytes/runRecordsKept)
}

// read reads a record; a missing file is os.ErrNotExist. A record that is
// not the user's (or not a record) is noted and left alone; a damaged one of
// the user's is noted and removed. The MAC is checked before a finding is
// read, so a damaged record is never half used.
func (r *Run) read(path string) (*record, error) {
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
	r.c.Ignore("a run record", err.Error())
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
	d := &wire.Decoder{B: body[recordHeadSize:]}
	n, _ := d.Count()
	rec.groups = make([]recordedGroup, n)
	for i := range rec.groups {
		g := &rec.groups[i]
		g.Index, g.Path = d.Int(), string(d.Bytes())
		if len(d.B) < 32 {
			return nil, errRecord
		}
		copy(g.Check[:], d.B)
		d.B = d.B[32:]
		g.Findings = d.Bytes()
	}
	if d.Err != nil {
		return nil, errRecord
	}
	rec.summary = d.B
	return rec, nil
}

// usePrevious keeps the findings of the newest record of the same project,
// by file, for files whose check key has not changed.
func (r *Run) usePrevious() {
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
func (r *Run) sameProject(path string) bool {
	head, err := readCacheHead(path, recordHeadSize)
	return err == nil && r.c.validHead(head) && bytes.Equal(head[16+8+32:16+8+64], r.project[:])
}

// CheckKey names everything source i's rule pass reads: its bytes (for
// positions, noqa and fixes, and its own facts, which the bytes decide: the
// record's key of the file is its file key), what the link step added to
// its facts (the digest of its link.Extra, nil for none), its config, the catalog (CatalogDigest), the platform, and the
// settings of the jobs that run it and how often (schedule, as the caller
// describes it; "" for a file no job runs).
func (r *Run) CheckKey(i int, extra *[32]byte, catalogDigest [32]byte, plat platform.Choice, cluster []*facts.Setting, schedule string) Key {
	h := sha256.New()
	h.Write(r.keys[i][:])
	h.Write(r.cfgs[i][:])
	h.Write(catalogDigest[:])
	WriteField(h, string(plat.Platform))
	WriteField(h, plat.Why)
	for _, pl := range plat.Plugins {
		WriteField(h, pl.Catalog+"="+pl.Class+"@"+pl.Where)
	}
	writeSettings(h, cluster)
	if schedule != "" {
		WriteField(h, schedule)
	}
	if extra != nil {
		h.Write(extra[:])
	}
	var k Key
	h.Sum(k[:0])
	return k
}

// writeSettings adds injected settings to a check key.
func writeSettings(h hash.Hash, ss []*facts.Setting) {
	for _, s := range ss {
		WriteField(h, fmt.Sprintf("%s=%s@%s:%d-%d", s.Key, s.Value.Str, s.At.File.Path(), s.At.Start, s.At.End))
	}
}

// Reuse returns the findings the previous record has for the file at path
// checked with key k, if any, and records them for this run.
func (r *Run) Reuse(i int, path string, k Key) ([]finding.Finding, bool) {
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

// Add records source i's findings, checked with key k.
func (r *Run) Add(i int, path string, k Key, fs []finding.Finding) {
	if r == nil {
		return
	}
	r.addEncoded(i, path, k, appendFindings(nil, fs))
}

func (r *Run) addEncoded(i int, path string, k [32]byte, b []byte) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.groups = append(r.groups, recordedGroup{Index: i, Path: path, Check: k, Findings: b})
}

// Finish writes the record of a run that ended well, with summary (what
// else of the result Replay gives back, encoded with encoding/gob),
// replacing any other of its key, and removes the oldest records beyond
// runRecordsKept.
func (r *Run) Finish(summary any) {
	if r == nil {
		return
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.fail {
		return
	}
	sort.Slice(r.groups, func(i, j int) bool { return r.groups[i].Index < r.groups[j].Index })
	size := 64 + binary.MaxVarintLen64
	for _, g := range r.groups {
		size += 3*binary.MaxVarintLen64 + len(g.Path) + 32 + len(g.Findings)
	}
	e := &wire.Encoder{B: make([]byte, recordHeadSize, size+64<<10)}
	e.Count(len(r.groups), false)
	for _, g := range r.groups {
		e.Int(g.Index)
		e.Str(g.Path)
		e.B = append(e.B, g.Check[:]...)
		e.Bytes(g.Findings)
	}
	buf := bytes.NewBuffer(e.B)
	if gob.NewEncoder(buf).Encode(summary) != nil {
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
