package source

import (
	"fmt"
	"os"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/stats/databricks"
)

// Inert reports whether Attach reads nothing for cat: no table has a stats
// source that applies (a snapshot, a configured location or prefix, a
// workspace), and no local path it lists has a Delta log. A run whose
// catalog is inert depends on its files alone, so its result can be kept
// (see the engine's run records) as long as StillInert says the listed
// paths have no log yet; EnvKey covers the environment.
func (a *Attacher) Inert(cat *catalog.Catalog) (local []string, ok bool) {
	for _, t := range cat.Tables() {
		cfg := a.governing(t)
		if cfg == nil {
			continue
		}
		st := cfg.Stats
		if a.snapshotFile(cfg) != "" || len(st.Tables) > 0 || len(st.PathPrefixes) > 0 || databricksConfigured(st.Databricks) {
			return nil, false
		}
		if t.Path == "" {
			continue
		}
		loc := catalog.NormalizePath(t.Path)
		if isURL(loc) && !isRemote(loc) || !isURL(loc) && isAbs(loc) {
			if hasDeltaLog(loc) {
				return nil, false
			}
			local = append(local, loc)
		}
	}
	return local, true
}

// StillInert reports whether none of the local paths Inert listed has a
// Delta log now.
func StillInert(local []string) bool {
	for _, loc := range local {
		if hasDeltaLog(loc) {
			return false
		}
	}
	return true
}

// EnvKey names the environment Attach reads: which Databricks variables are
// set (never their values).
func EnvKey() string {
	var set []bool
	for _, v := range []string{databricks.EnvHost, databricks.EnvToken, databricks.EnvClientID, databricks.EnvClientSecret, databricks.EnvWarehouseID} {
		set = append(set, os.Getenv(v) != "")
	}
	return fmt.Sprint(set)
}
