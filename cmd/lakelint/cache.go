package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"github.com/lakelint/lakelint/engine"
)

// openCache opens the result cache the options name: --cache-dir, else
// $LAKELINT_CACHE_DIR, else .lakelint_cache at the root of the project of the
// first path named (or of the current directory). It returns nil with
// --no-cache, and when the cache cannot be used, after a warning: a run
// without a cache is only slower.
func openCache(o checkOptions, named []string, stderr io.Writer) *engine.Cache {
	if o.noCache {
		return nil
	}
	dir := o.cacheDir
	if dir == "" {
		dir = os.Getenv("LAKELINT_CACHE_DIR")
	}
	if dir == "" {
		root := ""
		if len(named) > 0 {
			root = engine.ProjectRoot(named[0])
		}
		if root == "" {
			root = "."
		}
		dir = filepath.Join(root, engine.CacheDirName)
	}
	c, err := engine.OpenCache(engine.CacheOptions{Dir: dir, Version: version})
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: warning: running without the result cache: %v\n", err)
		return nil
	}
	return c
}
