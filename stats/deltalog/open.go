package deltalog

import (
	"context"
	"fmt"
	"io"
	"time"
)

// DefaultHistoryLimit is how many of the newest JSON commits are read for
// history when they are older than the checkpoint. Streaming tables keep
// tens of thousands of commits; the newest thousand describe them well.
const DefaultHistoryLimit = 1000

// Option adjusts a read.
type Option func(*options)

type options struct {
	historyLimit int
}

// WithHistoryLimit sets how many commits already covered by the checkpoint
// are read for history; commits after the checkpoint are always read. A
// negative n reads them all.
func WithHistoryLimit(n int) Option {
	return func(o *options) { o.historyLimit = n }
}

// Open reads the current snapshot of the Delta table at location: a local
// path, or an s3://, gs:// or abfss:// URL.
func Open(ctx context.Context, location string, opts ...Option) (*Snapshot, error) {
	store, err := NewStorage(ctx, location)
	if err != nil {
		return nil, err
	}
	if c, ok := store.(io.Closer); ok {
		defer c.Close()
	}
	snap, err := OpenStorage(ctx, store, opts...)
	if err != nil {
		return nil, fmt.Errorf("delta table %s: %w", location, err)
	}
	snap.Location = location
	return snap, nil
}

// OpenStorage reads the current snapshot of the table in store.
func OpenStorage(ctx context.Context, store Storage, opts ...Option) (*Snapshot, error) {
	o := options{historyLimit: DefaultHistoryLimit}
	for _, opt := range opts {
		opt(&o)
	}
	entries, err := store.List(ctx, logDir)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", logDir, err)
	}
	plan, err := planLog(entries)
	if err != nil {
		return nil, err
	}

	snap := &Snapshot{Version: plan.Latest, FetchedAt: time.Now().UTC()}
	snap.LastCheckpoint = readLastCheckpoint(ctx, store)
	cpVersion := int64(-1)
	if cp := plan.Checkpoint; cp != nil {
		cpVersion = cp.Version
		snap.Checkpoint = &CheckpointInfo{Version: cp.Version, Kind: cp.Kind}
		for _, f := range cp.Files {
			snap.Checkpoint.Files = append(snap.Checkpoint.Files, logDir+"/"+f)
		}
	}

	r := newReplay()
	if err := readCommits(ctx, store, historyWindow(plan.Commits, cpVersion, o.historyLimit), cpVersion, r); err != nil {
		return nil, err
	}
	if snap.Checkpoint != nil {
		if err := readCheckpointNonFile(ctx, store, snap.Checkpoint, r); err != nil {
			return nil, err
		}
	}
	if err := r.resolveColumns(); err != nil {
		return nil, err
	}
	if snap.Checkpoint != nil {
		if err := readCheckpointFiles(ctx, store, snap.Checkpoint, r); err != nil {
			return nil, err
		}
	}
	r.finish()
	snap.fill(r)
	return snap, nil
}

// historyWindow returns the commits to read: all after the checkpoint plus
// up to limit older ones, newest first in preference.
func historyWindow(commits []logFile, cpVersion int64, limit int) []logFile {
	if limit < 0 {
		return commits
	}
	firstAfter := len(commits)
	for i, c := range commits {
		if c.Version > cpVersion {
			firstAfter = i
			break
		}
	}
	return commits[max(0, firstAfter-limit):]
}
