package source

import (
	"os"
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/catalog"
)

// isURL reports whether loc names a scheme ("s3://", "abfss://",
// "file://"), as opposed to a plain path. A Windows drive ("C:\") is not one.
func isURL(loc string) bool {
	i := strings.Index(loc, "://")
	if i < 2 {
		return false
	}
	for _, c := range loc[:i] {
		if !schemeChar(c) {
			return false
		}
	}
	return true
}

func schemeChar(c rune) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '+' || c == '-' || c == '.'
}

// isRemote reports whether reading loc would go over a network.
func isRemote(loc string) bool {
	return isURL(loc) && !strings.HasPrefix(strings.ToLower(loc), "file://")
}

// rewritePrefix replaces the longest prefix of loc found in prefixes (for
// example "/mnt/lake" → "s3://bucket/lake") and reports whether one
// matched. A prefix matches whole path segments only: "/mnt/lake" does not
// match "/mnt/lakehouse".
func rewritePrefix(loc string, prefixes map[string]string) (string, bool) {
	loc = catalog.NormalizePath(loc)
	best, bestFrom, bestTo := "", "", ""
	for from, to := range prefixes {
		f := catalog.NormalizePath(from)
		if f == "" || loc != f && !strings.HasPrefix(loc, f+"/") {
			continue
		}
		// the longest prefix wins; spellings of one prefix tie-break by key,
		// so the answer never depends on map order
		if len(f) > len(best) || f == best && from < bestFrom {
			best, bestFrom, bestTo = f, from, to
		}
	}
	if best == "" {
		return loc, false
	}
	rest := strings.TrimPrefix(loc[len(best):], "/")
	to := strings.TrimSuffix(bestTo, "/")
	if rest == "" {
		return to, true
	}
	if to == "" {
		return rest, true
	}
	return to + "/" + rest, true
}

// absolute makes a local location absolute against dir (the directory of
// the config file that named it); URLs are left alone.
func absolute(loc, dir string) string {
	if loc == "" || isURL(loc) {
		return loc
	}
	loc = filepath.FromSlash(loc)
	if filepath.IsAbs(loc) || dir == "" {
		return loc
	}
	return filepath.Join(dir, loc)
}

// hasDeltaLog reports whether a local location holds a Delta log. It never
// touches a network.
func hasDeltaLog(loc string) bool {
	if isURL(loc) {
		if !strings.HasPrefix(strings.ToLower(loc), "file://") {
			return false
		}
		loc = loc[len("file://"):]
	}
	info, err := os.Stat(filepath.Join(loc, "_delta_log"))
	return err == nil && info.IsDir()
}
