package source

import (
	"maps"
	"os"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/databricks"
)

// kind is where a request's stats come from.
type kind int

const (
	fromLog        kind = iota + 1 // the Delta log at a location
	fromDatabricks                 // a workspace, by table name
)

// request is one table's stats to fetch.
type request struct {
	table    *catalog.Table
	cfg      *config.Config
	label    string // the table as messages name it
	kind     kind
	location string // fromLog: where the table lives, ready to open
	name     string // fromDatabricks: the table name
	required bool
}

// key identifies what a request fetches, so equal requests share one fetch.
// The config is part of it: thresholds and credentials come from there.
func (r *request) key() string {
	target := r.location
	if r.kind == fromDatabricks {
		target = r.name
	}
	return string(rune('0'+r.kind)) + "\x00" + r.cfg.Path + "\x00" + target
}

// plan decides where a table's stats come from: a snapshot already read
// (live), a request to fetch, or nothing when no source knows the table.
// The error is a snapshot file that cannot be read.
func (a *Attacher) plan(t *catalog.Table, cfg *config.Config) (*stats.Table, *request, error) {
	st := cfg.Stats
	label := t.Name
	if label == "" {
		label = t.Path
	}
	req := &request{table: t, cfg: cfg, label: label, required: st.Require}

	if file := a.snapshotFile(cfg); file != "" {
		snap, err := a.snapshot(file)
		if err != nil {
			return nil, nil, err
		}
		rewritten, _ := rewritePrefix(t.Path, st.PathPrefixes)
		if live := snap.Find(t.Name, t.Path, rewritten); live != nil {
			return live, nil, nil
		}
	}
	if loc, ok := configuredLocation(st.Tables, t.Name, t.Path); ok {
		req.kind, req.location = fromLog, resolveLocation(loc, cfg)
		return nil, req, nil
	}
	if t.Path != "" {
		if loc, ok := readableLocation(t.Path, cfg); ok {
			req.kind, req.location = fromLog, loc
			return nil, req, nil
		}
	}
	if t.Name != "" && databricksConfigured(st.Databricks) {
		if _, err := databricks.QuoteTableName(t.Name); err == nil {
			req.kind, req.name = fromDatabricks, t.Name
			return nil, req, nil
		}
	}
	return nil, nil, nil
}

// snapshotFile is the snapshot that applies under cfg: the command line's,
// else the config's; "" when none.
func (a *Attacher) snapshotFile(cfg *config.Config) string {
	if a.opts.File != "" {
		return a.opts.File
	}
	return cfg.Stats.File
}

// snapshot reads a snapshot file once per run.
func (a *Attacher) snapshot(path string) (*Snapshot, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	if r, ok := a.snapshots[path]; ok {
		return r.snap, r.err
	}
	s, err := ReadSnapshot(path)
	a.snapshots[path] = &snapshotResult{s, err}
	return s, err
}

// configuredLocation looks a table up in stats.tables: by its name, else by
// a name that differs only in the catalog part when just one does, else by
// its path.
func configuredLocation(tables map[string]string, name, path string) (string, bool) {
	if len(tables) == 0 {
		return "", false
	}
	keys := slices.Sorted(maps.Keys(tables)) // spellings of one name: the first in key order
	if n := catalog.NormalizeName(name); n != "" {
		var short []string
		for _, k := range keys {
			loc := tables[k]
			kn := catalog.NormalizeName(k)
			if kn == n {
				return loc, true
			}
			if strings.HasSuffix(kn, "."+n) || strings.HasSuffix(n, "."+kn) {
				short = append(short, loc)
			}
		}
		if len(short) == 1 {
			return short[0], true
		}
	}
	if p := catalog.NormalizePath(path); p != "" {
		for _, k := range keys {
			if catalog.NormalizePath(k) == p {
				return tables[k], true
			}
		}
	}
	return "", false
}

// resolveLocation applies stats.path-prefixes to a configured location and
// makes a local one absolute against the config's directory.
func resolveLocation(loc string, cfg *config.Config) string {
	rewritten, _ := rewritePrefix(loc, cfg.Stats.PathPrefixes)
	return absolute(rewritten, cfg.Dir)
}

// readableLocation says where to read a location found in code or reported
// by a workspace, and whether to read it at all: when a path prefix maps it
// (the user chose to), or when it is a local directory that holds a Delta
// log. A remote location no prefix maps is never read.
func readableLocation(loc string, cfg *config.Config) (string, bool) {
	if rewritten, ok := rewritePrefix(loc, cfg.Stats.PathPrefixes); ok {
		return absolute(rewritten, cfg.Dir), true
	}
	loc = catalog.NormalizePath(loc)
	if isURL(loc) {
		if isRemote(loc) || !hasDeltaLog(loc) {
			return "", false
		}
		return loc, true
	}
	// A relative path in code is relative to the Spark driver, not to us.
	if !isAbs(loc) || !hasDeltaLog(loc) {
		return "", false
	}
	return loc, true
}

func isAbs(p string) bool {
	return strings.HasPrefix(p, "/") || len(p) > 2 && p[1] == ':' && (p[2] == '\\' || p[2] == '/')
}

// databricksConfigured reports whether the project asked for a workspace:
// in the config, or with a host, a warehouse and a token or OAuth client in
// the environment. A host and credentials alone (as the Databricks CLI uses
// them) are not a request to query tables on every lint.
func databricksConfigured(d config.Databricks) bool {
	if d.Host != "" || d.WarehouseID != "" || d.Profile != "" {
		return true
	}
	credentials := os.Getenv(databricks.EnvToken) != "" ||
		os.Getenv(databricks.EnvClientID) != "" && os.Getenv(databricks.EnvClientSecret) != ""
	return os.Getenv(databricks.EnvHost) != "" && credentials && os.Getenv(databricks.EnvWarehouseID) != ""
}
