package databricks

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Sentinel kinds; test with errors.Is.
var (
	ErrUnauthorized = errors.New("unauthorized")      // token invalid or expired (HTTP 401)
	ErrForbidden    = errors.New("permission denied") // no access to warehouse or table (HTTP 403)
	ErrNotFound     = errors.New("not found")         // warehouse, statement or table missing
	ErrMalformed    = errors.New("malformed response")
	ErrTimeout      = errors.New("timed out")
	// ErrUnreachable is a request that got no answer at all: the
	// connection or TLS handshake failed, or nothing came back in time.
	// An HTTP error status is an answer, never ErrUnreachable.
	ErrUnreachable = errors.New("workspace unreachable")
)

// connError is a request that got no HTTP answer.
type connError struct{ err error }

func (e *connError) Error() string   { return e.err.Error() }
func (e *connError) Unwrap() []error { return []error{ErrUnreachable, e.err} }

// APIError is a non-2xx answer from the REST API.
type APIError struct {
	Endpoint   string // e.g. "POST /api/2.0/sql/statements"
	StatusCode int
	ErrorCode  string // Databricks error_code, e.g. "PERMISSION_DENIED"
	Message    string // the server's message, token removed
	Hint       string // what to check, naming where the credentials came from
}

func (e *APIError) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s: HTTP %d %s", e.Endpoint, e.StatusCode, http.StatusText(e.StatusCode))
	if e.ErrorCode != "" {
		fmt.Fprintf(&b, " (%s)", e.ErrorCode)
	}
	if e.Message != "" {
		fmt.Fprintf(&b, ": %s", e.Message)
	}
	if e.Hint != "" {
		fmt.Fprintf(&b, "; %s", e.Hint)
	}
	return b.String()
}

func (e *APIError) Unwrap() error {
	switch e.StatusCode {
	case http.StatusUnauthorized:
		return ErrUnauthorized
	case http.StatusForbidden:
		return ErrForbidden
	case http.StatusNotFound:
		return ErrNotFound
	}
	return nil
}

// StatementError is a statement that ended FAILED, CANCELED or CLOSED.
type StatementError struct {
	StatementID string
	State       string
	ErrorCode   string // e.g. "BAD_REQUEST"
	SQLState    string // e.g. "42P01"
	Message     string // token removed
}

func (e *StatementError) Error() string {
	msg := fmt.Sprintf("statement %s %s", e.StatementID, e.State)
	if e.ErrorCode != "" {
		msg += " (" + e.ErrorCode + ")"
	}
	if e.Message != "" {
		msg += ": " + e.Message
	}
	return msg
}

// Unwrap classifies by the error class Databricks puts in brackets at the
// start of the message, e.g. "[TABLE_OR_VIEW_NOT_FOUND] ...".
func (e *StatementError) Unwrap() error {
	for _, class := range []string{"TABLE_OR_VIEW_NOT_FOUND", "SCHEMA_NOT_FOUND", "CATALOG_NOT_FOUND"} {
		if strings.Contains(e.Message, class) {
			return ErrNotFound
		}
	}
	if strings.Contains(e.Message, "INSUFFICIENT_PERMISSIONS") || e.ErrorCode == "PERMISSION_DENIED" {
		return ErrForbidden
	}
	return nil
}

// MalformedError is a response body that could not be understood.
type MalformedError struct {
	Endpoint string
	Err      error
}

func (e *MalformedError) Error() string {
	return fmt.Sprintf("%s: malformed response: %v", e.Endpoint, e.Err)
}

func (e *MalformedError) Unwrap() []error { return []error{ErrMalformed, e.Err} }

// TimeoutError is a table whose stats did not arrive within the per-table
// timeout.
type TimeoutError struct {
	Table   string
	Step    string // "DESCRIBE DETAIL" or "DESCRIBE HISTORY"
	Timeout time.Duration
	Err     error
}

func (e *TimeoutError) Error() string {
	return fmt.Sprintf("databricks: %s %s timed out after %s (raise the per-table timeout if the warehouse is slow to start): %v",
		e.Step, e.Table, e.Timeout, e.Err)
}

func (e *TimeoutError) Unwrap() []error {
	return []error{ErrTimeout, e.Err}
}
