// Package databricks reads live table statistics from a Databricks
// workspace through the SQL Statement Execution API (REST, no SDK).
//
// Resolve builds a Config from explicit values, DATABRICKS_* environment
// variables and ~/.databrickscfg; New makes a Client from it; Client.Fetch
// runs DESCRIBE DETAIL and DESCRIBE HISTORY for one table and fills a
// stats.Table.
//
// Sign-in follows the Databricks unified auth order: a personal access
// token, OAuth machine-to-machine with a service principal's client ID and
// secret (tokens from the workspace's /oidc/v1/token), the Databricks CLI's
// cached login (databricks auth token), and for Azure workspaces the Azure
// CLI's (az account get-access-token); auth_type forces one. OAuth tokens
// are kept in memory only and replaced before they expire. Tokens and
// secrets never appear in printed values, logs or error messages: each is
// registered with internal/redact, which removes it in every encoding.
//
// Credentials go only to their own workspace: a host named by project
// configuration (Config.ProjectHost) must match the host of the
// credentials' source unless Config.AllowProjectHost says otherwise;
// http:// is for loopback test servers only; redirects drop the
// Authorization header. A request that gets no answer at all is
// ErrUnreachable, so a caller can stop asking a workspace that is down.
package databricks
