package deltalog

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"syscall"
)

// LocalStorage reads a table from the local filesystem.
type LocalStorage struct {
	root string
}

// NewLocalStorage returns Storage rooted at the table directory root.
func NewLocalStorage(root string) *LocalStorage {
	return &LocalStorage{root: root}
}

func (l *LocalStorage) path(name string) string {
	return filepath.Join(l.root, filepath.FromSlash(name))
}

// List implements Storage.
func (l *LocalStorage) List(ctx context.Context, dir string) ([]Entry, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	des, err := os.ReadDir(l.path(dir))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, err
	}
	out := make([]Entry, 0, len(des))
	for _, de := range des {
		var info fs.FileInfo
		if de.Type()&fs.ModeSymlink != 0 {
			info, err = os.Stat(filepath.Join(l.path(dir), de.Name()))
		} else {
			info, err = de.Info()
		}
		switch {
		case errors.Is(err, fs.ErrNotExist) && de.Type()&fs.ModeSymlink == 0:
			continue // vanished since the listing
		case err != nil:
			out = append(out, Entry{Name: de.Name(), NotFile: "a symbolic link that cannot be followed (" + linkError(err) + ")"})
		case !info.Mode().IsRegular():
			// Directories such as _sidecars are expected; the reader
			// decides whether a name that should be a file matters.
			out = append(out, Entry{Name: de.Name(), NotFile: describeMode(info.Mode())})
		default:
			out = append(out, Entry{Name: de.Name(), Size: info.Size()})
		}
	}
	return out, nil
}

// linkError is why a link cannot be followed, without the path.
func linkError(err error) string {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err.Error()
	}
	return err.Error()
}

// describeMode names a kind of file that is not a regular one.
func describeMode(m fs.FileMode) string {
	switch {
	case m.IsDir():
		return "a directory"
	case m&fs.ModeNamedPipe != 0:
		return "a named pipe"
	case m&fs.ModeSocket != 0:
		return "a socket"
	case m&fs.ModeDevice != 0:
		return "a device"
	}
	return "not a regular file"
}

// ErrNotFile is an object that is not a regular file (a directory, a named
// pipe, a device): reading it could block forever or never end.
var ErrNotFile = errors.New("not a regular file")

// Open implements Storage.
func (l *LocalStorage) Open(ctx context.Context, name string) (Object, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	// Non-blocking, so that opening a named pipe returns at once; what was
	// opened is then checked to be a file before a byte is read.
	f, err := os.OpenFile(l.path(name), os.O_RDONLY|syscall.O_NONBLOCK, 0)
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !info.Mode().IsRegular() {
		f.Close()
		return nil, fmt.Errorf("%s is %s: %w", name, describeMode(info.Mode()), ErrNotFile)
	}
	return &localObject{File: f, size: info.Size()}, nil
}

type localObject struct {
	*os.File
	size int64
}

func (o *localObject) Size() int64 { return o.size }
