package databricks

import (
	"fmt"
	"time"
)

// cells reads typed values out of one result row, keeping the first
// error so mapping code can read every column and check once.
type cells struct {
	row Row
	err error
}

func (c *cells) fail(col string, err error) {
	if c.err == nil {
		c.err = fmt.Errorf("column %s: %w", col, err)
	}
}

// require records an error when col is missing or NULL.
func (c *cells) require(col string) {
	if _, ok := c.row.Get(col); !ok {
		c.fail(col, fmt.Errorf("missing or NULL"))
	}
}

func (c *cells) str(col string) string {
	s, _ := c.row.Get(col)
	return s
}

// int returns 0 for a missing or NULL column.
func (c *cells) int(col string) int64 {
	s, ok := c.row.Get(col)
	if !ok {
		return 0
	}
	n, err := parseInt(s)
	if err != nil {
		c.fail(col, err)
	}
	return n
}

func (c *cells) time(col string) time.Time {
	s, ok := c.row.Get(col)
	if !ok {
		return time.Time{}
	}
	t, err := parseTime(s)
	if err != nil {
		c.fail(col, err)
	}
	return t
}

// list returns nil for a missing or NULL column.
func (c *cells) list(col string) []string {
	s, ok := c.row.Get(col)
	if !ok {
		return nil
	}
	l, err := parseStringList(s)
	if err != nil {
		c.fail(col, err)
	}
	return l
}

// strMap returns nil for a missing or NULL column.
func (c *cells) strMap(col string) map[string]string {
	s, ok := c.row.Get(col)
	if !ok {
		return nil
	}
	m, err := parseStringMap(s)
	if err != nil {
		c.fail(col, err)
	}
	return m
}
