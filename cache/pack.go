package cache

// Cache entries are stored in pack files, not one file each: a run over a
// large project would otherwise make and open thousands of small files, which
// costs more than the parse it saves on some file systems. Each run that
// parsed files writes one pack of their entries under a temporary name and
// renames it into place at the end, so a reader sees whole packs only and
// runs at the same time each write their own. A pack is a header, the
// entries, an index of their keys and a footer. The header carries a MAC
// made with the user's key (file.go), which shows the pack is the
// user's own, and each entry one over its key and content, so that an entry
// is never believed unless this user's lakelint wrote it; the index carries
// a CRC, so a damaged pack is noticed and ignored. When packs pile up
// or outgrow the bound, a run merges them into one: first the entries it
// used, then the others, newest pack first, up to three quarters of the
// bound. The rest, used longest ago, is dropped with the old packs.

import (
	"bufio"
	"bytes"
	"crypto/hmac"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"time"
)

const (
	packVersion = 2
	packPrefix  = "v2-" // packs of other layouts have other names
	oldPrefix   = "v1-" // the layout before, whose packs a merge removes
	packSuffix  = ".pack"
	packHeader  = 16 + 32       // magic and version, and their MAC
	footerSize  = 8 + 4 + 4 + 8 // index offset, entry count, index CRC, end mark
	indexRecord = 32 + 8 + 4    // key, offset, length
	recordHead  = 32 + 32       // a record's key and the MAC of key and payload
	maxPacks    = 16
	// maxCacheEntry bounds what is read as one entry: facts are far smaller
	// than the files they come from, which max-file-size bounds.
	maxCacheEntry = 64 << 20
)

var (
	packMagic  = []byte("lakelint-cache\x00")
	packEnd    = []byte("LLPACKv1")
	castagnoli = crc32.MakeTable(crc32.Castagnoli)
)

// pack is one pack file, open for reading.
type pack struct {
	path    string
	f       *os.File
	size    int64
	entries []packIndex
}

type packIndex struct {
	key [32]byte
	off int64
	n   int
}

type packRef struct {
	p   *pack
	off int64
	n   int
}

// packSet is every pack a process read, and where each key is.
type packSet struct {
	mu     sync.RWMutex
	loaded bool
	list   []*pack // oldest first
	index  map[[32]byte]packRef
	bytes  int64
}

// packWriter is the pack a run is writing.
type packWriter struct {
	f       *os.File
	w       *bufio.Writer
	off     int64
	entries []packIndex
}

// Has reports whether the cache holds an entry for k, reading none.
func (c *Cache) Has(k Key) bool {
	ps := &c.packs
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if !ps.loaded {
		c.loadPacks()
	}
	_, ok := ps.index[k]
	return ok
}

// Get returns the entry for k, or nil. An entry that cannot be read is
// noted and then treated as missing; the run writes it again.
func (c *Cache) Get(k Key) *Entry {
	ps := &c.packs
	ps.mu.RLock()
	if !ps.loaded {
		ps.mu.RUnlock()
		ps.mu.Lock()
		if !ps.loaded {
			c.loadPacks()
		}
		ps.mu.Unlock()
		ps.mu.RLock()
	}
	ref, ok := ps.index[k]
	if !ok {
		ps.mu.RUnlock()
		c.count(func(s *Stats) { s.Misses++ })
		return nil
	}
	b := make([]byte, ref.n)
	_, err := ref.p.f.ReadAt(b, ref.off) // under the lock: a merge closes packs
	ps.mu.RUnlock()
	if err != nil {
		c.Ignore(ref.p.path, "cannot be read: "+err.Error())
		return nil
	}
	e, err := c.decodeEntry(b, k)
	if err != nil {
		c.Ignore(ref.p.path, err.Error())
		return nil
	}
	c.count(func(s *Stats) {
		s.Hits++
		c.markUsed(k)
	})
	return e
}

// loadPacks reads the index of every pack in the directory. The caller
// holds c.packs.mu.
func (c *Cache) loadPacks() {
	ps := &c.packs
	ps.loaded = true
	ps.index = map[[32]byte]packRef{}
	names, _ := os.ReadDir(c.dir)
	for _, d := range names {
		name := d.Name()
		if !d.Type().IsRegular() || !strings.HasPrefix(name, packPrefix) || !strings.HasSuffix(name, packSuffix) {
			continue
		}
		path := filepath.Join(c.dir, name)
		p, err := c.openPack(path)
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, errForeign) {
			continue // merged away by another run since the listing, or not the user's
		}
		if err != nil {
			c.Ignore(path, err.Error())
			if errors.Is(err, errCorrupt) {
				// the user's own (its header says so), renamed into place
				// whole: damaged, and goes, or it would be noted on every run
				os.Remove(path)
			}
			continue
		}
		ps.add(p)
	}
}

func (ps *packSet) add(p *pack) {
	ps.list = append(ps.list, p)
	ps.bytes += p.size
	for _, e := range p.entries {
		ps.index[e.key] = packRef{p, e.off, e.n}
	}
}

var (
	errForeign = errors.New("is not a lakelint cache pack of this version and this user")
	errCorrupt = errors.New("is corrupt")
)

// openPack opens a pack and reads its index. errCorrupt means a damaged
// pack whose header shows it is the user's own.
func (c *Cache) openPack(path string) (*pack, error) {
	f, size, err := openCacheFile(path)
	if err != nil {
		return nil, fmt.Errorf("cannot be read: %w", err)
	}
	p, err := c.readIndex(f, size)
	if err != nil {
		f.Close()
		return nil, err
	}
	p.path = path
	return p, nil
}

// packHead is the header of the user's packs.
func (c *Cache) packHead() []byte {
	head := append(append([]byte(nil), packMagic...), packVersion)
	m := c.mac([]byte("pack header"), head)
	return append(head, m[:]...)
}

// ownPack reports whether the file at path starts as the user's packs do.
func (c *Cache) ownPack(path string) bool {
	head, err := readCacheHead(path, packHeader)
	return err == nil && bytes.Equal(head, c.packHead())
}

func (c *Cache) readIndex(f *os.File, size int64) (*pack, error) {
	head := make([]byte, packHeader)
	if _, err := f.ReadAt(head, 0); err != nil || !bytes.Equal(head, c.packHead()) {
		return nil, errForeign
	}
	corrupt := errCorrupt
	if size < packHeader+footerSize {
		return nil, corrupt
	}
	foot := make([]byte, footerSize)
	if _, err := f.ReadAt(foot, size-footerSize); err != nil || !bytes.Equal(foot[16:], packEnd) {
		return nil, corrupt
	}
	at := int64(binary.LittleEndian.Uint64(foot))
	n := int64(binary.LittleEndian.Uint32(foot[8:]))
	if at < packHeader || at+n*indexRecord != size-footerSize || n*indexRecord > maxCacheEntry {
		return nil, corrupt
	}
	idx := make([]byte, n*indexRecord)
	if _, err := f.ReadAt(idx, at); err != nil || crc32.Checksum(idx, castagnoli) != binary.LittleEndian.Uint32(foot[12:]) {
		return nil, corrupt
	}
	p := &pack{f: f, size: size, entries: make([]packIndex, n)}
	for i := range p.entries {
		r := idx[i*indexRecord:]
		e := &p.entries[i]
		copy(e.key[:], r)
		e.off = int64(binary.LittleEndian.Uint64(r[32:]))
		e.n = int(binary.LittleEndian.Uint32(r[40:]))
		if e.off < packHeader || e.n < recordHead || e.n > maxCacheEntry || e.off+int64(e.n) > at {
			return nil, corrupt
		}
	}
	return p, nil
}

// decodeEntry checks and reads a record that should be k's.
func (c *Cache) decodeEntry(b []byte, k [32]byte) (*Entry, error) {
	if len(b) < recordHead || !bytes.Equal(b[:32], k[:]) {
		return nil, errors.New("is corrupt (an entry under the wrong key)")
	}
	payload := b[recordHead:]
	if m := c.mac(k[:], payload); !hmac.Equal(m[:], b[32:recordHead]) {
		return nil, errors.New("is corrupt (an entry this user's lakelint did not write)")
	}
	corrupt := errors.New("is corrupt")
	next := func() (int, bool) {
		v, n := binary.Uvarint(payload)
		if n <= 0 || v > maxCacheEntry {
			return 0, false
		}
		payload = payload[n:]
		return int(v), true
	}
	e := &Entry{}
	var ok bool
	if e.Size, ok = next(); !ok {
		return nil, corrupt
	}
	n, ok := next()
	if !ok || n > len(payload) {
		return nil, corrupt
	}
	for range n {
		l, ok := next()
		if !ok || l > len(payload) {
			return nil, corrupt
		}
		e.Details = append(e.Details, string(payload[:l]))
		payload = payload[l:]
	}
	e.Facts = payload
	return e, nil
}

func (c *Cache) encodeRecord(k [32]byte, e *Entry) []byte {
	payload := binary.AppendUvarint(nil, uint64(e.Size))
	payload = binary.AppendUvarint(payload, uint64(len(e.Details)))
	for _, d := range e.Details {
		payload = binary.AppendUvarint(payload, uint64(len(d)))
		payload = append(payload, d...)
	}
	payload = append(payload, e.Facts...)
	b := make([]byte, 0, recordHead+len(payload))
	m := c.mac(k[:], payload)
	b = append(append(b, k[:]...), m[:]...)
	return append(b, payload...)
}

// Put adds k's entry to the pack this run writes.
func (c *Cache) Put(k Key, e *Entry) {
	rec := c.encodeRecord(k, e)
	if len(rec) > maxCacheEntry {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.writeErr != "" {
		return
	}
	if c.out == nil {
		w, err := c.newPackWriter()
		if err != nil {
			c.writeErr = err.Error()
			return
		}
		c.out = w
	}
	if err := c.out.add(k, rec); err != nil {
		c.writeErr = err.Error()
		c.out.abandon()
		c.out = nil
		return
	}
	c.stats.Written++
	c.markUsed(k)
}

// markUsed remembers a key for merging. The caller holds c.mu.
func (c *Cache) markUsed(k [32]byte) {
	if c.used == nil {
		c.used = map[[32]byte]bool{}
	}
	c.used[k] = true
}

// newPackWriter starts a pack under a temporary name. Its header is written
// at once: a run killed while writing leaves a file that shows it is the
// cache's, which a later merge may remove.
func (c *Cache) newPackWriter() (*packWriter, error) {
	f, err := os.CreateTemp(c.dir, ".tmp-*")
	if err != nil {
		return nil, err
	}
	head := c.packHead()
	if _, err := f.Write(head); err != nil {
		f.Close()
		os.Remove(f.Name())
		return nil, err
	}
	return &packWriter{f: f, w: bufio.NewWriterSize(f, 256<<10), off: int64(len(head))}, nil
}

func (w *packWriter) add(k [32]byte, rec []byte) error {
	if _, err := w.w.Write(rec); err != nil {
		return err
	}
	w.entries = append(w.entries, packIndex{k, w.off, len(rec)})
	w.off += int64(len(rec))
	return nil
}

func (w *packWriter) abandon() {
	w.f.Close()
	os.Remove(w.f.Name())
}

// closePack writes the index and footer and renames the pack into place,
// where it is opened again for reading.
func (c *Cache) closePack(w *packWriter) (*pack, error) {
	idx := make([]byte, 0, len(w.entries)*indexRecord)
	for _, e := range w.entries {
		idx = append(idx, e.key[:]...)
		idx = binary.LittleEndian.AppendUint64(idx, uint64(e.off))
		idx = binary.LittleEndian.AppendUint32(idx, uint32(e.n))
	}
	foot := binary.LittleEndian.AppendUint64(nil, uint64(w.off))
	foot = binary.LittleEndian.AppendUint32(foot, uint32(len(w.entries)))
	foot = binary.LittleEndian.AppendUint32(foot, crc32.Checksum(idx, castagnoli))
	foot = append(foot, packEnd...)
	w.w.Write(idx)  //nolint:errcheck // checked at Flush
	w.w.Write(foot) //nolint:errcheck // checked at Flush
	err := w.w.Flush()
	if err == nil {
		err = w.f.Chmod(0o644) // as other cache files, not a temporary file's 0600
	}
	if cerr := w.f.Close(); err == nil {
		err = cerr
	}
	tmp := w.f.Name()
	name := filepath.Join(c.dir, fmt.Sprintf("%s%016x-%s%s", packPrefix, time.Now().UnixNano(), strings.TrimPrefix(filepath.Base(tmp), ".tmp-"), packSuffix))
	if err == nil {
		err = os.Rename(tmp, name)
	}
	if err != nil {
		os.Remove(tmp)
		return nil, err
	}
	return c.openPack(name)
}

// Finish ends a run: the pack it wrote goes into place, and packs are
// merged when there are too many or they hold too much.
func (c *Cache) Finish() {
	if c == nil {
		return
	}
	c.mu.Lock()
	w := c.out
	c.out = nil
	c.mu.Unlock()
	ps := &c.packs
	ps.mu.Lock()
	defer ps.mu.Unlock()
	if w != nil {
		p, err := c.closePack(w)
		if err != nil {
			c.mu.Lock()
			c.writeErr = err.Error()
			c.mu.Unlock()
			return
		}
		if ps.loaded {
			ps.add(p)
		} else {
			p.f.Close()
		}
	}
	if ps.loaded && (len(ps.list) > maxPacks || ps.bytes > c.max) {
		c.merge()
	} else if w != nil {
		c.removeLeftovers()
	}
}

// merge writes the entries worth keeping to one new pack and removes the
// packs read, and leftovers. A pack another run wrote since stays for a later merge. The
// caller holds c.packs.mu.
func (c *Cache) merge() {
	ps := &c.packs
	w, err := c.newPackWriter()
	if err != nil {
		return
	}
	limit := c.max / 4 * 3
	done := map[[32]byte]bool{}
	copyEntry := func(k [32]byte, ref packRef) bool {
		if done[k] {
			return true
		}
		if w.off+int64(ref.n) > limit {
			return false
		}
		b := make([]byte, ref.n)
		if _, err := ref.p.f.ReadAt(b, ref.off); err != nil {
			return true
		}
		if _, err := c.decodeEntry(b, k); err != nil {
			return true
		}
		done[k] = true
		return w.add(k, b) == nil
	}
	c.mu.Lock()
	used := c.used
	c.mu.Unlock()
	full := false
	for k := range used {
		if ref, ok := ps.index[k]; ok && !copyEntry(k, ref) {
			full = true
			break
		}
	}
	for i := len(ps.list) - 1; i >= 0 && !full; i-- {
		p := ps.list[i]
		for _, e := range p.entries {
			if !copyEntry(e.key, packRef{p, e.off, e.n}) {
				full = true
				break
			}
		}
	}
	merged, err := c.closePack(w)
	if err != nil {
		return
	}
	for _, p := range ps.list {
		p.f.Close()
		os.Remove(p.path)
	}
	c.removeLeftovers()
	ps.list, ps.bytes = nil, 0
	ps.index = map[[32]byte]packRef{}
	ps.add(merged)
}

// removeLeftovers removes the packs that runs killed while writing left
// behind an hour ago or more, and packs of the layout before: each only
// when its header shows it is the cache's.
func (c *Cache) removeLeftovers() {
	names, _ := os.ReadDir(c.dir)
	for _, d := range names {
		name, path := d.Name(), filepath.Join(c.dir, d.Name())
		if !d.Type().IsRegular() {
			continue
		}
		switch {
		case strings.HasPrefix(name, ".tmp-"):
			if info, err := d.Info(); err == nil && time.Since(info.ModTime()) > time.Hour && c.ownPack(path) {
				os.Remove(path)
			}
		case strings.HasPrefix(name, oldPrefix) && strings.HasSuffix(name, packSuffix):
			if head, err := readCacheHead(path, len(packMagic)+1); err == nil && bytes.Equal(head, append(packMagic[:len(packMagic):len(packMagic)], 1)) {
				os.Remove(path)
			}
		}
	}
}

// Close releases the files of the packs read. The cache may be used again.
func (c *Cache) Close() {
	ps := &c.packs
	ps.mu.Lock()
	defer ps.mu.Unlock()
	for _, p := range ps.list {
		p.f.Close()
	}
	ps.list, ps.index, ps.loaded, ps.bytes = nil, nil, false, 0
}

func (c *Cache) count(f func(*Stats)) {
	c.mu.Lock()
	f(&c.stats)
	c.mu.Unlock()
}

// Ignore notes an entry or record found at path (or named so) that cannot
// be used, and why: it counts as a miss.
func (c *Cache) Ignore(path, why string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.stats.Ignored++
	c.stats.Misses++
	if c.bad == 0 {
		c.firstBad = path + " " + why
	}
	c.bad++
}

// Notes returns what the user should know about the cache since the last
// call: entries ignored, writes that failed.
func (c *Cache) Notes() []string {
	if c == nil {
		return nil
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	var out []string
	if c.bad > 0 {
		what := "entry or pack"
		if c.bad > 1 {
			what = "entries or packs"
		}
		out = append(out, fmt.Sprintf("cache: ignored %d unreadable %s (%s); their files were linted again", c.bad, what, c.firstBad))
		c.bad = 0
	}
	if c.writeErr != "" {
		out = append(out, "cache: cannot write to "+c.dir+": "+c.writeErr)
		c.writeErr = ""
	}
	return out
}
