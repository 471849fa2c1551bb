//go:build !unix

package fileid

import (
	"io/fs"
	"path/filepath"
)

// Of is what tells one file from another: here its absolute path,
// which two paths to one file share once cleaned (links are not told
// apart where the system gives no file identity through FileInfo).
func Of(p string, _ fs.FileInfo) (id any, ok bool) {
	if a, err := filepath.Abs(p); err == nil {
		return a, true
	}
	return p, true
}
