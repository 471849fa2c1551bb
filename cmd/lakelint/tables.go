package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/engine"
	"github.com/lakelint/lakelint/ledger"
)

const tablesUsage = `Usage:
  lakelint tables [options] [PATH...]

Lists every table the project below PATH (default: .) defines or writes, one
entry each: where it is defined, its format, partitioning and clustering, the
properties in effect and where they come from (DDL, ALTER, a writer's
session, the live table), its writers with how often each runs when known,
its readers, the OPTIMIZE and VACUUM statements that cover it, its live stats
when a stats source is configured, and the findings of a check on it.
The html format is one self-contained page (no network when viewed): a
sortable table, a chart of writes per table, a row's writers and findings on
click.

Options:
`

func runTables(args []string, stdout, stderr io.Writer) int {
	var (
		format, configPath, outputFile string
		st                             statsOptions
	)
	fs := flag.NewFlagSet("lakelint tables", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, tablesUsage)
		fs.PrintDefaults()
	}
	fs.StringVar(&format, "output-format", "text", "output format: text, json or html")
	fs.StringVar(&outputFile, "output-file", "", "write the ledger to this file instead of standard output")
	fs.StringVar(&configPath, "config", "", "config file to use (default: the nearest .lakelint.yaml)")
	addStatsFlags(fs, &st)
	paths, err := parseInterspersed(fs, args)
	if errors.Is(err, flag.ErrHelp) {
		return exitClean
	}
	if err != nil {
		return exitError
	}
	if format != "text" && format != "json" && format != "html" {
		fmt.Fprintf(stderr, "lakelint: unknown output format %q (want text, json or html)\n", format)
		return exitError
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	configs, err := config.NewResolver(config.ResolverOptions{ConfigPath: configPath})
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	var cat *catalog.Catalog
	opts := engine.Options{Catalog: func(c *catalog.Catalog) { cat = c }}
	if err := st.attach(configs, &opts); err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	res, err := engine.New(configs, opts).Lint(ctx, paths) // no cache: the catalog is needed whole
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	if reportNotes(res, false, stderr) || cat == nil {
		return exitError
	}
	l := ledger.Build(cat, res.Findings)
	out, closeOut := stdout, func() error { return nil }
	if outputFile != "" {
		f, err := os.Create(outputFile)
		if err != nil {
			fmt.Fprintf(stderr, "lakelint: %v\n", err)
			return exitError
		}
		out, closeOut = f, f.Close
	}
	switch format {
	case "json":
		err = l.WriteJSON(out)
	case "html":
		err = l.WriteHTML(out, "lakelint tables")
	default:
		err = l.WriteText(out)
	}
	if cerr := closeOut(); err == nil {
		err = cerr
	}
	if err != nil {
		fmt.Fprintf(stderr, "lakelint: %v\n", err)
		return exitError
	}
	return exitClean
}
