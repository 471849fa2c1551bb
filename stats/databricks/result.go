package databricks

import (
	"cmp"
	"fmt"
	"slices"
)

// Column is one result column as the manifest describes it.
type Column struct {
	Name     string `json:"name"`
	TypeName string `json:"type_name"` // e.g. "STRING", "ARRAY", "MAP"
	TypeText string `json:"type_text"` // e.g. "array<string>"
	Position int    `json:"position"`
}

// Result is the complete output of one statement.
type Result struct {
	StatementID string
	Columns     []Column
	Rows        []Row
}

// Row maps column name to value. JSON_ARRAY results carry every value as
// text; a nil pointer is SQL NULL.
type Row map[string]*string

// Get returns the column's text and whether it was present and not NULL.
func (r Row) Get(column string) (string, bool) {
	v := r[column]
	if v == nil {
		return "", false
	}
	return *v, true
}

// buildRows names each positional value using the manifest schema.
func buildRows(columns []Column, data [][]*string) ([]Row, error) {
	cols := slices.SortedFunc(slices.Values(columns), func(a, b Column) int { return cmp.Compare(a.Position, b.Position) })
	for i, c := range cols {
		if c.Position != i || c.Name == "" {
			return nil, fmt.Errorf("schema column %d is %q at position %d", i, c.Name, c.Position)
		}
	}
	rows := make([]Row, 0, len(data))
	for i, values := range data {
		if len(values) != len(cols) {
			return nil, fmt.Errorf("row %d has %d values for %d columns", i, len(values), len(cols))
		}
		row := make(Row, len(cols))
		for j, c := range cols {
			row[c.Name] = values[j]
		}
		rows = append(rows, row)
	}
	return rows, nil
}
