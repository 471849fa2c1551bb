package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/engine"
)

// openCache opens the result cache the options name: --cache-dir, else
// $LAKELINT_CACHE_DIR, else .lakelint_cache at the root of the project of the
// first path named (or of the current directory). It returns nil with
// --no-cache, and when the cache cannot be used, after a warning: a run
// without a cache is only slower.
func openCache(o checkOptions, named []string, stderr io.Writer) *cache.Cache {
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
		dir = filepath.Join(root, cache.DirName)
	}
	c, err := cache.Open(cache.Options{Dir: dir, Version: version})
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: warning: running without the result cache: %v\n", err)
		return nil
	}
	return c
}

// flagsNotInRecordKey are the flags of check that cannot change what a run
// record holds, each with why. Every other flag is in the record's key
// (recordKey), so that a flag added later never replays a stale result.
var flagsNotInRecordKey = map[string]string{
	"output-format":  "applied when the result is printed",
	"output-file":    "says where the result is printed, not what it holds",
	"output":         "says where more reports of the result go, not what it holds",
	"quiet":          "applied when the result is printed",
	"q":              "applied when the result is printed",
	"statistics":     "applied when the result is printed",
	"show-fixes":     "applied when the result is printed",
	"verbose":        "the record keeps the details; the flag only prints them",
	"exit-zero":      "applied to the exit status after the result",
	"diff-from":      "applied to the findings after the result",
	"no-cache":       "without a cache there is no record",
	"cache-dir":      "says where records are, not what they hold",
	"stdin-filename": "a source read from standard input keeps no record",
	"show-settings":  "prints the settings and exits before linting",
}

// recordKey is what a run record of check depends on beyond its files and
// configs: the environment live stats read (env), and every flag's value
// but those of flagsNotInRecordKey.
func recordKey(fs *flag.FlagSet, env string) string {
	var b strings.Builder
	b.WriteString(env)
	fs.VisitAll(func(f *flag.Flag) {
		if _, ok := flagsNotInRecordKey[f.Name]; !ok {
			fmt.Fprintf(&b, "\x00%s=%q", f.Name, f.Value.String())
		}
	})
	return b.String()
}
