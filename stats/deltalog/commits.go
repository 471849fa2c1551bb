package deltalog

import (
	"context"
	"fmt"
)

// fetchWorkers bounds concurrent object reads. Commits are small and object
// stores have high latency, so reading a few ahead is most of the speed.
const fetchWorkers = 8

// readCommits applies the commits after the checkpoint in order and reads
// commitInfo from the older ones kept for history.
func readCommits(ctx context.Context, store Storage, commits []logFile, cpVersion int64, r *replay) error {
	names := make([]string, len(commits))
	for i, c := range commits {
		names[i] = logDir + "/" + c.Name
	}
	return fetchOrdered(ctx, store, names, func(i int, data []byte) error {
		v := commits[i].Version
		if v <= cpVersion {
			// Covered by the checkpoint: only its history matters.
			return forEachAction(ctx, names[i], data, []string{"commitInfo"}, func(a *jsonAction) error {
				if a.CommitInfo != nil {
					r.addCommitInfo(v, a.CommitInfo)
				}
				return nil
			})
		}
		return forEachAction(ctx, names[i], data, nil, func(a *jsonAction) error {
			return r.applyCommit(v, a)
		})
	})
}

// fetchOrdered reads names with up to fetchWorkers reads in flight and hands
// each result to fn in order. It stops at the first error.
func fetchOrdered(ctx context.Context, store Storage, names []string, fn func(i int, data []byte) error) error {
	type result struct {
		data []byte
		err  error
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	slots := make([]chan result, len(names))
	for i := range slots {
		slots[i] = make(chan result, 1) // buffered: a fetch never blocks on an abandoned slot
	}
	window := make(chan struct{}, fetchWorkers)
	go func() {
		for i, name := range names {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			go func() {
				data, err := ReadAll(ctx, store, name)
				slots[i] <- result{data, err}
			}()
		}
	}()
	for i := range names {
		var res result
		select {
		case res = <-slots[i]:
		case <-ctx.Done():
			return ctx.Err()
		}
		<-window
		if res.err != nil {
			if ctx.Err() != nil {
				return ctx.Err()
			}
			return fmt.Errorf("read %s: %w", names[i], res.err)
		}
		if err := fn(i, res.data); err != nil {
			return err
		}
	}
	return nil
}
