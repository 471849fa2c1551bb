package platform

import (
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
)

func writeFiles(t *testing.T, files map[string]string) string {
	t.Helper()
	dir := t.TempDir()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

func TestDependencies(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		"requirements.txt":       "pyspark==3.5.1  # the engine\n-r base.txt\ndelta_spark>=3.1\n",
		"requirements-dev.txt":   "pytest\ndatabricks-connect\n",
		"requirements_tests.txt": "chispa\n",
		"pyproject.toml": `[project]
name = "p"
dependencies = ["databricks-sdk>=0.30; python_version >= '3.10'"]
[project.optional-dependencies]
test = ["pytest"]
aws = ["boto3"]
[dependency-groups]
lint = ["ruff", {include-group = "test"}]
[tool.poetry.dependencies]
Delta-Spark = "^3.2"
[tool.poetry.group.dev.dependencies]
mypy = "*"
[tool.poetry.group.main.dependencies]
requests = "*"
`,
		"setup.cfg": "[metadata]\nname = p\n[options]\ninstall_requires =\n    pandas>=2\n    pyarrow\n[options.extras_require]\ntesting =\n    hypothesis\nspark = pyspark\n",
	})
	var got []string
	for _, d := range dependencies(dir) {
		kind := "run"
		if d.dev {
			kind = "dev"
		}
		got = append(got, d.name+" "+kind+" "+filepath.Base(d.file))
	}
	sort.Strings(got)
	want := []string{
		"boto3 run pyproject.toml", // an extra that is not for development
		"chispa dev requirements_tests.txt",
		"databricks-connect dev requirements-dev.txt",
		"databricks-sdk run pyproject.toml",
		"delta-spark run pyproject.toml", // Poetry's names are normalised
		"delta-spark run requirements.txt",
		"hypothesis dev setup.cfg",
		"mypy dev pyproject.toml",
		"pandas run setup.cfg",
		"pyarrow run setup.cfg",
		"pyspark run requirements.txt",
		"pyspark run setup.cfg",
		"pytest dev pyproject.toml",
		"pytest dev requirements-dev.txt",
		"requests run pyproject.toml", // the main group is the runtime one
		"ruff dev pyproject.toml",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestDecideRanks(t *testing.T) {
	ev := func(p config.Platform, r Rank, what string) Evidence {
		return Evidence{Platform: p, Rank: r, What: what, Path: "x"}
	}
	tests := []struct {
		ev   []Evidence
		want string
	}{
		{[]Evidence{ev(config.PlatformOSS, DevPackage, "delta-spark"), ev(config.PlatformDatabricks, RuntimePackage, "databricks-sdk")}, "databricks-sdk"},
		{[]Evidence{ev(config.PlatformOSS, Package, "delta-spark"), ev(config.PlatformDatabricks, DevPackage, "databricks-connect")}, "delta-spark"},
		{[]Evidence{ev(config.PlatformOSS, API, "configure_spark_with_delta_pip"), ev(config.PlatformDatabricks, API, "dbutils")}, "dbutils"}, // a tie: Databricks
		{[]Evidence{ev(config.PlatformOSS, Package, "delta-spark"), ev(config.PlatformDatabricks, Bundle, "a bundle")}, "a bundle"},
		{nil, "no evidence"},
	}
	for _, tt := range tests {
		if c := Decide(tt.ev); !strings.HasPrefix(c.Why, tt.want) {
			t.Errorf("%+v: %+v, want %s", tt.ev, c, tt.want)
		}
	}
}

func TestRoots(t *testing.T) {
	dir := writeFiles(t, map[string]string{
		".git/HEAD":              "",
		"bundle/databricks.yml":  "",
		"bundle/src/jobs/job.py": "",
		"svc/requirements.txt":   "",
		"svc/app/main.py":        "",
		"scripts/tool.py":        "",
	})
	var r Roots
	for _, tt := range []struct{ dir, root string }{
		{"bundle/src/jobs", "bundle"},
		{"svc/app", "svc"},
		{"scripts", "."},
		{"bundle/src", "bundle"}, // remembered on the way up
	} {
		if got := r.Of(filepath.Join(dir, tt.dir)); got != filepath.Join(dir, tt.root) {
			t.Errorf("%s: root %s, want %s", tt.dir, got, tt.root)
		}
	}
}

func TestOverride(t *testing.T) {
	cfg := &config.Config{}
	cfg.Rules.Platform = config.PlatformOSS
	c := Choice{Platform: config.PlatformDatabricks, Why: "a bundle", Root: "r"}.Override(cfg)
	if c.Platform != config.PlatformOSS || c.Why != "set in the configuration" || c.Root != "r" {
		t.Errorf("%+v", c)
	}
	cfg.Rules.Platform = config.PlatformAuto
	if c := (Choice{Platform: config.PlatformDatabricks}).Override(cfg); c.Platform != config.PlatformDatabricks {
		t.Errorf("auto overrode: %+v", c)
	}
}

// A dbt project run by dbt-databricks runs on Databricks.
func TestDbtDatabricksIsDatabricks(t *testing.T) {
	for _, c := range []struct {
		dep  dependency
		want Rank
	}{
		{dependency{name: "dbt-databricks"}, RuntimePackage},
		{dependency{name: "dbt-databricks", dev: true}, DevPackage},
	} {
		ev, ok := packageEvidence(c.dep)
		if !ok || ev.Platform != config.PlatformDatabricks || ev.Rank != c.want {
			t.Errorf("%+v: %+v %v", c.dep, ev, ok)
		}
	}
	if _, ok := packageEvidence(dependency{name: "dbt-spark"}); ok {
		t.Error("dbt-spark runs on any Spark: no evidence of a platform")
	}
}

// The dependencies a pyproject.toml's tables list come in one order, each
// table in key order: the evidence's order decides ties between equal
// ranks and is in the run record's key, and Go orders maps anew each time.
func TestDependenciesComeInOneOrder(t *testing.T) {
	dir := writeFiles(t, map[string]string{"pyproject.toml": `[project]
name = "p"
[project.optional-dependencies]
zeta = ["z1"]
alpha = ["a1"]
mid = ["m1"]
[dependency-groups]
lint = ["ruff"]
docs = ["mkdocs"]
test = ["pytest"]
[tool.poetry.dependencies]
requests = "*"
delta-spark = "*"
boto3 = "*"
pandas = "*"
[tool.poetry.group.dev.dependencies]
mypy = "*"
black = "*"
[tool.poetry.group.ci.dependencies]
tox = "*"
`})
	order := func() string {
		var names []string
		for _, d := range dependencies(dir) {
			names = append(names, d.name)
		}
		return strings.Join(names, " ")
	}
	want := "a1 m1 z1 mkdocs ruff pytest boto3 delta-spark pandas requests tox black mypy"
	for range 20 {
		if got := order(); got != want {
			t.Fatalf("dependencies in the order\n%s\nwant\n%s", got, want)
		}
	}
}

// A three-part name in a catalog the file registers as a Spark plugin is
// no sign of Unity Catalog, and the decision says why; the same name
// without the registration is one, and a name in another catalog still is.
func TestPluginCatalogNames(t *testing.T) {
	read := func(names ...string) []*facts.Read {
		var out []*facts.Read
		for _, n := range names {
			out = append(out, &facts.Read{Target: facts.Target{Table: n}})
		}
		return out
	}
	registers := []*facts.Setting{{Key: "spark.sql.catalog.ice.type"}}
	c := Decide(FromFile("job.py", &facts.File{Settings: registers, Reads: read("ice.db.events")}))
	if c.Platform != config.PlatformUnknown || !strings.Contains(c.Why, "names in ice are not Unity Catalog's: spark.sql.catalog.ice.type in job.py registers ice as a Spark catalog plugin") {
		t.Errorf("registered: %+v", c)
	}
	c = Decide(FromFile("job.py", &facts.File{Reads: read("ice.db.events")}))
	if c.Platform != config.PlatformDatabricks {
		t.Errorf("not registered: %+v", c)
	}
	c = Decide(FromFile("job.py", &facts.File{Settings: registers, Reads: read("ice.db.events", "main.sales.events")}))
	if c.Platform != config.PlatformDatabricks || !strings.Contains(c.Why, "main.sales.events") || !strings.Contains(c.Why, "names in ice") {
		t.Errorf("another catalog: %+v", c)
	}
}

// The decision keeps the catalogs registered as plugins in any of the
// files, each with the class a registration names (after its options or
// in another file), and a plugin's class says its tables' format.
func TestPluginsOfTheDecision(t *testing.T) {
	str := func(s string) facts.Value { return facts.Value{Kind: facts.String, Str: s} }
	a := FromSettings("a.py", []*facts.Setting{{Key: "spark.sql.catalog.lake.type", Value: str("hadoop")}, {Key: "spark.sql.catalog.wh", Value: str("org.apache.spark.sql.delta.catalog.DeltaCatalog")}})
	b := FromSettings("b.py", []*facts.Setting{{Key: "spark.sql.catalog.lake", Value: str("org.apache.iceberg.spark.SparkCatalog")}, {Key: "spark.sql.catalog.other.uri", Value: str("x")}})
	c := Decide(append(a, b...))
	var got []string
	for _, p := range c.Plugins {
		got = append(got, p.Catalog+"="+p.Class+"@"+p.Where+":"+p.Format())
	}
	want := "lake=org.apache.iceberg.spark.SparkCatalog@b.py:iceberg other=@b.py: wh=org.apache.spark.sql.delta.catalog.DeltaCatalog@a.py:delta"
	if strings.Join(got, " ") != want {
		t.Errorf("plugins: %s\nwant %s", strings.Join(got, " "), want)
	}
	if p, ok := c.Override(&config.Config{Rules: config.Rules{Platform: config.PlatformOSS}}).Plugin("LAKE"); !ok || p.Format() != "iceberg" {
		t.Errorf("overridden: %+v %v", p, ok)
	}
	for class, want := range map[string]string{"org.apache.hudi.catalog.HoodieCatalog": "hudi", "org.apache.paimon.spark.SparkCatalog": "paimon", "com.example.TableCatalog": ""} {
		if got := (Plugin{Class: class}).Format(); got != want {
			t.Errorf("%s: %q, want %q", class, got, want)
		}
	}
}

// A script of ALTERs or maintenance over tables made elsewhere names them
// in Unity Catalog's three parts as much as a write does.
func TestThreePartNamesOfAltersAndMaintenance(t *testing.T) {
	for name, f := range map[string]*facts.File{
		"alter":    {Alters: []*facts.TableAlter{{Table: "prod_l2.foundation.bkpf"}}},
		"optimize": {Maintenance: []*facts.Maintenance{{Kind: facts.Optimize, Target: facts.Target{Table: "prod_l2.foundation.bkpf"}}}},
	} {
		if c := Decide(FromFile("t.sql", f)); c.Platform != config.PlatformDatabricks || !strings.Contains(c.Why, "prod_l2.foundation.bkpf") {
			t.Errorf("%s: %+v", name, c)
		}
	}
}
