package engine

import (
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"

	gitignore "github.com/sabhiram/go-gitignore"
)

// lintable reports whether lakelint reads files with this name.
func lintable(name string) bool {
	switch strings.ToLower(filepath.Ext(name)) {
	case ".py", ".sql", ".ipynb":
		return true
	}
	return false
}

// skippedDirs are never descended into: tool caches and environments hold
// no project code, and walking them is slow.
var skippedDirs = map[string]bool{
	".git": true, ".hg": true, ".svn": true, ".venv": true, "venv": true, "node_modules": true,
	"__pycache__": true, ".ipynb_checkpoints": true, ".mypy_cache": true, ".ruff_cache": true,
	".pytest_cache": true, ".tox": true, "site-packages": true, ".lakelint_cache": true,
}

// ignoreLayer is one .gitignore and the directory it applies below.
type ignoreLayer struct {
	dir string
	m   *gitignore.GitIgnore
}

// Discover lists the files to lint below the given paths, in a stable order.
// A path named on the command line is linted even when ignored; files found
// by walking honour .gitignore files and the excluded predicate.
//
// excluded is asked of each path below a named directory (root): name
// patterns are to be matched against its part below root only.
func Discover(paths []string, excluded func(root, path string, isDir bool) bool) ([]string, error) {
	var out []string
	seen := map[string]bool{}
	add := func(p string) {
		if !seen[p] {
			seen[p] = true
			out = append(out, p)
		}
	}
	for _, root := range paths {
		info, err := os.Stat(root)
		if err != nil {
			return nil, err
		}
		if !info.IsDir() {
			if !info.Mode().IsRegular() {
				// a pipe or device would block the read, or never end
				return nil, fmt.Errorf("%s: not a regular file", root)
			}
			add(root)
			continue
		}
		layers := parentIgnores(root)
		err = walk(root, root, layers, excluded, add)
		if err != nil {
			return nil, err
		}
	}
	sort.Strings(out)
	return out, nil
}

func walk(root, dir string, layers []ignoreLayer, excluded func(string, string, bool) bool, add func(string)) error {
	if m := compileGitignore(dir); m != nil {
		layers = append(layers[:len(layers):len(layers)], ignoreLayer{dir: dir, m: m})
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return err
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		isDir := e.IsDir()
		if e.Type()&fs.ModeSymlink != 0 {
			continue // symlinks may loop or leave the project
		}
		if isDir && skippedDirs[e.Name()] {
			continue
		}
		if ignored(layers, p, isDir) || (excluded != nil && excluded(root, p, isDir)) {
			continue
		}
		if isDir {
			if err := walk(root, p, layers, excluded, add); err != nil {
				return err
			}
		} else if e.Type().IsRegular() && lintable(e.Name()) {
			add(p)
		}
	}
	return nil
}

// compileGitignore reads dir's .gitignore, if any. The one the result cache
// writes in its own directory is never a reason to skip files: an older
// lakelint wrote it into any directory --cache-dir named, the project too.
func compileGitignore(dir string) *gitignore.GitIgnore {
	b, err := os.ReadFile(filepath.Join(dir, ".gitignore"))
	if err != nil || isCacheGitignore(b) {
		return nil
	}
	return gitignore.CompileIgnoreLines(strings.Split(string(b), "\n")...)
}

func ignored(layers []ignoreLayer, p string, isDir bool) bool {
	for _, l := range layers {
		rel, err := filepath.Rel(l.dir, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		rel = filepath.ToSlash(rel)
		if isDir {
			rel += "/"
		}
		if l.m.MatchesPath(rel) {
			return true
		}
	}
	return false
}

// parentIgnores loads the .gitignore files of the directories above root up
// to the repository top (the directory holding .git), so that linting a
// subdirectory honours the repository's ignore rules too.
func parentIgnores(root string) []ignoreLayer {
	abs, err := filepath.Abs(root)
	if err != nil {
		return nil
	}
	if _, err := os.Stat(filepath.Join(abs, ".git")); err == nil {
		return nil // root is the repository top itself
	}
	var dirs []string
	inRepo := false
	for d := filepath.Dir(abs); ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			inRepo = true
			break
		}
		if d == filepath.Dir(d) {
			break
		}
	}
	if !inRepo {
		return nil
	}
	var layers []ignoreLayer
	for i := len(dirs) - 1; i >= 0; i-- {
		if m := compileGitignore(dirs[i]); m != nil {
			layers = append(layers, ignoreLayer{dir: dirs[i], m: m})
		}
	}
	// layers hold absolute dirs; walk uses the path as given, so rebase
	for i := range layers {
		if rel, err := filepath.Rel(abs, layers[i].dir); err == nil {
			layers[i].dir = path.Clean(filepath.Join(root, rel))
		}
	}
	return layers
}
