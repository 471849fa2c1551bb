package databricks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"testing"
)

// A server or proxy that echoes the request back must not get the token
// into an error message.
func TestErrorsNeverContainToken(t *testing.T) {
	echo := "Invalid token: Bearer " + testToken
	tests := []struct {
		name  string
		route string
		reply reply
	}{
		{"401 JSON", submitDetail, reply{status: http.StatusUnauthorized, body: `{"error_code":"UNAUTHENTICATED","message":"` + echo + `"}`}},
		{"500 HTML", submitDetail, reply{status: http.StatusInternalServerError, body: "<html><pre>Authorization: Bearer " + testToken + "</pre></html>"}},
		{"FAILED statement", submitDetail, reply{status: http.StatusOK, body: `{"statement_id":"s1","status":{"state":"FAILED","error":{"error_code":"BAD_REQUEST","message":"` + echo + `"}}}`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, srv := newFakeWorkspace(t)
			f.on(tt.route, tt.reply)
			c, _ := newTestClient(t, srv, WithRetry(1, Backoff{}))

			_, err := c.Fetch(t.Context(), "orders", 1)
			if err == nil {
				t.Fatal("no error")
			}
			msg := err.Error()
			if strings.Contains(msg, testToken) {
				t.Errorf("error leaks the token: %s", msg)
			}
			if !strings.Contains(msg, redacted) {
				t.Errorf("error %q should show where the token was removed", msg)
			}
		})
	}
}

func TestUnauthorizedNamesCredentialSource(t *testing.T) {
	tests := []struct {
		name string
		env  fakeEnv
		want string
	}{
		{"env", fakeEnv{EnvToken: testToken}, "environment variable " + EnvToken},
		{"profile", fakeEnv{EnvConfigFile: "PROFILE"}, "profile [DEFAULT] in "},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f, srv := newFakeWorkspace(t)
			f.on(submitDetail, reply{status: http.StatusUnauthorized, fixture: "error_unauthorized.json"})
			tt.env[EnvHost] = srv.URL
			tt.env[EnvWarehouseID] = testWarehouse
			if tt.env[EnvConfigFile] == "PROFILE" {
				tt.env[EnvConfigFile] = writeConfig(t, "[DEFAULT]\ntoken = "+testToken+"\n")
			}
			cfg, err := resolve(Config{}, tt.env.get, noHome)
			if err != nil {
				t.Fatal(err)
			}
			c, err := New(cfg)
			if err != nil {
				t.Fatal(err)
			}

			_, err = c.Fetch(t.Context(), "orders", 1)
			if !errors.Is(err, ErrUnauthorized) {
				t.Fatalf("err = %v, want ErrUnauthorized", err)
			}
			if msg := err.Error(); !strings.Contains(msg, tt.want) || strings.Contains(msg, testToken) {
				t.Errorf("error %q should name %q and not the token", msg, tt.want)
			}
		})
	}
}

// The OAuth client secret is kept out of every printed form, as the token is.
func TestConfigNeverPrintsSecret(t *testing.T) {
	cfg := Config{Host: "https://x.example", ClientID: testClientID, ClientSecret: testSecret, WarehouseID: "w"}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("config", "cfg", c.Config(), "client", c)
	marshalled, err := json.Marshal(c.Config())
	if err != nil {
		t.Fatal(err)
	}
	outputs := map[string]string{
		"config": fmt.Sprintf("%v %+v %#v", c.Config(), c.Config(), c.Config()),
		"client": fmt.Sprintf("%v %+v %#v %v %+v %#v", c, c, c, *c, *c, *c),
		"slog":   logged.String(),
		"json":   string(marshalled),
	}
	for how, out := range outputs {
		if strings.Contains(out, testSecret) {
			t.Errorf("%s leaks the client secret: %s", how, out)
		}
	}
	if !strings.Contains(outputs["config"], testClientID) || !strings.Contains(outputs["config"], redacted) {
		t.Errorf("config should show the client ID and a redaction marker: %s", outputs["config"])
	}
}

// A PAT client's value form holds the token in unexported fields; %v and
// %#v of the value must not reach them.
func TestClientValueNeverPrintsToken(t *testing.T) {
	c, err := New(Config{Host: "https://x.example", Token: testToken, WarehouseID: "w"})
	if err != nil {
		t.Fatal(err)
	}
	if out := fmt.Sprintf("%v %+v %#v", *c, *c, *c); strings.Contains(out, testToken) {
		t.Errorf("client value leaks the token: %s", out)
	}
}

// A server echoing an OAuth access token back gets it removed from errors,
// as a PAT is.
func TestErrorsNeverContainOAuthToken(t *testing.T) {
	s, srv := newSigninServer(t)
	const access = "eyJhbGciOiJSUzI1NiJ9.m2m-access-token.sig"
	s.tokens, s.expires = []string{access}, []int{3600}
	s.on(submitDetail, reply{status: http.StatusUnauthorized, body: `{"error_code":"UNAUTHENTICATED","message":"bad token Bearer ` + access + `"}`})
	c := newSigninClient(t, Config{Host: srv.URL, ClientID: testClientID, ClientSecret: testSecret})
	_, err := c.Fetch(t.Context(), "main.sales.orders", 50)
	if err == nil {
		t.Fatal("no error")
	}
	if msg := err.Error(); strings.Contains(msg, access) || strings.Contains(msg, testSecret) || !strings.Contains(msg, redacted) {
		t.Errorf("error %q should have the access token removed", msg)
	}
}
