package databricks

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"
)

const statementsPath = "/api/2.0/sql/statements"

// Statement states reported by the API.
const (
	statePending   = "PENDING"
	stateRunning   = "RUNNING"
	stateSucceeded = "SUCCEEDED"
	stateFailed    = "FAILED"
	stateCanceled  = "CANCELED"
	stateClosed    = "CLOSED"
)

type statementRequest struct {
	WarehouseID   string `json:"warehouse_id"`
	Statement     string `json:"statement"`
	WaitTimeout   string `json:"wait_timeout"`
	OnWaitTimeout string `json:"on_wait_timeout"`
	Disposition   string `json:"disposition"`
	Format        string `json:"format"`
}

type statementResponse struct {
	StatementID string `json:"statement_id"`
	Status      struct {
		State string `json:"state"`
		Error *struct {
			ErrorCode string `json:"error_code"`
			Message   string `json:"message"`
		} `json:"error"`
		SQLState string `json:"sql_state"`
	} `json:"status"`
	Manifest *struct {
		Format string `json:"format"`
		Schema struct {
			Columns []Column `json:"columns"`
		} `json:"schema"`
		TotalChunkCount int `json:"total_chunk_count"`
	} `json:"manifest"`
	Result *resultChunk `json:"result"`
}

type resultChunk struct {
	ChunkIndex            int         `json:"chunk_index"`
	DataArray             [][]*string `json:"data_array"`
	NextChunkInternalLink string      `json:"next_chunk_internal_link"`
}

// Query runs one SQL statement on the warehouse and returns its rows
// (inline results, so at most 25 MiB). It polls a running statement for
// as long as ctx allows; if ctx ends first, it asks the warehouse to
// cancel the statement.
func (c *Client) Query(ctx context.Context, statement string) (*Result, error) {
	res, err := c.query(ctx, statement)
	if err != nil {
		return nil, fmt.Errorf("databricks: %w", err)
	}
	return res, nil
}

func (c *Client) query(ctx context.Context, statement string) (*Result, error) {
	req := statementRequest{
		WarehouseID:   c.cfg.WarehouseID,
		Statement:     statement,
		WaitTimeout:   waitTimeoutParam(ctx, c.cfg.WaitTimeout, c.now()),
		OnWaitTimeout: "CONTINUE",
		Disposition:   "INLINE",
		Format:        "JSON_ARRAY",
	}
	var resp statementResponse
	if err := c.call(ctx, "POST", statementsPath, req, &resp); err != nil {
		return nil, err
	}
	final, err := c.await(ctx, &resp)
	if err != nil {
		if ctx.Err() != nil && resp.StatementID != "" {
			c.cancelStatement(ctx, resp.StatementID)
		}
		return nil, err
	}
	return c.collect(ctx, final)
}

// await polls until the statement leaves PENDING/RUNNING.
func (c *Client) await(ctx context.Context, resp *statementResponse) (*statementResponse, error) {
	id := resp.StatementID
	for attempt := 0; ; attempt++ {
		switch state := resp.Status.State; state {
		case stateSucceeded:
			return resp, nil
		case stateFailed, stateCanceled, stateClosed:
			return nil, c.statementError(resp)
		case statePending, stateRunning:
			if id == "" {
				return nil, &MalformedError{Endpoint: "POST " + statementsPath, Err: errors.New("statement is " + state + " but has no statement_id")}
			}
		default:
			return nil, &MalformedError{Endpoint: statementPath(id), Err: fmt.Errorf("unknown statement state %q", state)}
		}
		next, err := c.checkStatus(ctx, id, attempt)
		if err != nil {
			if ctx.Err() != nil { // say how far the statement got
				err = fmt.Errorf("statement %s still %s: %w", id, resp.Status.State, err)
			}
			return nil, err
		}
		resp = next
	}
}

// checkStatus waits one polling step, then fetches the statement's status.
func (c *Client) checkStatus(ctx context.Context, id string, attempt int) (*statementResponse, error) {
	if err := c.sleep(ctx, c.poll.delay(attempt, c.rand)); err != nil {
		return nil, err
	}
	next := new(statementResponse)
	if err := c.call(ctx, "GET", statementPath(id), nil, next); err != nil {
		return nil, err
	}
	if next.StatementID == "" {
		next.StatementID = id
	}
	return next, nil
}

func (c *Client) statementError(resp *statementResponse) error {
	e := &StatementError{StatementID: resp.StatementID, State: resp.Status.State, SQLState: resp.Status.SQLState}
	if se := resp.Status.Error; se != nil {
		e.ErrorCode, e.Message = se.ErrorCode, c.redact(se.Message)
	}
	return e
}

// cancelStatement asks the warehouse to stop a statement we gave up on,
// so it does not keep running. Best effort: ctx is already over, so this
// gets its own short deadline and errors are ignored.
func (c *Client) cancelStatement(ctx context.Context, id string) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), c.cancelTimeout)
	defer cancel()
	tok, err := c.auth.token(ctx)
	if err != nil {
		return
	}
	_, _, _, _ = c.send(ctx, "POST", statementPath(id)+"/cancel", tok, []byte("{}"))
}

// collect gathers all result chunks of a finished statement.
func (c *Client) collect(ctx context.Context, resp *statementResponse) (*Result, error) {
	endpoint := statementPath(resp.StatementID)
	if resp.Manifest == nil {
		return nil, &MalformedError{Endpoint: endpoint, Err: errors.New("SUCCEEDED without a manifest")}
	}
	if f := resp.Manifest.Format; f != "" && f != "JSON_ARRAY" {
		return nil, &MalformedError{Endpoint: endpoint, Err: fmt.Errorf("result format %s, asked for JSON_ARRAY", f)}
	}
	var data [][]*string
	chunk := resp.Result
	for n := 0; chunk != nil; n++ {
		data = append(data, chunk.DataArray...)
		link := chunk.NextChunkInternalLink
		if link == "" {
			break
		}
		// Follow only links back into this statement's results on the
		// same host; anything else would send the token elsewhere.
		if !strings.HasPrefix(link, statementPath(resp.StatementID)+"/result/chunks/") || n > max(resp.Manifest.TotalChunkCount, 1) {
			return nil, &MalformedError{Endpoint: endpoint, Err: fmt.Errorf("unexpected next chunk link %q", link)}
		}
		chunk = new(resultChunk)
		if err := c.call(ctx, "GET", link, nil, chunk); err != nil {
			return nil, err
		}
	}
	rows, err := buildRows(resp.Manifest.Schema.Columns, data)
	if err != nil {
		return nil, &MalformedError{Endpoint: endpoint, Err: err}
	}
	return &Result{StatementID: resp.StatementID, Columns: resp.Manifest.Schema.Columns, Rows: rows}, nil
}

func statementPath(id string) string {
	return statementsPath + "/" + url.PathEscape(id)
}

// waitTimeoutParam picks the API's wait_timeout: the configured wait, cut
// short so the server answers before ctx's deadline. The API accepts 0s
// (answer at once) or 5s to 50s.
func waitTimeoutParam(ctx context.Context, configured time.Duration, now time.Time) string {
	w := configured
	if dl, ok := ctx.Deadline(); ok {
		w = min(w, dl.Sub(now)-time.Second)
	}
	if w < 5*time.Second {
		return "0s"
	}
	return fmt.Sprintf("%ds", int(min(w, 50*time.Second)/time.Second))
}
