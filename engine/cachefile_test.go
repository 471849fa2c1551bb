package engine_test

import (
	"os"
	"path/filepath"
	"testing"
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
