package deltalog

import (
	"bytes"
	"context"
	"encoding/json"
	"encoding/xml"
	"errors"
	"io"
	"io/fs"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/container"
	v4 "github.com/aws/aws-sdk-go-v2/aws/signer/v4"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"golang.org/x/oauth2"
)

// The object-store clients are tested against small fakes of each service's
// HTTP API, serving a real table's _delta_log under a key prefix. Each fake
// pages its listings two objects at a time so pagination is exercised, and
// serves ranges with http.ServeContent.

const fakePageSize = 2

// fakeObjects is a flat key space shared by the fakes.
type fakeObjects map[string][]byte

// loadTable puts the _delta_log of a test table under prefix, plus a
// sidecar directory entry that listings must not return.
func loadTable(t *testing.T, table, prefix string) fakeObjects {
	t.Helper()
	objs := fakeObjects{}
	root := filepath.Join("../../testdata/delta", table)
	err := filepath.WalkDir(filepath.Join(root, "_delta_log"), func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(root, p)
		data, err := os.ReadFile(p)
		objs[prefix+filepath.ToSlash(rel)] = data
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	objs[prefix+"_delta_log/_sidecars/extra.parquet"] = []byte("not listed")
	return objs
}

// page lists keys directly under prefix, plus the "directories" below it,
// from the marker on.
func (o fakeObjects) page(prefix, marker string) (keys, dirs []string, next string) {
	var all []string
	seenDir := map[string]bool{}
	for k := range o {
		rest, ok := strings.CutPrefix(k, prefix)
		if !ok {
			continue
		}
		if d, _, isDir := strings.Cut(rest, "/"); isDir {
			if !seenDir[d] {
				seenDir[d] = true
				all = append(all, prefix+d+"/")
			}
			continue
		}
		all = append(all, k)
	}
	slices.Sort(all)
	start, _ := strconv.Atoi(marker)
	end := min(start+fakePageSize, len(all))
	for _, k := range all[start:end] {
		if strings.HasSuffix(k, "/") {
			dirs = append(dirs, k)
		} else {
			keys = append(keys, k)
		}
	}
	if end < len(all) {
		next = strconv.Itoa(end)
	}
	return keys, dirs, next
}

func (o fakeObjects) serve(w http.ResponseWriter, r *http.Request, key string) {
	data, ok := o[key]
	if !ok {
		http.NotFound(w, r)
		return
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(data))
}

// fakeS3 speaks path-style S3: ListObjectsV2, HeadObject, ranged GetObject.
func fakeS3(t *testing.T, bucket string, objs fakeObjects) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.Header.Get("Authorization"), "AWS4-HMAC-SHA256 Credential=AKIDFAKE/") {
			http.Error(w, "unsigned request", http.StatusForbidden)
			return
		}
		key, ok := strings.CutPrefix(r.URL.Path, "/"+bucket)
		if !ok {
			http.Error(w, "<Error><Code>NoSuchBucket</Code></Error>", http.StatusNotFound)
			return
		}
		key = strings.TrimPrefix(key, "/")
		if key == "" && r.URL.Query().Get("list-type") == "2" {
			q := r.URL.Query()
			if q.Get("delimiter") != "/" {
				t.Errorf("S3 listing without the / delimiter: %s", r.URL)
			}
			keys, dirs, next := objs.page(q.Get("prefix"), q.Get("continuation-token"))
			type content struct {
				Key  string
				Size int
			}
			type prefix struct{ Prefix string }
			res := struct {
				XMLName               xml.Name `xml:"http://s3.amazonaws.com/doc/2006-03-01/ ListBucketResult"`
				Name                  string
				Prefix                string
				KeyCount              int
				IsTruncated           bool
				Contents              []content
				CommonPrefixes        []prefix
				NextContinuationToken string `xml:",omitempty"`
			}{Name: bucket, Prefix: q.Get("prefix"), KeyCount: len(keys) + len(dirs), IsTruncated: next != "", NextContinuationToken: next}
			for _, k := range keys {
				res.Contents = append(res.Contents, content{k, len(objs[k])})
			}
			for _, d := range dirs {
				res.CommonPrefixes = append(res.CommonPrefixes, prefix{d})
			}
			w.Header().Set("Content-Type", "application/xml")
			_ = xml.NewEncoder(w).Encode(res)
			return
		}
		if _, found := objs[key]; !found && r.Method == http.MethodGet {
			w.WriteHeader(http.StatusNotFound)
			_, _ = io.WriteString(w, "<Error><Code>NoSuchKey</Code><Message>no such key</Message></Error>")
			return
		}
		objs.serve(w, r, key)
	}))
}

// fakeAzure speaks the Blob service: List Blobs with a delimiter, Get Blob
// Properties and ranged Get Blob, over TLS as bearer tokens require.
func fakeAzure(t *testing.T, containerName string, objs fakeObjects) *httptest.Server {
	return httptest.NewTLSServer(fakeAzureHandler(t, "/"+containerName, objs, func(r *http.Request) bool {
		return r.Header.Get("Authorization") == "Bearer fake-azure-token"
	}))
}

// fakeAzureHandler serves the container at containerPath ("/name", or
// "/account/name" as Azurite has it) to requests that authorized accepts.
func fakeAzureHandler(t *testing.T, containerPath string, objs fakeObjects, authorized func(*http.Request) bool) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !authorized(r) {
			w.Header().Set("x-ms-error-code", "AuthenticationFailed")
			http.Error(w, "not authorized", http.StatusForbidden)
			return
		}
		key, ok := strings.CutPrefix(r.URL.Path, containerPath)
		if !ok {
			w.Header().Set("x-ms-error-code", "ContainerNotFound")
			w.WriteHeader(http.StatusNotFound)
			return
		}
		key = strings.TrimPrefix(key, "/")
		q := r.URL.Query()
		if key == "" && q.Get("comp") == "list" {
			if q.Get("delimiter") != "/" {
				t.Errorf("Azure listing without the / delimiter: %s", r.URL)
			}
			keys, dirs, next := objs.page(q.Get("prefix"), q.Get("marker"))
			type props struct {
				ContentLength int `xml:"Content-Length"`
			}
			type item struct {
				Name       string
				Properties props
			}
			type dir struct{ Name string }
			res := struct {
				XMLName    xml.Name `xml:"EnumerationResults"`
				Prefix     string
				Blobs      []item `xml:"Blobs>Blob"`
				Prefixes   []dir  `xml:"Blobs>BlobPrefix"`
				NextMarker string
			}{Prefix: q.Get("prefix"), NextMarker: next}
			for _, k := range keys {
				res.Blobs = append(res.Blobs, item{k, props{len(objs[k])}})
			}
			for _, d := range dirs {
				res.Prefixes = append(res.Prefixes, dir{d})
			}
			w.Header().Set("Content-Type", "application/xml")
			_ = xml.NewEncoder(w).Encode(res)
			return
		}
		if _, found := objs[key]; !found {
			w.Header().Set("x-ms-error-code", "BlobNotFound")
			w.WriteHeader(http.StatusNotFound)
			return
		}
		if rng := r.Header.Get("x-ms-range"); rng != "" {
			r.Header.Set("Range", rng)
		}
		w.Header().Set("x-ms-blob-type", "BlockBlob")
		objs.serve(w, r, key)
	})
}

// fakeGCS speaks the Cloud Storage JSON API: objects.list, objects.get
// (metadata) and ranged media downloads.
func fakeGCS(t *testing.T, bucket string, objs fakeObjects, wantAuth string) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != wantAuth {
			http.Error(w, `{"error":{"code":401,"message":"bad credentials"}}`, http.StatusUnauthorized)
			return
		}
		base := "/storage/v1/b/" + bucket + "/o"
		path := r.URL.Path
		media := strings.HasPrefix(path, "/download") && r.URL.Query().Get("alt") == "media"
		path = strings.TrimPrefix(path, "/download")
		rest, ok := strings.CutPrefix(path, base)
		if !ok {
			http.Error(w, `{"error":{"code":404,"message":"no such bucket"}}`, http.StatusNotFound)
			return
		}
		q := r.URL.Query()
		if rest == "" {
			if q.Get("delimiter") != "/" {
				t.Errorf("GCS listing without the / delimiter: %s", r.URL)
			}
			keys, dirs, next := objs.page(q.Get("prefix"), q.Get("pageToken"))
			type item struct {
				Name string `json:"name"`
				Size string `json:"size"`
			}
			res := struct {
				Items         []item   `json:"items,omitempty"`
				Prefixes      []string `json:"prefixes,omitempty"`
				NextPageToken string   `json:"nextPageToken,omitempty"`
			}{Prefixes: dirs, NextPageToken: next}
			for _, k := range keys {
				res.Items = append(res.Items, item{k, strconv.Itoa(len(objs[k]))})
			}
			_ = json.NewEncoder(w).Encode(res)
			return
		}
		key := strings.TrimPrefix(rest, "/")
		if strings.Contains(key, "/") && !strings.Contains(r.URL.EscapedPath(), "%2F") {
			t.Errorf("GCS object name not escaped in %s", r.URL.EscapedPath()) // the API takes it as one segment
		}
		data, found := objs[key]
		if !found {
			http.Error(w, `{"error":{"code":404,"message":"No such object: `+key+`"}}`, http.StatusNotFound)
			return
		}
		if media {
			objs.serve(w, r, key)
			return
		}
		_ = json.NewEncoder(w).Encode(map[string]string{"name": key, "size": strconv.Itoa(len(data))})
	}))
}

type fakeAzureCred struct{}

func (fakeAzureCred) GetToken(context.Context, policy.TokenRequestOptions) (azcore.AccessToken, error) {
	return azcore.AccessToken{Token: "fake-azure-token", ExpiresOn: time.Now().Add(time.Hour)}, nil
}

// checkStore checks a blob-backed Storage against the local copy of table.
func checkStore(t *testing.T, store Storage, table string) {
	t.Helper()
	ctx := context.Background()
	local := NewLocalStorage(filepath.Join("../../testdata/delta", table))

	byName := func(a, b Entry) int { return strings.Compare(a.Name, b.Name) }
	got, err := store.List(ctx, "_delta_log")
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	want, _ := local.List(ctx, "_delta_log")
	slices.SortFunc(got, byName)
	slices.SortFunc(want, byName)
	if !slices.Equal(got, want) {
		t.Errorf("List = %v\nwant %v", got, want)
	}
	if got, err := store.List(ctx, "no/such/dir"); err != nil || len(got) != 0 {
		t.Errorf("List(missing dir) = %v, %v; want empty, nil", got, err)
	}
	if _, err := store.Open(ctx, "_delta_log/99999999999999999999.json"); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("Open(missing) err = %v, want fs.ErrNotExist", err)
	}

	// A read in the middle of an object, and one running past its end.
	name := "_delta_log/" + want[0].Name
	obj, err := store.Open(ctx, name)
	if err != nil {
		t.Fatal(err)
	}
	full, _ := ReadAll(ctx, local, name)
	if obj.Size() != int64(len(full)) || len(full) < 10 {
		t.Fatalf("Size = %d, want %d", obj.Size(), len(full))
	}
	buf := make([]byte, 5)
	if n, err := obj.ReadAt(buf, 3); n != 5 || err != nil || !bytes.Equal(buf, full[3:8]) {
		t.Errorf("ReadAt(3) = %d, %v, %q; want %q", n, err, buf[:n], full[3:8])
	}
	tail := make([]byte, 10)
	if n, err := obj.ReadAt(tail, int64(len(full)-4)); n != 4 || !errors.Is(err, io.EOF) {
		t.Errorf("ReadAt past the end = %d, %v; want 4, EOF", n, err)
	}
	_ = obj.Close()

	// The whole snapshot, checkpoint included, reads as it does locally.
	snap, err := OpenStorage(ctx, store)
	if err != nil {
		t.Fatalf("OpenStorage: %v", err)
	}
	ref, err := OpenStorage(ctx, local)
	if err != nil {
		t.Fatal(err)
	}
	if snap.Version != ref.Version || snap.NumFiles() != ref.NumFiles() || snap.SizeInBytes() != ref.SizeInBytes() ||
		(snap.Checkpoint == nil) != (ref.Checkpoint == nil) {
		t.Errorf("snapshot v%d %d files %d bytes, want v%d %d files %d bytes",
			snap.Version, snap.NumFiles(), snap.SizeInBytes(), ref.Version, ref.NumFiles(), ref.SizeInBytes())
	}
}

// The tables read through each fake: one with a Parquet checkpoint (ranged
// reads of its footer and column chunks) and a multi-part one.
var fakeTables = []string{"dv-partitioned-with-checkpoint", "multi-part-checkpoint"}

func TestS3Storage(t *testing.T) {
	for _, table := range fakeTables {
		t.Run(table, func(t *testing.T) {
			srv := fakeS3(t, "bkt", loadTable(t, table, "lake/t/"))
			defer srv.Close()
			t.Setenv("AWS_ENDPOINT_URL_S3", srv.URL)
			t.Setenv("AWS_ACCESS_KEY_ID", "AKIDFAKE")
			t.Setenv("AWS_SECRET_ACCESS_KEY", "fake-secret")
			t.Setenv("AWS_REGION", "eu-west-1")
			t.Setenv("AWS_CONFIG_FILE", filepath.Join(t.TempDir(), "none"))
			t.Setenv("AWS_SHARED_CREDENTIALS_FILE", filepath.Join(t.TempDir(), "none"))
			t.Setenv("AWS_EC2_METADATA_DISABLED", "true")
			store, err := NewStorage(context.Background(), "s3a://bkt/lake/t")
			if err != nil {
				t.Fatal(err)
			}
			checkStore(t, store, table)
		})
	}
}

func TestAzureStorage(t *testing.T) {
	for _, table := range fakeTables {
		t.Run(table, func(t *testing.T) {
			srv := fakeAzure(t, "lake", loadTable(t, table, "tables/t/"))
			defer srv.Close()
			opts := &container.ClientOptions{ClientOptions: azcore.ClientOptions{
				Transport: srv.Client(),
				Retry:     policy.RetryOptions{MaxRetries: -1},
			}}
			az, err := newAzureStoreWith(srv.URL+"/lake", fakeAzureCred{}, opts)
			if err != nil {
				t.Fatal(err)
			}
			checkStore(t, &blobStorage{store: az, prefix: "tables/t/"}, table)
		})
	}
}

func TestGCSStorage(t *testing.T) {
	for _, table := range fakeTables {
		t.Run(table, func(t *testing.T) {
			objs := loadTable(t, table, "a/b/")
			// Through the emulator convention, without credentials.
			emu := fakeGCS(t, "bkt", objs, "")
			defer emu.Close()
			t.Setenv("STORAGE_EMULATOR_HOST", strings.TrimPrefix(emu.URL, "http://"))
			store, err := NewStorage(context.Background(), "gs://bkt/a/b/")
			if err != nil {
				t.Fatal(err)
			}
			checkStore(t, store, table)

			// Through an OAuth2 client, which must send its token.
			srv := fakeGCS(t, "bkt", objs, "Bearer fake-gcs-token")
			defer srv.Close()
			client := oauth2.NewClient(context.Background(), oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "fake-gcs-token"}))
			checkStore(t, &blobStorage{store: newGCSStoreWith(client, srv.URL, "bkt"), prefix: "a/b/"}, table)
		})
	}
}

func TestGCSErrors(t *testing.T) {
	srv := fakeGCS(t, "bkt", fakeObjects{}, "Bearer right")
	defer srv.Close()
	client := oauth2.NewClient(context.Background(), oauth2.StaticTokenSource(&oauth2.Token{AccessToken: "wrong"}))
	store := &blobStorage{store: newGCSStoreWith(client, srv.URL, "bkt")}
	_, err := store.List(context.Background(), "_delta_log")
	if err == nil || !strings.Contains(err.Error(), "bad credentials") || strings.Contains(err.Error(), "wrong") {
		t.Errorf("List with a refused token: %v; want the server's message, without the token", err)
	}
}

// Against AWS itself the bucket's region is not known in advance: S3's
// redirect names it, and the request is signed again for that region. A
// throttled or failed request is retried.
func TestS3RegionRedirectAndRetry(t *testing.T) {
	objs := fakeObjects{"t/_delta_log/00000000000000000000.json": []byte(`{"commitInfo":{}}`)}
	var mu sync.Mutex
	failures := 1
	var hosts []string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		hosts = append(hosts, r.Host)
		if !strings.Contains(r.Header.Get("Authorization"), "/eu-west-1/s3/aws4_request") {
			w.Header().Set("X-Amz-Bucket-Region", "eu-west-1")
			w.WriteHeader(http.StatusMovedPermanently)
			_, _ = io.WriteString(w, "<Error><Code>PermanentRedirect</Code></Error>")
			return
		}
		if failures > 0 {
			failures--
			w.WriteHeader(http.StatusServiceUnavailable)
			_, _ = io.WriteString(w, "<Error><Code>SlowDown</Code></Error>")
			return
		}
		objs.serve(w, r, strings.TrimPrefix(r.URL.Path, "/"))
	}))
	defer srv.Close()
	// Every host dials the fake, whose certificate is for another name.
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	tr.TLSClientConfig.InsecureSkipVerify = true
	s := &s3Store{
		http:   &http.Client{Transport: tr},
		creds:  credentials.NewStaticCredentialsProvider("AKIDFAKE", "fake-secret", ""),
		signer: v4.NewSigner(func(o *v4.SignerOptions) { o.DisableURIPathEscaping = true }),
		bucket: "bkt",
		region: "us-east-1",
	}
	store := &blobStorage{store: s, prefix: "t/"}
	data, err := ReadAll(context.Background(), store, "_delta_log/00000000000000000000.json")
	if err != nil || string(data) != `{"commitInfo":{}}` {
		t.Fatalf("ReadAll = %q, %v", data, err)
	}
	want := []string{"bkt.s3.us-east-1.amazonaws.com", "bkt.s3.eu-west-1.amazonaws.com", "bkt.s3.eu-west-1.amazonaws.com", "bkt.s3.eu-west-1.amazonaws.com"}
	if s.region != "eu-west-1" || !slices.Equal(hosts, want) {
		t.Errorf("region %s, hosts %v; want eu-west-1 and %v", s.region, hosts, want)
	}
}
