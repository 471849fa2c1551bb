// Package source finds and fetches the live stats of the tables a lint run
// writes, and attaches them to the run's catalog so rules can cross-check
// code against the tables' real state.
//
// For each table the first source that knows it is used:
//
//  1. a stats snapshot file (stats.file or --stats-file), by name or location;
//  2. a location: stats.tables maps a name to one, or the table's own path
//     from the code, rewritten by stats.path-prefixes; read with the Delta
//     log reader;
//  3. a Databricks workspace, only when one is configured (stats.databricks,
//     or DATABRICKS_HOST, DATABRICKS_WAREHOUSE_ID and DATABRICKS_TOKEN, or
//     DATABRICKS_CLIENT_ID and DATABRICKS_CLIENT_SECRET, all set). When it reports a location lakelint can read, per-file sizes and
//     partitions are filled from the Delta log.
//
// Tables with none of these are skipped silently: nothing is fetched, and
// no network is touched, unless the project configures it. Each table is
// fetched once per run however often the run lints, with a bounded number
// of fetches at a time and a timeout for each.
package source

import (
	"context"
	"errors"
	"sort"
	"sync"
	"time"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/databricks"
)

// DefaultTimeout bounds the fetch of one table when the config sets none.
const DefaultTimeout = 10 * time.Second

// maxConcurrentFetches bounds the fetches in flight: enough to hide
// latency, few enough not to crowd a SQL warehouse.
const maxConcurrentFetches = 8

// Options are what the command line says about stats, over the config.
type Options struct {
	// File is a snapshot (--stats-file) used instead of the config's stats.file.
	File string
	// Require makes stats that cannot be had an error (--require-stats),
	// as stats.require does.
	Require bool
	// AllowConfigHost sends Databricks credentials to the workspace
	// stats.databricks.host names even when it is not the credentials' own
	// (--allow-config-host): the user's say, never a config file's.
	AllowConfigHost bool
	// Databricks adjusts workspace clients (tests point them at a fake).
	Databricks []databricks.Option
}

// ConfigFor returns the config governing a source file, as
// config.Resolver.For does.
type ConfigFor func(path string) (*config.Config, error)

// Attacher fetches and attaches live stats. It remembers every answer,
// failures included, so a run that lints several times (--fix) fetches each
// table once. It is safe for concurrent use.
type Attacher struct {
	configFor ConfigFor
	opts      Options

	run sync.Mutex // one Attach at a time: the caches fill in order

	mu        sync.Mutex
	results   map[string]*outcome
	snapshots map[string]*snapshotResult
	clients   map[string]*workspace
}

type outcome struct {
	table *stats.Table
	err   error
}

type snapshotResult struct {
	snap *Snapshot
	err  error
}

// NewAttacher makes an Attacher; configFor says which config governs the
// file a table is written or defined in.
func NewAttacher(configFor ConfigFor, opts Options) *Attacher {
	return &Attacher{
		configFor: configFor,
		opts:      opts,
		results:   map[string]*outcome{},
		snapshots: map[string]*snapshotResult{},
		clients:   map[string]*workspace{},
	}
}

// Attach sets Live on every catalog table whose stats can be had. It has
// the signature of engine.Options.Attach. Stats that a configured source
// could not deliver are summed up in one warning, or in the error when they
// are required; a snapshot file that cannot be read is always an error.
func (a *Attacher) Attach(ctx context.Context, cat *catalog.Catalog) ([]string, error) {
	a.run.Lock()
	defer a.run.Unlock()

	var reqs []*request
	var fatal []error
	required := a.opts.Require
	attached := 0
	for _, t := range cat.Tables() {
		cfg := a.governing(t)
		if cfg == nil {
			continue
		}
		required = required || cfg.Stats.Require
		live, req, err := a.plan(t, cfg)
		switch {
		case err != nil:
			fatal = appendNew(fatal, err)
		case live != nil:
			t.Live = named(live, t)
			attached++
		case req != nil:
			reqs = append(reqs, req)
		}
	}
	a.fetchAll(ctx, reqs)
	if err := ctx.Err(); err != nil {
		return nil, err
	}

	var warn, fail []failure
	for _, r := range reqs {
		o := a.result(r.key())
		if o.err != nil {
			f := failure{label: r.label, reason: reason(r, o.err)}
			if r.required || a.opts.Require {
				fail = append(fail, f)
			} else {
				warn = append(warn, f)
			}
			continue
		}
		r.table.Live = named(o.table, r.table)
		attached++
	}

	var warnings []string
	if len(warn) > 0 {
		warnings = append(warnings, "live stats unavailable for "+summarize(warn))
	}
	if len(fail) > 0 {
		fatal = append(fatal, errors.New("live stats are required (--require-stats or stats.require) but unavailable for "+summarize(fail)))
	}
	if required && attached == 0 && len(fatal) == 0 && len(warn) == 0 && len(cat.Tables()) > 0 {
		fatal = append(fatal, errors.New("live stats are required (--require-stats or stats.require) but no table has a stats source: "+
			"set stats.file, stats.tables, stats.path-prefixes or stats.databricks"))
	}
	return warnings, errors.Join(fatal...)
}

// governing returns the config of the first file that writes, defines,
// alters, maintains or reads the table; nil when none can be had.
func (a *Attacher) governing(t *catalog.Table) *config.Config {
	var path string
	switch {
	case t.Use.WrittenIn != "":
		path = t.Use.WrittenIn
	case t.DefinedIn != "":
		path = t.DefinedIn
	case t.AlteredIn != "":
		path = t.AlteredIn
	case t.Use.MaintainedIn != "":
		path = t.Use.MaintainedIn
	case t.Use.ReadIn != "":
		path = t.Use.ReadIn
	default:
		return nil
	}
	cfg, err := a.configFor(path)
	if err != nil {
		return nil // the engine reports a broken config itself
	}
	return cfg
}

// fetchAll fetches the requests not fetched before, a bounded number at once.
func (a *Attacher) fetchAll(ctx context.Context, reqs []*request) {
	todo := map[string]*request{}
	for _, r := range reqs {
		if a.result(r.key()) == nil {
			todo[r.key()] = r
		}
	}
	keys := make([]string, 0, len(todo))
	for k := range todo {
		keys = append(keys, k)
	}
	sort.Strings(keys) // a stable order makes runs easier to follow
	p := pool.New().WithMaxGoroutines(maxConcurrentFetches)
	for _, k := range keys {
		r := todo[k]
		p.Go(func() {
			if ctx.Err() != nil {
				return
			}
			t, err := a.fetch(ctx, r)
			if ctx.Err() != nil {
				return // interrupted: remember nothing
			}
			a.mu.Lock()
			a.results[k] = &outcome{table: t, err: err}
			a.mu.Unlock()
		})
	}
	p.Wait()
}

func (a *Attacher) result(key string) *outcome {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.results[key]
}

// named returns live with the catalog's name for the table when the source
// gave none (a table read by location), leaving the shared original alone.
func named(live *stats.Table, t *catalog.Table) *stats.Table {
	if live.Name != "" || t.Name == "" {
		return live
	}
	c := *live
	c.Name = t.Name
	return &c
}

// appendNew appends err unless an error with the same text is there.
func appendNew(errs []error, err error) []error {
	for _, e := range errs {
		if e.Error() == err.Error() {
			return errs
		}
	}
	return append(errs, err)
}

func timeout(st config.Stats) time.Duration {
	if st.Timeout > 0 {
		return st.Timeout
	}
	return DefaultTimeout
}
