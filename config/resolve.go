package config

import (
	"os"
	"path/filepath"
	"sync"

	"github.com/lakelint/lakelint/internal/projectfile"
)

// FileNames are the names a config file may have, in the order they are
// looked for within one directory; the first one found is used. After
// them comes PyprojectName, when it has a [tool.lakelint] table: a
// lakelint file beside a pyproject.toml wins over it.
var FileNames = []string{".lakelint.yaml", "lakelint.yaml", ".lakelint.yml", "lakelint.yml"}

// ResolverOptions says how a Resolver finds configs.
type ResolverOptions struct {
	// ConfigPath (--config) names one file that applies to every linted
	// file; discovery is then skipped.
	ConfigPath string
	// StopDir is the highest directory searched; "" searches up to the
	// filesystem root.
	StopDir string
	// Root is the directory the defaults' globs are relative to when no
	// config file is found; "" means the working directory.
	Root string
	// CommandLine selection is laid over every config returned.
	CommandLine Selection
	// ReplaceExclude empties every config's "exclude" list, defaults
	// included, for --exclude, whose globs then stand in its place; each
	// config's "extend-exclude" still applies.
	ReplaceExclude bool
}

// A Resolver finds the config that applies to each linted file: the nearest
// config file in the file's directory or above it. It remembers the answer
// for every directory it walks through and parses each file once. It is
// safe for concurrent use.
type Resolver struct {
	opts     ResolverOptions
	explicit *Config
	defaults *result
	wd       string // the working directory, read once: "" when it cannot be

	mu    sync.Mutex
	dirs  map[string]*result // directory → the config governing it
	files map[string]*result // config file → its parse
}

// result is a config parsed at most once, however many goroutines ask.
type result struct {
	once sync.Once
	load func() (*Config, error)
	cfg  *Config
	err  error
}

func (r *result) get() (*Config, error) {
	r.once.Do(func() { r.cfg, r.err = r.load() })
	return r.cfg, r.err
}

// NewResolver prepares a Resolver. An explicit config file is read now, so
// that a broken one fails before any linting starts.
func NewResolver(opts ResolverOptions) (*Resolver, error) {
	r := &Resolver{
		opts:  opts,
		dirs:  map[string]*result{},
		files: map[string]*result{},
	}
	r.wd, _ = os.Getwd()
	if _, err := opts.CommandLine.layer(); err != nil {
		return nil, err
	}
	if opts.StopDir != "" {
		stop, err := r.abs(opts.StopDir)
		if err != nil {
			return nil, err
		}
		r.opts.StopDir = stop
	}
	if opts.ConfigPath != "" {
		c, err := Load(opts.ConfigPath)
		if err == nil {
			c, err = r.commandLine(c)
		}
		if err != nil {
			return nil, err
		}
		r.explicit = c
	}
	r.defaults = &result{load: func() (*Config, error) {
		c := Defaults()
		dir := opts.Root
		if dir == "" {
			dir = "."
		}
		abs, err := r.abs(dir)
		if err != nil {
			return nil, err
		}
		c.Dir = abs
		return r.commandLine(c)
	}}
	return r, nil
}

// For returns the config that applies to the file at filePath.
func (r *Resolver) For(filePath string) (*Config, error) {
	if r.explicit != nil {
		return r.explicit, nil
	}
	abs, err := r.abs(filePath)
	if err != nil {
		return nil, err
	}
	return r.lookup(filepath.Dir(abs)).get()
}

// ForDir returns the config that applies to files directly inside dir, so a
// directory walk can ask whether to descend.
func (r *Resolver) ForDir(dir string) (*Config, error) {
	if r.explicit != nil {
		return r.explicit, nil
	}
	abs, err := r.abs(dir)
	if err != nil {
		return nil, err
	}
	return r.lookup(abs).get()
}

// WorkDir is the working directory as the Resolver read it, once, when
// it was made: what relative paths are relative to for the whole run; ""
// when it could not be read.
func (r *Resolver) WorkDir() string { return r.wd }

// abs is p made absolute against the working directory read once:
// filepath.Abs reads it anew on every call, at two stat calls each.
func (r *Resolver) abs(p string) (string, error) {
	return absIn(r.wd, p)
}

// absIn is p made absolute against wd; filepath.Abs when wd is "".
func absIn(wd, p string) (string, error) {
	switch {
	case filepath.IsAbs(p):
		return filepath.Clean(p), nil
	case wd != "":
		return filepath.Join(wd, p), nil
	}
	return filepath.Abs(p)
}

// lookup walks from dir towards the root, stopping at the first directory
// already known or holding a config file, and remembers the answer for
// every directory it passed.
func (r *Resolver) lookup(dir string) *result {
	var visited []string
	var found *result
	for d := dir; ; {
		r.mu.Lock()
		known, ok := r.dirs[d]
		r.mu.Unlock()
		if ok {
			found = known
			break
		}
		visited = append(visited, d)
		if path := FileIn(d); path != "" {
			found = r.file(path)
			break
		}
		parent := filepath.Dir(d)
		if d == r.opts.StopDir || parent == d {
			found = r.defaults
			break
		}
		d = parent
	}
	r.mu.Lock()
	for _, d := range visited {
		r.dirs[d] = found
	}
	r.mu.Unlock()
	return found
}

// commandLine lays the command line's options over a config.
func (r *Resolver) commandLine(c *Config) (*Config, error) {
	d, err := c.WithCommandLine(r.opts.CommandLine)
	if err != nil {
		return nil, err
	}
	if r.opts.ReplaceExclude {
		d.exclude = nil
	}
	d.wd = r.wd
	return d, nil
}

// file returns the (possibly not yet parsed) config of one config file.
func (r *Resolver) file(path string) *result {
	r.mu.Lock()
	defer r.mu.Unlock()
	if res, ok := r.files[path]; ok {
		return res
	}
	res := &result{load: func() (*Config, error) {
		c, err := Load(path)
		if err != nil {
			return nil, err
		}
		return r.commandLine(c)
	}}
	r.files[path] = res
	return res
}

// FileIn returns the config file in dir, or "": the first of FileNames
// there, else a pyproject.toml with a [tool.lakelint] table. A directory
// is no config; a config name held by another kind of file (a FIFO, a link
// to a device) is returned, for Load to refuse: a config that cannot be
// read is never skipped.
func FileIn(dir string) string {
	for _, name := range FileNames {
		p := filepath.Join(dir, name)
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			return p
		}
	}
	p := filepath.Join(dir, PyprojectName)
	if info, err := os.Stat(p); err != nil || !info.Mode().IsRegular() || info.Size() > maxFileSize {
		return "" // a pyproject.toml is a config only when it has the table
	}
	if data, err := projectfile.Read(p); err == nil && hasPyprojectTable(p, data) {
		return p
	}
	return ""
}
