package deltalog

import (
	"context"
	"errors"
	"io/fs"
	"os"
	"path/filepath"
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
		switch {
		case de.Type().IsRegular():
			info, err = de.Info()
		case de.Type()&fs.ModeSymlink != 0:
			info, err = os.Stat(filepath.Join(l.path(dir), de.Name()))
		default:
			continue // directories such as _sidecars, devices
		}
		if err != nil || !info.Mode().IsRegular() {
			continue // vanished since the listing, or a link to a directory
		}
		out = append(out, Entry{Name: de.Name(), Size: info.Size()})
	}
	return out, nil
}

// Open implements Storage.
func (l *LocalStorage) Open(ctx context.Context, name string) (Object, error) {
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	f, err := os.Open(l.path(name))
	if err != nil {
		return nil, err
	}
	info, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	return &localObject{File: f, size: info.Size()}, nil
}

type localObject struct {
	*os.File
	size int64
}

func (o *localObject) Size() int64 { return o.size }
