package lsp

import (
	"net/url"
	"path"
	"path/filepath"
	"runtime"
	"strings"
)

// extensions picks the file type of a buffer that is not a file on disk
// (an unsaved "untitled:" buffer) from its language identifier.
var extensions = map[string]string{
	"python":           ".py",
	"sql":              ".sql",
	"databricks-sql":   ".sql",
	"jupyter":          ".ipynb",
	"ipynb":            ".ipynb",
	"jupyter-notebook": ".ipynb",
}

// documentPath returns the file path a buffer is linted as: the file itself
// for a file:// URI, so the nearest config applies and the extension picks
// the language; otherwise a name in the working directory whose extension
// comes from the language identifier.
func documentPath(uri, languageID string) string {
	if p, ok := filePath(uri); ok {
		return p
	}
	name := "untitled"
	if u, err := url.Parse(uri); err == nil {
		if base := path.Base(u.Path); base != "." && base != "/" {
			name = base
		}
	}
	if ext, ok := extensions[strings.ToLower(languageID)]; ok && !strings.EqualFold(path.Ext(name), ext) {
		name += ext
	}
	return name
}

// filePath turns a file:// URI into a local path.
func filePath(uri string) (string, bool) {
	u, err := url.Parse(uri)
	if err != nil || !strings.EqualFold(u.Scheme, "file") || u.Path == "" {
		return "", false
	}
	p := u.Path
	if u.Host != "" && u.Host != "localhost" {
		p = "//" + u.Host + p // a UNC share
	}
	if runtime.GOOS == "windows" && len(p) >= 3 && p[0] == '/' && p[2] == ':' {
		p = p[1:] // /C:/x → C:/x
	}
	return filepath.FromSlash(p), true
}

// isNotebook reports whether path is a Jupyter notebook: open as text, its
// diagnostics are placed in the lines of its JSON.
func isNotebook(path string) bool {
	return strings.EqualFold(filepath.Ext(path), ".ipynb")
}
