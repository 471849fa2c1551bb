package source

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
)

// IsLocation reports whether a command-line target names a location (a
// URL, a path with a separator, or a local directory holding a Delta log)
// rather than a table name.
func IsLocation(target string) bool {
	if isURL(target) || strings.ContainsAny(target, `/\`) {
		return true
	}
	return hasDeltaLog(target)
}

// Lookup fetches the stats of one table named on the command line, under
// cfg. A location is read with the Delta log reader, after
// stats.path-prefixes (a relative path is relative to the working
// directory). A name is looked up in the snapshot file (opts.File, else
// stats.file), then stats.tables, then the Databricks workspace when one is
// configured; it is an error when none of them knows it.
func Lookup(ctx context.Context, cfg *config.Config, opts Options, target string) (*stats.Table, error) {
	st := cfg.Stats
	if IsLocation(target) {
		loc := target
		if rewritten, ok := rewritePrefix(target, st.PathPrefixes); ok {
			loc = absolute(rewritten, cfg.Dir)
		}
		return ReadLog(ctx, loc, st)
	}

	file := opts.File
	if file == "" {
		file = st.File
	}
	if file != "" {
		snap, err := ReadSnapshot(file)
		if err != nil {
			return nil, err
		}
		if t := snap.Find(target); t != nil {
			return t, nil
		}
	}
	if loc, ok := configuredLocation(st.Tables, target, ""); ok {
		t, err := ReadLog(ctx, resolveLocation(loc, cfg), st)
		if err != nil {
			return nil, err
		}
		t.Name = target
		return t, nil
	}
	if databricksConfigured(st.Databricks) {
		c, err := newClient(st, opts.Databricks)
		if err != nil {
			return nil, err
		}
		return fetchDatabricks(ctx, c, target, cfg)
	}
	where := "the defaults"
	if cfg.Path != "" {
		where = cfg.Path
	}
	hint := ""
	if _, err := os.Stat(target); err == nil {
		hint = fmt.Sprintf(" (to read the directory %s, write it as %s)", target, "."+string(filepath.Separator)+target)
	}
	return nil, fmt.Errorf("no stats source knows the table %s%s: map it to its location under stats.tables, give a snapshot with --stats-file, "+
		"or configure stats.databricks (config: %s)", target, hint, where)
}
