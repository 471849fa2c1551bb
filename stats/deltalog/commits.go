package deltalog

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"sync"
)

// fetchWorkers bounds concurrent object reads. Commits are small and object
// stores have high latency, so reading a few ahead is most of the speed.
const fetchWorkers = 8

// readAheadMax is the largest commit read whole ahead of its turn. Larger
// ones are streamed when their turn comes, so at most fetchWorkers *
// readAheadMax bytes of commits are held however large the log is.
const readAheadMax = 4 << 20

// readCommits applies the commits after the checkpoint in order and reads
// commitInfo from the older ones kept for history.
func readCommits(ctx context.Context, store Storage, commits []logFile, cpVersion int64, r *replay) error {
	names := make([]string, len(commits))
	for i, c := range commits {
		names[i] = logDir + "/" + c.Name
	}
	var ar actionReader
	return fetchOrdered(ctx, store, names, func(i int, src io.Reader) error {
		v := commits[i].Version
		if v <= cpVersion {
			// Covered by the checkpoint: only its history matters.
			return ar.forEachAction(ctx, names[i], src, []string{"commitInfo"}, func(a *action) error {
				if a.json != nil && a.json.CommitInfo != nil {
					r.addCommitInfo(v, a.json.CommitInfo)
				}
				return nil
			})
		}
		return ar.forEachAction(ctx, names[i], src, nil, func(a *action) error {
			return r.applyCommit(v, a)
		})
	})
}

// fetched is one object handed from a fetch to the consumer: its bytes
// when read ahead, else the open object to stream.
type fetched struct {
	data *[]byte
	obj  Object
	err  error
}

// bufPool recycles read-ahead buffers, so a long log does not leave a
// trail of garbage the size of the log.
var bufPool = sync.Pool{New: func() any { return new([]byte) }}

// fetchOrdered opens names with up to fetchWorkers reads in flight and
// hands each to fn in order, as a reader over the whole object. It stops
// at the first error.
func fetchOrdered(ctx context.Context, store Storage, names []string, fn func(i int, src io.Reader) error) error {
	ctx, cancel := context.WithCancel(ctx)
	slots := make([]chan fetched, len(names))
	for i := range slots {
		slots[i] = make(chan fetched, 1) // buffered: a fetch never blocks on an abandoned slot
	}
	var inFlight sync.WaitGroup
	defer func() {
		cancel()
		// Close what was opened but never consumed, once every fetch is done.
		go func() {
			inFlight.Wait()
			for _, s := range slots {
				select {
				case res := <-s:
					res.release()
				default:
				}
			}
		}()
	}()
	window := make(chan struct{}, fetchWorkers)
	inFlight.Add(1)
	go func() {
		defer inFlight.Done()
		for i, name := range names {
			select {
			case window <- struct{}{}:
			case <-ctx.Done():
				return
			}
			inFlight.Add(1)
			go func() {
				defer inFlight.Done()
				slots[i] <- fetch(ctx, store, name)
			}()
		}
	}()
	for i := range names {
		var res fetched
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
		var src io.Reader
		if res.data != nil {
			src = bytes.NewReader(*res.data)
		} else {
			src = io.NewSectionReader(res.obj, 0, res.obj.Size())
		}
		err := fn(i, src)
		res.release()
		if err != nil {
			return err
		}
	}
	return nil
}

// fetch opens one object and, when it is small enough, reads it whole.
func fetch(ctx context.Context, store Storage, name string) fetched {
	obj, err := store.Open(ctx, name)
	if err != nil {
		return fetched{err: err}
	}
	size := obj.Size()
	if size > readAheadMax {
		return fetched{obj: obj}
	}
	defer obj.Close()
	buf := bufPool.Get().(*[]byte)
	if int64(cap(*buf)) < size {
		*buf = make([]byte, size)
	}
	*buf = (*buf)[:size]
	if _, err := obj.ReadAt(*buf, 0); err != nil && !errors.Is(err, io.EOF) {
		bufPool.Put(buf)
		return fetched{err: fmt.Errorf("read %s: %w", name, err)}
	}
	return fetched{data: buf}
}

func (f fetched) release() {
	if f.data != nil {
		bufPool.Put(f.data)
	}
	if f.obj != nil {
		_ = f.obj.Close() // read-only: nothing to flush
	}
}
