// Package platform decides where code runs — Databricks or open-source
// Spark with delta-spark — which rules need for facts such as whether
// MERGE is an optimized write. It is the one place that says why a
// project is Databricks: evidence from each file's code (extraction) and
// from project files (bundles, dependency lists) is ranked, runtime
// evidence above development and test dependencies, and decided per
// project root, the nearest directory holding databricks.yml,
// pyproject.toml, setup.cfg, requirements.txt or .git. A file's configuration may override
// the decision (platform: databricks | oss).
package platform

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/orchestration"
)

// Rank orders evidence: lower ranks decide first.
type Rank int

// Evidence ranks, most specific first. The code's ranks are facts'.
const (
	Bundle         Rank = facts.RankBundle   // a databricks.yml bundle
	Notebook       Rank = facts.RankNotebook // a Databricks notebook header
	API            Rank = facts.RankAPI      // dbutils, DatabricksSession; configure_spark_with_delta_pip
	RuntimePackage Rank = facts.RankAPI      // databricks-sdk / databricks-connect among runtime dependencies
	Path           Rank = facts.RankPath     // /Volumes/, /Workspace/, dbfs: paths
	Display        Rank = facts.RankDisplay  // display(...)
	Package        Rank = facts.RankPackage  // delta-spark among runtime dependencies
	DevPackage     Rank = facts.RankPackage + 1
)

// Evidence is one sign of the platform, where it was found.
type Evidence struct {
	Platform config.Platform // PlatformDatabricks or PlatformOSS
	What     string          // "dbutils", "delta-spark among the test dependencies"
	Rank     Rank
	Path     string
	// Catalog is the catalog of a Unity Catalog name's evidence; Registers
	// is a catalog the file registers as a Spark catalog plugin
	// (spark.sql.catalog.<name>), which is no vote of its own but makes
	// three-part names in that catalog no sign of Unity Catalog. Class is
	// the plugin's class, when the registration names it.
	Catalog, Registers, Class string
	// Service marks a notebook of another Spark service (Azure Synapse,
	// Microsoft Fabric): no vote for its project, but its own platform is
	// that service's, which lakelint does not model, so unknown.
	Service bool
}

// Plugin is a catalog the project registers as a Spark catalog plugin
// (spark.sql.catalog.<Catalog> = Class), and where: its tables are no Unity
// Catalog's, and hold what the plugin makes (Iceberg tables for Iceberg's).
type Plugin struct {
	Catalog string // lower-cased
	Class   string // "" when only the catalog's options were seen
	Where   string
}

// Format is the table format of the plugin's tables: "iceberg", "hudi",
// "paimon", or "delta" for Delta's own catalog; "" when the class is not
// known.
func (p Plugin) Format() string {
	c := lower(p.Class)
	for _, f := range []string{"iceberg", "hudi", "paimon"} {
		if strings.Contains(c, f) {
			return f
		}
	}
	if strings.Contains(c, "hoodie") {
		return "hudi"
	}
	if strings.HasSuffix(c, ".deltacatalog") {
		return "delta"
	}
	return ""
}

// FromFacts is a file's code evidence.
func FromFacts(path string, ev []facts.Evidence) []Evidence {
	out := make([]Evidence, 0, len(ev))
	for _, e := range ev {
		p := config.PlatformDatabricks
		switch e.Platform {
		case facts.SignOfOSS:
			p = config.PlatformOSS
		case facts.SignOfService:
			out = append(out, Evidence{What: e.What, Path: path, Service: true}) // the file's own, no vote
			continue
		}
		out = append(out, Evidence{Platform: p, What: e.What, Rank: Rank(e.Rank), Path: path})
	}
	return out
}

// Choice is the platform decided for a project root, and why.
type Choice struct {
	Platform config.Platform
	Why      string
	Root     string // "" for the run as a whole
	// Plugins are the catalogs the root's files and settings files
	// register as Spark catalog plugins, by name.
	Plugins []Plugin
}

// Decide weighs evidence, most specific first. At equal rank Databricks
// wins: a project with notebooks and a local delta-spark test session runs
// on Databricks. Without evidence the platform is unknown.
func Decide(ev []Evidence) Choice {
	registered := map[string]bool{}
	for _, e := range ev {
		if e.Registers != "" {
			registered[lower(e.Registers)] = true
		}
	}
	var best *Evidence
	var discounted []string
	for i := range ev {
		e := &ev[i]
		if e.Platform != "" && e.Catalog != "" && registered[lower(e.Catalog)] {
			discounted = append(discounted, pluginNote(ev, e))
			continue
		}
		if e.Platform == "" {
			continue // a plugin catalog's registration
		}
		if best == nil || e.Rank < best.Rank || e.Rank == best.Rank && e.Platform == config.PlatformDatabricks && best.Platform != config.PlatformDatabricks {
			best = e
		}
	}
	c := Choice{Platform: config.PlatformUnknown, Why: "no evidence of Databricks or open-source Delta in the project"}
	if best != nil {
		c = Choice{Platform: best.Platform, Why: best.What + " in " + best.Path}
	}
	if len(discounted) > 0 {
		sort.Strings(discounted)
		c.Why += "; " + strings.Join(slices.Compact(discounted), "; ")
	}
	c.Plugins = plugins(ev)
	return c
}

// SessionPlugins are the catalogs settings register as Spark catalog
// plugins (spark.sql.catalog.<name>), by name: the one reading of those
// keys, for the platform's decision and for a file's own session.
func SessionPlugins(settings []*facts.Setting) []Plugin {
	return plugins(FromSettings("", settings))
}

// plugins are the catalogs evidence registers as plugins, by name, each
// with the first class a registration of it names.
func plugins(ev []Evidence) []Plugin {
	var out []Plugin
	for _, e := range ev {
		if e.Registers == "" {
			continue
		}
		name := lower(e.Registers)
		i := slices.IndexFunc(out, func(p Plugin) bool { return p.Catalog == name })
		switch {
		case i < 0:
			out = append(out, Plugin{Catalog: name, Class: e.Class, Where: e.Path})
		case out[i].Class == "" && e.Class != "":
			out[i].Class, out[i].Where = e.Class, e.Path
		}
	}
	slices.SortFunc(out, func(a, b Plugin) int { return strings.Compare(a.Catalog, b.Catalog) })
	return out
}

// Plugin is the catalog named name (any case) that the choice's files
// register as a Spark catalog plugin.
func (c Choice) Plugin(name string) (Plugin, bool) {
	name = lower(name)
	for _, p := range c.Plugins {
		if p.Catalog == name {
			return p, true
		}
	}
	return Plugin{}, false
}

// pluginNote says why a three-part name is no sign of Unity Catalog: the
// registration of its catalog as a Spark plugin, and where that is.
func pluginNote(ev []Evidence, name *Evidence) string {
	for _, e := range ev {
		if e.Registers != "" && lower(e.Registers) == lower(name.Catalog) {
			return "names in " + name.Catalog + " are not Unity Catalog's: " + e.What + " in " + e.Path + " registers " + name.Catalog + " as a Spark catalog plugin"
		}
	}
	return ""
}

// Override is the choice with a file's configuration applied.
func (c Choice) Override(cfg *config.Config) Choice {
	if cfg != nil && cfg.Rules.Platform != config.PlatformAuto && cfg.Rules.Platform != "" {
		return Choice{Platform: cfg.Rules.Platform, Why: "set in the configuration", Root: c.Root, Plugins: c.Plugins}
	}
	return c
}

// rootMarkers make a directory a project root.
var rootMarkers = append(append([]string(nil), orchestration.BundleFiles...), "pyproject.toml", "setup.cfg", "requirements.txt", ".git")

// Roots finds project roots, remembering each directory's answer.
type Roots struct {
	mu  sync.Mutex
	dir map[string]string
}

// Of is the project root of an absolute directory: the nearest at or
// above it that holds a root marker; "" when none does.
func (r *Roots) Of(dir string) string {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.dir == nil {
		r.dir = map[string]string{}
	}
	var walked []string
	root := ""
	for d := dir; ; d = filepath.Dir(d) {
		if v, ok := r.dir[d]; ok {
			root = v
			break
		}
		walked = append(walked, d)
		if isRoot(d) {
			root = d
			break
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	for _, d := range walked {
		r.dir[d] = root
	}
	return root
}

// IsRoot reports whether directory d holds a root marker.
func IsRoot(d string) bool { return isRoot(d) }

func isRoot(d string) bool {
	for _, m := range rootMarkers {
		if _, err := os.Stat(filepath.Join(d, m)); err == nil {
			return true
		}
	}
	return false
}

// Decision is a run's platform: one choice per project root, and one for
// the run as a whole, which serves the roots without evidence of their own.
type Decision struct {
	run    Choice
	byRoot map[string]Choice
	byFile map[string]Choice // another Spark service's notebooks
	roots  *Roots
	// Lines say, for --verbose, which root chose what and why.
	Lines []string
}

// Files is what a run knows of its files for the decision: each file's
// absolute path and code evidence.
type Files struct {
	Abs      []string
	Evidence [][]Evidence
}

// Decide decides per project root: a root's evidence is its files' code
// and the project files from the root up to the repository's top (the
// directory holding .git, else the root itself).
func (fs Files) Decide(roots *Roots, display func(string) string) *Decision {
	d := &Decision{byRoot: map[string]Choice{}, roots: roots}
	byRoot := map[string][]Evidence{}
	var all []Evidence
	for i, abs := range fs.Abs {
		for _, e := range fs.Evidence[i] {
			if e.Service {
				if d.byFile == nil {
					d.byFile = map[string]Choice{}
				}
				d.byFile[abs] = Choice{Platform: config.PlatformUnknown, Why: e.What + ", which runs on that service"}
			}
		}
		root := roots.Of(filepath.Dir(abs))
		byRoot[root] = append(byRoot[root], fs.Evidence[i]...)
		all = append(all, fs.Evidence[i]...)
	}
	names := make([]string, 0, len(byRoot))
	for root := range byRoot {
		names = append(names, root)
	}
	sort.Strings(names)
	for _, root := range names {
		if root == "" {
			continue
		}
		ev := append(byRoot[root], projectEvidence(root, display)...)
		byRoot[root] = ev
		all = append(all, projectEvidence(root, display)...)
	}
	d.run = Decide(all)
	// a root with no evidence of its own takes its repository's: the
	// decision over the roots below the same .git (a monorepo's projects),
	// not another repository's linted in the same run
	byRepo, top := map[string][]Evidence{}, make(map[string]string, len(names))
	for _, root := range names {
		top[root] = repoTop(root) // read once: each is a walk of stat calls
		byRepo[top[root]] = append(byRepo[top[root]], byRoot[root]...)
	}
	repo := map[string]Choice{}
	for top, ev := range byRepo {
		repo[top] = Decide(ev)
	}
	if n := len(d.byFile); n > 0 {
		defer func() {
			d.Lines = append(d.Lines, fmt.Sprintf("platform: unknown for %d Azure Synapse or Microsoft Fabric notebook(s), which run on that service", n))
		}()
	}
	for _, root := range names {
		c := Decide(byRoot[root])
		c.Root = root
		if r := repo[top[root]]; c.Platform == config.PlatformUnknown && r.Platform != config.PlatformUnknown {
			c.Platform, c.Why = r.Platform, r.Why+" (this root has no evidence of its own)"
		}
		d.byRoot[root] = c
	}
	if len(names) <= 1 {
		d.Lines = []string{"platform: " + string(d.run.Platform) + " (" + d.run.Why + ")"}
		if len(names) == 1 {
			d.run = d.byRoot[names[0]]
			d.Lines = []string{"platform: " + string(d.run.Platform) + " (" + d.run.Why + ")"}
		}
		return d
	}
	for _, root := range names {
		c := d.byRoot[root]
		where := display(root)
		if root == "" {
			c, where = d.run, "files outside any project root"
		}
		d.Lines = append(d.Lines, "platform: "+string(c.Platform)+" for "+where+" ("+c.Why+")")
	}
	return d
}

// For is the choice for the file at abs, an absolute path.
func (d *Decision) For(abs string) Choice {
	if d == nil {
		return Choice{Platform: config.PlatformUnknown, Why: "no evidence of Databricks or open-source Delta in the project"}
	}
	c, ok := d.byRoot[d.roots.Of(filepath.Dir(abs))]
	if !ok {
		c = d.run
	}
	if own, ok := d.byFile[abs]; ok {
		own.Root, own.Plugins = c.Root, c.Plugins // the catalogs its project registers still hold
		return own
	}
	return c
}

// repoTop is the repository a root is in: the nearest directory at or
// above it holding .git, else "" (roots outside any repository are one).
func repoTop(root string) string {
	for d := root; d != ""; d = filepath.Dir(d) {
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return d
		}
		if filepath.Dir(d) == d {
			break
		}
	}
	return ""
}

// projectEvidence reads the project files of root and of the directories
// above it up to the repository's top.
func projectEvidence(root string, display func(string) string) []Evidence {
	var out []Evidence
	for d := root; ; d = filepath.Dir(d) {
		out = append(out, DirEvidence(d, display)...)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil || filepath.Dir(d) == d {
			break
		}
	}
	return out
}

// DirEvidence reads one directory's project files: a bundle, and the
// platform packages its dependency lists name.
func DirEvidence(dir string, display func(string) string) []Evidence {
	var out []Evidence
	for _, name := range orchestration.BundleFiles { // the bundle's jobs are read by package orchestration
		if info, err := os.Stat(filepath.Join(dir, name)); err == nil && info.Mode().IsRegular() {
			out = append(out, Evidence{Platform: config.PlatformDatabricks, What: "a Databricks asset bundle", Rank: Bundle, Path: display(filepath.Join(dir, name))})
		}
	}
	for _, dep := range dependencies(dir) {
		e, ok := packageEvidence(dep)
		if ok {
			e.Path = display(dep.file)
			out = append(out, e)
		}
	}
	return out
}

// packageEvidence is what a dependency says of the platform.
func packageEvidence(d dependency) (Evidence, bool) {
	group := "requirements"
	if d.dev {
		group = "development or test dependencies"
	}
	switch d.name {
	case "delta-spark":
		r := Package
		if d.dev {
			r = DevPackage
		}
		return Evidence{Platform: config.PlatformOSS, What: "delta-spark among the " + group, Rank: r}, true
	case "databricks-connect", "databricks-sdk", "dbt-databricks":
		if d.dev {
			return Evidence{Platform: config.PlatformDatabricks, What: d.name + " among the " + group, Rank: DevPackage}, true
		}
		return Evidence{Platform: config.PlatformDatabricks, What: d.name + " among the runtime dependencies", Rank: RuntimePackage}, true
	}
	return Evidence{}, false
}

// lower is strings.ToLower, named for the package-name comparisons.
func lower(s string) string { return strings.ToLower(s) }

// UnityCatalog is the rank of a Unity Catalog sign in code: a three-part
// table name, a Unity Catalog setting. It ranks with the paths only
// Databricks has: other catalogs (Iceberg's, say) have three-part names
// too, so any open-source API in the code decides first.
const UnityCatalog = Path

// FromFile is a file's evidence: its code's signs, what its session
// settings say (see FromSettings) and the Unity Catalog sign of its
// facts, a table named catalog.schema.table (not in spark_catalog,
// Spark's own, nor in a catalog the file registers as a plugin).
func FromFile(path string, f *facts.File) []Evidence {
	out := FromFacts(path, f.Evidence)
	settings := f.Settings
	if f.Summary != nil {
		for _, fn := range f.Summary.Funcs { // a session helper's builder
			settings = append(settings[:len(settings):len(settings)], fn.Settings...)
		}
	}
	signs := FromSettings(path, settings)
	out = append(out, signs...)
	registered := map[string]bool{}
	for _, e := range signs {
		if e.Registers != "" {
			registered[e.Registers] = true
		}
	}
	// a name in a registered catalog is kept too: Decide discounts it, and
	// says why, as it does for a registration in another file
	for _, plugin := range []bool{false, true} {
		if name := threePartName(f, registered, plugin); name != "" {
			catalog, _, _ := strings.Cut(name, ".")
			out = append(out, Evidence{Platform: config.PlatformDatabricks, What: "the Unity Catalog name " + name, Rank: UnityCatalog, Path: path, Catalog: catalog})
		}
	}
	return out
}

// FromSettings is what session settings say of the platform: each catalog
// they register as a Spark catalog plugin (spark.sql.catalog.<name>), no
// vote of its own but three-part names in it are no sign of Unity
// Catalog, and the first Unity Catalog setting. It is the one reader of
// settings for the platform, whichever way they were given: in code
// (builder.config, spark.conf.set, a SparkConf, a loop over a dict), in a
// job cluster's spark_conf or in a spark-defaults.conf; a setting written
// in another file than path is evidence of that file.
func FromSettings(path string, settings []*facts.Setting) []Evidence {
	var out []Evidence
	registered := map[string]int{} // index in out + 1
	uc := false
	for _, s := range settings {
		where := path
		if s.At.Foreign() {
			where = s.At.File.Path()
		}
		if name := pluginCatalog(s.Key); name != "" {
			class := ""
			if lower(s.Key) == "spark.sql.catalog."+name && s.Value.Kind == facts.String {
				class = s.Value.Str // the plugin's class; other keys are its options
			}
			switch i := registered[name]; {
			case i == 0:
				registered[name] = len(out) + 1
				out = append(out, Evidence{What: s.Key, Registers: name, Class: class, Path: where})
			case out[i-1].Class == "" && class != "":
				out[i-1].Class = class
			}
		}
		if !uc && (strings.HasPrefix(s.Key, "spark.databricks.unitycatalog.") || strings.HasPrefix(s.Key, "spark.databricks.sql.initial.catalog.")) {
			uc = true
			out = append(out, Evidence{Platform: config.PlatformDatabricks, What: "the Unity Catalog setting " + s.Key, Rank: UnityCatalog, Path: where})
		}
	}
	return out
}

// pluginCatalog is the catalog a spark.sql.catalog.<name>[.option]
// setting registers (Iceberg's, Nessie's, Glue's...); "" for other keys
// and for spark_catalog, Spark's own, which delta-spark replaces.
func pluginCatalog(key string) string {
	rest, ok := strings.CutPrefix(lower(key), "spark.sql.catalog.")
	if !ok {
		return ""
	}
	name, _, _ := strings.Cut(rest, ".")
	if name == "spark_catalog" {
		return ""
	}
	return name
}

// threePartName is the first table the file names in three plain parts
// outside Spark's own catalog and path tables, in a catalog the file
// registers as a plugin or not as plugin says; "" when there is none.
func threePartName(f *facts.File, registered map[string]bool, plugin bool) string {
	check := func(name string) bool {
		parts := strings.Split(name, ".")
		if len(parts) != 3 {
			return false
		}
		for _, p := range parts {
			if p == "" || strings.ContainsAny(p, "{}$/`'\" ") {
				return false
			}
		}
		if registered[lower(parts[0])] != plugin {
			return false
		}
		switch lower(parts[0]) {
		case "spark_catalog", "delta", "parquet", "json", "csv", "orc", "text", "global_temp":
			return false
		}
		return true
	}
	for _, w := range f.Writes {
		if check(w.Target.Table) {
			return w.Target.Table
		}
	}
	for _, t := range f.Tables {
		if check(t.Name) {
			return t.Name
		}
	}
	for _, r := range f.Reads {
		if check(r.Target.Table) {
			return r.Target.Table
		}
	}
	for _, a := range f.Alters { // a script of ALTERs over tables made elsewhere
		if check(a.Table) {
			return a.Table
		}
	}
	for _, m := range f.Maintenance {
		if check(m.Target.Table) {
			return m.Target.Table
		}
	}
	return ""
}
