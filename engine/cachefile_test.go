package engine_test

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/engine"
)

// TestMain keeps the tests' cache key out of the user's cache directory.
func TestMain(m *testing.M) {
	dir, err := os.MkdirTemp("", "lakelint-engine-key-")
	if err != nil {
		panic(err)
	}
	os.Setenv("LAKELINT_CACHE_KEY_DIR", dir)
	code := m.Run()
	os.RemoveAll(dir)
	os.Exit(code)
}

// newCacheDir names a cache directory that does not exist yet, which the
// cache then makes for itself.
func newCacheDir(t *testing.T) string {
	return filepath.Join(t.TempDir(), "cache")
}

// tree describes every file below dir, links and special files included,
// without following a link: path → content, or what it is.
func tree(t *testing.T, dir string) map[string]string {
	t.Helper()
	out := map[string]string{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		info, err := d.Info()
		if err != nil {
			return err
		}
		switch m := info.Mode(); {
		case m&fs.ModeSymlink != 0:
			to, _ := os.Readlink(p)
			out[rel] = "link to " + to
		case m.IsDir():
			out[rel] = "directory"
		case m.IsRegular():
			b, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			out[rel] = string(b)
		default:
			out[rel] = m.Type().String()
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// decoys puts files in dir that are named as the cache's are, but are not
// the cache's: none may ever be removed or changed.
func decoys(t *testing.T, dir string) {
	t.Helper()
	old := time.Now().Add(-48 * time.Hour)
	for _, name := range []string{
		"v1-0000000000000001-1.pack", "v2-0000000000000001-1.pack", ".tmp-1", "notes.txt",
		"runs/tmp-1", "runs/00000000000000000000000000000001", "runs/00000000000000000000000000000002",
		"runs/00000000000000000000000000000003", "runs/00000000000000000000000000000004",
		"runs/00000000000000000000000000000005", "runs/00000000000000000000000000000006",
	} {
		p := write(t, dir, name, "the user's own "+name+", which only looks like the cache's\n")
		if err := os.Chtimes(p, old, old); err != nil {
			t.Fatal(err)
		}
	}
}

// A cache directory that is a symbolic link is refused, and nothing where
// it points is touched.
func TestCacheRefusesALinkedDirectory(t *testing.T) {
	target := t.TempDir()
	decoys(t, target)
	before := tree(t, target)
	link := filepath.Join(t.TempDir(), "cache")
	if err := os.Symlink(target, link); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	_, err := cache.Open(cache.Options{Dir: link, Version: "test"})
	if err == nil || !strings.Contains(err.Error(), "symbolic link") {
		t.Fatalf("a linked cache directory: err = %v", err)
	}
	if after := tree(t, target); !reflect.DeepEqual(after, before) {
		t.Errorf("the directory linked to changed:\n%v\nwant\n%v", after, before)
	}
}

// A directory lakelint did not make is not the cache: the cache goes in a
// directory lakelint makes inside it, and nothing of the user's there is
// removed, changed or hidden by a .gitignore, whatever its name.
func TestCacheInADirectoryItDidNotMake(t *testing.T) {
	dir := writeProject(t, cacheProject)
	want := runOnce(t, dir, nil, true)
	user := t.TempDir()
	decoys(t, user)
	before := tree(t, user)
	var c *cache.Cache
	for i := range 6 {
		write(t, dir, "jobs/n.py", fmt.Sprintf("x = %d\n", i))
		c = openCache(t, user, func(o *cache.Options) { o.MaxBytes = 64 << 10 })
		got := runOnce(t, dir, c, true)
		if len(got.Findings) <= len(want.Findings)-1 {
			t.Fatalf("run %d: %d findings, want %d at least", i, len(got.Findings), len(want.Findings))
		}
	}
	if c.Dir() != filepath.Join(user, cache.DirName) {
		t.Errorf("the cache is at %s", c.Dir())
	}
	after := tree(t, user)
	for name := range after {
		if name == cache.DirName || strings.HasPrefix(name, cache.DirName+string(filepath.Separator)) {
			delete(after, name)
		}
	}
	if !reflect.DeepEqual(after, before) {
		t.Errorf("the user's directory changed:\n%v\nwant\n%v", after, before)
	}
	if _, err := os.Stat(filepath.Join(c.Dir(), "CACHEDIR.TAG")); err != nil {
		t.Errorf("the cache's own directory has no tag: %v", err)
	}
	// the same directory named again finds the same cache
	again := openCache(t, user)
	if runOnce(t, dir, again, true); again.Stats().RunsReused != 1 {
		t.Errorf("the cache was not found again: %+v", again.Stats())
	}
}

// Inside its own directory the cache removes its own leftovers (an old
// temporary pack, a pack and a record of the layout before, records beyond
// the newest few) and nothing else: not files named as its own are, not links, not
// what links point to.
func TestCacheRemovesOnlyItsOwnFiles(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := newCacheDir(t)
	runOnce(t, dir, openCache(t, cacheDir), true)
	own, err := os.ReadFile(packs(t, cacheDir)[0])
	if err != nil {
		t.Fatal(err)
	}
	decoys(t, cacheDir)
	outside := write(t, t.TempDir(), "precious.txt", "not the cache's\n")
	for _, name := range []string{"v2-0000000000000002-2.pack", ".tmp-2", "runs/00000000000000000000000000000007", "runs/tmp-2"} {
		if err := os.Symlink(outside, filepath.Join(cacheDir, name)); err != nil {
			t.Skip("no symbolic links here:", err)
		}
	}
	old := time.Now().Add(-48 * time.Hour)
	oldRecord := bytes.Repeat([]byte("a record of the layout before, "), 4)
	sum := sha256.Sum256(oldRecord)
	oldRecord = append(oldRecord, sum[:]...)
	notRecord := bytes.Repeat([]byte("named as one, but its sum is wrong"), 4)
	leftovers := []string{
		write(t, cacheDir, ".tmp-own", string(own[:len(own)/2])),                   // a run killed while writing
		write(t, cacheDir, "v1-0000000000000003-3.pack", "lakelint-cache\x00\x01"), // the layout before
		write(t, cacheDir, filepath.Join("runs", hex.EncodeToString(oldRecord[:16])), string(oldRecord)),
	}
	// named as a record of the layout before, but not one: its sum is wrong
	write(t, cacheDir, filepath.Join("runs", hex.EncodeToString(notRecord[:16])), string(notRecord))
	for _, p := range leftovers {
		os.Chtimes(p, old, old)
	}
	before := tree(t, cacheDir)

	for i := range 6 {
		write(t, dir, "jobs/n.py", fmt.Sprintf("x = %d\n", i))
		runOnce(t, dir, openCache(t, cacheDir), true)
	}
	// a small bound makes the next run merge its packs, removing leftovers
	write(t, dir, "jobs/n.py", "x = 'last'\n")
	runOnce(t, dir, openCache(t, cacheDir, func(o *cache.Options) { o.MaxBytes = 1 << 10 }), true)

	after := tree(t, cacheDir)
	for name, was := range before {
		removed := after[name] != was
		isLeftover := slices.Contains(leftovers, filepath.Join(cacheDir, name))
		ours := isLeftover || strings.HasSuffix(name, ".pack") && strings.HasPrefix(was, "lakelint-cache") || strings.HasPrefix(name, "runs"+string(filepath.Separator)) && strings.HasPrefix(was, "lakelint-runs")
		switch {
		case isLeftover && !removed:
			t.Errorf("the cache's leftover %s is still there", name)
		case removed && !ours:
			t.Errorf("%s, not the cache's, was removed or changed", name)
		}
	}
	records := 0
	for name, text := range after {
		if strings.HasPrefix(name, "runs"+string(filepath.Separator)) && strings.HasPrefix(text, "lakelint-runs") {
			records++
		}
	}
	if records != 4 {
		t.Errorf("want the newest 4 records of the cache's, have %d", records)
	}
	if b, err := os.ReadFile(outside); err != nil || string(b) != "not the cache's\n" {
		t.Errorf("the file links point to: %q, %v", b, err)
	}
}

// A record altered and sealed again with a plain checksum (as anyone who
// can write the cache directory could, or a committed cache could carry) is
// not believed: its findings are not shown.
func TestRunRecordForgedWithAPlainChecksum(t *testing.T) {
	dir := writeProject(t, cacheProject)
	want := runOnce(t, dir, nil, true)
	cacheDir := newCacheDir(t)
	runOnce(t, dir, openCache(t, cacheDir), true)
	recs, _ := filepath.Glob(filepath.Join(cacheDir, "runs", "*"))
	if len(recs) != 1 {
		t.Fatalf("want one record, have %v", recs)
	}
	b, err := os.ReadFile(recs[0])
	if err != nil {
		t.Fatal(err)
	}
	msg := want.Findings[0].Message
	i := bytes.Index(b, []byte(msg))
	if i < 0 {
		t.Fatalf("the record does not hold %q", msg)
	}
	forged := []byte("FORGED" + msg[6:])
	copy(b[i:], forged)
	sum := sha256.Sum256(b[:len(b)-32])
	copy(b[len(b)-32:], sum[:])
	if err := os.WriteFile(recs[0], b, 0o644); err != nil {
		t.Fatal(err)
	}
	c := openCache(t, cacheDir)
	got := runOnce(t, dir, c, true)
	if !reflect.DeepEqual(got.Findings, want.Findings) {
		t.Errorf("a forged record was believed:\n%v\nwant\n%v", lines(dir, got.Findings), lines(dir, want.Findings))
	}
	if s := c.Stats(); s.RunsReused != 0 {
		t.Errorf("a forged record was replayed: %+v", s)
	}
}

// A record of another run of the user's, put where this run's is, is not
// this run's answer.
func TestRunRecordOfAnotherRunIsNoAnswer(t *testing.T) {
	dir := writeProject(t, cacheProject)
	cacheDir := newCacheDir(t)
	clean := runOnce(t, dir, openCache(t, cacheDir), true) // a record of the project as it is
	write(t, dir, "jobs/bad.py", "spark.conf.set('spark.sql.adaptive.enabled', 'false')\n")
	want := runOnce(t, dir, nil, true)
	runOnce(t, dir, openCache(t, cacheDir), true)
	recs := recordsByAge(t, cacheDir)
	if len(recs) != 2 {
		t.Fatalf("want two records, have %v", recs)
	}
	old, err := os.ReadFile(recs[0])
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(recs[1], old, 0o644); err != nil { // the old result under the new run's name
		t.Fatal(err)
	}
	got := runOnce(t, dir, openCache(t, cacheDir), true)
	if !reflect.DeepEqual(got.Findings, want.Findings) || len(got.Findings) == len(clean.Findings) {
		t.Errorf("another run's record was replayed:\n%v\nwant\n%v", lines(dir, got.Findings), lines(dir, want.Findings))
	}
}

// recordsByAge lists the cache's records, the oldest first.
func recordsByAge(t *testing.T, cacheDir string) []string {
	t.Helper()
	recs, _ := filepath.Glob(filepath.Join(cacheDir, "runs", "*"))
	slices.SortFunc(recs, func(a, b string) int {
		ia, _ := os.Stat(a)
		ib, _ := os.Stat(b)
		return ia.ModTime().Compare(ib.ModTime())
	})
	return recs
}

// A cache copied to another user (another key) is a miss, file for file and
// run for run, and the results are the same; the copy's files are left alone.
func TestCacheCopiedToAnotherUserIsAMiss(t *testing.T) {
	dir := writeProject(t, cacheProject)
	want := runOnce(t, dir, nil, true)
	t.Setenv("LAKELINT_CACHE_KEY_DIR", t.TempDir())
	cacheDir := newCacheDir(t)
	runOnce(t, dir, openCache(t, cacheDir), true)
	copied := newCacheDir(t)
	if err := os.CopyFS(copied, os.DirFS(cacheDir)); err != nil {
		t.Fatal(err)
	}
	before := tree(t, copied)

	t.Setenv("LAKELINT_CACHE_KEY_DIR", t.TempDir()) // another user
	c := openCache(t, copied)
	got := runOnce(t, dir, c, true)
	if !reflect.DeepEqual(got.Findings, want.Findings) {
		t.Errorf("with another user's cache:\n%v\nwant\n%v", lines(dir, got.Findings), lines(dir, want.Findings))
	}
	if s := c.Stats(); s.Hits != 0 || s.RunsReused != 0 || s.FilesReused != 0 {
		t.Errorf("another user's cache was used: %+v", s)
	}
	if len(got.Notes) != 0 {
		t.Errorf("another user's cache is no news: %v", got.Notes)
	}
	after := tree(t, copied)
	for name, was := range before {
		if after[name] != was {
			t.Errorf("another user's %s was removed or changed", name)
		}
	}
	// and the second user's own cache, there, works
	again := openCache(t, copied)
	if runOnce(t, dir, again, true); again.Stats().RunsReused != 1 {
		t.Errorf("the user's own records are not used: %+v", again.Stats())
	}
}

// The user's key is made once, readable by the user alone, and shared by
// every cache the user opens, also when many open at once.
func TestCacheKeyIsMadeOnceForTheUser(t *testing.T) {
	keys := t.TempDir()
	t.Setenv("LAKELINT_CACHE_KEY_DIR", keys)
	cacheDir := newCacheDir(t)
	caches := make([]*cache.Cache, 8)
	var wg sync.WaitGroup
	for i := range caches {
		wg.Go(func() {
			c, err := cache.Open(cache.Options{Dir: cacheDir, Version: "test"})
			if err != nil {
				t.Error(err)
				return
			}
			caches[i] = c
		})
	}
	wg.Wait()
	if t.Failed() {
		return
	}
	info, err := os.Stat(filepath.Join(keys, "cache-key"))
	if err != nil {
		t.Fatal(err)
	}
	if info.Size() != 32 || runtime.GOOS != "windows" && info.Mode().Perm() != 0o600 {
		t.Errorf("the key file: %d bytes, mode %v", info.Size(), info.Mode())
	}
	if names, _ := os.ReadDir(keys); len(names) != 1 {
		t.Errorf("the key's directory holds %d files", len(names))
	}
	dir := writeProject(t, cacheProject)
	runOnce(t, dir, caches[0], true)
	for _, c := range caches[1:] {
		c.Close()
	}
	if runOnce(t, dir, caches[7], true); caches[7].Stats().RunsReused != 1 {
		t.Errorf("caches opened together have different keys: %+v", caches[7].Stats())
	}
}

// The .gitignore the cache writes in its directory never hides a project
// from discovery (an older lakelint wrote it into the directory --cache-dir
// named, the project root too); a .gitignore of the user's still counts.
func TestDiscoverDisregardsTheCacheGitignore(t *testing.T) {
	dir := writeProject(t, map[string]string{"jobs/a.py": "x = 1\n"})
	const cacheGitignore = "# Made by lakelint: its result cache, never committed.\n*\n"
	write(t, dir, ".gitignore", cacheGitignore)
	files, err := engine.Discover([]string{dir}, nil)
	if err != nil || len(files) != 1 {
		t.Errorf("under the cache's .gitignore: %v, %v", files, err)
	}
	write(t, dir, ".gitignore", "# the user's\n*\n")
	if files, _ := engine.Discover([]string{dir}, nil); len(files) != 0 {
		t.Errorf("the user's .gitignore was not honoured: %v", files)
	}
}

// A runs directory that is a link is not the cache's: no record is read or
// written through it, and the run gives the findings it would without.
func TestRunRecordsNeverThroughALink(t *testing.T) {
	dir := writeProject(t, cacheProject)
	want := runOnce(t, dir, nil, true)
	cacheDir := newCacheDir(t)
	runOnce(t, dir, openCache(t, cacheDir), true)
	elsewhere := t.TempDir()
	decoys(t, elsewhere)
	before := tree(t, elsewhere)
	if err := os.RemoveAll(filepath.Join(cacheDir, "runs")); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(filepath.Join(elsewhere, "runs"), filepath.Join(cacheDir, "runs")); err != nil {
		t.Skip("no symbolic links here:", err)
	}
	for i := range 6 {
		write(t, dir, "jobs/n.py", fmt.Sprintf("x = %d\n", i))
		got := runOnce(t, dir, openCache(t, cacheDir), true)
		if len(got.Findings) != len(want.Findings) {
			t.Fatalf("run %d: %v", i, lines(dir, got.Findings))
		}
	}
	if after := tree(t, elsewhere); !reflect.DeepEqual(after, before) {
		t.Errorf("the directory linked to changed:\n%v\nwant\n%v", after, before)
	}
}
