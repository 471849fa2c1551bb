package databricks

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// Tokens in testdata/databrickscfg.
const (
	defaultProfileToken = "dapi0000default0000000000000000000"
	devProfileToken     = "dapi1111dev11111111111111111111111"
)

// fakeEnv is an environment for resolve; unset variables read as "".
type fakeEnv map[string]string

func (e fakeEnv) get(k string) string { return e[k] }

func homeAt(dir string) func() (string, error) {
	return func() (string, error) { return dir, nil }
}

func noHome() (string, error) { return "", errors.New("no home") }

// homeWithConfig makes a home directory holding testdata/databrickscfg.
func homeWithConfig(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("testdata", "databrickscfg"))
	if err != nil {
		t.Fatal(err)
	}
	home := t.TempDir()
	if err := os.WriteFile(filepath.Join(home, ".databrickscfg"), data, 0o600); err != nil {
		t.Fatal(err)
	}
	return home
}

func TestResolvePrecedence(t *testing.T) {
	home := homeWithConfig(t)
	env := fakeEnv{EnvHost: "env.cloud.databricks.com", EnvWarehouseID: "envwarehouse"}

	// Host and warehouse from env, token explicit; the file is not needed.
	got, err := resolve(Config{Token: "dapiexplicit000000000000000000000"}, env.get, homeAt(home))
	if err != nil {
		t.Fatal(err)
	}
	if got.Host != "https://env.cloud.databricks.com" || got.WarehouseID != "envwarehouse" || got.Token != "dapiexplicit000000000000000000000" {
		t.Errorf("got %#v", got)
	}
	if got.CredentialSource() != "Config.Token" {
		t.Errorf("credential source %q", got.CredentialSource())
	}

	// Explicit beats env for every field.
	got, err = resolve(Config{Host: "https://explicit.example", Token: "t", WarehouseID: "w"}, env.get, homeAt(home))
	if err != nil {
		t.Fatal(err)
	}
	if got.Host != "https://explicit.example" || got.WarehouseID != "w" {
		t.Errorf("explicit values lost: %#v", got)
	}
	if got.Timeout != DefaultTimeout || got.WaitTimeout != DefaultWaitTimeout {
		t.Errorf("defaults not applied: timeout %v wait %v", got.Timeout, got.WaitTimeout)
	}
}

func TestResolveFromDefaultProfile(t *testing.T) {
	home := homeWithConfig(t)
	got, err := resolve(Config{}, fakeEnv{}.get, homeAt(home))
	if err != nil {
		t.Fatal(err)
	}
	if got.Host != "https://dbc-1a2b3c4d-5e6f.cloud.databricks.com" || got.Token != defaultProfileToken || got.WarehouseID != "0d1e2f3a4b5c6d7e" {
		t.Errorf("got %#v", got)
	}
	wantSource := fmt.Sprintf("profile [DEFAULT] in %s", filepath.Join(home, ".databrickscfg"))
	if got.CredentialSource() != wantSource {
		t.Errorf("credential source %q, want %q", got.CredentialSource(), wantSource)
	}
}

func TestResolveNamedProfile(t *testing.T) {
	home := homeWithConfig(t)
	cases := []struct {
		name string
		cfg  Config
		env  fakeEnv
	}{
		{"field", Config{Profile: "dev"}, fakeEnv{EnvWarehouseID: "w1"}},
		{"env", Config{}, fakeEnv{EnvProfile: "dev", EnvWarehouseID: "w1"}},
		{"field beats env", Config{Profile: "dev"}, fakeEnv{EnvProfile: "DEFAULT", EnvWarehouseID: "w1"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			got, err := resolve(tc.cfg, tc.env.get, homeAt(home))
			if err != nil {
				t.Fatal(err)
			}
			// dev has no warehouse_id; it must not be borrowed from DEFAULT.
			if got.Host != "https://adb-1234567890123456.7.azuredatabricks.net" || got.Token != devProfileToken || got.WarehouseID != "w1" {
				t.Errorf("got %#v", got)
			}
			if !strings.Contains(got.CredentialSource(), "profile [dev]") {
				t.Errorf("credential source %q", got.CredentialSource())
			}
		})
	}
}

func TestResolveConfigFileOverride(t *testing.T) {
	path := filepath.Join(t.TempDir(), "other.cfg")
	if err := os.WriteFile(path, []byte("[DEFAULT]\nhost = h.example\ntoken = dapiother\nwarehouse_id = w9\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	got, err := resolve(Config{}, fakeEnv{EnvConfigFile: path}.get, homeAt(homeWithConfig(t)))
	if err != nil {
		t.Fatal(err)
	}
	if got.Host != "https://h.example" || got.Token != "dapiother" || got.WarehouseID != "w9" {
		t.Errorf("got %#v", got)
	}
}

func TestResolveErrors(t *testing.T) {
	home := homeWithConfig(t)
	tests := []struct {
		name    string
		cfg     Config
		env     fakeEnv
		home    func() (string, error)
		mention []string
	}{
		{"unknown profile", Config{Profile: "prod"}, fakeEnv{}, homeAt(home), []string{`profile "prod" not found`}},
		{"named profile, no file", Config{Profile: "dev"}, fakeEnv{}, homeAt(t.TempDir()), []string{`profile "dev"`, ".databrickscfg"}},
		{"databricks-cli profile, no CLI", Config{Profile: "sso"}, fakeEnv{EnvWarehouseID: "w"}, homeAt(home), []string{"databricks-cli", "profile [sso]", "Databricks CLI", "not on PATH"}},
		{"nothing anywhere", Config{}, fakeEnv{}, noHome, []string{"host", "warehouse ID"}},
		{"no credentials", Config{Host: "dbc-1.cloud.databricks.com", WarehouseID: "w"}, fakeEnv{}, noHome,
			[]string{"no credentials", EnvToken, EnvClientID, EnvClientSecret, "databricks auth login --host https://dbc-1.cloud.databricks.com"}},
		{"bad host", Config{Host: "ftp://x", Token: "t", WarehouseID: "w"}, fakeEnv{}, noHome, []string{"scheme"}},
		// The DEFAULT profile's token belongs to its own host, not to one from the environment.
		{"token for another host", Config{}, fakeEnv{EnvHost: "https://other.example"}, homeAt(home), []string{"dbc-1a2b3c4d-5e6f", "other.example"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := resolve(tt.cfg, tt.env.get, tt.home)
			if err == nil {
				t.Fatal("resolve succeeded")
			}
			for _, m := range tt.mention {
				if !strings.Contains(err.Error(), m) {
					t.Errorf("error %q does not mention %q", err, m)
				}
			}
			for _, tok := range []string{defaultProfileToken, devProfileToken} {
				if strings.Contains(err.Error(), tok) {
					t.Errorf("error leaks a token: %q", err)
				}
			}
		})
	}
}

func TestNormalizeHost(t *testing.T) {
	tests := map[string]string{
		"dbc-1.cloud.databricks.com":           "https://dbc-1.cloud.databricks.com",
		"https://dbc-1.cloud.databricks.com/":  "https://dbc-1.cloud.databricks.com",
		" adb-2.azuredatabricks.net// ":        "https://adb-2.azuredatabricks.net",
		"http://127.0.0.1:8080":                "http://127.0.0.1:8080",
		"https://x.gcp.databricks.com/":        "https://x.gcp.databricks.com",
		"https://x.cloud.databricks.com/?o=12": "",
		"https://user:pw@x.example":            "",
		"ftp://x.example":                      "",
		"https://":                             "",
	}
	for in, want := range tests {
		got, err := normalizeHost(in)
		if want == "" {
			if err == nil {
				t.Errorf("normalizeHost(%q) = %q, want an error", in, got)
			}
			continue
		}
		if err != nil || got != want {
			t.Errorf("normalizeHost(%q) = %q, %v; want %q", in, got, err, want)
		}
	}
}

func TestConfigNeverPrintsToken(t *testing.T) {
	cfg := Config{Host: "https://x.example", Token: testToken, WarehouseID: "w", Profile: "dev", Timeout: time.Second}
	c, err := New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	holder := struct {
		Cfg    Config
		Client *Client
	}{cfg, c}

	var logged bytes.Buffer
	slog.New(slog.NewJSONHandler(&logged, nil)).Info("config", "cfg", cfg)
	marshalled, err := json.Marshal(cfg)
	if err != nil {
		t.Fatal(err)
	}
	outputs := map[string]string{
		"%v":       fmt.Sprintf("%v", cfg),
		"%+v":      fmt.Sprintf("%+v", cfg),
		"%#v":      fmt.Sprintf("%#v", cfg),
		"%s":       cfg.String(),
		"%v ptr":   fmt.Sprintf("%v", &cfg),
		"%+v nest": fmt.Sprintf("%+v", holder),
		"%#v nest": fmt.Sprintf("%#v", holder),
		"client":   fmt.Sprintf("%v %+v %#v", c, c, c),
		"slog":     logged.String(),
		"json":     string(marshalled),
	}
	for how, out := range outputs {
		if strings.Contains(out, testToken) {
			t.Errorf("%s leaks the token: %s", how, out)
		}
	}
	for _, how := range []string{"%v", "%#v", "slog"} {
		if !strings.Contains(outputs[how], redacted) || !strings.Contains(outputs[how], "x.example") {
			t.Errorf("%s should show the host and a redaction marker: %s", how, outputs[how])
		}
	}
}

// writeConfig writes a .databrickscfg with the given content and returns its path.
func writeConfig(t *testing.T, content string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "databrickscfg")
	if err := os.WriteFile(path, []byte(content), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}
