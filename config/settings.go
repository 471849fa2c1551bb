package config

// The patterns of a config's file lists, as written, for --show-settings.

// ExcludePatterns returns the "exclude" globs in effect (the defaults when
// the file names none) and the "extend-exclude" globs.
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
