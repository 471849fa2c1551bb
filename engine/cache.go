package engine

// The result cache keeps each file's facts between runs, so that a file whose
// bytes have not changed is not parsed again. An entry is found by a key that
// hashes everything its facts depend on: the file's bytes and path, the fact
// encoding's version, lakelint's version, the Python grammar and the build of
// the running binary (so a rebuilt lakelint never reads what another build
// wrote), keyed with the user's secret (cachefile.go), so that another user's
// or machine's cache is a miss. A file's findings are never kept with its facts: the catalog and
// the link step run again over the cached facts, so a finding that depends on
// another file follows that file. Findings are kept by the run records
// (runrecord.go), under keys that cover the catalog. How entries are stored
// is in cachepack.go.

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
	"io"
	"os"
	"runtime/debug"
	"sync"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/extract/link"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/orchestration"
)

// CacheDirName is the cache's directory at a project's root.
const CacheDirName = ".lakelint_cache"

// DefaultCacheMaxBytes bounds a cache directory unless CacheOptions says otherwise.
const DefaultCacheMaxBytes = 256 << 20

// CacheOptions say where the cache is and what it may hold.
type CacheOptions struct {
	Dir string
	// Version is lakelint's version; entries of other versions are not read.
	Version string
	// MaxBytes bounds the directory; 0 means DefaultCacheMaxBytes. The
	// entries used longest ago are removed first.
	MaxBytes int64
	// KeyDir holds the user's cache key; "" means $LAKELINT_CACHE_KEY_DIR,
	// else lakelint's directory in the user's cache directory.
	KeyDir string
}

// Cache is a result cache directory. It is safe for concurrent use, and for
// use by several processes at once.
type Cache struct {
	dir    string
	base   [32]byte // the keyed hash of what every key shares
	max    int64
	secret []byte // the user's cache key: what it authenticates is the user's own

	mu    sync.Mutex
	stats CacheStats
	packs packSet // what is on disk, read at the first lookup
	out   *packWriter
	used  map[[32]byte]bool // keys this process read or wrote, kept first when packs are merged
	// notes
	bad      int    // entries or packs ignored since the last notes
	firstBad string // why the first of them was
	writeErr string // the first failed write, if any
}

// CacheStats count what a cache did, for tests and --verbose.
type CacheStats struct {
	Hits, Misses, Written, Ignored int
	// RunsReused counts runs whose whole result was a run record's, and
	// FilesReused files whose findings were (runrecord.go).
	RunsReused, FilesReused int
}

// OpenCache opens the cache at o.Dir (cachefile.go says how it is made
// and claimed) and returns it. An error means the run goes on without a cache.
func OpenCache(o CacheOptions) (*Cache, error) {
	salt, err := buildSalt()
	if err != nil {
		return nil, err
	}
	keyDir := o.KeyDir
	if keyDir == "" {
		if keyDir, err = cacheKeyDir(); err != nil {
			return nil, fmt.Errorf("no place for the cache key: %w", err)
		}
	}
	secret, err := cacheKey(keyDir)
	if err != nil {
		return nil, err
	}
	dir, err := claimCacheDir(o.Dir)
	if err != nil {
		return nil, err
	}
	c := &Cache{dir: dir, max: o.MaxBytes, secret: secret}
	h := hmac.New(sha256.New, secret)
	for _, part := range []string{
		"lakelint result cache", fmt.Sprint(packVersion), fmt.Sprint(facts.CodecVersion),
		o.Version, salt, grammarVersion(),
	} {
		writeField(h, part)
	}
	h.Sum(c.base[:0])
	if c.max <= 0 {
		c.max = DefaultCacheMaxBytes
	}
	return c, nil
}

// Dir is where the cache is: the directory named, or the one lakelint made
// inside it when the directory named is not a cache of lakelint's.
func (c *Cache) Dir() string { return c.dir }

// Stats returns what the cache has done so far.
func (c *Cache) Stats() CacheStats {
	if c == nil {
		return CacheStats{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// writeField adds a length-prefixed field to a hash (whose writes never fail).
func writeField(h hash.Hash, s string) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
	h.Write([]byte(s))
}

// factsConfig is the part of a file's configuration its facts depend on.
// Parsing and extraction read no configuration today (every key changes what
// rules make of facts, and rules always run again), so it is empty; a key
// that starts to change extraction must be added here.
func factsConfig(*config.Config) string { return "" }

// key is the name of the entry for a file with these bytes at this path.
func (c *Cache) key(cfg *config.Config, path string, sum [32]byte) [32]byte {
	h := sha256.New()
	h.Write(c.base[:])
	writeField(h, factsConfig(cfg))
	writeField(h, path) // facts name their file, and the catalog orders by it
	h.Write(sum[:])
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// fileKey is the key of the facts of the file at path holding data: its
// bytes, the configs its dbt project gives it when it is a model, and the
// parameters the jobs that run it pass.
func (l *Linter) fileKey(cfg *config.Config, s Source, data []byte) [32]byte {
	path := s.Path
	sum := paramsSum(sha256.Sum256(data), s.params)
	if _, project := l.models.For(path); project != ([32]byte{}) {
		sum = sha256.Sum256(append(sum[:], project[:]...))
	}
	return l.opts.Cache.key(cfg, path, sum)
}

// cacheEntry is what the cache keeps of one file.
type cacheEntry struct {
	size    int      // the document's length
	details []string // its --verbose remarks
	facts   []byte   // its encoded facts
}

// lookup is the cache's answer for one file: the bytes read to hash it, so
// that a miss parses them without reading again, and the entry on a hit.
type lookup struct {
	cache *Cache
	key   [32]byte
	data  []byte
	entry *cacheEntry
}

// lookup asks the cache about s. Sources given in memory (standard input, a
// file the fixer is changing) bypass the cache: they are usually a passing
// state, and there is nothing to gain from keeping them. A file that cannot
// be read is left to readDocument to explain.
//
// known, when not nil, is the key the run record already made of the file,
// with the bytes it hashed when the cache has no entry: either way the file
// is not read again.
func (l *Linter) lookup(s Source, cfg *config.Config, known *knownKey) *lookup {
	c := l.opts.Cache
	if c == nil || s.Data != nil {
		return nil
	}
	if known != nil {
		if known.data != nil {
			c.count(func(s *CacheStats) { s.Misses++ })
			return &lookup{cache: c, key: known.key, data: known.data} // a miss, read once
		}
		if e := c.get(known.key); e != nil {
			return &lookup{cache: c, key: known.key, entry: e}
		}
	}
	data, _, err := readFile(s.Path, cfg.Rules.MaxFileSize)
	if err != nil || data == nil {
		known.changed()
		return nil
	}
	lk := &lookup{cache: c, key: l.fileKey(cfg, s, data), data: data}
	if known != nil {
		if known.key == lk.key {
			return lk // asked already: a miss
		}
		known.changed()
	}
	lk.entry = c.get(lk.key)
	return lk
}

// source is s with the bytes the lookup read.
func (lk *lookup) source(s Source) Source {
	if lk != nil {
		s.Data = lk.data
	}
	return s
}

// hit fills u from the cache entry, if there is one: its facts go to the
// catalog and, unless store is nil (a file read only for its facts), to the
// store for the rule pass.
func (lk *lookup) hit(u *unit, store *factStore, tables *catalog.Builder, links *link.Builder) bool {
	if lk == nil || lk.entry == nil {
		return false
	}
	f := new(facts.File)
	if err := f.UnmarshalBinary(lk.entry.facts); err != nil {
		lk.cache.ignore("an entry", "holds facts that cannot be decoded")
		return false
	}
	u.size, u.details, u.unread = lk.entry.size, lk.entry.details, f.UnreadSQL
	u.sql = sqlCounts(f)
	u.noteSigns(f)
	u.dagUnread = orchestration.CallsAirflow(f.Summary) // a DAG file: parsed from disk with the others
	tables.Add(f)
	links.Add(u.src.Path, f.Summary)
	if store != nil {
		if u.stored = store.keepAsIs(f, u.size); u.stored == nil {
			u.stored = store.putEncoded(lk.entry.facts)
		}
	}
	u.linted = true
	return true
}

// keep stores a parsed file's facts for the rule pass (unless store is nil)
// and writes them to the cache.
func (lk *lookup) keep(store *factStore, f *facts.File, u *unit) *stored {
	if lk == nil {
		if store == nil {
			return nil
		}
		return store.put(f, u.size)
	}
	b, _ := f.MarshalBinary()
	lk.cache.put(lk.key, &cacheEntry{size: u.size, details: u.details, facts: b})
	if store == nil {
		return nil
	}
	if r := store.keepAsIs(f, u.size); r != nil {
		return r
	}
	return store.putEncoded(b)
}

// buildSalt identifies the running binary: its Go build ID, which changes
// with any change to the code it was built from, or failing that its
// released version, or a hash of the executable.
var buildSalt = sync.OnceValues(func() (string, error) {
	exe, err := os.Executable()
	if err == nil {
		if id := readBuildID(exe); id != "" {
			return "build " + id, nil
		}
	}
	if bi, ok := debug.ReadBuildInfo(); ok && released(bi) {
		return "release " + bi.String(), nil
	}
	if err != nil {
		return "", fmt.Errorf("cannot identify the lakelint binary: %w", err)
	}
	f, err := os.Open(exe)
	if err != nil {
		return "", fmt.Errorf("cannot identify the lakelint binary: %w", err)
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return "", fmt.Errorf("cannot identify the lakelint binary: %w", err)
	}
	return fmt.Sprintf("executable %x", h.Sum(nil)), nil
})

// readBuildID finds the Go build ID near the start of an executable: in an
// ELF note ("Go" name, type 4), or after the marker the Go linker writes at
// the start of the text of other formats.
func readBuildID(exe string) string {
	f, err := os.Open(exe)
	if err != nil {
		return ""
	}
	defer f.Close()
	head := make([]byte, 64<<10)
	n, _ := io.ReadFull(f, head)
	head = head[:n]
	for i := 0; ; {
		j := bytes.Index(head[i:], []byte("Go\x00\x00"))
		if j < 0 {
			break
		}
		at := i + j
		i = at + 1
		if at < 12 {
			continue
		}
		nameSize := binary.LittleEndian.Uint32(head[at-12:])
		descSize := int(binary.LittleEndian.Uint32(head[at-8:]))
		kind := binary.LittleEndian.Uint32(head[at-4:])
		if nameSize == 4 && kind == 4 && descSize > 0 && at+4+descSize <= len(head) {
			return string(head[at+4 : at+4+descSize])
		}
	}
	marker := []byte("\xff Go build ID: \"")
	if i := bytes.Index(head, marker); i >= 0 {
		rest := head[i+len(marker):]
		if j := bytes.IndexByte(rest, '"'); j > 0 {
			return string(rest[:j])
		}
	}
	return ""
}

// released reports whether build information identifies the build: a
// module version from a clean checkout.
func released(bi *debug.BuildInfo) bool {
	if v := bi.Main.Version; v == "" || v == "(devel)" {
		return false
	}
	for _, s := range bi.Settings {
		if s.Key == "vcs.modified" && s.Value == "true" {
			return false
		}
	}
	return true
}

// grammarVersion is the version of the module holding the Python grammar.
func grammarVersion() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return "unknown"
	}
	for _, d := range bi.Deps {
		if d.Path == "github.com/smacker/go-tree-sitter" {
			if d.Replace != nil {
				d = d.Replace
			}
			return d.Path + " " + d.Version + " " + d.Sum
		}
	}
	return "unknown"
}
