package cache

// The cache trusts nothing it finds on disk. Its directory is one lakelint
// made (marked by its CACHEDIR.TAG), never reached through a symbolic link;
// a directory lakelint did not make is never used as the cache itself (the
// cache goes in a directory lakelint makes inside it). Every file is opened
// without following a link and without blocking (a FIFO or device opens and
// is then refused), must be a regular file, and is read only up to the size
// its header declares and a fixed bound. What it holds is trusted only when
// its MAC, made with a key of the user's kept outside any project, is right:
// a cache committed, copied from another machine or written by another user
// is a miss. A file is removed only when its name and its header (with that
// MAC) show it is the cache's own.

import (
	"bytes"
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
)

// KeyDirEnv names the directory of the cache's key, instead of
// lakelint's directory in the user's cache directory.
const KeyDirEnv = "LAKELINT_CACHE_KEY_DIR"

const (
	cacheKeyName = "cache-key"
	cacheKeySize = 32
	tagName      = "CACHEDIR.TAG"
	// tagSignature starts every CACHEDIR.TAG (https://bford.info/cachedir/);
	// tagMark says the directory is lakelint's.
	tagSignature = "Signature: 8a477f597d28d172789f06886806bc55\n"
	tagMark      = "lakelint's result cache"
	tagText      = tagSignature + "# This directory is " + tagMark + "; see https://bford.info/cachedir/\n"
	// cacheGitignore is the .gitignore of a directory lakelint made for its
	// cache, and only of one.
	cacheGitignore = "# Made by lakelint: its result cache, never committed.\n*\n"
)

var errNotRegular = errors.New("is not a regular file")

// openCacheFile opens a cache file for reading: never through a symbolic
// link, never blocking on a FIFO or device, and only if it is a regular file.
func openCacheFile(path string) (*os.File, int64, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|openNoFollow, 0)
	if err != nil {
		return nil, 0, err
	}
	info, err := f.Stat()
	if err == nil && !info.Mode().IsRegular() {
		err = errNotRegular
	}
	if err != nil {
		f.Close()
		return nil, 0, err
	}
	return f, info.Size(), nil
}

// readCacheFile reads a whole small cache file of at most max bytes.
func readCacheFile(path string, max int64) ([]byte, error) {
	f, size, err := openCacheFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if size > max {
		return nil, fmt.Errorf("is larger than %d bytes", max)
	}
	b := make([]byte, size)
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, err
	}
	return b, nil
}

// readCacheHead reads the first n bytes of a cache file; a shorter file is
// an error.
func readCacheHead(path string, n int) ([]byte, error) {
	f, _, err := openCacheFile(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	b := make([]byte, n)
	if _, err := io.ReadFull(f, b); err != nil {
		return nil, err
	}
	return b, nil
}

// claimCacheDir returns the cache directory for dir: dir itself when
// lakelint made it (or makes it now), else a directory lakelint makes in it.
// A symbolic link is refused, as is a directory lakelint did not make found
// where its own should be.
func claimCacheDir(dir string) (string, error) {
	nested := false
	for range 4 { // another run may make the directory meanwhile: look again
		info, err := os.Lstat(dir)
		switch {
		case errors.Is(err, fs.ErrNotExist):
			if err := makeCacheDir(dir); err != nil {
				return "", err
			}
			continue
		case err != nil:
			return "", err
		case info.Mode()&fs.ModeSymlink != 0:
			return "", fmt.Errorf("%s is a symbolic link: lakelint never uses a cache through a link (name the directory itself)", dir)
		case !info.IsDir():
			return "", fmt.Errorf("%s is not a directory", dir)
		case hasCacheTag(dir):
			return dir, nil
		case !nested:
			// a directory of the user's: the cache goes in one of its own there
			dir, nested = filepath.Join(dir, DirName), true
			continue
		default:
			return "", fmt.Errorf("%s is a directory lakelint did not make (it has no lakelint %s)", dir, tagName)
		}
	}
	return "", fmt.Errorf("%s keeps changing: cannot make the cache directory", dir)
}

// makeCacheDir makes dir with its CACHEDIR.TAG and .gitignore already in
// place (made aside, then renamed), so that no run ever sees it unmarked.
// It is not an error when another run made it first.
func makeCacheDir(dir string) error {
	parent := filepath.Dir(dir)
	if err := os.MkdirAll(parent, 0o777); err != nil {
		return err
	}
	tmp, err := os.MkdirTemp(parent, ".lakelint-cache-new-*")
	if err != nil {
		return err
	}
	clean := func() {
		os.Remove(filepath.Join(tmp, tagName))
		os.Remove(filepath.Join(tmp, ".gitignore"))
		os.Remove(tmp)
	}
	for name, text := range map[string]string{tagName: tagText, ".gitignore": cacheGitignore} {
		if err := os.WriteFile(filepath.Join(tmp, name), []byte(text), 0o644); err != nil {
			clean()
			return err
		}
	}
	if err := os.Rename(tmp, dir); err != nil {
		clean()
		if _, lerr := os.Lstat(dir); lerr == nil {
			return nil // made by another run meanwhile: the caller looks at it
		}
		return err
	}
	return nil
}

// hasCacheTag reports whether dir holds lakelint's CACHEDIR.TAG.
func hasCacheTag(dir string) bool {
	b, err := readCacheFile(filepath.Join(dir, tagName), 4<<10)
	return err == nil && bytes.HasPrefix(b, []byte(tagSignature)) && bytes.Contains(b, []byte(tagMark))
}

// IsOwnGitignore reports whether a .gitignore's content is the one the
// cache writes in its own directory: discovery never reads it as a reason
// to skip files (an older lakelint wrote it into the directory named by
// --cache-dir, the project root included).
func IsOwnGitignore(b []byte) bool { return string(b) == cacheGitignore }

// cacheKeyDir is where the user's cache key is kept.
func cacheKeyDir() (string, error) {
	if d := os.Getenv(KeyDirEnv); d != "" {
		return d, nil
	}
	d, err := os.UserCacheDir()
	if err != nil {
		return "", err
	}
	return filepath.Join(d, "lakelint"), nil
}

// cacheKey returns the user's cache key, made on first use: random bytes in
// a file only the user may read, made aside and linked into place so that
// runs starting together agree on one key.
func cacheKey(dir string) ([]byte, error) {
	path := filepath.Join(dir, cacheKeyName)
	for range 2 {
		b, err := readCacheFile(path, cacheKeySize)
		if err == nil && len(b) == cacheKeySize {
			return b, nil
		}
		if err == nil {
			err = fmt.Errorf("it is not %d bytes", cacheKeySize)
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, fmt.Errorf("the cache key %s is unusable (remove it to make a new one): %w", path, err)
		}
		if err := os.MkdirAll(dir, 0o700); err != nil {
			return nil, fmt.Errorf("cannot make the cache key: %w", err)
		}
		tmp, err := os.CreateTemp(dir, ".cache-key-*") // mode 0600
		if err != nil {
			return nil, fmt.Errorf("cannot make the cache key: %w", err)
		}
		key := make([]byte, cacheKeySize)
		rand.Read(key)
		_, err = tmp.Write(key)
		if cerr := tmp.Close(); err == nil {
			err = cerr
		}
		if err == nil {
			err = os.Link(tmp.Name(), path)
		}
		os.Remove(tmp.Name())
		if err != nil && !errors.Is(err, fs.ErrExist) {
			return nil, fmt.Errorf("cannot make the cache key: %w", err)
		}
	}
	return nil, fmt.Errorf("cannot make the cache key %s", path)
}

// mac authenticates parts with the user's key.
func (c *Cache) mac(parts ...[]byte) [32]byte {
	h := hmac.New(sha256.New, c.secret)
	for _, p := range parts {
		h.Write(p)
	}
	var m [32]byte
	h.Sum(m[:0])
	return m
}
