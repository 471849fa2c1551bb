package databricks

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	testClientID = "6b1c3f0e-2d4a-4e8b-9c7d-5a0f1e2b3c4d"
	testSecret   = "dose0a9b8c7d6e5f4a3b2c1d0e9f8a7b6c5d"
)

// signinServer is a fake workspace with an OAuth token endpoint. It notes
// the bearer token of every API call, then hands the call to a
// fakeWorkspace as if it carried testToken.
type signinServer struct {
	*fakeWorkspace
	mu       sync.Mutex
	tokens   []string // access tokens the endpoint hands out, in order; the last repeats
	expires  []int    // their expires_in
	issued   int
	apiAuth  []string
	tokenErr string // when set, the endpoint refuses with this description
}

func newSigninServer(t *testing.T) (*signinServer, *httptest.Server) {
	t.Helper()
	s := &signinServer{fakeWorkspace: &fakeWorkspace{t: t, routes: map[string][]reply{}}}
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/oidc/v1/token" {
			s.token(w, r)
			return
		}
		s.mu.Lock()
		s.apiAuth = append(s.apiAuth, r.Header.Get("Authorization"))
		s.mu.Unlock()
		r.Header.Set("Authorization", "Bearer "+testToken)
		s.ServeHTTP(w, r)
	}))
	t.Cleanup(srv.Close)
	s.on(submitDetail, ok("detail_succeeded.json"))
	s.on(submitHistory, ok("history_succeeded.json"))
	return s, srv
}

func (s *signinServer) token(w http.ResponseWriter, r *http.Request) {
	id, secret, _ := r.BasicAuth()
	if r.Method != http.MethodPost || r.ParseForm() != nil || r.PostForm.Get("grant_type") != "client_credentials" ||
		r.PostForm.Get("scope") != "all-apis" {
		s.t.Errorf("token request %s %v", r.Method, r.PostForm)
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if id != testClientID || secret != testSecret || s.tokenErr != "" {
		w.WriteHeader(http.StatusUnauthorized)
		fmt.Fprintf(w, `{"error":"invalid_client","error_description":%q}`, s.tokenErr+" client_secret="+secret)
		return
	}
	i := min(s.issued, len(s.tokens)-1)
	s.issued++
	fmt.Fprintf(w, `{"access_token":%q,"token_type":"Bearer","expires_in":%d,"scope":"all-apis"}`, s.tokens[i], s.expires[i])
}

func (s *signinServer) calls() (issued int, auth []string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issued, slices.Clone(s.apiAuth)
}

func newSigninClient(t *testing.T, cfg Config) *Client {
	t.Helper()
	cfg.WarehouseID, cfg.Timeout = testWarehouse, 2*time.Second
	c, err := New(cfg, WithRetry(1, Backoff{}))
	if err != nil {
		t.Fatal(err)
	}
	c.sleep = (&sleepRecorder{}).sleep
	return c
}

func fetchOnce(t *testing.T, c *Client) {
	t.Helper()
	if _, err := c.Fetch(t.Context(), "main.sales.orders", 50); err != nil {
		t.Fatal(err)
	}
}

func TestOAuthM2MReusesToken(t *testing.T) {
	s, srv := newSigninServer(t)
	s.tokens, s.expires = []string{"m2m-token-1"}, []int{3600}
	c := newSigninClient(t, Config{Host: srv.URL, ClientID: testClientID, ClientSecret: testSecret})
	if c.Config().AuthMethod() != AuthOAuthM2M {
		t.Fatalf("method %q", c.Config().AuthMethod())
	}
	fetchOnce(t, c)
	fetchOnce(t, c)
	issued, auth := s.calls()
	if issued != 1 {
		t.Errorf("%d token requests for four API calls, want 1 (cached in memory)", issued)
	}
	for _, a := range auth {
		if a != "Bearer m2m-token-1" {
			t.Errorf("API call with Authorization %q", a)
		}
	}
}

// A token about to expire (inside oauth2's 10 s margin) is replaced before
// the next request uses it.
func TestOAuthM2MRefreshesExpiredToken(t *testing.T) {
	s, srv := newSigninServer(t)
	s.tokens, s.expires = []string{"m2m-short", "m2m-fresh"}, []int{2, 3600}
	c := newSigninClient(t, Config{Host: srv.URL, ClientID: testClientID, ClientSecret: testSecret})
	fetchOnce(t, c) // two API calls: the second already refreshes
	fetchOnce(t, c)
	issued, auth := s.calls()
	want := []string{"Bearer m2m-short", "Bearer m2m-fresh", "Bearer m2m-fresh", "Bearer m2m-fresh"}
	if issued != 2 || !slices.Equal(auth, want) {
		t.Errorf("issued %d tokens, API saw %v; want 2 and %v", issued, auth, want)
	}
}

// A token the workspace refuses is dropped, so the next request signs in
// again rather than repeating it.
func TestOAuthM2MForgetsRefusedToken(t *testing.T) {
	s, srv := newSigninServer(t)
	s.tokens, s.expires = []string{"m2m-revoked", "m2m-new"}, []int{3600, 3600}
	s.on(submitDetail, reply{status: http.StatusUnauthorized, fixture: "error_unauthorized.json"}, ok("detail_succeeded.json"))
	c := newSigninClient(t, Config{Host: srv.URL, ClientID: testClientID, ClientSecret: testSecret})
	_, err := c.Fetch(t.Context(), "main.sales.orders", 50)
	if !errors.Is(err, ErrUnauthorized) || !strings.Contains(err.Error(), "OAuth client "+testClientID) {
		t.Fatalf("err = %v, want ErrUnauthorized naming the OAuth client", err)
	}
	fetchOnce(t, c)
	if issued, auth := s.calls(); issued != 2 || auth[len(auth)-1] != "Bearer m2m-new" {
		t.Errorf("issued %d, last API call %q; want a second token in use", issued, auth[len(auth)-1])
	}
}

func TestOAuthM2MRefusedSecret(t *testing.T) {
	s, srv := newSigninServer(t)
	s.tokens, s.expires = []string{"never"}, []int{3600}
	s.tokenErr = "Client authentication failed"
	c := newSigninClient(t, Config{Host: srv.URL, ClientID: testClientID, ClientSecret: testSecret})
	_, err := c.Fetch(t.Context(), "main.sales.orders", 50)
	var se *SignInError
	if !errors.As(err, &se) || !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("err = %v, want a SignInError", err)
	}
	msg := err.Error()
	if !strings.Contains(msg, "Client authentication failed") || strings.Contains(msg, testSecret) || !strings.Contains(msg, redacted) {
		t.Errorf("error %q should carry the server's reason with the echoed secret removed", msg)
	}
	if _, auth := s.calls(); len(auth) != 0 {
		t.Errorf("API called without a token: %v", auth)
	}
}

// fakeCLI writes an executable script named name into dir that logs its
// arguments to dir/name.log and prints dir/name.out (exiting with
// dir/name.status, 0 when absent), as the real CLIs print a token.
func fakeCLI(t *testing.T, dir, name string) {
	t.Helper()
	base := filepath.Join(dir, name)
	script := fmt.Sprintf("#!/bin/sh\necho \"$@\" >> %q\ncat %q\nif [ -f %q ]; then cat %q >&2; exit 3; fi\n",
		base+".log", base+".out", base+".fail", base+".fail")
	if err := os.WriteFile(base, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
}

func setCLIAnswer(t *testing.T, dir, name, out string) {
	t.Helper()
	if err := os.WriteFile(filepath.Join(dir, name+".out"), []byte(out), 0o600); err != nil {
		t.Fatal(err)
	}
}

func cliRuns(t *testing.T, dir, name string) []string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, name+".log"))
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(strings.TrimSpace(string(data)), "\n")
}

func databricksCLIAnswer(tok string, expiry time.Time) string {
	b, _ := json.Marshal(map[string]string{"access_token": tok, "token_type": "Bearer", "expiry": expiry.Format(time.RFC3339Nano)})
	return string(b)
}

func TestDatabricksCLISignIn(t *testing.T) {
	s, srv := newSigninServer(t)
	bin := t.TempDir()
	fakeCLI(t, bin, "databricks")
	setCLIAnswer(t, bin, "databricks", databricksCLIAnswer("cli-short", time.Now().Add(5*time.Second)))
	cfg, err := resolve(Config{}, fakeEnv{EnvHost: srv.URL, EnvWarehouseID: testWarehouse, "PATH": bin}.get, noHome)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AuthMethod() != AuthDatabricksCLI {
		t.Fatalf("method %q, want %s (the CLI is on PATH and nothing else is set)", cfg.AuthMethod(), AuthDatabricksCLI)
	}
	c := newSigninClient(t, cfg)

	// The first token is inside the expiry margin, so the second call runs
	// the CLI again; the fresh one is then reused.
	err = c.call(t.Context(), "POST", statementsPath, statementRequest{Statement: stepDetail + " x"}, nil)
	if err != nil {
		t.Fatal(err)
	}
	setCLIAnswer(t, bin, "databricks", databricksCLIAnswer("cli-fresh", time.Now().Add(time.Hour)))
	fetchOnce(t, c)
	_, auth := s.calls()
	want := []string{"Bearer cli-short", "Bearer cli-fresh", "Bearer cli-fresh"}
	runs := cliRuns(t, bin, "databricks")
	if !slices.Equal(auth, want) || len(runs) != 2 || runs[0] != "auth token --host "+srv.URL {
		t.Errorf("API saw %v, CLI ran %q; want %v and two runs of auth token --host", auth, runs, want)
	}
}

func TestDatabricksCLIFailure(t *testing.T) {
	_, srv := newSigninServer(t)
	bin := t.TempDir()
	fakeCLI(t, bin, "databricks")
	setCLIAnswer(t, bin, "databricks", `{"access_token":"leaked-on-stdout"}`)
	if err := os.WriteFile(filepath.Join(bin, "databricks.fail"), []byte("Error: refresh token is invalid; run databricks auth login"), 0o600); err != nil {
		t.Fatal(err)
	}
	c := newSigninClient(t, Config{Host: srv.URL, AuthType: AuthDatabricksCLI, CLIPath: filepath.Join(bin, "databricks")})
	_, err := c.Fetch(t.Context(), "main.sales.orders", 50)
	if !errors.Is(err, ErrUnauthorized) || !strings.Contains(err.Error(), "refresh token is invalid") || strings.Contains(err.Error(), "leaked-on-stdout") {
		t.Errorf("err = %v; want the CLI's stderr and never its stdout", err)
	}
}

func TestAzureCLISignIn(t *testing.T) {
	for _, tt := range []struct{ name, answer string }{
		{"expires_on", fmt.Sprintf(`{"accessToken":"az-token","tokenType":"Bearer","expiresOn":"2000-01-01 00:00:00.000000","expires_on":%d}`, time.Now().Add(time.Hour).Unix())},
		{"expiresOn only", fmt.Sprintf(`{"accessToken":"az-token","tokenType":"Bearer","expiresOn":%q}`, time.Now().Add(time.Hour).Format("2006-01-02 15:04:05.000000"))},
	} {
		t.Run(tt.name, func(t *testing.T) {
			s, srv := newSigninServer(t)
			bin := t.TempDir()
			fakeCLI(t, bin, "az")
			setCLIAnswer(t, bin, "az", tt.answer)
			cfg, err := resolve(Config{AuthType: AuthAzureCLI}, fakeEnv{EnvHost: srv.URL, EnvWarehouseID: testWarehouse, "PATH": bin}.get, noHome)
			if err != nil {
				t.Fatal(err)
			}
			c := newSigninClient(t, cfg)
			fetchOnce(t, c)
			_, auth := s.calls()
			runs := cliRuns(t, bin, "az")
			if !slices.Equal(auth, []string{"Bearer az-token", "Bearer az-token"}) || len(runs) != 1 ||
				runs[0] != "account get-access-token --resource "+azureDatabricksApp+" --output json" {
				t.Errorf("API saw %v, az ran %q", auth, runs)
			}
		})
	}
}

// Without other settings an Azure workspace tries the Databricks CLI and
// then the Azure CLI, and keeps to the one that works.
func TestCLIChainFallsBackToAzure(t *testing.T) {
	bin := t.TempDir()
	fakeCLI(t, bin, "databricks")
	fakeCLI(t, bin, "az")
	setCLIAnswer(t, bin, "databricks", "")
	if err := os.WriteFile(filepath.Join(bin, "databricks.fail"), []byte("Error: no login for this host"), 0o600); err != nil {
		t.Fatal(err)
	}
	setCLIAnswer(t, bin, "az", fmt.Sprintf(`{"accessToken":"az-token","expires_on":%d}`, time.Now().Add(2*time.Second).Unix()))
	cfg, err := resolve(Config{}, fakeEnv{EnvHost: "adb-1234567890123456.7.azuredatabricks.net", EnvWarehouseID: "w", "PATH": bin}.get, noHome)
	if err != nil {
		t.Fatal(err)
	}
	if cfg.AuthMethod() != authCLIs {
		t.Fatalf("method %q", cfg.AuthMethod())
	}
	src := newTokenSource(cfg, http.DefaultClient)
	for range 2 { // the token expires at once, so both calls run a CLI
		if tok, err := src.token(context.Background()); err != nil || tok != "az-token" {
			t.Fatalf("token = %q, %v", tok, err)
		}
	}
	if d, az := cliRuns(t, bin, "databricks"), cliRuns(t, bin, "az"); len(d) != 1 || len(az) != 2 {
		t.Errorf("databricks ran %d times, az %d; want 1 and 2", len(d), len(az))
	}
}

func TestSignInOrder(t *testing.T) {
	bin := t.TempDir()
	fakeCLI(t, bin, "databricks")
	fakeCLI(t, bin, "az")
	azOnly := t.TempDir()
	fakeCLI(t, azOnly, "az")
	const aws, azure = "https://dbc-1.cloud.databricks.com", "https://adb-1.2.azuredatabricks.net"
	cases := []struct {
		name string
		env  fakeEnv
		want string // method, or "error: <text>"
	}{
		{"token first", fakeEnv{EnvToken: "dapix", EnvClientID: testClientID, EnvClientSecret: testSecret, "PATH": bin}, AuthPAT},
		{"then OAuth M2M", fakeEnv{EnvClientID: testClientID, EnvClientSecret: testSecret, "PATH": bin}, AuthOAuthM2M},
		{"auth_type wins", fakeEnv{EnvToken: "dapix", EnvClientID: testClientID, EnvClientSecret: testSecret, EnvAuthType: "oauth-m2m"}, AuthOAuthM2M},
		{"then the Databricks CLI", fakeEnv{"PATH": bin}, AuthDatabricksCLI},
		{"Azure: both CLIs", fakeEnv{EnvHost: azure, "PATH": bin}, authCLIs},
		{"Azure CLI for Azure", fakeEnv{EnvHost: azure, "PATH": azOnly}, AuthAzureCLI},
		{"Azure CLI not for AWS", fakeEnv{"PATH": azOnly}, "error: no credentials"},
		{"id without secret", fakeEnv{EnvClientID: testClientID}, "error: no client secret"},
		{"unknown auth_type", fakeEnv{EnvAuthType: "basic"}, `error: auth_type "basic"`},
		{"pat without token", fakeEnv{EnvAuthType: "pat"}, "error: needs a token"},
		{"azure-cli without az", fakeEnv{EnvAuthType: "azure-cli"}, "error: not on PATH"},
	}
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			if tt.env[EnvHost] == "" {
				tt.env[EnvHost] = aws
			}
			tt.env[EnvWarehouseID] = "w"
			cfg, err := resolve(Config{}, tt.env.get, noHome)
			if want, isErr := strings.CutPrefix(tt.want, "error: "); isErr {
				if err == nil || !strings.Contains(err.Error(), want) {
					t.Fatalf("err = %v, want one mentioning %q", err, want)
				}
				if strings.Contains(err.Error(), testSecret) {
					t.Errorf("error leaks the secret: %v", err)
				}
				return
			}
			if err != nil || cfg.AuthMethod() != tt.want {
				t.Errorf("method %q, %v; want %q", cfg.AuthMethod(), err, tt.want)
			}
		})
	}
}

func TestProfileOAuthClient(t *testing.T) {
	path := writeConfig(t, "[sp]\nhost = https://dbc-2.cloud.databricks.com\nclient_id = "+testClientID+
		"\nclient_secret = "+testSecret+"\nwarehouse_id = w\n")
	cfg, err := resolve(Config{Profile: "sp"}, fakeEnv{EnvConfigFile: path}.get, noHome)
	if err != nil || cfg.AuthMethod() != AuthOAuthM2M || cfg.ClientID != testClientID {
		t.Fatalf("resolve = %v, %v; want OAuth M2M from the profile", cfg, err)
	}
	// The profile's secret belongs to its own workspace.
	_, err = resolve(Config{Profile: "sp"}, fakeEnv{EnvConfigFile: path, EnvHost: "https://other.example"}.get, noHome)
	if err == nil || !strings.Contains(err.Error(), "other.example") || strings.Contains(err.Error(), testSecret) {
		t.Errorf("secret sent to another host: err = %v", err)
	}
}
