package databricks

import (
	"context"
	"fmt"
	"math/rand/v2"
	"net/http"
	"sync/atomic"
	"time"

	"github.com/lakelint/lakelint/internal/redact"
)

// Client runs SQL statements on one warehouse. It is safe for concurrent use.
type Client struct {
	cfg           Config
	http          *http.Client
	auth          tokenSource
	attempts      int     // HTTP attempts per request, first included
	retry         Backoff // between those attempts
	poll          Backoff // between status polls
	cancelTimeout time.Duration
	answered      *atomic.Bool // some request got an HTTP answer; a pointer so Client values can be printed

	// Swapped by tests so retries and polls need not really wait.
	sleep func(ctx context.Context, d time.Duration) error
	now   func() time.Time
	rand  func() float64
}

// Option adjusts a Client made by New.
type Option func(*Client)

// WithHTTPClient sends requests through h instead of a default client.
func WithHTTPClient(h *http.Client) Option {
	return func(c *Client) { c.http = h }
}

// WithRetry sets how many times one HTTP request is tried (first try
// included) on 429, 5xx or a dropped connection, and the waits between.
// A Retry-After header from the server takes precedence over b.
func WithRetry(maxAttempts int, b Backoff) Option {
	return func(c *Client) { c.attempts, c.retry = max(maxAttempts, 1), b }
}

// WithPolling sets the waits between status checks of a running statement.
func WithPolling(b Backoff) Option {
	return func(c *Client) { c.poll = b }
}

// New makes a Client. cfg must name a host, a warehouse and a way to sign
// in, usually via Resolve; New itself reads no environment or files (the
// CLI sign-ins run their CLI at the first request).
func New(cfg Config, opts ...Option) (*Client, error) {
	cfg.noteSources("Config")
	cfg, err := cfg.validated()
	if err != nil {
		return nil, err
	}
	c := &Client{
		cfg:           cfg,
		http:          &http.Client{Timeout: 2 * time.Minute},
		attempts:      4,
		retry:         Backoff{Initial: 500 * time.Millisecond, Max: 8 * time.Second},
		poll:          Backoff{Initial: 250 * time.Millisecond, Max: 2 * time.Second},
		cancelTimeout: 5 * time.Second,
		answered:      new(atomic.Bool),
		sleep:         sleepCtx,
		now:           time.Now,
		rand:          rand.Float64,
	}
	for _, o := range opts {
		o(c)
	}
	c.http = withoutAuthOnRedirect(c.http)
	redact.Add(cfg.Token)
	redact.AddBasic(cfg.ClientID, cfg.ClientSecret)
	c.auth = newTokenSource(cfg, c.http)
	return c, nil
}

// maxRedirects is as many redirects as net/http follows by default.
const maxRedirects = 10

// withoutAuthOnRedirect returns a copy of h whose redirects never carry
// the Authorization header: not to another host, and not to the same host
// on another port or scheme, which net/http would otherwise allow. The
// OAuth token request goes through the same client, so its Basic header
// stays behind too.
func withoutAuthOnRedirect(h *http.Client) *http.Client {
	c := *h
	next := h.CheckRedirect
	c.CheckRedirect = func(req *http.Request, via []*http.Request) error {
		req.Header.Del("Authorization")
		if next != nil {
			return next(req, via)
		}
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		return nil
	}
	return &c
}

// Config returns the resolved configuration; printing it hides the token.
func (c *Client) Config() Config { return c.cfg }

// String keeps %v of a Client (value or pointer), or of a struct holding
// one, from showing the credentials inside it.
func (c Client) String() string {
	return fmt.Sprintf("databricks.Client{Host:%s WarehouseID:%s}", c.cfg.Host, c.cfg.WarehouseID)
}

// GoString keeps %#v of a Client value from showing its Config's fields
// and the token source.
func (c Client) GoString() string {
	return c.String()
}
