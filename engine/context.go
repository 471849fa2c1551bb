package engine

// Project context: when only some files are linted (a pre-commit hook names
// the staged files, an editor one buffer), the tables they use are often
// defined in files that are not named. With Options.ProjectContext the
// project's other lintable files are read for their facts, which join the
// catalog; nothing is reported in them. The result cache makes this cheap.

import (
	"context"
	"os"
	"path/filepath"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/extract/link"
)

// ProjectRoot is the root of the project holding path, a file or directory:
// inside a git work tree, the highest directory with a lakelint config at or
// below the top level, else the top level itself; outside one, the nearest
// directory with a config. It is "" when there is neither.
func ProjectRoot(path string) string {
	abs, err := filepath.Abs(path)
	if err != nil {
		return ""
	}
	dir := abs
	if info, err := os.Stat(abs); err != nil || !info.IsDir() {
		dir = filepath.Dir(abs)
	}
	var nearest, highest string
	for {
		if hasConfig(dir) {
			if nearest == "" {
				nearest = dir
			}
			highest = dir
		}
		if _, err := os.Stat(filepath.Join(dir, ".git")); err == nil {
			if highest != "" {
				return highest
			}
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return nearest
		}
		dir = parent
	}
}

func hasConfig(dir string) bool { return config.FileIn(dir) != "" }

// Partial reports whether the paths named on the command line make a
// partial run, which project context completes: some are files (a named
// directory is taken as the part of the project to lint, whole). A path
// that does not exist counts as a file (the name of standard input).
func Partial(paths []string) bool {
	for _, p := range paths {
		if info, err := os.Stat(p); err != nil || !info.IsDir() {
			return true
		}
	}
	return false
}

// contextFiles lists the lintable files of the projects of srcs that are not
// among srcs, found as a walk from each project root would find them.
func (l *Linter) contextFiles(srcs []Source) []string {
	named := map[string]bool{}
	var roots []string
	seenRoot := map[string]bool{}
	for _, s := range srcs {
		named[absPath(s.Path)] = true
		if root := ProjectRoot(s.Path); root != "" && !seenRoot[root] {
			seenRoot[root] = true
			roots = append(roots, root)
		}
	}
	var out []string
	seen := map[string]bool{}
	for _, root := range roots {
		files, err := l.Discover([]string{displayPath(root, srcs)})
		if err != nil {
			continue
		}
		for _, f := range files {
			if a := absPath(f); !named[a] && !seen[a] {
				seen[a] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// displayPath writes root as the named paths are written: relative to the
// current directory unless they are absolute, so that paths in messages and
// the catalog's path order match a run over the whole project.
func displayPath(root string, srcs []Source) string {
	if len(srcs) > 0 && filepath.IsAbs(srcs[0].Path) {
		return root
	}
	wd, err := os.Getwd()
	if err != nil {
		return root
	}
	if rel, err := filepath.Rel(wd, root); err == nil {
		return rel
	}
	return root
}

// indexed is what reading the project context did.
type indexed struct {
	files []string
	units []*unit
}

// loadContext adds the facts of the project context to tables, reading the
// files in p next to the named ones. Without Options.ProjectContext it does
// nothing.
func (l *Linter) loadContext(ctx context.Context, p *pool.Pool, srcs []Source, tables *catalog.Builder, links *link.Builder) *indexed {
	if !l.opts.ProjectContext {
		return nil
	}
	in := &indexed{files: l.contextFiles(srcs)}
	in.units = make([]*unit, len(in.files))
	for i, f := range in.files {
		p.Go(func() {
			if ctx.Err() == nil {
				in.units[i] = l.load(Source{Path: f}, nil, nil, tables, links, nil)
			}
		})
	}
	return in
}

// loaded returns the context's files, for the link step (none without context).
func (in *indexed) loaded() []*unit {
	if in == nil {
		return nil
	}
	return in.units
}

// report counts the files indexed; why others could not be is for
// --verbose only, since they are not linted.
func (in *indexed) report(res *Result) {
	if in == nil {
		return
	}
	for _, u := range in.units {
		if u == nil {
			continue
		}
		if u.linted {
			res.Indexed++
		}
		for _, n := range u.notes {
			if n.Path == "" {
				n.Path = u.src.Path
			}
			res.Details = append(res.Details, Note{Path: n.Path, Message: "not indexed for project context: " + n.Message})
		}
	}
}
