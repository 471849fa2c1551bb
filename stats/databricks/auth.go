package databricks

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
)

// Sign-in methods, named as the Databricks unified auth's auth_type.
const (
	AuthPAT           = "pat"
	AuthOAuthM2M      = "oauth-m2m"
	AuthDatabricksCLI = "databricks-cli"
	AuthAzureCLI      = "azure-cli"

	// authCLIs tries the Databricks CLI, then the Azure CLI, at the first
	// request: which one has a login is only known by asking.
	authCLIs = "databricks-cli,azure-cli"
)

// azureDatabricksApp is the Entra ID application of Azure Databricks; a
// token for it is what an Azure workspace accepts.
const azureDatabricksApp = "2ff814a6-3304-4ab8-85cb-cd0e6f879c1d"

func (c Config) hasCredential() bool {
	return c.Token != "" || (c.ClientID != "" && c.ClientSecret != "") || c.AuthType != ""
}

// chooseAuth picks the sign-in method in the unified auth's order: a
// personal access token, then OAuth M2M, then the Databricks CLI's cached
// login, then (for Azure workspaces) the Azure CLI's. AuthType forces one.
func (c Config) chooseAuth() (string, error) {
	switch strings.ToLower(strings.TrimSpace(c.AuthType)) {
	case AuthPAT:
		if c.Token == "" {
			return "", fmt.Errorf("databricks: auth_type %s (from %s) needs a token (%s or token in the profile)", AuthPAT, c.authTypeSource, EnvToken)
		}
		return AuthPAT, nil
	case AuthOAuthM2M:
		if c.ClientID == "" || c.ClientSecret == "" {
			return "", fmt.Errorf("databricks: auth_type %s (from %s) needs %s and %s (or client_id and client_secret in the profile)",
				AuthOAuthM2M, c.authTypeSource, EnvClientID, EnvClientSecret)
		}
		return AuthOAuthM2M, nil
	case AuthDatabricksCLI:
		if _, err := c.databricksCLI(); err != nil {
			return "", fmt.Errorf("databricks: auth_type %s (from %s): the Databricks CLI is not on PATH (%s); install it and run `databricks auth login --host %s`",
				AuthDatabricksCLI, c.authTypeSource, err.Error(), c.Host)
		}
		return AuthDatabricksCLI, nil
	case AuthAzureCLI:
		if _, err := c.findExecutable("az"); err != nil {
			return "", fmt.Errorf("databricks: auth_type %s (from %s): the Azure CLI (az) is not on PATH", AuthAzureCLI, c.authTypeSource)
		}
		return AuthAzureCLI, nil
	case "":
	default:
		return "", fmt.Errorf("databricks: auth_type %q (from %s) is not supported; use %s, %s, %s or %s",
			c.AuthType, c.authTypeSource, AuthPAT, AuthOAuthM2M, AuthDatabricksCLI, AuthAzureCLI)
	}
	switch {
	case c.Token != "":
		return AuthPAT, nil
	case c.ClientID != "" && c.ClientSecret != "":
		return AuthOAuthM2M, nil
	case c.ClientID != "":
		return "", fmt.Errorf("databricks: client ID from %s has no client secret (%s or client_secret in the profile)", c.clientIDSource, EnvClientSecret)
	case c.ClientSecret != "":
		return "", fmt.Errorf("databricks: client secret from %s has no client ID (%s or client_id in the profile)", c.secretSource, EnvClientID)
	}
	_, cliErr := c.databricksCLI()
	_, azErr := c.findExecutable("az")
	azure := isAzureHost(c.Host) && azErr == nil
	switch {
	case cliErr == nil && azure:
		return authCLIs, nil
	case cliErr == nil:
		return AuthDatabricksCLI, nil
	case azure:
		return AuthAzureCLI, nil
	}
	where := "the environment"
	if c.ConfigFile != "" {
		where += fmt.Sprintf(" or profile [%s] in %s", c.Profile, c.ConfigFile)
	}
	return "", fmt.Errorf("databricks: no credentials for %s: looked in %s for a token (%s), an OAuth client (%s and %s), "+
		"and on PATH for the Databricks CLI (run `databricks auth login --host %s`) or, for Azure workspaces, the Azure CLI (`az login`)",
		c.Host, where, EnvToken, EnvClientID, EnvClientSecret, c.Host)
}

// isAzureHost reports whether host is an Azure Databricks workspace.
func isAzureHost(host string) bool {
	u, err := url.Parse(host)
	if err != nil {
		return false
	}
	h := strings.ToLower(u.Hostname())
	for _, suffix := range []string{".azuredatabricks.net", ".databricks.azure.cn", ".databricks.azure.us"} {
		if strings.HasSuffix(h, suffix) {
			return true
		}
	}
	return false
}

// databricksCLI locates the Databricks CLI: CLIPath, else "databricks" on
// PATH.
func (c Config) databricksCLI() (string, error) {
	name := c.CLIPath
	if name == "" {
		name = "databricks"
	}
	return c.findExecutable(name)
}

var errNotOnPath = errors.New("not found on PATH")

// findExecutable looks name up as exec.LookPath does, but in the PATH the
// Config was resolved with, so tests control what is found.
func (c Config) findExecutable(name string) (string, error) {
	if strings.ContainsRune(name, filepath.Separator) || strings.Contains(name, "/") {
		if isExecutable(name) {
			return name, nil
		}
		return "", fmt.Errorf("%s: %w", name, os.ErrNotExist)
	}
	path := os.Getenv("PATH")
	if c.pathEnv != nil {
		path = *c.pathEnv
	}
	for _, dir := range filepath.SplitList(path) {
		if dir == "" {
			continue // the current directory is never searched
		}
		p := filepath.Join(dir, name)
		if isExecutable(p) {
			return p, nil
		}
	}
	return "", fmt.Errorf("%s: %w", name, errNotOnPath)
}

func isExecutable(p string) bool {
	info, err := os.Stat(p)
	return err == nil && info.Mode().IsRegular() && info.Mode().Perm()&0o111 != 0
}

// tokenSource hands out the bearer token for each request.
type tokenSource interface {
	token(ctx context.Context) (string, error)
}

type staticToken string

func (t staticToken) token(context.Context) (string, error) { return string(t), nil }
