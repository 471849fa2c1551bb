package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sync"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/lsp"
)

// runServer runs the language server over standard input and output. Its
// own messages go to stderr, which editors show in their log.
func runServer(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	var configPath string
	var sel config.Selection
	fs := flag.NewFlagSet("lakelint server", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.StringVar(&configPath, "config", "", "use this config file for every file")
	fs.Var((*listFlag)(&sel.Select), "select", "rule codes or prefixes to enable (replaces the config's selection)")
	fs.Var((*listFlag)(&sel.ExtendSelect), "extend-select", "rule codes or prefixes to enable in addition")
	fs.Var((*listFlag)(&sel.Ignore), "ignore", "rule codes or prefixes to disable")
	fs.Var((*platformFlag)(&sel.Platform), "platform", "where the code runs, in place of the configs' platform: auto, databricks or oss")
	fs.Bool("stdio", true, "talk over standard input and output (the only transport)")
	noCache := fs.Bool("no-cache", false, "read every project file again on each lint instead of through the result cache")
	noContext := fs.Bool("no-project-context", false, "lint each buffer alone, without its project's other files")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return exitClean
		}
		return exitError
	}
	if fs.NArg() > 0 {
		fmt.Fprintf(stderr, "lakelint server: unexpected argument %q\n", fs.Arg(0))
		return exitError
	}
	opts := lsp.Options{
		Resolver: config.ResolverOptions{ConfigPath: configPath, CommandLine: sel},
		Engine:   engine.Options{ProjectContext: !*noContext},
		Version:  version,
		Log:      stderr,
	}
	if !*noCache && !*noContext {
		opts.CacheFor = projectCaches(stderr)
	}
	srv, err := lsp.NewServer(opts)
	if err != nil {
		fmt.Fprintf(stderr, "lakelint server: %v\n", err)
		return exitError
	}
	return srv.Serve(context.Background(), stdin, stdout)
}

// projectCaches opens the result cache of each project the server lints a
// file of, once: at LAKELINT_CACHE_DIR, else at the project root. A cache
// that cannot be opened is said once, and the project goes without.
func projectCaches(stderr io.Writer) func(path string) *cache.Cache {
	var mu sync.Mutex
	caches := map[string]*cache.Cache{}
	return func(path string) *cache.Cache {
		dir := os.Getenv("LAKELINT_CACHE_DIR")
		if dir == "" {
			root := engine.ProjectRoot(path)
			if root == "" {
				return nil
			}
			dir = filepath.Join(root, cache.DirName)
		}
		mu.Lock()
		defer mu.Unlock()
		if c, ok := caches[dir]; ok {
			return c
		}
		c, err := cache.Open(cache.Options{Dir: dir, Version: version})
		if err != nil {
			fmt.Fprintf(stderr, "lakelint server: running without the result cache for %s: %v\n", dir, err)
			c = nil
		}
		caches[dir] = c
		return c
	}
}
