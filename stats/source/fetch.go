package source

import (
	"context"
	"errors"
	"fmt"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/databricks"
	"github.com/lakelint/lakelint/stats/deltalog"
)

// fetch gets one request's stats.
func (a *Attacher) fetch(ctx context.Context, r *request) (*stats.Table, error) {
	switch r.kind {
	case fromLog:
		return ReadLog(ctx, r.location, r.cfg.Stats)
	case fromDatabricks:
		w := a.workspace(r.cfg)
		if w.err != nil {
			return nil, w.err
		}
		return w.lookup(ctx, func() (*stats.Table, error) { return fetchDatabricks(ctx, w.client, r.name, r.cfg) })
	}
	return nil, fmt.Errorf("no stats source for %s", r.label)
}

// ReadLog reads the Delta log at location (a local path, or an s3://, gs://
// or abfss:// URL) within the per-table timeout of st, and summarises the
// table with st's small-file threshold and its newest st.HistoryLimit
// commits.
func ReadLog(ctx context.Context, location string, st config.Stats) (*stats.Table, error) {
	limit := timeout(st)
	tctx, cancel := context.WithTimeout(ctx, limit)
	defer cancel()
	var opts []deltalog.Option
	if st.HistoryLimit > 0 {
		opts = append(opts, deltalog.WithHistoryLimit(st.HistoryLimit))
	}
	snap, err := deltalog.Open(tctx, location, opts...)
	if err != nil {
		if ctx.Err() == nil && errors.Is(tctx.Err(), context.DeadlineExceeded) {
			return nil, fmt.Errorf("reading the Delta log at %s timed out after %s", location, limit)
		}
		return nil, err
	}
	t := snap.Stats(st.SmallFileThreshold)
	if n := st.HistoryLimit; n > 0 && len(snap.Commits) > n {
		t.History = stats.SummarizeHistory(snap.Commits[len(snap.Commits)-n:])
	}
	return t, nil
}

// fetchDatabricks asks the workspace about a table, then fills per-file
// sizes and partitions from its Delta log when its location can be read.
// The log is an extra: when it cannot be read the workspace's figures stand.
func fetchDatabricks(ctx context.Context, c *databricks.Client, name string, cfg *config.Config) (*stats.Table, error) {
	t, err := c.Fetch(ctx, name, cfg.Stats.HistoryLimit)
	if err != nil {
		return nil, err
	}
	if t.Location == "" || t.Sizes != nil {
		return t, nil
	}
	loc, ok := readableLocation(t.Location, cfg)
	if !ok {
		return t, nil
	}
	if lt, err := ReadLog(ctx, loc, cfg.Stats); err == nil {
		t.Sizes, t.Partitions = lt.Sizes, lt.Partitions
	}
	return t, nil
}
