//go:build !unix

package engine

import "io/fs"

// fileID is what tells one file from another: here its absolute path,
// which two paths to one file share once cleaned (links are not told
// apart where the system gives no file identity through FileInfo).
func fileID(p string, _ fs.FileInfo) (id any, ok bool) {
	return absPath(p), true
}
