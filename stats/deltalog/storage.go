package deltalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"strings"
)

// Storage is the little the reader needs from wherever a table lives. Names
// are slash-separated and relative to the table root, e.g.
// "_delta_log/00000000000000000000.json".
type Storage interface {
	// List returns the objects directly inside dir (not in its
	// subdirectories). A missing dir yields an empty list, not an error:
	// object stores cannot tell the two apart. Entries that are not files
	// (a local directory or named pipe) come with NotFile set.
	List(ctx context.Context, dir string) ([]Entry, error)
	// Open opens one object for random access, which Parquet footers need.
	Open(ctx context.Context, name string) (Object, error)
}

// Entry is one listed object.
type Entry struct {
	Name string // base name, without dir
	Size int64
	// NotFile says why the entry cannot be read as a file ("a directory",
	// "a named pipe", "a symbolic link that cannot be followed: ..."); ""
	// for a file. Only local storage has such entries.
	NotFile string
}

// Object is an opened object.
type Object interface {
	io.ReaderAt
	io.Closer
	Size() int64
}

// ReadAll reads a whole object.
func ReadAll(ctx context.Context, s Storage, name string) ([]byte, error) {
	obj, err := s.Open(ctx, name)
	if err != nil {
		return nil, err
	}
	defer obj.Close()
	buf := make([]byte, obj.Size())
	if _, err := obj.ReadAt(buf, 0); err != nil && !errors.Is(err, io.EOF) {
		return nil, fmt.Errorf("read %s: %w", name, err)
	}
	return buf, nil
}

// NewStorage returns the Storage for a table location: a local path (or
// file:// URL), or an s3://, gs:// or abfss:// URL. The caller closes the
// result if it implements io.Closer.
func NewStorage(ctx context.Context, location string) (Storage, error) {
	scheme, _, isURL := strings.Cut(location, "://")
	if !isURL {
		return NewLocalStorage(location), nil
	}
	switch strings.ToLower(scheme) {
	case "file":
		u, err := url.Parse(location)
		if err != nil {
			return nil, fmt.Errorf("bad table location %q: %w", location, err)
		}
		return NewLocalStorage(u.Path), nil
	case "s3", "s3a", "gs", "abfss", "abfs":
		return newBlobStorage(ctx, location)
	}
	return nil, fmt.Errorf("unsupported table location scheme %q in %s", scheme, location)
}
