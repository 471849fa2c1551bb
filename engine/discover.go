package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"sort"
	"strings"
	"unicode/utf8"

	"github.com/go-git/go-git/v5/plumbing/format/gitignore"

	"github.com/lakelint/lakelint/cache"
	"github.com/lakelint/lakelint/internal/fileid"
	"github.com/lakelint/lakelint/internal/projectfile"
	"github.com/lakelint/lakelint/parsers"
)

// lintable reports whether lakelint reads files with this name.
func lintable(name string) bool { return parsers.Lintable(name) }

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
	ps  []gitignore.Pattern
}

// Found is what discovery found below the paths it was given.
type Found struct {
	Files []string // to lint, in a stable order
	// Excluded counts the lintable files and the directories left out by
	// exclude settings (--exclude, a config's exclude, --force-exclude);
	// Ignored those left out by .gitignore. A directory counts once.
	Excluded, Ignored int
	// Notes are directories that could not be read, skipped with a warning.
	Notes []Note
	// Details are for --verbose: symbolic links not followed.
	Details []Note
	// Empty are the named directories that hold no file to lint.
	Empty []string
	// looked are the directories walked and the .gitignore files looked
	// for (found or not): while none of them changes, a walk finds the same.
	looked []string
}

// AddTo adds what discovery noted to a run's result: directories skipped
// to its notes, links not followed to its details.
func (f *Found) AddTo(res *Result) {
	res.Notes = append(res.Notes, f.Notes...)
	res.Details = append(res.Details, f.Details...)
	sortResult(res)
}

// Discover lists the files to lint below the given paths, in a stable order.
// A path named on the command line is linted even when ignored; files found
// by walking honour .gitignore files and the excluded predicate.
//
// excluded is asked of each path below a named directory (root): name
// patterns are to be matched against its part below root only.
func Discover(paths []string, excluded func(root, path string, isDir bool) bool) ([]string, error) {
	found, err := find(paths, excluded)
	if err != nil {
		return nil, err
	}
	return found.Files, nil
}

// readDir lists a directory; tests replace it to make one unreadable.
var readDir = os.ReadDir

// find is Discover with all it found on the way. A directory that cannot
// be read is skipped with a note, and the rest is still linted.
func find(paths []string, excluded func(root, path string, isDir bool) bool) (*Found, error) {
	found := &Found{}
	seen := map[string]bool{}
	ids := map[any]bool{} // a file named twice, or through a link, is linted (and fixed) once
	add := func(p string, info fs.FileInfo) {
		if seen[p] {
			return
		}
		seen[p] = true
		if info == nil {
			info, _ = os.Stat(p)
		}
		if info != nil {
			if id, ok := fileid.Of(p, info); ok {
				if ids[id] {
					return
				}
				ids[id] = true
			}
		}
		found.Files = append(found.Files, p)
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
			add(root, info)
			continue
		}
		before := len(found.Files)
		found.looked = append(found.looked, lookedAbove(root)...)
		w := walker{root: root, excluded: excluded, add: add, found: found}
		w.walk(root, parentIgnores(root))
		if len(found.Files) == before {
			found.Empty = append(found.Empty, root)
		}
	}
	sort.Strings(found.Files)
	// a directory's entries may come in any order: what is noted on the
	// way is told in path order (one directory or link, one note)
	sort.SliceStable(found.Notes, func(i, j int) bool { return found.Notes[i].Path < found.Notes[j].Path })
	sort.SliceStable(found.Details, func(i, j int) bool { return found.Details[i].Path < found.Details[j].Path })
	return found, nil
}

// lookedAbove is what parentIgnores looks at above an absolute root below
// the top of its repository: each directory up to the top, its .gitignore
// and its .git.
func lookedAbove(root string) []string {
	if !filepath.IsAbs(root) {
		return nil
	}
	var out []string
	for d := root; d != filepath.Dir(d); {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			break
		}
		d = filepath.Dir(d)
		out = append(out, d, filepath.Join(d, ".gitignore"), filepath.Join(d, ".git"))
	}
	return out
}

// walker walks one named directory.
type walker struct {
	root     string
	excluded func(string, string, bool) bool
	add      func(string, fs.FileInfo)
	found    *Found
}

func (w *walker) walk(dir string, layers []ignoreLayer) {
	w.found.looked = append(w.found.looked, dir, filepath.Join(dir, ".gitignore"))
	if ps := compileGitignore(dir); ps != nil {
		layers = append(layers[:len(layers):len(layers)], ignoreLayer{dir: dir, ps: ps})
	}
	entries, err := readDir(dir)
	if err != nil {
		w.found.Notes = append(w.found.Notes, Note{Path: dir, Message: "directory skipped: " + dirError(err)})
		if len(entries) == 0 {
			return
		}
		// what could be listed before the error is still linted
	}
	for _, e := range entries {
		p := filepath.Join(dir, e.Name())
		isDir, link := e.IsDir(), e.Type()&fs.ModeSymlink != 0
		if (isDir || link) && skippedDirs[e.Name()] {
			continue
		}
		if file := !isDir && !link; file && (!e.Type().IsRegular() || !lintable(e.Name())) {
			continue // not lakelint's to read, nor to count
		}
		if ignored(layers, p, isDir) {
			w.found.Ignored++
			continue
		}
		if w.excluded != nil && w.excluded(w.root, p, isDir) {
			w.found.Excluded++
			continue
		}
		switch {
		case link:
			w.noteLink(p)
		case isDir:
			w.walk(p, layers)
		default:
			info, _ := e.Info()
			w.add(p, info)
		}
	}
}

// noteLink notes, for --verbose, a symbolic link to a directory or to a
// file lakelint would lint: links are not followed, for they may loop or
// leave the project.
func (w *walker) noteLink(p string) {
	info, err := os.Stat(p)
	switch {
	case err != nil:
		return // a broken link names nothing to lint
	case info.IsDir():
		w.found.Details = append(w.found.Details, Note{Path: p, Message: "symbolic link to a directory not followed (name the directory to lint it)"})
	case info.Mode().IsRegular() && lintable(p):
		w.found.Details = append(w.found.Details, Note{Path: p, Message: "symbolic link to a file not followed (name the file to lint it)"})
	}
}

// dirError says why a directory could not be read, without repeating its path.
func dirError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// compileGitignore reads dir's .gitignore, if any. The one the result cache
// writes in its own directory is never a reason to skip files: an older
// lakelint wrote it into any directory --cache-dir named, the project too.
func compileGitignore(dir string) []gitignore.Pattern {
	b, err := projectfile.Read(filepath.Join(dir, ".gitignore")) // a FIFO or a link to a device is no .gitignore
	if err != nil || cache.IsOwnGitignore(b) {
		return nil
	}
	var ps []gitignore.Pattern
	for _, line := range strings.Split(string(b), "\n") {
		line = strings.TrimSuffix(line, "\r")
		if !strings.HasSuffix(line, "\\ ") {
			line = strings.TrimRight(line, " ") // unescaped trailing spaces are not part of a pattern
		}
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		ps = append(ps, gitignore.ParsePattern(line, nil))
	}
	return ps
}

// ignored reports whether git would ignore p: the deepest .gitignore with
// a pattern matching p decides, and in it the last such pattern ("!x"
// takes back what a pattern before, or a .gitignore above, left out).
func ignored(layers []ignoreLayer, p string, isDir bool) bool {
	for i := len(layers) - 1; i >= 0; i-- {
		l := layers[i]
		rel, err := filepath.Rel(l.dir, p)
		if err != nil || strings.HasPrefix(rel, "..") {
			continue
		}
		parts := strings.Split(filepath.ToSlash(rel), "/")
		for j := len(l.ps) - 1; j >= 0; j-- {
			switch l.ps[j].Match(parts, isDir) {
			case gitignore.Exclude:
				return true
			case gitignore.Include:
				return false
			}
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
		if ps := compileGitignore(dirs[i]); ps != nil {
			layers = append(layers, ignoreLayer{dir: dirs[i], ps: ps})
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

// notText says why data is not a text file lakelint can lint, or "".
// binaryFile is notText's word for a file with NUL bytes.
const binaryFile = "binary file"

func notText(data []byte) string {
	head := data[:min(len(data), 8000)]
	if bytes.IndexByte(head, 0) >= 0 {
		return binaryFile
	}
	if !utf8.Valid(data) {
		off := 0
		for off < len(data) {
			r, n := utf8.DecodeRune(data[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		line := bytes.Count(data[:off], []byte("\n")) + 1
		return fmt.Sprintf("not valid UTF-8 (line %d, byte offset %d)", line, off)
	}
	return ""
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<30:
		return fmt.Sprintf("%.1f GB", float64(n)/(1<<30))
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d B", n)
}

// readFile reads a file with one open, looking at its size first: a file
// over limit bytes (when limit > 0) is not read, and data is nil.
func readFile(path string, limit int64) (data []byte, size int64, err error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, 0, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, 0, err
	}
	if size = info.Size(); limit > 0 && size > limit {
		return nil, size, nil
	}
	// one byte more than the size, so that reading to the end needs no growth
	data = make([]byte, 0, size+1)
	for {
		if len(data) == cap(data) {
			data = append(data, 0)[:len(data)]
		}
		n, err := f.Read(data[len(data):cap(data)])
		data = data[:len(data)+n]
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, size, err
		}
	}
	if limit > 0 && int64(len(data)) > limit { // it grew while read
		return nil, int64(len(data)), nil
	}
	return data, size, nil
}
