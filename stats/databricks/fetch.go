package databricks

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/stats"
)

// Source is the stats.Table.Source value Fetch sets.
const Source = "databricks"

// DefaultHistoryLimit is how many commits Fetch reads when given 0 or less.
const DefaultHistoryLimit = 100

const (
	stepDetail  = "DESCRIBE DETAIL"
	stepHistory = "DESCRIBE HISTORY"
)

// Fetch reads one table's current state (DESCRIBE DETAIL) and its newest
// historyLimit commits (DESCRIBE HISTORY), within the configured per-table
// timeout. Sizes and Partitions stay nil: the warehouse reports no
// per-file sizes, so a caller that can read the storage at Location may
// fill them from the Delta log. History is nil for formats without one.
func (c *Client) Fetch(ctx context.Context, table string, historyLimit int) (*stats.Table, error) {
	quoted, err := QuoteTableName(table)
	if err != nil {
		return nil, err
	}
	if historyLimit <= 0 {
		historyLimit = DefaultHistoryLimit
	}
	tctx, cancel := context.WithTimeout(ctx, c.cfg.Timeout)
	defer cancel()

	t := &stats.Table{Name: table, Source: Source, FetchedAt: c.now().UTC()}
	detail, err := c.query(tctx, stepDetail+" "+quoted)
	if err != nil {
		return nil, c.fetchError(ctx, table, stepDetail, err)
	}
	if len(detail.Rows) != 1 {
		err := &MalformedError{Endpoint: statementPath(detail.StatementID), Err: fmt.Errorf("%d rows, want 1", len(detail.Rows))}
		return nil, c.fetchError(ctx, table, stepDetail, err)
	}
	if err := applyDetail(t, detail.Rows[0]); err != nil {
		err = &MalformedError{Endpoint: statementPath(detail.StatementID), Err: err}
		return nil, c.fetchError(ctx, table, stepDetail, err)
	}
	if !keepsHistory(t.Format) {
		return t, nil
	}

	hist, err := c.query(tctx, fmt.Sprintf("%s %s LIMIT %d", stepHistory, quoted, historyLimit))
	if err != nil {
		return nil, c.fetchError(ctx, table, stepHistory, err)
	}
	commits, err := parseHistory(hist.Rows)
	if err != nil {
		err = &MalformedError{Endpoint: statementPath(hist.StatementID), Err: err}
		return nil, c.fetchError(ctx, table, stepHistory, err)
	}
	t.History = summarizeHistory(commits)
	if len(commits) > 0 {
		t.Version = commits[0].Version
	}
	return t, nil
}

// keepsHistory reports whether DESCRIBE HISTORY works for a table format;
// on plain Parquet or CSV tables it fails.
func keepsHistory(format string) bool {
	f := strings.ToLower(format)
	return f == "delta" || f == "iceberg"
}

// fetchError names the table and step, and turns the per-table deadline
// into a TimeoutError. A deadline of the caller's own is passed through.
func (c *Client) fetchError(parent context.Context, table, step string, err error) error {
	if errors.Is(err, context.DeadlineExceeded) && parent.Err() == nil {
		return &TimeoutError{Table: table, Step: step, Timeout: c.cfg.Timeout, Err: err}
	}
	return fmt.Errorf("databricks: %s %s: %w", step, table, err)
}
