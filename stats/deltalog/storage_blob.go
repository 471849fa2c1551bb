package deltalog

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"net/url"
	"strings"

	"gocloud.dev/blob"
	"gocloud.dev/gcerrors"

	// Register the s3://, gs:// and azblob:// openers. Each uses its cloud's
	// standard credential chain (environment, profile, workload identity).
	_ "gocloud.dev/blob/azureblob"
	_ "gocloud.dev/blob/gcsblob"
	_ "gocloud.dev/blob/s3blob"
)

// blobStorage reads a table from an object store through gocloud.dev/blob.
type blobStorage struct {
	bucket *blob.Bucket // already scoped to the table root
}

func newBlobStorage(ctx context.Context, location string) (*blobStorage, error) {
	bucketURL, prefix, err := parseBlobURL(location)
	if err != nil {
		return nil, err
	}
	b, err := blob.OpenBucket(ctx, bucketURL)
	if err != nil {
		return nil, fmt.Errorf("open %s: %w", location, err)
	}
	if prefix != "" {
		b = blob.PrefixedBucket(b, prefix)
	}
	return &blobStorage{bucket: b}, nil
}

// parseBlobURL maps a table location to a gocloud bucket URL and the key
// prefix of the table root (ending in "/", or empty for a bucket root).
//
//	s3://bucket/path, s3a://bucket/path -> s3://bucket, "path/"
//	gs://bucket/path                    -> gs://bucket, "path/"
//	abfss://container@account.dfs.core.windows.net/path
//	    -> azblob://container?domain=blob.core.windows.net&storage_account=account, "path/"
//
// ADLS Gen2 exposes the same data through its blob endpoint, which is the one
// the azureblob driver speaks, so the dfs host is swapped for blob.
func parseBlobURL(location string) (bucketURL, prefix string, err error) {
	u, err := url.Parse(location)
	if err != nil {
		return "", "", fmt.Errorf("bad table location %q: %w", location, err)
	}
	prefix = strings.Trim(u.Path, "/")
	if prefix != "" {
		prefix += "/"
	}
	switch scheme := strings.ToLower(u.Scheme); scheme {
	case "s3", "s3a", "gs":
		if u.Host == "" {
			return "", "", fmt.Errorf("table location %q has no bucket", location)
		}
		if scheme == "s3a" {
			scheme = "s3"
		}
		return scheme + "://" + u.Host, prefix, nil
	case "abfss", "abfs":
		container := u.User.Username()
		account, domain, ok := strings.Cut(u.Hostname(), ".")
		if container == "" || !ok || account == "" {
			return "", "", fmt.Errorf("table location %q is not abfss://container@account.dfs.core.windows.net/path", location)
		}
		if rest, isDFS := strings.CutPrefix(domain, "dfs."); isDFS {
			domain = "blob." + rest
		}
		q := url.Values{"storage_account": {account}, "domain": {domain}}
		return "azblob://" + url.PathEscape(container) + "?" + q.Encode(), prefix, nil
	}
	return "", "", fmt.Errorf("unsupported object store scheme %q in %s", u.Scheme, location)
}

// Close releases the bucket's connections.
func (s *blobStorage) Close() error { return s.bucket.Close() }

// List implements Storage. The "/" delimiter keeps _delta_log/_sidecars out
// of a _delta_log listing.
func (s *blobStorage) List(ctx context.Context, dir string) ([]Entry, error) {
	prefix := strings.TrimSuffix(dir, "/") + "/"
	it := s.bucket.List(&blob.ListOptions{Prefix: prefix, Delimiter: "/"})
	var out []Entry
	for {
		obj, err := it.Next(ctx)
		if errors.Is(err, io.EOF) {
			return out, nil
		}
		if err != nil {
			return nil, fmt.Errorf("list %s: %w", dir, err)
		}
		if obj.IsDir {
			continue
		}
		out = append(out, Entry{Name: strings.TrimPrefix(obj.Key, prefix), Size: obj.Size})
	}
}

// Open implements Storage. Reads are ranged, so a Parquet checkpoint is
// fetched column chunk by column chunk instead of whole.
func (s *blobStorage) Open(ctx context.Context, name string) (Object, error) {
	attrs, err := s.bucket.Attributes(ctx, name)
	if gcerrors.Code(err) == gcerrors.NotFound {
		return nil, fmt.Errorf("%s: %w", name, fs.ErrNotExist)
	}
	if err != nil {
		return nil, err
	}
	return &blobObject{ctx: ctx, bucket: s.bucket, key: name, size: attrs.Size}, nil
}

type blobObject struct {
	ctx    context.Context // io.ReaderAt has no context, so the Open one is kept
	bucket *blob.Bucket
	key    string
	size   int64
}

func (o *blobObject) Size() int64  { return o.size }
func (o *blobObject) Close() error { return nil }

func (o *blobObject) ReadAt(p []byte, off int64) (int, error) {
	if off >= o.size {
		return 0, io.EOF
	}
	want := min(int64(len(p)), o.size-off)
	r, err := o.bucket.NewRangeReader(o.ctx, o.key, off, want, nil)
	if err != nil {
		return 0, err
	}
	defer func() { _ = r.Close() }() // read-only: nothing to flush
	n, err := io.ReadFull(r, p[:want])
	if errors.Is(err, io.ErrUnexpectedEOF) {
		err = fmt.Errorf("%s changed while reading: %w", o.key, err)
	}
	if err == nil && int(want) < len(p) {
		err = io.EOF
	}
	return n, err
}
