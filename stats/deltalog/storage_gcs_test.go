package deltalog

import (
	"context"
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/json"
	"encoding/pem"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
)

// fakeGoogleToken is an OAuth2 token endpoint that accepts one grant and
// hands out the token fakeGCS expects.
func fakeGoogleToken(t *testing.T, accept func(r *http.Request) bool) (*httptest.Server, *atomic.Int32) {
	var calls atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if err := r.ParseForm(); err != nil || !accept(r) {
			t.Errorf("unexpected token request: %v", r.PostForm)
			http.Error(w, `{"error":"invalid_grant"}`, http.StatusBadRequest)
			return
		}
		calls.Add(1)
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(`{"access_token":"fake-gcs-token","token_type":"Bearer","expires_in":3600}`))
	}))
	t.Cleanup(srv.Close)
	return srv, &calls
}

// gcsADC points Application Default Credentials at a credentials file and
// the JSON API at a fake that wants the token the file's grant yields.
func gcsADC(t *testing.T, table string, creds map[string]string) Storage {
	t.Helper()
	srv := fakeGCS(t, "bkt", loadTable(t, table, "a/b/"), "Bearer fake-gcs-token")
	t.Cleanup(srv.Close)
	old := gcsEndpoint
	gcsEndpoint = srv.URL
	t.Cleanup(func() { gcsEndpoint = old })
	data, err := json.Marshal(creds)
	if err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(t.TempDir(), "adc.json")
	if err := os.WriteFile(file, data, 0o600); err != nil {
		t.Fatal(err)
	}
	t.Setenv("STORAGE_EMULATOR_HOST", "")
	t.Setenv("GOOGLE_APPLICATION_CREDENTIALS", file)
	store, err := NewStorage(context.Background(), "gs://bkt/a/b")
	if err != nil {
		t.Fatal(err)
	}
	return store
}

// gcloud's user login, as `gcloud auth application-default login` writes it.
func TestGCSUserCredentials(t *testing.T) {
	table := "multi-part-checkpoint"
	tok, calls := fakeGoogleToken(t, func(r *http.Request) bool {
		return r.PostForm.Get("grant_type") == "refresh_token" && r.PostForm.Get("refresh_token") == "fake-refresh" &&
			r.PostForm.Get("client_id") == "fake-client"
	})
	store := gcsADC(t, table, map[string]string{
		"type": "authorized_user", "client_id": "fake-client", "client_secret": "fake-secret",
		"refresh_token": "fake-refresh", "token_uri": tok.URL,
	})
	checkStore(t, store, table)
	if calls.Load() == 0 {
		t.Error("the refresh token was never exchanged")
	}
}

// A service account key: a signed JWT is exchanged for a token.
func TestGCSServiceAccountKey(t *testing.T) {
	table := "dv-partitioned-with-checkpoint"
	key, err := rsa.GenerateKey(rand.Reader, 2048)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	tok, calls := fakeGoogleToken(t, func(r *http.Request) bool {
		return r.PostForm.Get("grant_type") == "urn:ietf:params:oauth:grant-type:jwt-bearer" && r.PostForm.Get("assertion") != ""
	})
	store := gcsADC(t, table, map[string]string{
		"type": "service_account", "project_id": "p", "private_key_id": "k1",
		"private_key":  string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		"client_email": "reader@p.iam.gserviceaccount.com", "client_id": "1", "token_uri": tok.URL,
	})
	checkStore(t, store, table)
	if calls.Load() == 0 {
		t.Error("no JWT was exchanged")
	}
}

// On Google Cloud, with no credentials file, the token comes from the
// metadata server (here a fake, as GCE_METADATA_HOST allows).
func TestGCSMetadataServer(t *testing.T) {
	table := "multi-part-checkpoint"
	var calls atomic.Int32
	md := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Metadata-Flavor") != "Google" {
			http.Error(w, "no Metadata-Flavor", http.StatusForbidden)
			return
		}
		switch r.URL.Path {
		case "/computeMetadata/v1/instance/service-accounts/default/token":
			calls.Add(1)
			w.Header().Set("Content-Type", "application/json")
			_, _ = w.Write([]byte(`{"access_token":"fake-gcs-token","token_type":"Bearer","expires_in":3600}`))
		case "/computeMetadata/v1/project/project-id":
			_, _ = w.Write([]byte("p"))
		case "/computeMetadata/v1/universe/universe-domain":
			_, _ = w.Write([]byte("googleapis.com"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer md.Close()
	srv := fakeGCS(t, "bkt", loadTable(t, table, "a/b/"), "Bearer fake-gcs-token")
	defer srv.Close()
	old := gcsEndpoint
	gcsEndpoint = srv.URL
	defer func() { gcsEndpoint = old }()
	home := t.TempDir() // no gcloud login to find
	t.Setenv("HOME", home)
	t.Setenv("STORAGE_EMULATOR_HOST", "")
	t.Setenv("GOOGLE_APPLICATION_CREDENTIALS", "")
	t.Setenv("GCE_METADATA_HOST", strings.TrimPrefix(md.URL, "http://"))
	store, err := NewStorage(context.Background(), "gs://bkt/a/b")
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, store, table)
	if calls.Load() == 0 {
		t.Error("the metadata server was never asked for a token")
	}
}
