package source

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/internal/redact"
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
// Its error text has every credential removed.
func Lookup(ctx context.Context, cfg *config.Config, opts Options, target string) (*stats.Table, error) {
	return NewAttacher(nil, opts).Lookup(ctx, cfg, target)
}

// Lookup is the package's Lookup with a's options, sharing a's workspaces:
// lookups of many tables (stats export) stop asking a workspace that
// could not be reached. It is safe for concurrent use.
func (a *Attacher) Lookup(ctx context.Context, cfg *config.Config, target string) (*stats.Table, error) {
	t, err := a.lookup(ctx, cfg, target)
	if err != nil {
		return nil, &redactedError{err}
	}
	return t, nil
}

// redactedError is an error whose text has every credential removed.
type redactedError struct{ err error }

func (e *redactedError) Error() string { return redact.String(e.err.Error()) }
func (e *redactedError) Unwrap() error { return e.err }

func (a *Attacher) lookup(ctx context.Context, cfg *config.Config, target string) (*stats.Table, error) {
	st, opts := cfg.Stats, a.opts
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
		w := a.workspace(cfg)
		if w.err != nil {
			return nil, w.err
		}
		return w.lookup(ctx, func() (*stats.Table, error) { return fetchDatabricks(ctx, w.client, target, cfg) })
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
