package source

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"sync"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats"
	"github.com/lakelint/lakelint/stats/databricks"
)

// workspace is one Databricks workspace as a run uses it: its client (or
// why there is none) and whether it can be reached at all.
type workspace struct {
	client *databricks.Client
	err    error

	first  sync.Once
	probed chan struct{} // closed when the first lookup has finished

	mu   sync.Mutex
	down error // set once a lookup got no answer: the rest are not tried
}

// workspace returns the workspace for a config's stats settings, made once
// per run. Credentials come from the environment or ~/.databrickscfg, as
// databricks.Resolve finds them; the config names the workspace only when
// it is theirs or the user allowed it.
func (a *Attacher) workspace(cfg *config.Config) *workspace {
	st := cfg.Stats
	d := st.Databricks
	key := d.Host + "\x00" + d.WarehouseID + "\x00" + d.Profile + "\x00" + strconv.FormatInt(int64(timeout(st)), 10)
	a.mu.Lock()
	defer a.mu.Unlock()
	if w, ok := a.clients[key]; ok {
		return w
	}
	c, err := newClient(cfg, a.opts)
	w := &workspace{client: c, err: err, probed: make(chan struct{})}
	a.clients[key] = w
	return w
}

func newClient(cfg *config.Config, opts Options) (*databricks.Client, error) {
	st := cfg.Stats
	d := st.Databricks
	origin := "stats.databricks.host"
	if cfg.Path != "" {
		origin += " in " + cfg.Path
	}
	c, err := databricks.Resolve(databricks.Config{
		ProjectHost: d.Host, ProjectHostOrigin: origin, AllowProjectHost: opts.AllowConfigHost,
		WarehouseID: d.WarehouseID, Profile: d.Profile, Timeout: timeout(st),
	})
	var he *databricks.HostError
	if errors.As(err, &he) {
		return nil, fmt.Errorf("%w, or pass --allow-config-host to send them to %s anyway", err, he.ProjectHost)
	}
	if err != nil {
		return nil, err
	}
	return databricks.New(c, opts.Databricks...)
}

// lookup runs one table's fetch. The first lookup of a workspace runs
// alone, so that when the workspace cannot be reached only it waits; after
// a lookup got no answer at all (no connection, no TLS, nothing in time)
// the rest fail at once with the same error, which the run reports once.
// An HTTP error (a 403 on one table) is an answer and stops nothing.
func (w *workspace) lookup(ctx context.Context, fetch func() (*stats.Table, error)) (*stats.Table, error) {
	first := false
	w.first.Do(func() { first = true })
	if first {
		defer close(w.probed)
	} else {
		select {
		case <-w.probed:
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	if err := w.unreachable(); err != nil {
		return nil, err
	}
	t, err := fetch()
	if err != nil && errors.Is(err, databricks.ErrUnreachable) {
		return nil, w.markDown(err)
	}
	return t, err
}

func (w *workspace) unreachable() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.down
}

// markDown records the first failure to reach the workspace and returns
// the error every table of it reports from now on.
func (w *workspace) markDown(cause error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.down == nil {
		w.down = &unreachableError{host: w.client.Config().Host, cause: cause}
	}
	return w.down
}

// unreachableError is a workspace that gave no answer; one error for all
// its tables, so the run's warning names the cause once.
type unreachableError struct {
	host  string
	cause error
}

func (e *unreachableError) Error() string {
	return fmt.Sprintf("the workspace %s could not be reached, so no more of its tables were asked this run: %v", e.host, e.cause)
}

func (e *unreachableError) Unwrap() error { return e.cause }
