package databricks

import (
	"errors"
	"fmt"
	"strings"
	"unicode"
)

// maxIdentLen is Unity Catalog's limit on one name part.
const maxIdentLen = 255

// QuoteTableName checks a table name of one to three dot-separated parts
// (catalog.schema.table) and returns it with every part in backticks,
// ready to splice into SQL. Parts may already be backticked. Only
// letters, digits, '_' and '-' are allowed inside a part, so nothing in
// the name can end the quoting or start another statement; paths
// (delta.`/mnt/x`) are not accepted.
func QuoteTableName(name string) (string, error) {
	parts, err := splitName(name)
	if err != nil {
		return "", fmt.Errorf("databricks: table name %q: %w", name, err)
	}
	quoted := make([]string, len(parts))
	for i, p := range parts {
		quoted[i] = "`" + p + "`"
	}
	return strings.Join(quoted, "."), nil
}

func splitName(name string) ([]string, error) {
	raw := strings.Split(name, ".")
	if len(raw) > 3 {
		return nil, errors.New("want at most catalog.schema.table")
	}
	parts := make([]string, len(raw))
	for i, p := range raw {
		if len(p) >= 2 && p[0] == '`' && p[len(p)-1] == '`' {
			p = p[1 : len(p)-1]
		}
		if err := checkPart(p); err != nil {
			return nil, err
		}
		parts[i] = p
	}
	return parts, nil
}

func checkPart(p string) error {
	if p == "" {
		return errors.New("empty name part")
	}
	if len(p) > maxIdentLen {
		return fmt.Errorf("name part longer than %d bytes", maxIdentLen)
	}
	for _, r := range p {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) && r != '_' && r != '-' {
			return fmt.Errorf("character %q not allowed in a table name", r)
		}
	}
	return nil
}
