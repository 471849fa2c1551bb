package deltalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"strings"
)

// objectStore is what each cloud's client provides: keys are full object
// keys inside one bucket or container.
type objectStore interface {
	// list returns the objects directly under prefix (delimiter "/"),
	// named by their full keys.
	list(ctx context.Context, prefix string) ([]Entry, error)
	// size returns an object's size, or an error wrapping fs.ErrNotExist.
	size(ctx context.Context, key string) (int64, error)
	// readRange returns n bytes of an object from off.
	readRange(ctx context.Context, key string, off, n int64) (io.ReadCloser, error)
}

// blobLocation is a parsed object-store table location.
type blobLocation struct {
	kind    string // "s3", "gs" or "azure"
	bucket  string // bucket, or Azure container
	account string // Azure storage account
	domain  string // Azure blob domain, e.g. blob.core.windows.net
	prefix  string // key prefix of the table root: "" or ending in "/"
}

// parseBlobURL parses a table location.
//
//	s3://bucket/path, s3a://bucket/path -> s3 bucket, "path/"
//	gs://bucket/path                    -> gs bucket, "path/"
//	abfss://container@account.dfs.core.windows.net/path
//	    -> azure container at account.blob.core.windows.net, "path/"
//
// ADLS Gen2 exposes the same data through its blob endpoint, which is the
// one the blob client speaks, so the dfs host is swapped for blob.
func parseBlobURL(location string) (blobLocation, error) {
	u, err := url.Parse(location)
	if err != nil {
		return blobLocation{}, fmt.Errorf("bad table location %q: %w", location, err)
	}
	prefix := strings.Trim(u.Path, "/")
	if prefix != "" {
		prefix += "/"
	}
	switch scheme := strings.ToLower(u.Scheme); scheme {
	case "s3", "s3a", "gs":
		if u.Host == "" {
			return blobLocation{}, fmt.Errorf("table location %q has no bucket", location)
		}
		if scheme == "s3a" {
			scheme = "s3"
		}
		return blobLocation{kind: scheme, bucket: u.Host, prefix: prefix}, nil
	case "abfss", "abfs":
		container := u.User.Username()
		account, domain, ok := strings.Cut(u.Hostname(), ".")
		if container == "" || !ok || account == "" || domain == "" {
			return blobLocation{}, fmt.Errorf("table location %q is not abfss://container@account.dfs.core.windows.net/path", location)
		}
		if rest, isDFS := strings.CutPrefix(domain, "dfs."); isDFS {
			domain = "blob." + rest
		}
		return blobLocation{kind: "azure", bucket: container, account: account, domain: domain, prefix: prefix}, nil
	}
	return blobLocation{}, fmt.Errorf("unsupported object store scheme %q in %s", u.Scheme, location)
}

// blobStorage reads a table from an object store, scoped to the table root.
type blobStorage struct {
	store  objectStore
	prefix string
}

func newBlobStorage(ctx context.Context, location string) (*blobStorage, error) {
	loc, err := parseBlobURL(location)
	if err != nil {
		return nil, err
	}
	var store objectStore
	switch loc.kind {
	case "s3":
		store, err = newS3Store(ctx, loc.bucket)
	case "gs":
		store, err = newGCSStore(ctx, loc.bucket)
	case "azure":
		store, err = newAzureStore(loc, nil)
	}
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", location, err)
	}
	return &blobStorage{store: store, prefix: loc.prefix}, nil
}

// List implements Storage. The "/" delimiter keeps _delta_log/_sidecars out
// of a _delta_log listing.
func (s *blobStorage) List(ctx context.Context, dir string) ([]Entry, error) {
	prefix := s.prefix + strings.TrimSuffix(dir, "/") + "/"
	objs, err := s.store.list(ctx, prefix)
	if err != nil {
		return nil, fmt.Errorf("list %s: %w", dir, err)
	}
	out := objs[:0]
	for _, o := range objs {
		name, ok := strings.CutPrefix(o.Name, prefix)
		if !ok || name == "" || strings.Contains(name, "/") {
			continue // a "directory" marker or a key outside the listing
		}
		out = append(out, Entry{Name: name, Size: o.Size})
	}
	return out, nil
}

// Open implements Storage. Reads are ranged, so a Parquet checkpoint is
// fetched column chunk by column chunk instead of whole.
func (s *blobStorage) Open(ctx context.Context, name string) (Object, error) {
	key := s.prefix + name
	size, err := s.store.size(ctx, key)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	return &blobObject{ctx: ctx, store: s.store, key: key, size: size}, nil
}

type blobObject struct {
	ctx   context.Context // io.ReaderAt has no context, so the Open one is kept
	store objectStore
	key   string
	size  int64
}

func (o *blobObject) Size() int64  { return o.size }
func (o *blobObject) Close() error { return nil }

func (o *blobObject) ReadAt(p []byte, off int64) (int, error) {
	if off >= o.size {
		return 0, io.EOF
	}
	want := min(int64(len(p)), o.size-off)
	r, err := o.store.readRange(o.ctx, o.key, off, want)
	if err != nil {
		return 0, err
	}
	defer func() { _ = r.Close() }() // read-only: nothing to flush
	n, err := io.ReadFull(r, p[:want])
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		err = fmt.Errorf("%s changed while reading: %w", o.key, io.ErrUnexpectedEOF)
	}
	if err == nil && int(want) < len(p) {
		err = io.EOF
	}
	return n, err
}
