package config

import (
	"fmt"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// A glob matches slash-separated paths relative to a config's directory.
// "*", "?" and "[...]" work inside one path segment and "**" spans any
// number of segments. A pattern without a slash matches a file or directory
// name at any depth ("__pycache__", "*.ipynb"); one with a slash is anchored
// at the config's directory ("jobs/legacy/**", "/notebooks/*.py"). A pattern
// that matches a directory also matches everything below it.
type glob struct {
	raw      string
	segs     []string
	anchored bool // has a slash: matches only paths inside the config's directory
}

func compileGlob(pattern string) (glob, error) {
	p := strings.TrimSpace(pattern)
	p = strings.TrimPrefix(p, "./")
	p = strings.TrimRight(p, "/")
	if p == "" {
		return glob{}, fmt.Errorf("empty glob")
	}
	anchored := strings.Contains(p, "/")
	p = strings.TrimLeft(p, "/")
	segs := strings.Split(p, "/")
	for _, s := range segs {
		if _, err := path.Match(s, ""); err != nil {
			return glob{}, fmt.Errorf("bad glob %q", pattern)
		}
	}
	if !anchored {
		segs = append([]string{"**"}, segs...)
	}
	return glob{raw: pattern, segs: segs, anchored: anchored}, nil
}

func mustGlobs(patterns []string) []glob {
	gs := make([]glob, len(patterns))
	for i, p := range patterns {
		g, err := compileGlob(p)
		if err != nil {
			panic(err)
		}
		gs[i] = g
	}
	return gs
}

// match reports whether the glob matches the path, or one of its ancestor
// directories.
func (g glob) match(p relPath) bool {
	if g.anchored && !p.inside {
		return false
	}
	return matchSegs(g.segs, p.segs)
}

func matchSegs(pat, name []string) bool {
	for len(pat) > 0 {
		if pat[0] == "**" {
			rest := pat[1:]
			for i := 0; i <= len(name); i++ {
				if matchSegs(rest, name[i:]) {
					return true
				}
			}
			return false
		}
		if len(name) == 0 {
			return false
		}
		if !matchSeg(pat[0], name[0]) {
			return false
		}
		pat, name = pat[1:], name[1:]
	}
	// The pattern is used up: it matched this path or an ancestor of it.
	return true
}

// matchSeg matches one segment, skipping path.Match for the common literal
// pattern ("__pycache__").
func matchSeg(pat, name string) bool {
	if !strings.ContainsAny(pat, `*?[\`) {
		return pat == name
	}
	ok, _ := path.Match(pat, name)
	return ok
}

// relPath is a path cut into segments, relative to a config's directory
// when it is inside it.
type relPath struct {
	segs   []string
	inside bool
}

// relative cuts p into segments relative to c.Dir. A path outside c.Dir
// keeps its absolute segments, which only name patterns ("__pycache__") can
// match. Without a Dir (bare defaults) a relative path counts as inside.
func (c *Config) relative(p string) relPath {
	p = filepath.Clean(p)
	inside := !filepath.IsAbs(p)
	if c.Dir != "" {
		inside = false
		if abs, err := absIn(c.wd, p); err == nil {
			p = abs
		}
		if rel, err := filepath.Rel(c.Dir, p); err == nil && rel != ".." &&
			!strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
			p, inside = rel, true
		}
	}
	s := strings.Trim(filepath.ToSlash(p), "/")
	if s == "." || s == "" {
		return relPath{inside: inside}
	}
	return relPath{segs: strings.Split(s, "/"), inside: inside}
}

// Excluded reports whether path (a file or a directory) is left out of
// linting by "exclude" or "extend-exclude".
func (c *Config) Excluded(path string) bool {
	if len(c.exclude) == 0 && len(c.extendExclude) == 0 {
		return false
	}
	rel := c.relative(path)
	for _, list := range [][]glob{c.exclude, c.extendExclude} {
		for _, g := range list {
			if g.match(rel) {
				return true
			}
		}
	}
	return false
}

// ExcludedBelow is Excluded for a path that a walk from root found: a name
// pattern ("build", "__pycache__") matches only names at or below root,
// never a directory above it that the user named (a checkout under
// /srv/build, say). Anchored patterns match as in Excluded.
func (c *Config) ExcludedBelow(path, root string) bool {
	return matchBelow(c, path, root, c.exclude, c.extendExclude)
}

// matchBelow reports whether one of the globs matches path, name patterns
// against its part below root.
func matchBelow(base *Config, path, root string, lists ...[]glob) bool {
	rel := base.relative(path)
	below := rel
	if root != "" {
		if r, err := filepath.Rel(root, path); err == nil && r != ".." && !strings.HasPrefix(r, ".."+string(filepath.Separator)) {
			below = relPath{inside: rel.inside}
			if s := strings.Trim(filepath.ToSlash(r), "/"); s != "." && s != "" {
				below.segs = strings.Split(s, "/")
			}
		}
	}
	for _, list := range lists {
		for _, g := range list {
			p := below
			if g.anchored {
				p = rel
			}
			if g.match(p) {
				return true
			}
		}
	}
	return false
}

// Globs is a list of exclude-style globs (see glob) relative to a
// directory, for patterns given outside a config file (--exclude).
type Globs struct {
	base *Config
	gs   []glob
}

// NewGlobs compiles patterns relative to dir ("" is the working directory).
func NewGlobs(dir string, patterns []string) (*Globs, error) {
	wd, err := os.Getwd() // once: every path matched is made absolute against it
	if dir == "" {
		if err != nil {
			return nil, err
		}
		dir = wd
	}
	g := &Globs{base: &Config{Dir: dir, wd: wd}}
	for _, p := range patterns {
		c, err := compileGlob(p)
		if err != nil {
			return nil, err
		}
		g.gs = append(g.gs, c)
	}
	return g, nil
}

// Match reports whether a glob matches the path or one of its directories.
func (g *Globs) Match(p string) bool {
	return g.MatchBelow(p, "")
}

// MatchBelow is Match for a path a walk from root found (see
// Config.ExcludedBelow).
func (g *Globs) MatchBelow(p, root string) bool {
	if g == nil || len(g.gs) == 0 {
		return false
	}
	if root != "" {
		return matchBelow(g.base, p, root, g.gs)
	}
	rel := g.base.relative(p)
	for _, x := range g.gs {
		if x.match(rel) {
			return true
		}
	}
	return false
}
