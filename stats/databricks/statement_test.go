package databricks

import (
	"context"
	"errors"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"
)

const chunk1GET = "GET " + statementsPath + "/01ef7d3c-7e05-1b2c-9d4a-5c8e1f3a7b92/result/chunks/1"

func TestQuerySubmitsInlineJSONAndFollowsChunks(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitOther, ok("query_chunk0.json"))
	f.on(chunk1GET, ok("query_chunk1.json"))
	c, _ := newTestClient(t, srv)

	res, err := c.Query(t.Context(), "SELECT region, count(*) AS orders FROM main.sales.orders GROUP BY region")
	if err != nil {
		t.Fatal(err)
	}
	want := statementRequest{
		WarehouseID:   testWarehouse,
		Statement:     "SELECT region, count(*) AS orders FROM main.sales.orders GROUP BY region",
		WaitTimeout:   "10s",
		OnWaitTimeout: "CONTINUE",
		Disposition:   "INLINE",
		Format:        "JSON_ARRAY",
	}
	if len(f.submits) != 1 || f.submits[0] != want {
		t.Errorf("submitted %+v, want %+v", f.submits, want)
	}
	var got []string
	for _, r := range res.Rows {
		region, _ := r.Get("region")
		orders, present := r.Get("orders")
		if !present {
			orders = "NULL"
		}
		got = append(got, region+"="+orders)
	}
	if want := []string{"emea=1200", "amer=NULL", "apac=310"}; !slices.Equal(got, want) {
		t.Errorf("rows %v, want %v", got, want)
	}
	if len(res.Columns) != 2 || res.Columns[1].TypeName != "LONG" {
		t.Errorf("columns %+v", res.Columns)
	}
}

func TestQueryRejectsChunkLinkToAnotherPlace(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitOther, reply{status: http.StatusOK, body: `{
		"statement_id": "s1", "status": {"state": "SUCCEEDED"},
		"manifest": {"format": "JSON_ARRAY", "schema": {"columns": [{"name": "x", "position": 0}]}, "total_chunk_count": 2},
		"result": {"chunk_index": 0, "data_array": [["1"]], "next_chunk_internal_link": "https://elsewhere.example/steal"}}`})
	c, _ := newTestClient(t, srv)

	_, err := c.Query(t.Context(), "SELECT 1 AS x")
	if !errors.Is(err, ErrMalformed) {
		t.Fatalf("err = %v, want ErrMalformed", err)
	}
}

func TestQueryPollsWithBackoffUntilSucceeded(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, ok("detail_pending.json"))
	f.on(detailGET, ok("detail_running.json"), ok("detail_running.json"), ok("detail_succeeded.json"))
	c, rec := newTestClient(t, srv, WithPolling(Backoff{Initial: 100 * time.Millisecond, Max: 300 * time.Millisecond}))

	res, err := c.Query(t.Context(), "DESCRIBE DETAIL `main`.`sales`.`orders`")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Rows) != 1 {
		t.Fatalf("%d rows, want 1", len(res.Rows))
	}
	if n := f.count(detailGET); n != 3 {
		t.Errorf("%d polls, want 3", n)
	}
	// Steps 100ms, 200ms, capped 300ms; jitter pinned to half a step.
	want := []time.Duration{50 * time.Millisecond, 100 * time.Millisecond, 150 * time.Millisecond}
	if !slices.Equal(rec.delays, want) {
		t.Errorf("poll delays %v, want %v", rec.delays, want)
	}
}

func TestQueryRetries429HonouringRetryAfter(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail,
		reply{status: http.StatusTooManyRequests, fixture: "error_rate_limited.json", header: map[string]string{"Retry-After": "3"}},
		ok("detail_succeeded.json"))
	c, rec := newTestClient(t, srv)

	if _, err := c.Query(t.Context(), "DESCRIBE DETAIL `t`"); err != nil {
		t.Fatal(err)
	}
	if n := f.count(submitDetail); n != 2 {
		t.Errorf("%d submits, want 2", n)
	}
	if want := []time.Duration{3 * time.Second}; !slices.Equal(rec.delays, want) {
		t.Errorf("delays %v, want %v (the server's Retry-After)", rec.delays, want)
	}
}

func TestQueryRetries5xxWithExponentialBackoff(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail,
		reply{status: http.StatusInternalServerError, fixture: "error_internal.json"},
		reply{status: http.StatusBadGateway, body: "<html><body>502 Bad Gateway</body></html>"},
		ok("detail_succeeded.json"))
	c, rec := newTestClient(t, srv, WithRetry(4, Backoff{Initial: 100 * time.Millisecond, Max: time.Second}))

	if _, err := c.Query(t.Context(), "DESCRIBE DETAIL `t`"); err != nil {
		t.Fatal(err)
	}
	if want := []time.Duration{50 * time.Millisecond, 100 * time.Millisecond}; !slices.Equal(rec.delays, want) {
		t.Errorf("delays %v, want %v", rec.delays, want)
	}
}

func TestQueryGivesUpAfterMaxAttempts(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, reply{status: http.StatusServiceUnavailable, body: `{"error_code":"TEMPORARILY_UNAVAILABLE","message":"Service unavailable"}`})
	c, _ := newTestClient(t, srv, WithRetry(3, Backoff{Initial: time.Millisecond, Max: time.Millisecond}))

	_, err := c.Query(t.Context(), "DESCRIBE DETAIL `t`")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("err = %v, want the 503 APIError", err)
	}
	if n := f.count(submitDetail); n != 3 {
		t.Errorf("%d attempts, want 3", n)
	}
}

func TestQueryDoesNotWaitPastDeadlineForRetryAfter(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitDetail, reply{status: http.StatusTooManyRequests, fixture: "error_rate_limited.json", header: map[string]string{"Retry-After": "120"}})
	c, rec := newTestClient(t, srv)
	ctx, cancel := context.WithTimeout(t.Context(), time.Second)
	defer cancel()

	_, err := c.Query(ctx, "DESCRIBE DETAIL `t`")
	var apiErr *APIError
	if !errors.As(err, &apiErr) || apiErr.StatusCode != http.StatusTooManyRequests {
		t.Fatalf("err = %v, want the 429 APIError at once", err)
	}
	if len(rec.delays) != 0 {
		t.Errorf("slept %v; should give up when Retry-After exceeds the deadline", rec.delays)
	}
}

func TestQueryHTTPErrors(t *testing.T) {
	tests := []struct {
		name    string
		status  int
		fixture string
		kind    error
		mention []string
	}{
		{"401", http.StatusUnauthorized, "error_unauthorized.json", ErrUnauthorized,
			[]string{"HTTP 401", "UNAUTHENTICATED", "Config.Token", "invalid or has expired"}},
		{"403", http.StatusForbidden, "error_forbidden.json", ErrForbidden,
			[]string{"HTTP 403", "PERMISSION_DENIED", "lacks permission", testWarehouse}},
		{"404", http.StatusNotFound, "error_warehouse_not_found.json", ErrNotFound,
			[]string{"HTTP 404", "RESOURCE_DOES_NOT_EXIST", "check SQL warehouse " + testWarehouse}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, srv := newFakeWorkspace(t)
			f.on(submitDetail, reply{status: tt.status, fixture: tt.fixture})
			c, rec := newTestClient(t, srv)

			_, err := c.Query(t.Context(), "DESCRIBE DETAIL `t`")
			if !errors.Is(err, tt.kind) {
				t.Fatalf("err = %v, want %v", err, tt.kind)
			}
			for _, m := range tt.mention {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("error %q does not mention %q", err, m)
				}
			}
			if n := f.count(submitDetail); n != 1 || len(rec.delays) != 0 {
				t.Errorf("%d attempts, %d sleeps; client errors must not be retried", n, len(rec.delays))
			}
		})
	}
}

func TestQueryMalformedJSONNamesEndpoint(t *testing.T) {
	t.Run("submit", func(t *testing.T) {
		f, srv := newFakeWorkspace(t)
		f.on(submitDetail, ok("malformed.json"))
		c, _ := newTestClient(t, srv)

		_, err := c.Query(t.Context(), "DESCRIBE DETAIL `t`")
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), "POST /api/2.0/sql/statements") {
			t.Fatalf("err = %v, want ErrMalformed naming the submit endpoint", err)
		}
	})
	t.Run("poll", func(t *testing.T) {
		f, srv := newFakeWorkspace(t)
		f.on(submitDetail, ok("detail_pending.json"))
		f.on(detailGET, ok("malformed.json"))
		c, _ := newTestClient(t, srv)

		_, err := c.Query(t.Context(), "DESCRIBE DETAIL `t`")
		if !errors.Is(err, ErrMalformed) || !strings.Contains(err.Error(), detailGET) {
			t.Fatalf("err = %v, want ErrMalformed naming %s", err, detailGET)
		}
	})
}

func TestQueryUnknownStateIsMalformed(t *testing.T) {
	f, srv := newFakeWorkspace(t)
	f.on(submitOther, reply{status: http.StatusOK, body: `{"statement_id":"s1","status":{"state":"EXPLODED"}}`})
	c, _ := newTestClient(t, srv)

	if _, err := c.Query(t.Context(), "SELECT 1"); !errors.Is(err, ErrMalformed) {
		t.Fatalf("err = %v, want ErrMalformed", err)
	}
}

func TestWaitTimeoutParam(t *testing.T) {
	now := time.Date(2025, 1, 20, 0, 0, 0, 0, time.UTC)
	deadline := func(d time.Duration) context.Context {
		ctx, cancel := context.WithDeadline(context.Background(), now.Add(d))
		t.Cleanup(cancel)
		return ctx
	}
	tests := []struct {
		ctx        context.Context
		configured time.Duration
		want       string
	}{
		{context.Background(), 10 * time.Second, "10s"},
		{context.Background(), 2 * time.Minute, "50s"},
		{deadline(10 * time.Second), 10 * time.Second, "9s"},
		{deadline(30 * time.Second), 10 * time.Second, "10s"},
		{deadline(5 * time.Second), 10 * time.Second, "0s"}, // 4s left is below the API's 5s minimum
		{deadline(time.Second), 10 * time.Second, "0s"},
	}
	for _, tt := range tests {
		if got := waitTimeoutParam(tt.ctx, tt.configured, now); got != tt.want {
			dl, _ := tt.ctx.Deadline()
			t.Errorf("waitTimeoutParam(deadline %v, %v) = %s, want %s", dl.Sub(now), tt.configured, got, tt.want)
		}
	}
}
