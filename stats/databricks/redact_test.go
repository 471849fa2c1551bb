package databricks

import (
	"errors"
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
