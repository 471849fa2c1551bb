package engine

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrChanged is returned by WriteFixed for a file whose content is no longer
// what the fix was made from.
var ErrChanged = errors.New("the file changed since lakelint read it; not changed (run again)")

// WriteFixed writes a fixed file: the file (the target, when path is a
// symbolic link) must still hold old, the bytes the fix was made from, and
// its mode bits must allow writing, which is checked even for root. It is
// then rewritten in place, so its owner, group, mode and hard links stay; a
// write that fails half way puts old back.
func WriteFixed(path string, old, data []byte) error {
	info, err := os.Stat(path) // follows a symbolic link to its target
	if err != nil {
		return err
	}
	if !info.Mode().IsRegular() {
		return fmt.Errorf("not a regular file; not changed")
	}
	if info.Mode().Perm()&0o222 == 0 {
		return fmt.Errorf("read-only file (mode %04o); not changed", info.Mode().Perm())
	}
	f, err := os.OpenFile(path, os.O_RDWR, 0)
	if err != nil {
		return err
	}
	defer f.Close()
	if old != nil {
		cur, err := io.ReadAll(f)
		if err != nil {
			return err
		}
		if !bytes.Equal(cur, old) {
			return ErrChanged
		}
	}
	if err := rewrite(f, data); err != nil {
		if old != nil {
			if rerr := rewrite(f, old); rerr != nil {
				return fmt.Errorf("%w; restoring the old content failed too: %w", err, rerr)
			}
		}
		return err
	}
	return f.Close()
}

func rewrite(f *os.File, data []byte) error {
	if _, err := f.WriteAt(data, 0); err != nil {
		return err
	}
	if err := f.Truncate(int64(len(data))); err != nil {
		return err
	}
	return f.Sync()
}

// WriteFile writes data over a file with WriteFixed's checks, without the
// check of its old content.
func WriteFile(path string, data []byte) error { return WriteFixed(path, nil, data) }
