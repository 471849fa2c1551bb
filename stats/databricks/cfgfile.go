package databricks

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"
)

// profile is one [section] of a .databrickscfg file, keys lowercased.
type profile map[string]string

// readProfiles parses the INI file at path into its sections.
func readProfiles(path string) (map[string]profile, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	profiles, err := parseProfiles(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return profiles, nil
}

// parseProfiles reads the small INI dialect the Databricks CLI writes:
// [section] headers, key = value lines, # and ; comments. Keys before the
// first header belong to DEFAULT. Errors give line numbers only, because a
// bad line may hold a token.
func parseProfiles(r io.Reader) (map[string]profile, error) {
	profiles := map[string]profile{}
	section := DefaultProfile
	sc := bufio.NewScanner(r)
	for n := 1; sc.Scan(); n++ {
		line := strings.TrimSpace(sc.Text())
		switch {
		case line == "" || line[0] == '#' || line[0] == ';':
			continue
		case line[0] == '[':
			if !strings.HasSuffix(line, "]") {
				return nil, fmt.Errorf("line %d: unterminated section header", n)
			}
			section = strings.TrimSpace(line[1 : len(line)-1])
			if section == "" {
				return nil, fmt.Errorf("line %d: empty section name", n)
			}
			if profiles[section] == nil {
				profiles[section] = profile{}
			}
			continue
		}
		key, value, ok := strings.Cut(line, "=")
		key = strings.ToLower(strings.TrimSpace(key))
		if !ok || key == "" {
			return nil, fmt.Errorf("line %d: want key = value", n)
		}
		if profiles[section] == nil {
			profiles[section] = profile{}
		}
		profiles[section][key] = unquote(strings.TrimSpace(value))
	}
	if err := sc.Err(); err != nil {
		return nil, err
	}
	return profiles, nil
}

func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' || v[0] == '\'') && v[len(v)-1] == v[0] {
		return v[1 : len(v)-1]
	}
	return v
}
