package deltalog

import (
	"context"
	"crypto/tls"
	"encoding/base64"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/Azure/azure-sdk-for-go/sdk/azcore"
	"github.com/Azure/azure-sdk-for-go/sdk/azcore/policy"
	"github.com/Azure/azure-sdk-for-go/sdk/storage/azblob/container"
)

// fakeAccountKey is a well-formed (base64) account key for the fakes.
var fakeAccountKey = base64.StdEncoding.EncodeToString([]byte("lakelint-fake-account-key-012345"))

// clearAzureEnv leaves only the credential a test sets.
func clearAzureEnv(t *testing.T) {
	for _, v := range []string{"AZURE_STORAGE_KEY", "AZURE_STORAGE_SAS_TOKEN", "AZURE_STORAGE_CONNECTION_STRING", "AZURE_STORAGEBLOB_CONNECTIONSTRING"} {
		t.Setenv(v, "")
	}
}

// sharedKeyFrom accepts requests signed with account's shared key.
func sharedKeyFrom(account string) func(*http.Request) bool {
	return func(r *http.Request) bool {
		return strings.HasPrefix(r.Header.Get("Authorization"), "SharedKey "+account+":") && r.Header.Get("x-ms-date") != ""
	}
}

// sasSignature accepts unsigned requests that carry the SAS signature sig.
func sasSignature(sig string) func(*http.Request) bool {
	return func(r *http.Request) bool {
		return r.Header.Get("Authorization") == "" && r.URL.Query().Get("sig") == sig && r.URL.Query().Get("sp") == "rl"
	}
}

// azureAt serves a table's container at https://<any host>/lake through a
// TLS fake that every host dials, and records the hosts asked for.
func azureAt(t *testing.T, table string, authorized func(*http.Request) bool) (*container.ClientOptions, *[]string) {
	return azureAtHandler(t, fakeAzureHandler(t, "/lake", loadTable(t, table, "tables/t/"), authorized))
}

// azureAtHandler serves h over TLS to every host, recording the hosts.
func azureAtHandler(t *testing.T, h http.Handler) (*container.ClientOptions, *[]string) {
	var mu sync.Mutex
	var hosts []string
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		mu.Lock()
		hosts = append(hosts, r.Host)
		mu.Unlock()
		h.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	tr := srv.Client().Transport.(*http.Transport).Clone()
	tr.DialContext = func(ctx context.Context, network, _ string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, srv.Listener.Addr().String())
	}
	tr.TLSClientConfig = &tls.Config{InsecureSkipVerify: true} // the fake's certificate is for another name
	return &container.ClientOptions{ClientOptions: azcore.ClientOptions{
		Transport: &http.Client{Transport: tr},
		Retry:     policy.RetryOptions{MaxRetries: -1},
	}}, &hosts
}

var azureLoc = blobLocation{kind: "azure", bucket: "lake", account: "acct", domain: "blob.core.windows.net", prefix: "tables/t/"}

func checkAzureHosts(t *testing.T, hosts []string, want string) {
	t.Helper()
	if len(hosts) == 0 {
		t.Fatal("no request reached the fake")
	}
	for _, h := range hosts {
		if h != want {
			t.Fatalf("request to %s, want %s", h, want)
		}
	}
}

func TestAzureSharedKeyAndSAS(t *testing.T) {
	table := "dv-partitioned-with-checkpoint"
	t.Run("AZURE_STORAGE_KEY", func(t *testing.T) {
		clearAzureEnv(t)
		t.Setenv("AZURE_STORAGE_KEY", fakeAccountKey)
		opts, hosts := azureAt(t, table, sharedKeyFrom("acct"))
		az, err := newAzureStore(azureLoc, opts)
		if err != nil {
			t.Fatal(err)
		}
		checkStore(t, &blobStorage{store: az, prefix: azureLoc.prefix}, table)
		checkAzureHosts(t, *hosts, "acct.blob.core.windows.net")
	})
	t.Run("AZURE_STORAGE_SAS_TOKEN", func(t *testing.T) {
		clearAzureEnv(t)
		t.Setenv("AZURE_STORAGE_SAS_TOKEN", "?sv=2022-11-02&sp=rl&sig=fake-sas")
		opts, hosts := azureAt(t, table, sasSignature("fake-sas"))
		az, err := newAzureStore(azureLoc, opts)
		if err != nil {
			t.Fatal(err)
		}
		checkStore(t, &blobStorage{store: az, prefix: azureLoc.prefix}, table)
		checkAzureHosts(t, *hosts, "acct.blob.core.windows.net")
	})
}

func TestAzureConnectionString(t *testing.T) {
	table := "multi-part-checkpoint"
	// Azurite's form: an account key and a plain-HTTP BlobEndpoint whose
	// path names the account. The whole path runs through NewStorage.
	t.Run("account key, BlobEndpoint", func(t *testing.T) {
		clearAzureEnv(t)
		srv := httptest.NewServer(fakeAzureHandler(t, "/devstoreaccount1/lake", loadTable(t, table, "tables/t/"), sharedKeyFrom("devstoreaccount1")))
		defer srv.Close()
		t.Setenv("AZURE_STORAGE_CONNECTION_STRING", "DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;AccountKey="+fakeAccountKey+
			";BlobEndpoint="+srv.URL+"/devstoreaccount1;")
		store, err := NewStorage(context.Background(), "abfss://lake@devstoreaccount1.dfs.core.windows.net/tables/t")
		if err != nil {
			t.Fatal(err)
		}
		checkStore(t, store, table)
	})
	t.Run("SAS, BlobEndpoint", func(t *testing.T) {
		clearAzureEnv(t)
		srv := httptest.NewServer(fakeAzureHandler(t, "/devstoreaccount1/lake", loadTable(t, table, "tables/t/"), sasSignature("fake-sas")))
		defer srv.Close()
		t.Setenv("AZURE_STORAGEBLOB_CONNECTIONSTRING", "BlobEndpoint="+srv.URL+"/devstoreaccount1;SharedAccessSignature=sv=2022-11-02&sp=rl&sig=fake-sas")
		store, err := NewStorage(context.Background(), "abfss://lake@devstoreaccount1.dfs.core.windows.net/tables/t/")
		if err != nil {
			t.Fatal(err)
		}
		checkStore(t, store, table)
	})
	t.Run("account key, account endpoint", func(t *testing.T) {
		clearAzureEnv(t)
		t.Setenv("AZURE_STORAGE_CONNECTION_STRING", "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey="+fakeAccountKey+";EndpointSuffix=core.windows.net")
		opts, hosts := azureAt(t, table, sharedKeyFrom("acct"))
		az, err := newAzureStore(azureLoc, opts)
		if err != nil {
			t.Fatal(err)
		}
		checkStore(t, &blobStorage{store: az, prefix: azureLoc.prefix}, table)
		checkAzureHosts(t, *hosts, "acct.blob.core.windows.net")
	})
	t.Run("another account", func(t *testing.T) {
		clearAzureEnv(t)
		t.Setenv("AZURE_STORAGE_CONNECTION_STRING", "AccountName=other;AccountKey="+fakeAccountKey)
		_, err := NewStorage(context.Background(), "abfss://lake@acct.dfs.core.windows.net/tables/t")
		if err == nil || !strings.Contains(err.Error(), `"other"`) || !strings.Contains(err.Error(), `"acct"`) {
			t.Fatalf("err = %v, want it to name both accounts", err)
		}
		if strings.Contains(err.Error(), fakeAccountKey) {
			t.Errorf("the error quotes the account key: %v", err)
		}
	})
	t.Run("malformed", func(t *testing.T) {
		clearAzureEnv(t)
		t.Setenv("AZURE_STORAGE_CONNECTION_STRING", "AccountName=acct;SecretPart")
		_, err := NewStorage(context.Background(), "abfss://lake@acct.dfs.core.windows.net/tables/t")
		if err == nil || !strings.Contains(err.Error(), "AZURE_STORAGE_CONNECTION_STRING") || strings.Contains(err.Error(), "SecretPart") {
			t.Fatalf("err = %v, want one naming the variable, not quoting it", err)
		}
	})
}

// With no storage key, SAS or connection string, azidentity's default
// chain signs in; here its first link, a service principal in AZURE_*
// variables, gets a token from a fake Microsoft Entra ID.
func TestAzureDefaultChainServicePrincipal(t *testing.T) {
	table := "dv-partitioned-with-checkpoint"
	clearAzureEnv(t)
	t.Setenv("AZURE_TENANT_ID", "00000000-0000-0000-0000-000000000001")
	t.Setenv("AZURE_CLIENT_ID", "fake-client")
	t.Setenv("AZURE_CLIENT_SECRET", "fake-secret")
	t.Setenv("AZURE_AUTHORITY_HOST", "")
	var tokens atomic.Int32
	blobs := fakeAzureHandler(t, "/lake", loadTable(t, table, "tables/t/"), func(r *http.Request) bool {
		return r.Header.Get("Authorization") == "Bearer fake-azure-token"
	})
	opts, hosts := azureAtHandler(t, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Host != "login.microsoftonline.com" {
			blobs.ServeHTTP(w, r)
			return
		}
		tenant := "https://login.microsoftonline.com/00000000-0000-0000-0000-000000000001"
		w.Header().Set("Content-Type", "application/json")
		switch {
		case r.URL.Path == "/common/discovery/instance":
			_, _ = io.WriteString(w, `{"api-version":"1.1","tenant_discovery_endpoint":"`+tenant+`/v2.0/.well-known/openid-configuration",`+
				`"metadata":[{"preferred_network":"login.microsoftonline.com","preferred_cache":"login.windows.net","aliases":["login.microsoftonline.com","login.windows.net"]}]}`)
		case strings.HasSuffix(r.URL.Path, "/.well-known/openid-configuration"):
			_, _ = io.WriteString(w, `{"token_endpoint":"`+tenant+`/oauth2/v2.0/token","authorization_endpoint":"`+tenant+
				`/oauth2/v2.0/authorize","issuer":"`+tenant+`/v2.0"}`)
		case strings.HasSuffix(r.URL.Path, "/oauth2/v2.0/token"):
			_ = r.ParseForm()
			if r.PostForm.Get("client_id") != "fake-client" || r.PostForm.Get("client_secret") != "fake-secret" ||
				!strings.Contains(r.PostForm.Get("scope"), "https://storage.azure.com/.default") {
				t.Errorf("unexpected token request %v", r.PostForm)
				http.Error(w, `{"error":"invalid_client"}`, http.StatusUnauthorized)
				return
			}
			tokens.Add(1)
			_, _ = io.WriteString(w, `{"token_type":"Bearer","expires_in":3600,"ext_expires_in":3600,"access_token":"fake-azure-token"}`)
		default:
			t.Errorf("unexpected sign-in request %s", r.URL)
			http.NotFound(w, r)
		}
	}))
	az, err := newAzureStore(azureLoc, opts)
	if err != nil {
		t.Fatal(err)
	}
	checkStore(t, &blobStorage{store: az, prefix: azureLoc.prefix}, table)
	if tokens.Load() == 0 {
		t.Error("no token was asked for")
	}
	var blobHosts []string
	for _, h := range *hosts {
		if h != "login.microsoftonline.com" {
			blobHosts = append(blobHosts, h)
		}
	}
	checkAzureHosts(t, blobHosts, "acct.blob.core.windows.net")
}
