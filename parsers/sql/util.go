package sql

import "strings"

func lower(s string) string { return strings.ToLower(s) }
