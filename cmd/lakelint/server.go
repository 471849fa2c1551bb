package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/lakelint/lakelint/config"
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
	fs.Bool("stdio", true, "talk over standard input and output (the only transport)")
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
	srv, err := lsp.NewServer(lsp.Options{
		Resolver: config.ResolverOptions{ConfigPath: configPath, CommandLine: sel},
		Version:  version,
		Log:      stderr,
	})
	if err != nil {
		fmt.Fprintf(stderr, "lakelint server: %v\n", err)
		return exitError
	}
	return srv.Serve(context.Background(), stdin, stdout)
}
