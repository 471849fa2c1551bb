package databricks

import (
	"net/http"
	"testing"
	"time"
)

func TestBackoffDelay(t *testing.T) {
	b := Backoff{Initial: 100 * time.Millisecond, Max: time.Second}
	low := func() float64 { return 0 }
	high := func() float64 { return 0.9999 }
	want := []time.Duration{100, 200, 400, 800, 1000, 1000}
	for attempt, w := range want {
		step := w * time.Millisecond
		if got := b.delay(attempt, low); got != step/2 {
			t.Errorf("attempt %d, low jitter: %v, want %v", attempt, got, step/2)
		}
		if got := b.delay(attempt, high); got < step*9/10 || got > step {
			t.Errorf("attempt %d, high jitter: %v, want close to %v", attempt, got, step)
		}
	}
	if got := b.delay(1000, low); got != 500*time.Millisecond {
		t.Errorf("huge attempt: %v, want the cap", got)
	}
	constant := Backoff{Initial: time.Second}
	if got := constant.delay(5, low); got != 500*time.Millisecond {
		t.Errorf("no Max: %v, want a constant Initial", got)
	}
	if got := (Backoff{}).delay(3, high); got != 0 {
		t.Errorf("zero Backoff: %v, want no wait", got)
	}
}

func TestRetryAfter(t *testing.T) {
	now := time.Date(2025, 1, 20, 7, 0, 0, 0, time.UTC)
	tests := []struct {
		value string
		want  time.Duration
		ok    bool
	}{
		{"", 0, false},
		{"7", 7 * time.Second, true},
		{"0", 0, true},
		{"Mon, 20 Jan 2025 07:00:30 GMT", 30 * time.Second, true},
		{"Mon, 20 Jan 2025 06:59:00 GMT", 0, true},
		{"soon", 0, false},
		{"-3", 0, false},
	}
	for _, tt := range tests {
		h := http.Header{}
		if tt.value != "" {
			h.Set("Retry-After", tt.value)
		}
		got, ok := retryAfter(h, now)
		if got != tt.want || ok != tt.ok {
			t.Errorf("retryAfter(%q) = %v, %v; want %v, %v", tt.value, got, ok, tt.want, tt.ok)
		}
	}
}
