package source

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/stats/databricks"
	"github.com/lakelint/lakelint/stats/deltatest"
)

// project is a temporary directory with a config file, the way a
// repository holds one at its root.
type project struct {
	t   *testing.T
	dir string
	cfg *config.Config
}

// newProject writes yaml as dir/.lakelint.yaml and parses it. The
// Databricks environment is cleared so a developer's own settings never
// reach a test.
func newProject(t *testing.T, yaml string) *project {
	t.Helper()
	for _, k := range []string{databricks.EnvHost, databricks.EnvToken, databricks.EnvWarehouseID, databricks.EnvProfile,
		databricks.EnvClientID, databricks.EnvClientSecret, databricks.EnvAuthType, databricks.EnvCLIPath} {
		t.Setenv(k, "")
	}
	t.Setenv(databricks.EnvConfigFile, filepath.Join(t.TempDir(), "no-databrickscfg"))
	dir := t.TempDir()
	return &project{t: t, dir: dir, cfg: newConfig(t, dir, yaml)}
}

// newConfig writes yaml as dir/.lakelint.yaml and loads it.
func newConfig(t testing.TB, dir, yaml string) *config.Config {
	t.Helper()
	path := filepath.Join(dir, ".lakelint.yaml")
	if err := os.WriteFile(path, []byte(yaml), 0o644); err != nil {
		t.Fatal(err)
	}
	cfg, err := config.Load(path)
	if err != nil {
		t.Fatal(err)
	}
	return cfg
}

func (p *project) configFor(string) (*config.Config, error) { return p.cfg, nil }

func (p *project) attacher(opts Options) *Attacher { return NewAttacher(p.configFor, opts) }

// smallTable writes a Delta table at dir/rel: 150 files of 40 KB added by
// 30 streaming commits of 5 files each.
func (p *project) smallTable(rel string) string {
	p.t.Helper()
	loc := filepath.Join(p.dir, filepath.FromSlash(rel))
	deltatest.Write(p.t, loc, deltatest.Table{Commits: deltatest.StreamingCommits(30, 5, 40<<10, 200)})
	return loc
}

// writes builds a catalog of one file that writes each target: a name, or
// a path when it contains a slash.
func writes(targets ...string) *catalog.Catalog {
	f := &facts.File{Path: "jobs/job.py"}
	for _, tg := range targets {
		w := &facts.Write{API: facts.DataFrameWriter}
		if filepath.Base(tg) != tg {
			w.Target.Path = tg
		} else {
			w.Target.Table = tg
		}
		f.Writes = append(f.Writes, w)
	}
	return catalog.Build([]*facts.File{f})
}

func table(c *catalog.Catalog, target string) *catalog.Table {
	return c.Lookup(facts.Target{Table: target, Path: target})
}
