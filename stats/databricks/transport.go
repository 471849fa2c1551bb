package databricks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"unicode"

	"github.com/lakelint/lakelint/internal/redact"
)

// maxBody caps a response read into memory; INLINE results stop at 25 MiB.
const maxBody = 64 << 20

// call sends one API request and decodes the JSON answer into out (when
// non-nil). It retries 429, 5xx and dropped connections with backoff,
// honouring Retry-After, and gives up early rather than wait past ctx's
// deadline.
func (c *Client) call(ctx context.Context, method, path string, in, out any) error {
	endpoint := method + " " + path
	var payload []byte
	if in != nil {
		var err error
		if payload, err = json.Marshal(in); err != nil {
			return fmt.Errorf("%s: encoding request: %w", endpoint, err)
		}
	}
	for attempt := 0; ; attempt++ {
		tok, err := c.auth.token(ctx)
		if err != nil {
			if ctx.Err() != nil {
				return fmt.Errorf("%s: %w", endpoint, ctx.Err())
			}
			var urlErr *url.Error // the token endpoint gave no answer
			return &SignInError{Method: c.cfg.auth, Source: c.cfg.CredentialSource(), Msg: c.redact(err.Error()), Unreachable: errors.As(err, &urlErr)}
		}
		status, header, body, err := c.send(ctx, method, path, tok, payload)
		var failure error
		wait := c.retry.delay(attempt, c.rand)
		switch {
		case err != nil:
			if ctx.Err() != nil {
				err = fmt.Errorf("%s: %w", endpoint, ctx.Err())
				if c.answered.Load() {
					return err // a slow answer from a workspace that does answer
				}
				return &connError{err} // nothing ever came back
			}
			failure = &connError{fmt.Errorf("%s: %w", endpoint, err)} // no connection
		case status >= 200 && status < 300:
			return decode(endpoint, body, out)
		case retryable(status):
			failure = c.apiError(endpoint, status, body)
			if d, ok := retryAfter(header, c.now()); ok {
				wait = d
			}
		default:
			return c.apiError(endpoint, status, body)
		}
		if attempt+1 >= c.attempts || !fitsDeadline(ctx, c.now(), wait) {
			return failure
		}
		if err := c.sleep(ctx, wait); err != nil {
			return fmt.Errorf("%w; then %w", failure, err)
		}
	}
}

func (c *Client) send(ctx context.Context, method, path, token string, payload []byte) (int, http.Header, []byte, error) {
	var body io.Reader
	if payload != nil {
		body = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, method, c.cfg.Host+path, body)
	if err != nil {
		return 0, nil, nil, err
	}
	req.Header.Set("Authorization", "Bearer "+token)
	req.Header.Set("Accept", "application/json")
	req.Header.Set("User-Agent", "lakelint")
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := c.http.Do(req)
	if err != nil {
		return 0, nil, nil, err
	}
	c.answered.Store(true)
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return 0, nil, nil, err
	}
	return resp.StatusCode, resp.Header, data, nil
}

func decode(endpoint string, body []byte, out any) error {
	if len(body) > maxBody {
		return &MalformedError{Endpoint: endpoint, Err: fmt.Errorf("body larger than %d bytes", maxBody)}
	}
	if out == nil {
		return nil
	}
	if err := json.Unmarshal(body, out); err != nil {
		return &MalformedError{Endpoint: endpoint, Err: err}
	}
	return nil
}

// apiError describes a failed request, with a hint naming where the
// offending setting came from.
func (c *Client) apiError(endpoint string, status int, body []byte) *APIError {
	e := &APIError{Endpoint: endpoint, StatusCode: status}
	var payload struct {
		ErrorCode string `json:"error_code"`
		Message   string `json:"message"`
	}
	if json.Unmarshal(body, &payload) == nil {
		e.ErrorCode, e.Message = payload.ErrorCode, payload.Message
	} else {
		e.Message = snippet(body)
	}
	e.Message = c.redact(e.Message)
	e.ErrorCode = c.redact(e.ErrorCode)

	cfg := c.cfg
	switch status {
	case http.StatusUnauthorized:
		e.Hint = fmt.Sprintf("the token from %s was rejected: it is invalid or has expired", cfg.CredentialSource())
		if cs, ok := c.auth.(*cachedSource); ok {
			cs.forget() // the next request signs in afresh
		}
	case http.StatusForbidden:
		e.Hint = fmt.Sprintf("the identity behind the token from %s lacks permission to use SQL warehouse %s or to read the table",
			cfg.CredentialSource(), cfg.WarehouseID)
	case http.StatusNotFound:
		if endpoint == "POST "+statementsPath {
			e.Hint = fmt.Sprintf("check SQL warehouse %s (from %s) exists in workspace %s", cfg.WarehouseID, cfg.warehouseSource, cfg.Host)
		} else {
			e.Hint = "the statement no longer exists on the warehouse"
		}
	case http.StatusTooManyRequests:
		e.Hint = "rate limited by the workspace"
	}
	return e
}

// redact removes tokens and secrets, in every form New and the token
// sources registered, from text that came from elsewhere, in case a server
// or proxy echoes request headers back.
func (c *Client) redact(s string) string {
	return redact.String(s)
}

// snippet shows the start of a non-JSON body (an HTML error page from a
// proxy, say) on one line.
func snippet(body []byte) string {
	const limit = 200
	s := strings.Map(func(r rune) rune {
		if unicode.IsControl(r) {
			return ' '
		}
		return r
	}, string(body[:min(len(body), limit)]))
	s = strings.TrimSpace(s)
	if len(body) > limit {
		s += "…"
	}
	return s
}
