package source

import (
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/stats/databricks"
)

// The environment asks for a workspace with a host, a warehouse and either
// sign-in the environment can hold: a token or an OAuth client.
func TestDatabricksConfiguredFromEnvironment(t *testing.T) {
	cases := []struct {
		env  map[string]string
		want bool
	}{
		{map[string]string{databricks.EnvToken: "dapix"}, true},
		{map[string]string{databricks.EnvClientID: "id", databricks.EnvClientSecret: "s"}, true},
		{map[string]string{databricks.EnvClientID: "id"}, false},
		{map[string]string{}, false},
	}
	for _, c := range cases {
		for _, k := range []string{databricks.EnvToken, databricks.EnvClientID, databricks.EnvClientSecret} {
			t.Setenv(k, c.env[k])
		}
		t.Setenv(databricks.EnvHost, "https://dbc-1.cloud.databricks.com")
		t.Setenv(databricks.EnvWarehouseID, "w")
		if got := databricksConfigured(config.Databricks{}); got != c.want {
			t.Errorf("env %v: configured = %v, want %v", c.env, got, c.want)
		}
	}
}
