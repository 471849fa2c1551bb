//go:build unix

package fileid

import (
	"io/fs"
	"syscall"
)

// Of is what tells one file from another: its device and inode, the
// same through every path, symbolic link or hard link that leads to it;
// ok is false when the system does not say.
func Of(p string, info fs.FileInfo) (id any, ok bool) {
	st, ok := info.Sys().(*syscall.Stat_t)
	if !ok {
		return nil, false
	}
	return [2]uint64{uint64(st.Dev), uint64(st.Ino)}, true //nolint:unconvert // the fields' types differ by platform
}
