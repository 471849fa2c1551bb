package engine

import (
	"io"
	"os"
	"path/filepath"
	"slices"

	"github.com/lakelint/lakelint/extract"
	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/notebook"
)

// maxIncludeDepth bounds a chain of notebooks including others with %run.
const maxIncludeDepth = 8

// runParams adds to each notebook's parameters the values the notebooks
// it includes with %run give its placeholders (widgets made or removed,
// SET keys, spark.conf.set, session variables): %run runs them in the
// same session before the cells that follow, so their widgets and conf
// hold there. An included notebook is read from disk, linted or not, once
// per run; one that cannot be found (a workspace path) gives nothing.
func (l *Linter) runParams(srcs []Source, given [][]params.Given) {
	inc := includes{memo: map[string][]params.Given{}}
	for i, s := range srcs {
		if !lintable(s.Path) {
			continue
		}
		data := s.Data
		if data == nil {
			if !mayRun(s.Path) {
				continue
			}
			cfg, err := l.configs.For(s.Path)
			if err != nil {
				continue
			}
			if data, _, _ = readFile(s.Path, cfg.Rules.MaxFileSize); data == nil {
				continue
			}
		}
		for _, r := range notebook.Runs(data) {
			vals := inc.values(s.Path, r.Path, map[string]bool{s.Path: true}, 0)
			given[i] = append(given[i], withArgs(vals, r.Args)...)
		}
	}
}

// mayRun reports whether the file at path may hold %run lines that run:
// a Jupyter notebook, or a .py or .sql file that starts as a Databricks
// notebook (elsewhere %run is a syntax error, not an include). Only the
// first line of a .py or .sql file is read, so a run does not read every
// source twice.
func mayRun(path string) bool {
	switch filepath.Ext(path) {
	case ".ipynb":
		return true
	case ".py", ".sql":
	default:
		return false
	}
	if info, err := os.Stat(path); err != nil || !info.Mode().IsRegular() {
		return false // a FIFO or device would block the read
	}
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	var head [64]byte
	n, _ := io.ReadFull(f, head[:])
	return notebook.IsDatabricksPython(head[:n]) || notebook.IsDatabricksSQL(head[:n])
}

// withArgs is what an included notebook gives when its %run line passes
// it widget values ($env="prod"): a widget it makes takes the value passed
// instead of its default.
func withArgs(vals []params.Given, args []notebook.Arg) []params.Given {
	if len(args) == 0 {
		return vals
	}
	out := slices.Clone(vals)
	for i, g := range out {
		if g.Source != params.Widget || g.All {
			continue
		}
		for _, a := range args {
			if a.Name == g.Name {
				out[i] = params.Given{Source: params.Widget, Name: g.Name, Value: a.Value, Known: true}
			}
		}
	}
	return out
}

// includes reads the notebooks included with %run, each once.
type includes struct {
	memo map[string][]params.Given
}

// values is what the notebook that run names, included from file from,
// gives, its own includes first.
func (inc includes) values(from, run string, seen map[string]bool, depth int) []params.Given {
	target := runTarget(from, run)
	if target == "" || seen[target] || depth >= maxIncludeDepth {
		return nil
	}
	if v, ok := inc.memo[target]; ok {
		return v
	}
	data, _, err := readFile(target, maxIncludeSize)
	if err != nil || data == nil {
		inc.memo[target] = nil
		return nil
	}
	seen[target] = true
	var out []params.Given
	for _, r := range notebook.Runs(data) {
		out = append(out, inc.values(target, r.Path, seen, depth+1)...)
	}
	delete(seen, target)
	out = append(out, givenSafely(target, data)...)
	inc.memo[target] = out
	return out
}

// maxIncludeSize bounds a notebook read only for the values it gives.
const maxIncludeSize = 4 << 20

// givenSafely is extract.Given of the file, nothing when it does not parse
// or its extraction fails.
func givenSafely(path string, data []byte) (out []params.Given) {
	defer func() {
		if recover() != nil {
			out = nil
		}
	}()
	doc, err := parsers.Load(path, data)
	if err != nil {
		return nil
	}
	return extract.Given(doc)
}

// runTarget is the file a %run path names from notebook from: relative to
// its directory, with or without the extension; "" when none is a regular
// file (a workspace path, a notebook outside the checkout).
func runTarget(from, run string) string {
	if run == "" || filepath.IsAbs(run) {
		return ""
	}
	base := filepath.Join(filepath.Dir(from), filepath.FromSlash(run))
	for _, ext := range []string{"", ".py", ".ipynb", ".sql"} {
		if fi, err := os.Stat(base + ext); err == nil && fi.Mode().IsRegular() {
			return base + ext
		}
	}
	return ""
}
