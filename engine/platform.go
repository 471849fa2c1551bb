package engine

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/platform"
)

// relPath shows a path relative to the working directory when it is below it.
func relPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}

// platform decides the run's platform per project root (see package
// platform) from the loaded files' code evidence and the project files.
func (l *Linter) platform(units []*unit) *platform.Decision {
	var fs platform.Files
	for _, u := range units {
		if u != nil && u.linted {
			fs.Abs = append(fs.Abs, absPath(u.src.Path))
			fs.Evidence = append(fs.Evidence, u.signs)
		}
	}
	return fs.Decide(l.roots(), relPath)
}

// roots are the run's project roots, found once per directory.
func (l *Linter) roots() *platform.Roots {
	l.rootsOnce.Do(func() { l.projectRoots = &platform.Roots{} })
	return l.projectRoots
}

// projectEvidence is what the project files of the sources' roots say of
// the platform, for the run record's key.
func (l *Linter) projectEvidence(srcs []Source) []platform.Evidence {
	seen := map[string]bool{}
	var out []platform.Evidence
	for _, s := range srcs {
		root := l.roots().Of(filepath.Dir(absPath(s.Path)))
		if root == "" || seen[root] {
			continue
		}
		seen[root] = true
		for d := root; ; d = filepath.Dir(d) {
			out = append(out, platform.DirEvidence(d, relPath)...)
			if _, err := os.Stat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
				break
			}
		}
	}
	return out
}

// foreignDetails are the --verbose lines about a file's foreign SQL: how
// many statements of each dialect were skipped.
func foreignDetails(f *facts.File) []string {
	if len(f.Foreign) == 0 {
		return nil
	}
	for _, n := range f.Notes {
		if strings.HasPrefix(n, "not Spark SQL:") {
			return nil // the whole file was noted once
		}
	}
	count := map[string]int{}
	for _, x := range f.Foreign {
		count[x.Dialect]++
	}
	parts := make([]string, 0, len(count))
	seen := map[string]bool{}
	for _, x := range f.Foreign {
		if seen[x.Dialect] {
			continue
		}
		seen[x.Dialect] = true
		parts = append(parts, fmt.Sprintf("%d %s, e.g. %s", count[x.Dialect], x.Dialect, x.Marker))
	}
	word := "statements"
	if len(f.Foreign) == 1 {
		word = "statement"
	}
	return []string{fmt.Sprintf("%d SQL %s of other dialects skipped (%s)", len(f.Foreign), word, strings.Join(parts, "; "))}
}

// noteSigns keeps what a file says of the platform, parsed or from the cache.
func (u *unit) noteSigns(f *facts.File) {
	u.signs = append(u.signs, platform.FromFile(u.src.Path, f)...)
}
