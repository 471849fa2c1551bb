package config

import "strings"

// The patterns of a config's file lists, as written, for --show-settings.

// ExcludePatterns returns the "exclude" globs in effect (the defaults when
// the file names none) and the "extend-exclude" globs.
// TestPaths returns the test-paths globs as written.
func (c *Config) TestPaths() []string { return rawGlobs(c.testPaths) }

func (c *Config) ExcludePatterns() (exclude, extendExclude []string) {
	return rawGlobs(c.exclude), rawGlobs(c.extendExclude)
}

func rawGlobs(gs []glob) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.raw
	}
	return out
}

// PerFileIgnores returns the "per-file-ignores" entries in file order, each
// "GLOB: [CODES]".
func (c *Config) PerFileIgnores() []string {
	out := make([]string, 0, len(c.perFileIgnores))
	for _, fi := range c.perFileIgnores {
		codes := make([]string, len(fi.codes))
		for i, s := range fi.codes {
			codes[i] = s.prefix
		}
		out = append(out, fi.glob.raw+": ["+strings.Join(codes, ", ")+"]")
	}
	return out
}
