package databricks

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os/exec"
	"strings"
	"sync"
	"time"

	"golang.org/x/oauth2"
	"golang.org/x/oauth2/clientcredentials"

	"github.com/lakelint/lakelint/internal/redact"
)

// SignInError is a failure to get a token from the chosen sign-in method;
// errors.Is(err, ErrUnauthorized) holds.
type SignInError struct {
	Method string // e.g. AuthOAuthM2M
	Source string // where its settings came from
	Msg    string // what went wrong, secrets removed
	// Unreachable is set when the token endpoint gave no answer at all.
	Unreachable bool
}

func (e *SignInError) Error() string {
	return fmt.Sprintf("databricks: signing in with %s (%s): %s", e.Method, e.Source, e.Msg)
}

func (e *SignInError) Unwrap() []error {
	if e.Unreachable {
		return []error{ErrUnauthorized, ErrUnreachable}
	}
	return []error{ErrUnauthorized}
}

// cliTimeout bounds one run of the Databricks or Azure CLI.
const cliTimeout = time.Minute

// cachedSource keeps the last token in memory, never on disk, and fetches
// a new one once it is within oauth2's expiry margin (10 s) of expiring.
type cachedSource struct {
	mu    sync.Mutex
	tok   *oauth2.Token
	fetch func(ctx context.Context) (*oauth2.Token, error)
}

func (s *cachedSource) token(ctx context.Context) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.tok.Valid() {
		return s.tok.AccessToken, nil
	}
	t, err := s.fetch(ctx)
	if err != nil {
		return "", err
	}
	if t == nil || t.AccessToken == "" {
		return "", errors.New("no access token in the answer")
	}
	s.tok = t
	redact.Add(t.AccessToken, t.RefreshToken) // so no error text can show them
	return t.AccessToken, nil
}

// forget drops the cached token after the workspace refused it.
func (s *cachedSource) forget() {
	s.mu.Lock()
	s.tok = nil
	s.mu.Unlock()
}

// newTokenSource builds the source for a resolved config's method.
func newTokenSource(cfg Config, h *http.Client) tokenSource {
	switch cfg.auth {
	case AuthOAuthM2M:
		cc := clientcredentials.Config{
			ClientID:     cfg.ClientID,
			ClientSecret: cfg.ClientSecret,
			TokenURL:     cfg.Host + "/oidc/v1/token",
			Scopes:       []string{"all-apis"},
			AuthStyle:    oauth2.AuthStyleInHeader,
		}
		return &cachedSource{fetch: func(ctx context.Context) (*oauth2.Token, error) {
			return cc.Token(context.WithValue(ctx, oauth2.HTTPClient, h))
		}}
	case AuthDatabricksCLI:
		return &cachedSource{fetch: cfg.databricksCLIToken}
	case AuthAzureCLI:
		return &cachedSource{fetch: cfg.azureCLIToken}
	case authCLIs:
		return &cachedSource{fetch: firstWorking(cfg.databricksCLIToken, cfg.azureCLIToken)}
	}
	return staticToken(cfg.Token)
}

// firstWorking tries each fetch until one gives a token, then sticks to it.
// Calls are serialised by cachedSource.
func firstWorking(fetches ...func(context.Context) (*oauth2.Token, error)) func(context.Context) (*oauth2.Token, error) {
	chosen := -1
	return func(ctx context.Context) (*oauth2.Token, error) {
		if chosen >= 0 {
			return fetches[chosen](ctx)
		}
		var errs []error
		for i, f := range fetches {
			t, err := f(ctx)
			if err == nil {
				chosen = i
				return t, nil
			}
			errs = append(errs, err)
		}
		return nil, errors.Join(errs...)
	}
}

// runCLI runs a CLI that prints a token as JSON on stdout. Its stdout is
// never quoted in errors, since it may hold a token; stderr is.
func runCLI(ctx context.Context, what string, argv []string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, cliTimeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, argv[0], argv[1:]...)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		msg := strings.TrimSpace(stderr.String())
		if len(msg) > 500 {
			msg = msg[:500] + "…"
		}
		if msg != "" {
			return nil, fmt.Errorf("%s failed: %w: %s", what, err, msg)
		}
		return nil, fmt.Errorf("%s failed: %w", what, err)
	}
	return stdout.Bytes(), nil
}

// databricksCLIToken asks the Databricks CLI for the token of its cached
// login (`databricks auth login`), refreshing it if need be.
func (c Config) databricksCLIToken(ctx context.Context) (*oauth2.Token, error) {
	cli, err := c.databricksCLI()
	if err != nil {
		return nil, err
	}
	out, err := runCLI(ctx, "databricks auth token", []string{cli, "auth", "token", "--host", c.Host})
	if err != nil {
		return nil, err
	}
	var resp struct {
		AccessToken string `json:"access_token"`
		TokenType   string `json:"token_type"`
		Expiry      string `json:"expiry"`
	}
	if err := json.Unmarshal(out, &resp); err != nil {
		return nil, errors.New("databricks auth token printed something other than a JSON token")
	}
	t := &oauth2.Token{AccessToken: resp.AccessToken, TokenType: resp.TokenType}
	if resp.Expiry != "" {
		if t.Expiry, err = parseCLIExpiry(resp.Expiry); err != nil {
			return nil, fmt.Errorf("databricks auth token: %w", err)
		}
	}
	return t, nil
}

// parseCLIExpiry reads the CLI's RFC 3339 expiry, or the space-separated
// local time older CLIs and SDKs write.
func parseCLIExpiry(s string) (time.Time, error) {
	if t, err := time.Parse(time.RFC3339Nano, s); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation("2006-01-02 15:04:05.999999999", s, time.Local); err == nil {
		return t, nil
	}
	return time.Time{}, fmt.Errorf("cannot read expiry %q", s)
}

// azureCLIToken asks the Azure CLI (`az login`) for an Entra ID token for
// Azure Databricks, which Azure workspaces accept as a bearer token.
func (c Config) azureCLIToken(ctx context.Context) (*oauth2.Token, error) {
	az, err := c.findExecutable("az")
	if err != nil {
		return nil, err
	}
	out, err := runCLI(ctx, "az account get-access-token",
		[]string{az, "account", "get-access-token", "--resource", azureDatabricksApp, "--output", "json"})
	if err != nil {
		return nil, err
	}
	var resp struct {
		AccessToken string `json:"accessToken"`
		TokenType   string `json:"tokenType"`
		ExpiresOn   string `json:"expiresOn"`  // local time, "2006-01-02 15:04:05.999999"
		ExpiresOnTS int64  `json:"expires_on"` // Unix seconds, in az 2.54 and later
	}
	if err := json.Unmarshal(out, &resp); err != nil {
		return nil, errors.New("az account get-access-token printed something other than a JSON token")
	}
	t := &oauth2.Token{AccessToken: resp.AccessToken, TokenType: resp.TokenType}
	switch {
	case resp.ExpiresOnTS > 0:
		t.Expiry = time.Unix(resp.ExpiresOnTS, 0)
	case resp.ExpiresOn != "":
		if t.Expiry, err = time.ParseInLocation("2006-01-02 15:04:05.999999", resp.ExpiresOn, time.Local); err != nil {
			return nil, fmt.Errorf("az account get-access-token: cannot read expiry %q", resp.ExpiresOn)
		}
	}
	return t, nil
}
