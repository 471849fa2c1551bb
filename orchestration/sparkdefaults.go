package orchestration

import (
	"bytes"
	"io/fs"
	"path/filepath"
	"strings"
	"unicode/utf8"

	"github.com/lakelint/lakelint/internal/projectfile"
	"github.com/lakelint/lakelint/internal/walkmemo"
)

// SparkDefaultsName is the file spark-submit reads its defaults from: a
// project's copy (conf/spark-defaults.conf, or one its Docker image
// installs) gives the session settings of every job run from there.
const SparkDefaultsName = "spark-defaults.conf"

// sparkDefaultsDepth is how deep below a project root its
// spark-defaults.conf files are looked for.
const sparkDefaultsDepth = 4

// SparkDefaults reads the spark-defaults.conf files of a project root:
// those in its tree, down a few levels, that are not in another project
// root below it (isRoot says which directories are roots), nor in hidden,
// virtual-environment or dependency directories. Each entry is placed at
// its key; files come in path order.
func SparkDefaults(root string, isRoot func(dir string) bool) []Conf {
	out, _ := ReadSparkDefaults(root, isRoot, nil)
	return out
}

// ReadSparkDefaults is SparkDefaults, with the files it found and could
// not read as settings (unreadable, binary, not UTF-8). walks, when not
// nil, keeps which files there are from one call to the next while no
// directory of the tree changes; the files are read on every call.
func ReadSparkDefaults(root string, isRoot func(dir string) bool, walks *walkmemo.Memo) (out []Conf, unread []Unread) {
	files := walks.Files("spark-defaults", root, func(look func(string)) ([]string, bool) {
		var found []string
		keep := true
		_ = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				keep = false // a directory that cannot be read may be readable later
				return nil
			}
			if d.IsDir() {
				look(p) // its entries are read next, or its markers checked
				if p == root {
					return nil
				}
				rel, _ := filepath.Rel(root, p)
				if skippedDir(d.Name()) || strings.Count(rel, string(filepath.Separator)) >= sparkDefaultsDepth || isRoot(p) {
					return filepath.SkipDir
				}
				return nil
			}
			if d.Name() == SparkDefaultsName && d.Type().IsRegular() {
				found = append(found, p)
			}
			return nil
		})
		return found, keep
	})
	for _, p := range files {
		data, err := projectfile.Read(p)
		switch {
		case err != nil:
			unread = append(unread, Unread{File: p, Why: "cannot read it: " + err.Error() + "; its settings are not read"})
		case bytes.IndexByte(data, 0) >= 0 || !utf8.Valid(data):
			unread = append(unread, Unread{File: p, Why: "not a text file (binary, or not UTF-8): its settings are not read"})
		default:
			out = append(out, ParseSparkDefaults(p, string(data))...)
		}
	}
	return out, unread
}

// skippedDir: hidden directories, virtual environments and installed
// dependencies hold no project's settings.
func skippedDir(name string) bool {
	switch name {
	case "node_modules", "venv", "site-packages", "__pycache__", "target", "build", "dist":
		return true
	}
	return strings.HasPrefix(name, ".")
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
