package deltalog

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"golang.org/x/oauth2/google"
)

// gcsStore reads one Google Cloud Storage bucket through the JSON API over
// plain HTTPS. Credentials come from golang.org/x/oauth2/google's
// Application Default Credentials (GOOGLE_APPLICATION_CREDENTIALS, gcloud's
// login, workload identity federation, the metadata server).
type gcsStore struct {
	http   *http.Client
	base   string // e.g. https://storage.googleapis.com/storage/v1/b/<bucket>
	media  string // base for downloads, e.g. https://storage.googleapis.com/download/storage/v1/b/<bucket>
	bucket string
}

const gcsReadScope = "https://www.googleapis.com/auth/devstorage.read_only"

// gcsEndpoint is the JSON API's host; tests point it at a fake.
var gcsEndpoint = "https://storage.googleapis.com"

func newGCSStore(ctx context.Context, bucket string) (*gcsStore, error) {
	// STORAGE_EMULATOR_HOST is the convention of Google's own clients for a
	// local emulator, which takes no credentials.
	if host := os.Getenv("STORAGE_EMULATOR_HOST"); host != "" {
		if !strings.Contains(host, "://") {
			host = "http://" + host
		}
		return newGCSStoreWith(http.DefaultClient, strings.TrimSuffix(host, "/"), bucket), nil
	}
	client, err := google.DefaultClient(ctx, gcsReadScope)
	if err != nil {
		return nil, err
	}
	return newGCSStoreWith(client, gcsEndpoint, bucket), nil
}

func newGCSStoreWith(client *http.Client, endpoint, bucket string) *gcsStore {
	b := "/storage/v1/b/" + url.PathEscape(bucket)
	return &gcsStore{http: client, base: endpoint + b, media: endpoint + "/download" + b, bucket: bucket}
}

// gcsError is the JSON API's error body.
type gcsError struct {
	Error struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

func (s *gcsStore) do(req *http.Request, okStatus ...int) (*http.Response, error) {
	resp, err := s.http.Do(req)
	if err != nil {
		return nil, err
	}
	for _, ok := range okStatus {
		if resp.StatusCode == ok {
			return resp, nil
		}
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	var e gcsError
	msg := resp.Status
	if json.Unmarshal(body, &e) == nil && e.Error.Message != "" {
		msg = e.Error.Message
	}
	if resp.StatusCode == http.StatusNotFound {
		return nil, fmt.Errorf("gs://%s: %s: %w", s.bucket, msg, fs.ErrNotExist)
	}
	return nil, fmt.Errorf("gs://%s: %s (HTTP %d)", s.bucket, msg, resp.StatusCode)
}

func (s *gcsStore) list(ctx context.Context, prefix string) ([]Entry, error) {
	var out []Entry
	token := ""
	for {
		q := url.Values{"prefix": {prefix}, "delimiter": {"/"}, "fields": {"items(name,size),nextPageToken"}}
		if token != "" {
			q.Set("pageToken", token)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+"/o?"+q.Encode(), nil)
		if err != nil {
			return nil, err
		}
		resp, err := s.do(req, http.StatusOK)
		if err != nil {
			return nil, err
		}
		var page struct {
			Items []struct {
				Name string `json:"name"`
				Size string `json:"size"` // uint64 as a decimal string
			} `json:"items"`
			NextPageToken string `json:"nextPageToken"`
		}
		err = json.NewDecoder(resp.Body).Decode(&page)
		resp.Body.Close()
		if err != nil {
			return nil, fmt.Errorf("gs://%s: bad listing: %w", s.bucket, err)
		}
		for _, it := range page.Items {
			size, err := strconv.ParseInt(it.Size, 10, 64)
			if err != nil {
				return nil, fmt.Errorf("gs://%s: bad size %q for %s", s.bucket, it.Size, it.Name)
			}
			out = append(out, Entry{Name: it.Name, Size: size})
		}
		if page.NextPageToken == "" || page.NextPageToken == token {
			return out, nil
		}
		token = page.NextPageToken
	}
}

func (s *gcsStore) size(ctx context.Context, key string) (int64, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.base+"/o/"+url.PathEscape(key)+"?fields=size", nil)
	if err != nil {
		return 0, err
	}
	resp, err := s.do(req, http.StatusOK)
	if err != nil {
		return 0, err
	}
	defer resp.Body.Close()
	var meta struct {
		Size string `json:"size"`
	}
	if err := json.NewDecoder(resp.Body).Decode(&meta); err != nil {
		return 0, fmt.Errorf("gs://%s/%s: bad metadata: %w", s.bucket, key, err)
	}
	return strconv.ParseInt(meta.Size, 10, 64)
}

func (s *gcsStore) readRange(ctx context.Context, key string, off, n int64) (io.ReadCloser, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, s.media+"/o/"+url.PathEscape(key)+"?alt=media", nil)
	if err != nil {
		return nil, err
	}
	req.Header.Set("Range", fmt.Sprintf("bytes=%d-%d", off, off+n-1))
	// Without identity encoding a gzip-stored object would be served
	// decompressed and the range would not match its size.
	req.Header.Set("Accept-Encoding", "identity")
	resp, err := s.do(req, http.StatusPartialContent, http.StatusOK)
	if err != nil {
		return nil, err
	}
	if resp.StatusCode == http.StatusOK && off > 0 {
		resp.Body.Close()
		return nil, fmt.Errorf("gs://%s/%s: server ignored the byte range", s.bucket, key)
	}
	return resp.Body, nil
}
