package databricks

import (
	"encoding/base64"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"
)

const (
	projectHost = "https://project.cloud.databricks.com"
	otherHost   = "https://mine.cloud.databricks.com"
)

// A host from project configuration gets credentials only when it is the
// credentials' own workspace, or when the user allows it.
func TestProjectHostOnlyForItsOwnCredentials(t *testing.T) {
	profileFor := func(host string) string {
		return "[DEFAULT]\nhost = " + host + "\ntoken = " + defaultProfileToken + "\n"
	}
	bin := t.TempDir()
	fakeCLI(t, bin, "databricks")
	fakeCLI(t, bin, "az")
	tests := []struct {
		name    string
		env     fakeEnv
		profile string // .databrickscfg content; "" for none
		project string
		allow   bool
		want    string // the host used; "" means refused with a HostError
	}{
		{"env token, env host the same", fakeEnv{EnvHost: projectHost + "/", EnvToken: testToken}, "", projectHost, false, projectHost},
		{"env token, env host differs", fakeEnv{EnvHost: otherHost, EnvToken: testToken}, "", projectHost, false, ""},
		{"env token, env host differs, allowed", fakeEnv{EnvHost: otherHost, EnvToken: testToken}, "", projectHost, true, projectHost},
		{"env token, no env host", fakeEnv{EnvToken: testToken}, "", projectHost, false, ""},
		{"env token, no env host, allowed", fakeEnv{EnvToken: testToken}, "", projectHost, true, projectHost},
		{"env OAuth secret, env host differs", fakeEnv{EnvHost: otherHost, EnvClientID: testClientID, EnvClientSecret: testSecret}, "", projectHost, false, ""},
		{"env OAuth secret, env host the same", fakeEnv{EnvHost: projectHost, EnvClientID: testClientID, EnvClientSecret: testSecret}, "", projectHost, false, projectHost},
		{"profile token, profile host the same", fakeEnv{}, profileFor(projectHost), projectHost, false, projectHost},
		{"profile token, profile host differs", fakeEnv{}, profileFor(otherHost), projectHost, false, ""},
		{"profile token without a host", fakeEnv{}, "[DEFAULT]\ntoken = " + defaultProfileToken + "\n", projectHost, false, ""},
		{"Databricks CLI login, asked for the project's host", fakeEnv{"PATH": bin}, "", projectHost, false, projectHost},
		{"Azure CLI, an Azure workspace", fakeEnv{EnvAuthType: AuthAzureCLI, "PATH": bin}, "", "https://adb-1.2.azuredatabricks.net", false, "https://adb-1.2.azuredatabricks.net"},
		{"Azure CLI, not an Azure workspace", fakeEnv{EnvAuthType: AuthAzureCLI, "PATH": bin}, "", projectHost, false, ""},
		{"no project host: the env host", fakeEnv{EnvHost: otherHost, EnvToken: testToken}, "", "", false, otherHost},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tt.env[EnvWarehouseID] = testWarehouse
			tt.env[EnvConfigFile] = "/nonexistent/databrickscfg"
			if tt.profile != "" {
				tt.env[EnvConfigFile] = writeConfig(t, tt.profile)
			}
			if tt.env["PATH"] == "" {
				tt.env["PATH"] = t.TempDir() // no CLI
			}
			cfg, err := resolve(Config{ProjectHost: tt.project, ProjectHostOrigin: "stats.databricks.host in .lakelint.yaml", AllowProjectHost: tt.allow},
				tt.env.get, noHome)
			if tt.want == "" {
				var he *HostError
				if !errors.As(err, &he) {
					t.Fatalf("resolve = %v, %v; want a HostError", cfg, err)
				}
				msg := err.Error()
				for _, want := range []string{projectHost, "stats.databricks.host in .lakelint.yaml", "not for it"} {
					if !strings.Contains(msg, want) {
						t.Errorf("error %q should mention %q", msg, want)
					}
				}
				if strings.Contains(msg, testToken) || strings.Contains(msg, defaultProfileToken) || strings.Contains(msg, testSecret) {
					t.Errorf("error shows a credential: %s", msg)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if cfg.Host != tt.want {
				t.Errorf("host = %s, want %s", cfg.Host, tt.want)
			}
		})
	}
}

// http:// would send a token in clear text; only a loopback test server
// may have it.
func TestPlainHTTPOnlyForLoopback(t *testing.T) {
	for host, ok := range map[string]bool{
		"http://127.0.0.1:8080":         true,
		"http://localhost:9":            true,
		"http://[::1]:9":                true,
		"http://x.cloud.databricks.com": false,
		"http://10.0.0.1":               false,
		"http://127.example.com":        false,
	} {
		_, err := normalizeHost(host)
		if (err == nil) != ok {
			t.Errorf("normalizeHost(%q) error = %v; want accepted %v", host, err, ok)
		}
	}
	_, err := New(Config{Host: "http://x.cloud.databricks.com", Token: testToken, WarehouseID: "w"})
	if err == nil || !strings.Contains(err.Error(), "https") {
		t.Errorf("New with an http:// workspace: %v, want a refusal asking for https", err)
	}
}

// authRecorder notes the Authorization header of every request it gets.
type authRecorder struct {
	mu   sync.Mutex
	seen []string
}

func (a *authRecorder) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	a.mu.Lock()
	a.seen = append(a.seen, r.Method+" "+r.URL.Path+" "+r.Header.Get("Authorization"))
	a.mu.Unlock()
	w.WriteHeader(http.StatusUnauthorized)
	fmt.Fprint(w, `{"error_code":"UNAUTHENTICATED","message":"who are you"}`)
}

func (a *authRecorder) requests() []string {
	a.mu.Lock()
	defer a.mu.Unlock()
	return append([]string(nil), a.seen...)
}

// redirector sends every request on to target with a 307, which keeps the
// method and body.
func redirector(t *testing.T, target string) *httptest.Server {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, target+r.URL.Path, http.StatusTemporaryRedirect)
	}))
	t.Cleanup(srv.Close)
	return srv
}

// Both servers are on 127.0.0.1, so net/http alone would forward the
// header: it compares host names, not ports.
func TestRedirectsNeverCarryAuthorization(t *testing.T) {
	t.Run("API call", func(t *testing.T) {
		rec := &authRecorder{}
		other := httptest.NewServer(rec)
		defer other.Close()
		srv := redirector(t, other.URL)
		c, err := New(Config{Host: srv.URL, Token: testToken, WarehouseID: testWarehouse}, WithRetry(1, Backoff{}))
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Fetch(t.Context(), "main.sales.orders", 1)
		if err == nil {
			t.Fatal("no error from a redirected request")
		}
		got := rec.requests()
		if len(got) == 0 {
			t.Fatal("the redirect was not followed; the test proves nothing")
		}
		for _, r := range got {
			if strings.Contains(r, "Bearer") || strings.Contains(r, testToken) {
				t.Errorf("the redirect target got the token: %s", r)
			}
		}
	})
	t.Run("OAuth token endpoint", func(t *testing.T) {
		rec := &authRecorder{}
		other := httptest.NewServer(rec)
		defer other.Close()
		srv := redirector(t, other.URL)
		c, err := New(Config{Host: srv.URL, ClientID: testClientID, ClientSecret: testSecret, WarehouseID: testWarehouse}, WithRetry(1, Backoff{}))
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Fetch(t.Context(), "main.sales.orders", 1)
		if err == nil {
			t.Fatal("no error from a redirected token request")
		}
		got := rec.requests()
		if len(got) == 0 || !strings.HasPrefix(got[0], "POST /oidc/v1/token") {
			t.Fatalf("requests at the target: %q; want the redirected token request", got)
		}
		for _, r := range got {
			if strings.Contains(r, "Basic") {
				t.Errorf("the redirect target got the client secret: %s", r)
			}
		}
	})
}

// A token endpoint whose error echoes the request's Basic header must not
// get the client secret, in any encoding, into the error.
func TestTokenEndpointEchoNeverShowsSecret(t *testing.T) {
	const id, secret = "7c2d4e6f-1a3b-4c5d-8e9f-0a1b2c3d4e5f", "dose9f8e7d6c5b4a3f2e1d0c9b8a7f6e5d/+x="
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusBadRequest)
		fmt.Fprintf(w, `{"error":"invalid_client","error_description":"bad header %s; raw %s; escaped %s"}`,
			r.Header.Get("Authorization"), secret, url.QueryEscape(secret))
	}))
	defer srv.Close()
	c, err := New(Config{Host: srv.URL, ClientID: id, ClientSecret: secret, WarehouseID: testWarehouse}, WithRetry(1, Backoff{}))
	if err != nil {
		t.Fatal(err)
	}
	_, err = c.Fetch(t.Context(), "main.sales.orders", 1)
	if !errors.Is(err, ErrUnauthorized) {
		t.Fatalf("err = %v, want a sign-in failure", err)
	}
	msg := err.Error()
	basic := base64.StdEncoding.EncodeToString([]byte(url.QueryEscape(id) + ":" + url.QueryEscape(secret)))
	for _, leak := range []string{secret, url.QueryEscape(secret), basic} {
		if strings.Contains(msg, leak) {
			t.Errorf("error shows %q: %s", leak, msg)
		}
	}
	if !strings.Contains(msg, "bad header Basic "+redacted) {
		t.Errorf("error %q should keep the message around the removed header", msg)
	}
}

// closedPort returns a loopback address nothing listens on.
func closedPort(t *testing.T) string {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	l.Close()
	return "http://" + addr
}

// ErrUnreachable marks requests that got no answer at all, never an HTTP
// error status or a statement that is slow to finish.
func TestUnreachable(t *testing.T) {
	fetch := func(t *testing.T, cfg Config) error {
		cfg.WarehouseID = testWarehouse
		if cfg.Timeout == 0 {
			cfg.Timeout = 2 * time.Second
		}
		c, err := New(cfg, WithRetry(1, Backoff{}), WithPolling(Backoff{Initial: time.Millisecond}))
		if err != nil {
			t.Fatal(err)
		}
		_, err = c.Fetch(t.Context(), "main.sales.orders", 1)
		if err == nil {
			t.Fatal("no error")
		}
		return err
	}
	t.Run("closed port", func(t *testing.T) {
		if err := fetch(t, Config{Host: closedPort(t), Token: testToken}); !errors.Is(err, ErrUnreachable) {
			t.Errorf("err = %v, want ErrUnreachable", err)
		}
	})
	t.Run("token endpoint on a closed port", func(t *testing.T) {
		err := fetch(t, Config{Host: closedPort(t), ClientID: testClientID, ClientSecret: testSecret})
		if !errors.Is(err, ErrUnreachable) || !errors.Is(err, ErrUnauthorized) {
			t.Errorf("err = %v, want a sign-in failure that is ErrUnreachable", err)
		}
	})
	t.Run("no answer in time", func(t *testing.T) {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		defer l.Close() // accepts into the backlog, never answers
		if err := fetch(t, Config{Host: "http://" + l.Addr().String(), Token: testToken, Timeout: 50 * time.Millisecond}); !errors.Is(err, ErrUnreachable) {
			t.Errorf("err = %v, want ErrUnreachable", err)
		}
	})
	t.Run("HTTP 401", func(t *testing.T) {
		f, srv := newFakeWorkspace(t)
		f.on(submitDetail, reply{status: http.StatusUnauthorized, fixture: "error_unauthorized.json"})
		if err := fetch(t, Config{Host: srv.URL, Token: testToken}); errors.Is(err, ErrUnreachable) {
			t.Errorf("err = %v: an answer is not ErrUnreachable", err)
		}
	})
	t.Run("statement still running at the deadline", func(t *testing.T) {
		f, srv := newFakeWorkspace(t)
		f.on(submitDetail, ok("detail_running.json"))
		f.on(detailGET, ok("detail_running.json"))
		f.on(detailCancel, reply{status: http.StatusOK, body: `{}`})
		err := fetch(t, Config{Host: srv.URL, Token: testToken, Timeout: 100 * time.Millisecond})
		if !errors.Is(err, ErrTimeout) || errors.Is(err, ErrUnreachable) {
			t.Errorf("err = %v, want a timeout that is not ErrUnreachable", err)
		}
	})
}
