package output

import (
	"net/url"
	"path/filepath"
	"strings"
)

// fileURI turns an absolute path into a file:// URI with spaces and
// non-ASCII characters percent-encoded. A relative path is made absolute
// against the working directory first.
func fileURI(path string) string {
	if abs, err := filepath.Abs(path); err == nil {
		path = abs
	}
	p := filepath.ToSlash(path)
	if !strings.HasPrefix(p, "/") {
		p = "/" + p // a Windows drive: file:///C:/...
	}
	u := url.URL{Scheme: "file", Path: p}
	return u.String()
}

// relativeURI turns a relative path into a relative URI reference.
func relativeURI(path string) string {
	u := url.URL{Path: filepath.ToSlash(path)}
	return u.String()
}
