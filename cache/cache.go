// Package cache is lakelint's result cache: what a run keeps on disk so that
// the next run does not parse, or check, again what has not changed. It
// holds two kinds of entry, each found by its own key, and both keys start
// from one base.
//
// The base is the keyed hash (with the user's secret, see file.go) of what
// every entry depends on whatever the project: the pack layout, the fact
// encoding's version, lakelint's version, the build of the running binary
// (so a rebuilt lakelint never reads what another build wrote) and the
// Python grammar. Another user's or machine's cache, or one copied into a
// project, is therefore always a miss.
//
// A file key (Cache.FileKey) names one file's facts: the base, the part of
// the file's config extraction reads (none today), its path (facts name
// their file, and the catalog orders by it) and a digest of its bytes (for
// a dbt model, with its project's configs). A hit is an entry under that
// key whose MAC is right: the file is not parsed. Its findings are never
// kept with its facts, since findings depend on other files too: the
// catalog and the link step run again over cached facts.
//
// Findings are kept by run records (Run), under two keys. The run key
// (Cache.Run) names a whole run's inputs: the base, the working directory,
// the rules, each file's path, file key and config digest in order, the
// schedules' inputs and the project's platform evidence. A hit replays the
// recorded result without decoding a fact or running a rule. Without one,
// the newest record of the same project (same base, directory and rules)
// still serves file by file: a file's check key (Run.CheckKey) names all
// its rule pass reads — its file key and config digest, the catalog digest
// (CatalogDigest: everything the catalog holds, so a change anywhere that
// reaches the catalog changes every file's check key and a cross-file
// finding follows the file that changed), the platform, the job cluster's
// settings and schedule, and what the link step added to its facts. A file
// whose check key is the record's takes its findings from there.
//
// FactStore is not kept between runs: it holds a run's facts between
// extraction and the rule pass, spilling them to a temporary file.
package cache

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

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
)

// DirName is the cache's directory at a project's root.
const DirName = ".lakelint_cache"

// DefaultMaxBytes bounds a cache directory unless Options says otherwise.
const DefaultMaxBytes = 256 << 20

// Options say where the cache is and what it may hold.
type Options struct {
	Dir string
	// Version is lakelint's version; entries of other versions are not read.
	Version string
	// MaxBytes bounds the directory; 0 means DefaultMaxBytes. The
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
	stats Stats
	packs packSet // what is on disk, read at the first lookup
	out   *packWriter
	used  map[[32]byte]bool // keys this process read or wrote, kept first when packs are merged
	// notes
	bad      int    // entries or packs ignored since the last notes
	firstBad string // why the first of them was
	writeErr string // the first failed write, if any
}

// Stats count what a cache did, for tests and --verbose.
type Stats struct {
	Hits, Misses, Written, Ignored int
	// RunsReused counts runs whose whole result was a run record's, and
	// FilesReused files whose findings were.
	RunsReused, FilesReused int
}

// Open opens the cache at o.Dir (file.go says how it is made and claimed)
// and returns it. An error means the run goes on without a cache.
func Open(o Options) (*Cache, error) {
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
		WriteField(h, part)
	}
	h.Sum(c.base[:0])
	if c.max <= 0 {
		c.max = DefaultMaxBytes
	}
	return c, nil
}

// Dir is where the cache is: the directory named, or the one lakelint made
// inside it when the directory named is not a cache of lakelint's.
func (c *Cache) Dir() string { return c.dir }

// Stats returns what the cache has done so far.
func (c *Cache) Stats() Stats {
	if c == nil {
		return Stats{}
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.stats
}

// WriteField adds a length-prefixed field to a hash (whose writes never fail).
func WriteField(h hash.Hash, s string) {
	var n [binary.MaxVarintLen64]byte
	h.Write(n[:binary.PutUvarint(n[:], uint64(len(s)))])
	h.Write([]byte(s))
}

// factsConfig is the part of a file's configuration its facts depend on.
// Parsing and extraction read no configuration today (every key changes what
// rules make of facts, and rules always run again), so it is empty; a key
// that starts to change extraction must be added here.
func factsConfig(*config.Config) string { return "" }

// Key names an entry: a file's facts (FileKey), a run (Run) or a file's
// rule pass (Run.CheckKey).
type Key = [32]byte

// FileKey is the key of the facts of the file at path whose bytes digest to
// sum (for a dbt model, its bytes and its project's configs).
func (c *Cache) FileKey(cfg *config.Config, path string, sum [32]byte) Key {
	h := sha256.New()
	h.Write(c.base[:])
	WriteField(h, factsConfig(cfg))
	WriteField(h, path) // facts name their file, and the catalog orders by it
	h.Write(sum[:])
	var k Key
	h.Sum(k[:0])
	return k
}

// Entry is what the cache keeps of one file.
type Entry struct {
	Size    int      // the document's length
	Details []string // its --verbose remarks
	Facts   []byte   // its encoded facts
}

// Miss counts a lookup answered without asking the cache (a key known to
// have no entry).
func (c *Cache) Miss() { c.count(func(s *Stats) { s.Misses++ }) }

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
