package pyfacts

import (
	"fmt"
	"strings"
	"testing"

	"github.com/lakelint/lakelint/parsers"
	"github.com/lakelint/lakelint/parsers/document"
)

// settingsText lists a file's settings as key=value@cited text.
func settingsText(t *testing.T, src string) string {
	t.Helper()
	f, doc := extract(t, src)
	var out []string
	for _, s := range f.Settings {
		out = append(out, s.Key+"="+s.Value.Text()+" via "+s.Via+" at "+textOf(doc, s.At))
	}
	return strings.Join(out, "\n")
}

// A SparkConf's settings are the session's once it is given to a builder
// or a SparkContext, chained or on a variable, set one by one or all at
// once from pairs or a dict's items; one never given to a session sets
// nothing.
func TestSparkConfSettings(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"chained", `from pyspark import SparkConf
from pyspark.sql import SparkSession
conf = SparkConf().setAppName("x").set("spark.sql.adaptive.enabled", "false")
spark = SparkSession.builder.config(conf=conf).getOrCreate()
`, `spark.sql.adaptive.enabled=false via SparkConf.set at set("spark.sql.adaptive.enabled", "false")`},
		{"variable then setAll of tuples", `conf = SparkConf()
conf.set("spark.sql.catalog.lake", "org.apache.iceberg.spark.SparkCatalog")
conf.setAll([("spark.databricks.delta.optimizeWrite.enabled", "true"), ("spark.sql.shuffle.partitions", 64)])
sc = SparkContext(conf=conf)
`, "spark.sql.catalog.lake=org.apache.iceberg.spark.SparkCatalog via SparkConf.set at set(\"spark.sql.catalog.lake\", \"org.apache.iceberg.spark.SparkCatalog\")\n" +
			"spark.databricks.delta.optimizeWrite.enabled=true via SparkConf.setAll at setAll([(\"spark.databricks.delta.optimizeWrite.enabled\", \"true\"), (\"spark.sql.shuffle.partitions\", 64)])\n" +
			"spark.sql.shuffle.partitions=64 via SparkConf.setAll at setAll([(\"spark.databricks.delta.optimizeWrite.enabled\", \"true\"), (\"spark.sql.shuffle.partitions\", 64)])"},
		{"setAll of a module dict's items, in a helper", `import pyspark
CONF = {"spark.sql.adaptive.enabled": "false"}
def session():
    conf = pyspark.SparkConf().setAll(CONF.items())
    return SparkSession.builder.config(conf=conf).getOrCreate()
`, ""}, // a helper's settings are its summary's, checked below
		{"getOrCreate", `from pyspark import SparkConf, SparkContext
sc = SparkContext.getOrCreate(SparkConf().set("spark.sql.adaptive.enabled", "false"))
`, `spark.sql.adaptive.enabled=false via SparkConf.set at set("spark.sql.adaptive.enabled", "false")`},
		{"never given to a session", `conf = SparkConf().set("spark.sql.adaptive.enabled", "false")
print(conf.toDebugString())
spark = SparkSession.builder.getOrCreate()
`, ""},
	} {
		if got := settingsText(t, tt.src); got != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
	f, _ := extract(t, `CONF = {"spark.sql.adaptive.enabled": "false"}
def session():
    conf = SparkConf().setAll(CONF.items())
    return SparkSession.builder.config(conf=conf).getOrCreate()
`)
	if fn := f.Summary.Funcs; len(fn) != 1 || len(fn[0].Settings) != 1 || fn[0].Settings[0].Key != "spark.sql.adaptive.enabled" {
		t.Errorf("helper's settings: %+v", fn)
	}
}

// A loop over a known dict's items that gives each pair to a builder or
// a session's conf sets every pair; a loop over a dict not known sets
// nothing.
func TestLoopSettings(t *testing.T) {
	for _, tt := range []struct{ name, src, want string }{
		{"builder", `CONF = {"spark.sql.adaptive.enabled": "false", "spark.sql.catalog.lake": "org.apache.iceberg.spark.SparkCatalog"}
builder = SparkSession.builder
for k, v in CONF.items():
    builder = builder.config(k, v)
spark = builder.getOrCreate()
`, "spark.sql.adaptive.enabled=false via builder.config at config(k, v)\nspark.sql.catalog.lake=org.apache.iceberg.spark.SparkCatalog via builder.config at config(k, v)"},
		{"conf.set on a class attribute", `class Settings:
    SPARK = {"spark.databricks.delta.optimizeWrite.enabled": True}
for key, value in Settings.SPARK.items():
    spark.conf.set(key, value)
`, "spark.databricks.delta.optimizeWrite.enabled=true via spark.conf.set at set(key, value)"},
		{"SparkConf in the loop", `conf = SparkConf()
for k, v in {"spark.sql.adaptive.enabled": "false"}.items():
    conf.set(k, v)
spark = SparkSession.builder.config(conf=conf).getOrCreate()
`, "spark.sql.adaptive.enabled=false via SparkConf.set at set(k, v)"},
		{"unknown dict", `from settings import CONF
for k, v in load_conf().items():
    spark.conf.set(k, v)
for k, v in CONF.items():
    spark.conf.set(k, v)
`, ""},
	} {
		if got := settingsText(t, tt.src); got != tt.want {
			t.Errorf("%s:\n%s\nwant\n%s", tt.name, got, tt.want)
		}
	}
}

// Settings given from another module's dict or SparkConf are left to the
// link step, one entry per way they are given; a SparkConf holding them
// that no session gets gives nothing, and a module's SparkConf is exported
// as the dict of its settings.
func TestGivenSettings(t *testing.T) {
	f, doc := extract(t, `from app.settings import CONF, SPARK_CONF
from app import settings
for k, v in CONF.items():
    spark.conf.set(k, v)
b = SparkSession.builder.config(conf=SPARK_CONF).config(map=settings.DELTA)
kept = SparkConf().setAll(CONF.items())
given = SparkConf().setAll(settings.MORE.items())
sc = SparkContext(conf=given)
`)
	var got []string
	if f.Summary != nil {
		for _, g := range f.Summary.Given {
			got = append(got, g.Name+" via "+g.Via+" at "+textOf(doc, g.At))
		}
	}
	want := []string{
		"app.settings.CONF via spark.conf.set at set(k, v)",
		"app.settings.SPARK_CONF via builder.config at config(conf=SPARK_CONF)",
		"app.settings.DELTA via builder.config at config(map=settings.DELTA)",
		"app.settings.MORE via SparkConf.setAll at setAll(settings.MORE.items())",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("given:\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
	m, _ := extract(t, `CONF = SparkConf().set("spark.sql.adaptive.enabled", "false").setAppName("x")
`)
	var consts []string
	if m.Summary != nil {
		for _, c := range m.Summary.Consts {
			items := c.Value.Items()
			if len(items) == 2 {
				consts = append(consts, c.Name+" "+items[0].Str+"="+items[1].Text())
			}
		}
	}
	if strings.Join(consts, ",") != "CONF spark.sql.adaptive.enabled=false" {
		t.Errorf("exported %v", consts)
	}
}

// A helper's builder given a parameter's SparkConf or dict leaves the
// settings to the link step, by parameter; a SparkConf passed to a call is
// the dict of its settings.
func TestParamGivenSettings(t *testing.T) {
	f, _ := extract(t, `def session(name, conf):
    return SparkSession.builder.appName(name).config(conf=conf).getOrCreate()

def session_from(settings):
    b = SparkSession.builder
    for k, v in settings.items():
        b = b.config(k, v)
    return b.getOrCreate()

spark = session("x", SparkConf().set("spark.sql.adaptive.enabled", "false"))
`)
	var got []string
	for _, fn := range f.Summary.Funcs {
		for _, g := range fn.Given {
			got = append(got, fmt.Sprintf("%s %d %s", fn.Name, g.Param, g.Via))
		}
	}
	if strings.Join(got, ",") != "session 2 builder.config,session_from 1 builder.config" {
		t.Errorf("given %v", got)
	}
	var passed []string
	for _, c := range f.Summary.Calls {
		if c.Callee == "session" && len(c.Args) == 2 {
			for _, it := range c.Args[1].Items() {
				passed = append(passed, it.Text())
			}
		}
	}
	if strings.Join(passed, "=") != "spark.sql.adaptive.enabled=false" {
		t.Errorf("passed %v", passed)
	}
}

// A comprehension that rebuilds each pair is the pairs; one that changes
// them is not known.
func TestPairsComprehension(t *testing.T) {
	got := settingsText(t, `CONF = {"spark.sql.adaptive.enabled": "false"}
spark = SparkSession.builder.config(conf=SparkConf().setAll([(k, v) for k, v in CONF.items()])).getOrCreate()
other = SparkSession.builder.config(conf=SparkConf().setAll([(v, k) for k, v in CONF.items()])).getOrCreate()
some = SparkSession.builder.config(conf=SparkConf().setAll([(k, v) for k, v in CONF.items() if k])).getOrCreate()
`)
	if got != "spark.sql.adaptive.enabled=false via SparkConf.setAll at setAll([(k, v) for k, v in CONF.items()])" {
		t.Errorf("settings:\n%s", got)
	}
}

// In a notebook that includes others with %run, a loop over the items of
// a name nothing binds here gives the settings of the dict an included
// notebook may define, for the link step; a name bound here, or a
// notebook that includes none, gives nothing.
func TestRunGlobalSettings(t *testing.T) {
	given := func(src string) string {
		doc, err := parsers.Load("runner.py", []byte(src))
		if err != nil {
			t.Fatal(err)
		}
		var rs []*document.Region
		for i := range doc.Regions {
			rs = append(rs, &doc.Regions[i])
		}
		f, _ := Extract(doc, rs, Options{})
		var got []string
		if f.Summary != nil {
			for _, g := range f.Summary.Given {
				got = append(got, g.Name+" via "+g.Via+" at "+textOf(doc, g.At))
			}
		}
		return strings.Join(got, "\n")
	}
	const head = "# Databricks notebook source\n# MAGIC %run ./conf\n\n# COMMAND ----------\n"
	if got := given(head + "for k, v in SPARK_CONF.items():\n    spark.conf.set(k, v)\nconf = SparkConf().setAll(CONF.items())\nspark = SparkSession.builder.config(conf=conf).getOrCreate()\n"); got != "SPARK_CONF via spark.conf.set at set(k, v)\nCONF via SparkConf.setAll at setAll(CONF.items())" {
		t.Errorf("included dicts: %q", got)
	}
	if got := given(head + "CONF = load()\nfor k, v in CONF.items():\n    spark.conf.set(k, v)\n"); got != "" {
		t.Errorf("a dict bound here: %q", got)
	}
	if got := given("# Databricks notebook source\nfor k, v in CONF.items():\n    spark.conf.set(k, v)\n"); got != "" {
		t.Errorf("no %%run: %q", got)
	}
}
