package databricks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

// JSON_ARRAY results render complex values (arrays, maps) as JSON text
// inside the string cell; these helpers turn cells back into Go values.

// parseStringMap reads a map cell such as {"delta.appendOnly":"true"}.
// Non-string values keep their JSON text; a NULL value becomes "".
func parseStringMap(s string) (map[string]string, error) {
	out := map[string]string{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal([]byte(s), &raw); err != nil {
		return nil, errors.New("not a JSON object")
	}
	for k, v := range raw {
		var str string
		switch {
		case bytes.Equal(v, []byte("null")):
		case json.Unmarshal(v, &str) == nil:
		default:
			str = string(v)
		}
		out[k] = str
	}
	return out, nil
}

// parseStringList reads an array cell such as ["date","region"].
func parseStringList(s string) ([]string, error) {
	out := []string{}
	if strings.TrimSpace(s) == "" {
		return out, nil
	}
	if err := json.Unmarshal([]byte(s), &out); err != nil {
		return nil, errors.New("not a JSON array of strings")
	}
	if out == nil { // the cell was the JSON literal null
		out = []string{}
	}
	return out, nil
}

// timeLayouts covers the ISO-8601 text the API uses for timestamps, with
// and without zone; a missing zone means UTC.
var timeLayouts = []string{
	time.RFC3339Nano,
	"2006-01-02T15:04:05.999999999",
	"2006-01-02 15:04:05.999999999Z07:00",
	"2006-01-02 15:04:05.999999999",
}

func parseTime(s string) (time.Time, error) {
	for _, layout := range timeLayouts {
		if t, err := time.Parse(layout, s); err == nil {
			return t.UTC(), nil
		}
	}
	return time.Time{}, fmt.Errorf("not a timestamp: %q", s)
}

func parseInt(s string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("not an integer: %q", s)
	}
	return n, nil
}

// median of xs, averaging the middle pair; 0 when empty.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	s := slices.Sorted(slices.Values(xs))
	mid := len(s) / 2
	if len(s)%2 == 1 {
		return s[mid]
	}
	return (s[mid-1] + s[mid]) / 2
}
