package databricks

import (
	"context"
	"net/http"
	"strconv"
	"time"
)

// Backoff is an exponential schedule: Initial, doubling up to Max (Max
// below Initial means a constant Initial), each delay jittered into
// [d/2, d] so clients started together spread out.
type Backoff struct {
	Initial time.Duration
	Max     time.Duration
}

// delay returns the wait before retry number attempt (0-based); rnd
// yields values in [0, 1).
func (b Backoff) delay(attempt int, rnd func() float64) time.Duration {
	limit := max(b.Max, b.Initial)
	d := b.Initial
	for i := 0; i < attempt && d < limit; i++ {
		d *= 2
	}
	d = min(d, limit)
	return d/2 + time.Duration(rnd()*float64(d/2))
}

// retryable reports whether an HTTP status is worth another try.
func retryable(status int) bool {
	return status == http.StatusTooManyRequests || status >= 500
}

// retryAfter reads a Retry-After header given as seconds or as an HTTP
// date; ok is false when absent or unusable.
func retryAfter(h http.Header, now time.Time) (d time.Duration, ok bool) {
	v := h.Get("Retry-After")
	if v == "" {
		return 0, false
	}
	if secs, err := strconv.Atoi(v); err == nil && secs >= 0 {
		return time.Duration(secs) * time.Second, true
	}
	if t, err := http.ParseTime(v); err == nil {
		return max(t.Sub(now), 0), true
	}
	return 0, false
}

// sleepCtx waits for d or until ctx ends.
func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}

// fitsDeadline reports whether waiting d still leaves time before ctx's
// deadline; waiting past it would only turn a clear error into a timeout.
func fitsDeadline(ctx context.Context, now time.Time, d time.Duration) bool {
	dl, ok := ctx.Deadline()
	return !ok || now.Add(d).Before(dl)
}
