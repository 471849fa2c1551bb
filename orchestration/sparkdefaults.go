package orchestration

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/internal/projectfile"
)

// SparkDefaultsFiles are where a project keeps spark-submit's defaults,
// relative to its root: they are the session settings of every job run
// from there.
var SparkDefaultsFiles = []string{"spark-defaults.conf", filepath.Join("conf", "spark-defaults.conf")}

// SparkDefaults reads the spark-defaults.conf files of a project root
// (root itself, then its conf/), each entry placed at its key.
func SparkDefaults(root string) []Conf {
	var out []Conf
	for _, name := range SparkDefaultsFiles {
		file := filepath.Join(root, name)
		if info, err := os.Stat(file); err != nil || !info.Mode().IsRegular() {
			continue
		}
		data, err := projectfile.Read(file)
		if err != nil {
			continue
		}
		out = append(out, ParseSparkDefaults(file, string(data))...)
	}
	return out
}

// ParseSparkDefaults reads the entries of a spark-defaults.conf, a Java
// properties file: `key value`, `key=value` or `key: value` lines, with
// # and ! comments and blank lines skipped.
func ParseSparkDefaults(file, text string) []Conf {
	var out []Conf
	off := 0
	for i, line := range strings.SplitAfter(text, "\n") {
		start := off
		off += len(line)
		body := strings.TrimRight(line, "\r\n")
		trimmed := strings.TrimLeft(body, " \t\f")
		if trimmed == "" || trimmed[0] == '#' || trimmed[0] == '!' {
			continue
		}
		indent := len(body) - len(trimmed)
		end := strings.IndexAny(trimmed, " \t\f=:")
		if end <= 0 {
			continue // a key with no value sets nothing a rule reads
		}
		key := trimmed[:end]
		value := strings.TrimLeft(trimmed[end:], " \t\f")
		if value != "" && (value[0] == '=' || value[0] == ':') {
			value = strings.TrimLeft(value[1:], " \t\f")
		}
		keyStart := start + indent
		out = append(out, Conf{Key: key, Value: strings.TrimSpace(value), At: Place{
			File: file, Line: i + 1, Col: indent + 1, Start: keyStart, End: keyStart + len(key)}})
	}
	return out
}
