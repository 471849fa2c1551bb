package databricks

import (
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/lakelint/lakelint/internal/redact"
)

// Environment variables consulted by Resolve.
const (
	EnvHost        = "DATABRICKS_HOST"
	EnvToken       = "DATABRICKS_TOKEN"
	EnvWarehouseID = "DATABRICKS_WAREHOUSE_ID"
	EnvProfile     = "DATABRICKS_CONFIG_PROFILE"
	EnvConfigFile  = "DATABRICKS_CONFIG_FILE"
)

// Environment variables for the sign-in methods beyond personal access
// tokens, as the Databricks unified auth names them.
const (
	EnvClientID     = "DATABRICKS_CLIENT_ID"
	EnvClientSecret = "DATABRICKS_CLIENT_SECRET"
	EnvAuthType     = "DATABRICKS_AUTH_TYPE"
	EnvCLIPath      = "DATABRICKS_CLI_PATH"
)

const (
	// DefaultProfile is the .databrickscfg section used when none is named.
	DefaultProfile = "DEFAULT"
	// DefaultTimeout bounds the work for one table.
	DefaultTimeout = 10 * time.Second
	// DefaultWaitTimeout is how long the server may hold a submit request
	// before answering with a statement ID to poll.
	DefaultWaitTimeout = 10 * time.Second
)

const redacted = redact.Marker

// Config says which workspace and warehouse to talk to and how.
// Printing or logging a Config never shows the token.
type Config struct {
	Host        string        // workspace URL; "https://" is added when missing
	Token       string        `json:"-"` // personal access token; kept out of JSON too
	WarehouseID string        // SQL warehouse that runs the statements
	Profile     string        // .databrickscfg section; "" means $DATABRICKS_CONFIG_PROFILE, then DEFAULT
	ConfigFile  string        // "" means $DATABRICKS_CONFIG_FILE, then ~/.databrickscfg
	Timeout     time.Duration // per table, for Fetch; 0 means DefaultTimeout
	WaitTimeout time.Duration // 0 means DefaultWaitTimeout; the API accepts 5s to 50s

	// OAuth machine-to-machine sign-in as a service principal.
	ClientID     string
	ClientSecret string `json:"-"`
	// AuthType forces one sign-in method: AuthPAT, AuthOAuthM2M,
	// AuthDatabricksCLI or AuthAzureCLI. "" picks the first that is
	// configured, in that order.
	AuthType string
	// CLIPath is the Databricks CLI to run; "" means "databricks" on PATH.
	CLIPath string

	// ProjectHost is a workspace named by project configuration
	// (stats.databricks.host in a .lakelint.yaml, which a repository may
	// commit), and ProjectHostOrigin says where, for messages. A project may
	// not choose where credentials go: ProjectHost is used only when it is
	// the credentials' own workspace (the host from the same environment or
	// profile, any host for the Databricks CLI's per-host logins, an Azure
	// Databricks host for the Azure CLI's), else Resolve fails with a
	// *HostError, unless AllowProjectHost is set: the user's own say (a
	// command-line flag), never a config file's.
	ProjectHost, ProjectHostOrigin string
	AllowProjectHost               bool

	// Where each credential came from, so errors can point at the right
	// place without showing the value.
	hostSource, tokenSource, warehouseSource     string
	clientIDSource, secretSource, authTypeSource string
	auth                                         string  // the sign-in method validated chose
	pathEnv                                      *string // PATH to find CLIs in; nil means the process's
	// The host each source of credentials names, to tell where they may go.
	envHost, profileHost, profileOrigin string
}

// env reads one environment variable; tests swap it.
type env func(string) string

// Resolve fills the empty fields of c, each from the first place that has
// it: c itself, then the environment, then the .databrickscfg profile.
// It fails when the host, token or warehouse ID is still missing.
func Resolve(c Config) (Config, error) {
	return resolve(c, os.Getenv, os.UserHomeDir)
}

func resolve(c Config, getenv env, home func() (string, error)) (Config, error) {
	c.noteSources("Config")
	c.envHost = getenv(EnvHost)
	fill(&c.Host, &c.hostSource, c.envHost, "environment variable "+EnvHost)
	fill(&c.Token, &c.tokenSource, getenv(EnvToken), "environment variable "+EnvToken)
	fill(&c.WarehouseID, &c.warehouseSource, getenv(EnvWarehouseID), "environment variable "+EnvWarehouseID)
	fill(&c.ClientID, &c.clientIDSource, getenv(EnvClientID), "environment variable "+EnvClientID)
	fill(&c.ClientSecret, &c.secretSource, getenv(EnvClientSecret), "environment variable "+EnvClientSecret)
	fill(&c.AuthType, &c.authTypeSource, getenv(EnvAuthType), "environment variable "+EnvAuthType)
	if c.CLIPath == "" {
		c.CLIPath = getenv(EnvCLIPath)
	}
	path := getenv("PATH")
	c.pathEnv = &path

	named := c.Profile != "" || getenv(EnvProfile) != ""
	if c.Profile == "" {
		c.Profile = getenv(EnvProfile)
	}
	if c.Profile == "" {
		c.Profile = DefaultProfile
	}
	// The file is only needed for what is still missing, unless a profile
	// was named: then a missing file or section is the user's mistake.
	if named || c.Host == "" || !c.hasCredential() || c.WarehouseID == "" {
		if err := c.fillFromFile(getenv, home, named); err != nil {
			return Config{}, err
		}
	}
	return c.validated()
}

// noteSources records origin for values set before resolution.
func (c *Config) noteSources(origin string) {
	if c.Host != "" && c.hostSource == "" {
		c.hostSource = origin + ".Host"
	}
	if c.Token != "" && c.tokenSource == "" {
		c.tokenSource = origin + ".Token"
	}
	if c.WarehouseID != "" && c.warehouseSource == "" {
		c.warehouseSource = origin + ".WarehouseID"
	}
	if c.ClientID != "" && c.clientIDSource == "" {
		c.clientIDSource = origin + ".ClientID"
	}
	if c.ClientSecret != "" && c.secretSource == "" {
		c.secretSource = origin + ".ClientSecret"
	}
	if c.AuthType != "" && c.authTypeSource == "" {
		c.authTypeSource = origin + ".AuthType"
	}
}

func fill(field, source *string, value, origin string) {
	if *field == "" && value != "" {
		*field, *source = value, origin
	}
}

func (c *Config) fillFromFile(getenv env, home func() (string, error), named bool) error {
	path := c.ConfigFile
	if path == "" {
		path = getenv(EnvConfigFile)
	}
	if path == "" {
		dir, err := home()
		if err != nil {
			if named {
				return fmt.Errorf("databricks: locating ~/.databrickscfg for profile %q: %w", c.Profile, err)
			}
			return nil
		}
		path = filepath.Join(dir, ".databrickscfg")
	}
	c.ConfigFile = path

	profiles, err := readProfiles(path)
	if errors.Is(err, os.ErrNotExist) && !named {
		return nil
	}
	if err != nil {
		return fmt.Errorf("databricks: profile %q: %w", c.Profile, err)
	}
	p, ok := profiles[c.Profile]
	if !ok {
		if named {
			return fmt.Errorf("databricks: profile %q not found in %s", c.Profile, path)
		}
		return nil
	}

	origin := fmt.Sprintf("profile [%s] in %s", c.Profile, path)
	c.profileHost, c.profileOrigin = p["host"], origin
	fill(&c.Host, &c.hostSource, p["host"], origin)
	fill(&c.Token, &c.tokenSource, p["token"], origin)
	fill(&c.WarehouseID, &c.warehouseSource, p["warehouse_id"], origin)
	fill(&c.ClientID, &c.clientIDSource, p["client_id"], origin)
	fill(&c.ClientSecret, &c.secretSource, p["client_secret"], origin)
	fill(&c.AuthType, &c.authTypeSource, p["auth_type"], origin)
	if c.CLIPath == "" {
		c.CLIPath = p["databricks_cli_path"]
	}
	secretFromFile := (c.Token != "" && c.tokenSource == origin) || (c.ClientSecret != "" && c.secretSource == origin)

	// A profile's token or secret belongs to that profile's workspace:
	// never send it to a host that came from somewhere else.
	if secretFromFile && p["host"] != "" && c.hostSource != origin {
		want, err1 := normalizeHost(p["host"])
		got, err2 := normalizeHost(c.Host)
		if err1 == nil && err2 == nil && want != got {
			return fmt.Errorf("databricks: the credentials in %s are for %s, but the host %s comes from %s; set %s too or pick another profile",
				origin, want, got, c.hostSource, EnvToken)
		}
	}
	return nil
}

// validated checks required fields and applies defaults.
func (c Config) validated() (Config, error) {
	var missing []string
	if c.Host == "" && c.ProjectHost == "" {
		missing = append(missing, "host ("+EnvHost+" or host in the profile)")
	}
	if c.WarehouseID == "" {
		missing = append(missing, "warehouse ID ("+EnvWarehouseID+" or warehouse_id in the profile)")
	}
	if len(missing) > 0 {
		where := "the environment"
		if c.ConfigFile != "" {
			where += fmt.Sprintf(" or profile [%s] in %s", c.Profile, c.ConfigFile)
		}
		return Config{}, fmt.Errorf("databricks: missing %s: looked in %s", strings.Join(missing, ", "), where)
	}
	trusted := c.Host
	if trusted == "" {
		c.Host, c.hostSource = c.ProjectHost, c.projectOrigin()
	}
	host, err := normalizeHost(c.Host)
	if err != nil {
		return Config{}, fmt.Errorf("databricks: host from %s: %w", c.hostSource, err)
	}
	c.Host = host
	if c.auth, err = c.chooseAuth(); err != nil {
		return Config{}, err
	}
	if err := c.useProjectHost(trusted); err != nil {
		return Config{}, err
	}
	if c.Timeout <= 0 {
		c.Timeout = DefaultTimeout
	}
	if c.WaitTimeout <= 0 {
		c.WaitTimeout = DefaultWaitTimeout
	}
	return c, nil
}

func (c Config) projectOrigin() string {
	if c.ProjectHostOrigin != "" {
		return c.ProjectHostOrigin
	}
	return "Config.ProjectHost"
}

// HostError is a project's host that lakelint refused to send credentials to.
type HostError struct {
	ProjectHost       string // the workspace the project names
	Origin            string // where it is named
	CredentialHost    string // the credentials' own workspace; "" when their source names none
	CredentialSource  string // where the credentials come from
	CredentialHostVar string // how to name the credentials' host, e.g. DATABRICKS_HOST
}

func (e *HostError) Error() string {
	own := "their source names no workspace"
	if e.CredentialHost != "" {
		own = "they are for " + e.CredentialHost
	}
	return fmt.Sprintf("databricks: %s names the workspace %s, but the credentials from %s are not for it (%s); "+
		"credentials are sent only to their own workspace: set %s to %s if it is yours",
		e.Origin, e.ProjectHost, e.CredentialSource, own, e.CredentialHostVar, e.ProjectHost)
}

// useProjectHost settles the host when the project names one: the
// credentials' own, or the project's when it is the same or the user
// allowed it. trusted is the host from the caller, the environment or the
// profile, "" when none.
func (c *Config) useProjectHost(trusted string) error {
	if c.ProjectHost == "" {
		return nil
	}
	project, err := normalizeHost(c.ProjectHost)
	if err != nil {
		return fmt.Errorf("databricks: host from %s: %w", c.projectOrigin(), err)
	}
	own, anyHost, hostVar := c.credentialHost(project, trusted)
	if own != "" {
		if own, err = normalizeHost(own); err != nil {
			return fmt.Errorf("databricks: host from %s: %w", c.hostSource, err)
		}
	}
	switch {
	case anyHost || own == project || c.AllowProjectHost:
		c.Host, c.hostSource = project, c.projectOrigin()
		return nil
	}
	return &HostError{ProjectHost: project, Origin: c.projectOrigin(), CredentialHost: own,
		CredentialSource: c.CredentialSource(), CredentialHostVar: hostVar}
}

// credentialHost is the workspace the chosen credentials belong to, the
// host from their own source; anyHost when they fit whatever host is
// asked (a CLI login looked up by that host). hostVar says how the user
// names that host.
func (c Config) credentialHost(project, trusted string) (own string, anyHost bool, hostVar string) {
	switch c.auth {
	case AuthDatabricksCLI:
		return "", true, EnvHost
	case AuthAzureCLI, authCLIs:
		// An Entra ID token for Azure Databricks opens any Azure workspace,
		// and nothing else may see it.
		return "", isAzureHost(project), EnvHost
	}
	src := c.tokenSource
	if c.auth == AuthOAuthM2M {
		src = c.secretSource
	}
	switch {
	case strings.HasPrefix(src, "environment variable "):
		return c.envHost, false, EnvHost
	case src != "" && src == c.profileOrigin:
		return c.profileHost, false, "host in " + c.profileOrigin
	}
	return trusted, false, "Config.Host" // the caller's own values
}

// normalizeHost turns "adb-1.azuredatabricks.net/" into
// "https://adb-1.azuredatabricks.net". http:// is accepted for loopback
// hosts only (local test servers): credentials never cross a network in
// clear text.
func normalizeHost(h string) (string, error) {
	h = strings.TrimSpace(h)
	if !strings.Contains(h, "://") {
		h = "https://" + h
	}
	h = strings.TrimRight(h, "/")
	u, err := url.Parse(h)
	if err != nil {
		return "", fmt.Errorf("invalid host %q", h)
	}
	if u.Scheme != "https" && u.Scheme != "http" {
		return "", fmt.Errorf("invalid host %q: scheme must be https", h)
	}
	if u.Host == "" || u.User != nil || u.RawQuery != "" || u.Fragment != "" {
		return "", fmt.Errorf("invalid host %q: want a bare workspace URL", u.Redacted())
	}
	if u.Scheme == "http" && !isLoopback(u.Hostname()) {
		return "", fmt.Errorf("invalid host %q: scheme must be https (http:// only for a loopback test server)", h)
	}
	return h, nil
}

// isLoopback reports whether a host name stays on this machine.
func isLoopback(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// CredentialSource says where the credential came from, e.g.
// "environment variable DATABRICKS_TOKEN"; it never includes a secret.
func (c Config) CredentialSource() string {
	switch c.auth {
	case AuthOAuthM2M:
		src := c.secretSource
		if src == "" {
			src = "Config.ClientSecret"
		}
		return "OAuth client " + c.ClientID + " (secret from " + src + ")"
	case AuthDatabricksCLI:
		return "the Databricks CLI's login (databricks auth token)"
	case AuthAzureCLI:
		return "the Azure CLI's login (az account get-access-token)"
	case authCLIs:
		return "the Databricks CLI's or the Azure CLI's login"
	}
	if c.tokenSource == "" {
		return "Config.Token"
	}
	return c.tokenSource
}

// AuthMethod is the sign-in method a resolved Config uses: AuthPAT,
// AuthOAuthM2M, AuthDatabricksCLI, AuthAzureCLI, or "" before resolution.
func (c Config) AuthMethod() string { return c.auth }

func (c Config) maskedToken() string {
	if c.Token == "" {
		return ""
	}
	return redacted
}

func (c Config) maskedSecret() string {
	if c.ClientSecret == "" {
		return ""
	}
	return redacted
}

// String shows the config with the token masked.
func (c Config) String() string {
	return fmt.Sprintf("{Host:%s WarehouseID:%s Profile:%s Token:%s ClientID:%s ClientSecret:%s Auth:%s Timeout:%s}",
		c.Host, c.WarehouseID, c.Profile, c.maskedToken(), c.ClientID, c.maskedSecret(), c.auth, c.Timeout)
}

// GoString keeps %#v from printing the token.
func (c Config) GoString() string {
	return fmt.Sprintf("databricks.Config{Host:%q, WarehouseID:%q, Profile:%q, Token:%q, ClientID:%q, ClientSecret:%q, AuthType:%q, Timeout:%d}",
		c.Host, c.WarehouseID, c.Profile, c.maskedToken(), c.ClientID, c.maskedSecret(), c.AuthType, c.Timeout)
}

// LogValue keeps slog from printing the token.
func (c Config) LogValue() slog.Value {
	return slog.GroupValue(
		slog.String("host", c.Host),
		slog.String("warehouse_id", c.WarehouseID),
		slog.String("profile", c.Profile),
		slog.String("token", c.maskedToken()),
		slog.String("client_id", c.ClientID),
		slog.String("client_secret", c.maskedSecret()),
		slog.String("auth", c.auth),
		slog.String("token_source", c.CredentialSource()),
		slog.Duration("timeout", c.Timeout),
	)
}
