package engine

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
)

// platformChoice is the platform a run resolved from its evidence.
type platformChoice struct {
	platform config.Platform
	why      string
}

// sign is one piece of platform evidence with where it was found.
type sign struct {
	facts.Evidence
	path string
}

// resolvePlatform weighs the evidence of the linted files and of the
// project's files, most specific first. At equal rank Databricks wins: a
// project with notebooks and a local delta-spark test session runs on
// Databricks. Without evidence the platform is unknown.
func resolvePlatform(signs []sign) platformChoice {
	var best *sign
	for i := range signs {
		s := &signs[i]
		if best == nil || s.Rank < best.Rank || s.Rank == best.Rank && s.Platform == "databricks" && best.Platform != "databricks" {
			best = s
		}
	}
	if best == nil {
		return platformChoice{config.PlatformUnknown, "no evidence of Databricks or open-source Delta in the project"}
	}
	p := config.PlatformDatabricks
	if best.Platform == "oss" {
		p = config.PlatformOSS
	}
	return platformChoice{p, best.What + " in " + best.path}
}

// projectSigns reads the project files that tell the platform: a
// databricks.yml bundle, delta-spark among requirements*.txt or
// pyproject.toml. They are looked for in the directories of the sources and
// above them, up to the repository root (the directory holding .git), or,
// outside a repository, up to the sources' common directory.
func projectSigns(srcs []Source, roots []string) []sign {
	var dirs []string
	for _, r := range roots {
		if info, err := os.Stat(r); err == nil && info.IsDir() {
			if a, err := filepath.Abs(r); err == nil {
				dirs = append(dirs, a)
			}
		}
	}
	for _, s := range srcs {
		if a, err := filepath.Abs(filepath.Dir(s.Path)); err == nil {
			dirs = append(dirs, a)
		}
	}
	if len(dirs) == 0 {
		return nil
	}
	top := commonDir(dirs)
	for d := top; ; {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			top = d
			break
		}
		parent := filepath.Dir(d)
		if parent == d {
			break
		}
		d = parent
	}
	seen := map[string]bool{}
	var out []sign
	for _, d := range dirs {
		for ; !seen[d]; d = filepath.Dir(d) {
			seen[d] = true
			out = append(out, dirSigns(d)...)
			if d == top || !strings.HasPrefix(d, top) || filepath.Dir(d) == d {
				break
			}
		}
	}
	return out
}

// dirSigns reads one directory's project files.
func dirSigns(dir string) []sign {
	var out []sign
	for _, name := range []string{"databricks.yml", "databricks.yaml"} {
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() {
			out = append(out, sign{facts.Evidence{Platform: "databricks", What: "a Databricks asset bundle", Rank: facts.RankBundle}, relPath(filepath.Join(dir, name))})
		}
	}
	reqs, _ := filepath.Glob(filepath.Join(dir, "requirements*.txt"))
	for _, p := range append(reqs, filepath.Join(dir, "pyproject.toml")) {
		if requiresDeltaSpark(p) {
			out = append(out, sign{facts.Evidence{Platform: "oss", What: "delta-spark among the requirements", Rank: facts.RankPackage}, relPath(p)})
		}
	}
	return out
}

// requiresDeltaSpark reports whether a requirements or pyproject file names
// the delta-spark package outside comments.
func requiresDeltaSpark(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	const pkg = "delta-spark"
	sc := bufio.NewScanner(f)
	for n := 0; sc.Scan() && n < 5000; n++ {
		line := bytes.ToLower(sc.Bytes())
		if i := bytes.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		for off := 0; ; {
			i := bytes.Index(line[off:], []byte(pkg))
			if i < 0 {
				break
			}
			i += off
			off = i + len(pkg)
			before := i == 0 || !packageByte(line[i-1])
			after := off == len(line) || !packageByte(line[off])
			if before && after {
				return true
			}
		}
	}
	return false
}

// packageByte reports whether c can be part of a package name.
func packageByte(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.'
}

// commonDir is the deepest directory holding every one of dirs.
func commonDir(dirs []string) string {
	c := dirs[0]
	for _, d := range dirs[1:] {
		for c != d && !strings.HasPrefix(d, c+string(filepath.Separator)) {
			parent := filepath.Dir(c)
			if parent == c {
				return c
			}
			c = parent
		}
	}
	return c
}

// relPath shows a path relative to the working directory when it is below it.
func relPath(p string) string {
	if wd, err := os.Getwd(); err == nil {
		if r, err := filepath.Rel(wd, p); err == nil && !strings.HasPrefix(r, "..") {
			return r
		}
	}
	return p
}

// describe is how a sign reads in --verbose.
func (c platformChoice) describe() string {
	return fmt.Sprintf("platform: %s (%s)", c.platform, c.why)
}

// platform resolves the run's platform from the loaded files and the project.
func (l *Linter) platform(srcs []Source, roots []string, units []*unit) platformChoice {
	var signs []sign
	for _, u := range units {
		if u != nil {
			signs = append(signs, u.signs...)
		}
	}
	return resolvePlatform(append(signs, projectSigns(srcs, roots)...))
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
	for _, e := range f.Evidence {
		u.signs = append(u.signs, sign{Evidence: e, path: u.src.Path})
	}
}
