// Command lakelint finds the Spark and Databricks code that fills Delta Lake
// tables with small files.
//
//	lakelint check [PATH...]      lint files (default: the current directory)
//	lakelint rule LL101           explain a rule; --all lists every rule
//	lakelint tables [PATH...]     list the project's tables: writers, maintenance, findings
//	lakelint stats TABLE          summarise a table's live state; export saves a snapshot
//	lakelint server               run the language server over stdio
//	lakelint version              print the version
package main

import (
	"fmt"
	"io"
	"os"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "0.1.0-dev"

// Exit statuses, as ruff uses them.
const (
	exitClean    = 0 // nothing found
	exitFindings = 1 // findings remain
	exitError    = 2 // usage or internal error
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}

const usage = `lakelint: find the Spark and Databricks code that fills Delta tables with small files

Usage:
  lakelint check [options] [PATH...]   lint .py, .sql and .ipynb files (default: .)
  lakelint rule CODE                   explain a rule
  lakelint rule --all                  list every rule
  lakelint tables [options] [PATH...]  list every table the project defines or writes (text, json, html)
  lakelint stats TABLE_OR_PATH         summarise a table's live state (files, partitions, history)
  lakelint stats export TABLE... -o F  save live table stats for check --stats-file
  lakelint server                      run the language server (LSP over stdin/stdout)
  lakelint version                     print the version

Run "lakelint check --help" for the options of check.
`

func run(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitError
	}
	switch args[0] {
	case "check":
		return runCheck(args[1:], stdin, stdout, stderr)
	case "rule", "rules":
		return runRule(args[1:], stdout, stderr)
	case "stats":
		return runStats(args[1:], stdout, stderr)
	case "tables":
		return runTables(args[1:], stdout, stderr)
	case "server":
		return runServer(args[1:], stdin, stdout, stderr)
	case "version", "--version", "-V":
		fmt.Fprintf(stdout, "lakelint %s\n", version)
		return exitClean
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitClean
	}
	fmt.Fprintf(stderr, "lakelint: unknown command %q\n\n%s", args[0], usage)
	return exitError
}
