// Package dbtfacts turns a dbt model into facts: a model materialized as a
// table or incrementally is a table definition, with the partitioning,
// clustering, properties, format and location its configs give it, the
// project's (dbt_project.yml, properties files) laid under the model's own
// config() call.
package dbtfacts

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/dbt"
	"github.com/lakelint/lakelint/parsers/document"
)

// Input is what a model's facts are read from: its file's text and path,
// and the configs its project gives it (nil outside a dbt project).
type Input struct {
	Path    string
	Text    []byte
	Project map[string]dbt.Value
	// Spark is true when the project is known to run on Spark; otherwise a
	// model counts only when its own configs are the Spark adapters'.
	Spark bool
	// AdapterType is the project's adapter ("databricks", "spark"; "" when
	// not known), which decides {% if target.type == ... %} branches.
	AdapterType string
	// Template is true for a .sql file of the project that is no model (a
	// macro, a snapshot, a test, an analysis) or a model for another engine:
	// Jinja whose SQL is known only once rendered, so it is not read. Why
	// says which, for --verbose.
	Template bool
	Why      string
	// Rel maps a YAML file's path to the form the run names files by, for
	// messages that cite a value set there; nil keeps the path.
	Rel func(string) string
	// Place is where the project's YAML best takes a config mapping of the
	// model (dbt.Project.ConfigPlace); nil for none.
	Place func(key string) (dbt.YAMLInsertion, bool)
}

// unknownProps are the properties a non-literal tblproperties may set.
var unknownProps = []string{"delta.autooptimize.optimizewrite", "delta.autooptimize.autocompact"}

// Materializations that make a table with files.
var tables = map[string]bool{"table": true, "incremental": true}

// UnknownEngine is why a model of a project whose adapter is not known is
// not read, for --verbose.
const UnknownEngine = "a dbt model of a project whose engine is not known (no dbt-spark or dbt-databricks in profiles.yml or the dependencies, no Spark-only config): not read"

// Extract returns the table a model defines, or nil for a view, an
// ephemeral model or a model whose materialization is not known; why,
// when not empty, says why a model that may make a table is not read.
func Extract(in Input) (d *facts.TableDef, why string) {
	m := dbt.ReadModelFor(in.Text, in.AdapterType)
	cfg := map[string]dbt.Value{}
	for k, v := range in.Project {
		cfg[k] = v
	}
	for k, v := range m.Config {
		cfg[k] = v
	}
	if !in.Spark && !dbt.SparkModel(m.Config) {
		// partition_by and the like mean other things on other engines
		if mat := cfg["materialized"]; mat.Kind == dbt.String && tables[strings.ToLower(mat.Str)] {
			return nil, UnknownEngine
		}
		return nil, ""
	}
	x := extractor{in: in, model: m}
	mat := cfg["materialized"]
	if mat.Kind != dbt.String || !tables[strings.ToLower(mat.Str)] {
		return nil, "" // dbt's default is a view; an unknown one raises nothing
	}
	d = &facts.TableDef{
		Kind: facts.DbtModel,
		Lang: document.SQL,
		Name: dbt.ModelName(in.Path),
		At:   x.at(),
	}
	d.Span = d.At
	if a := cfg["alias"]; a.Kind == dbt.String && a.Str != "" {
		d.Name = a.Str
	}
	if f, ok := cfg["file_format"]; ok && f.Kind == dbt.String {
		d.Format = strings.ToLower(f.Str)
	} else if ok && f.Kind != dbt.None || strings.EqualFold(cfg["table_format"].Str, "iceberg") {
		d.Format = "unknown" // set, but to what is not known; or Iceberg
	}
	d.IfNotExists = strings.EqualFold(mat.Str, "incremental") // later runs keep the table
	if d.IfNotExists {
		d.Strategy = strategy(cfg, in.AdapterType)
	}
	if v, ok := cfg["partition_by"]; ok {
		d.PartitionBy = x.columns(v)
	}
	if v, ok := cfg["liquid_clustered_by"]; ok {
		if cols := x.columns(v); cols != nil {
			d.ClusterBy = cols.Columns
		}
	}
	if on, ok := cfg["auto_liquid_cluster"].Truth(); ok && on {
		d.ClusterByAuto = true
	}
	if loc, ok := cfg["location_root"]; ok && loc.Kind == dbt.String {
		d.Location = strings.TrimRight(loc.Str, "/") + "/" + d.Name
	} else if ok && loc.Kind != dbt.None {
		d.Location = "{location_root}/" + d.Name // set, but not to a literal
	}
	if props, ok := cfg["tblproperties"]; ok && props.Kind != dbt.None {
		d.Properties = x.properties(props)
		if props.File != "" {
			// set in YAML: more properties go there, with the ones it has
			d.AddProps = x.inYAML()
		}
	} else if c := m.ConfigCall; c.End > c.Start {
		// the model's own config() takes the properties
		d.AddProps = &facts.PropertyInsertion{Style: facts.DbtConfigKwarg, Offset: m.ConfigArgsEnd, Quote: "'", Empty: m.ConfigEmpty}
	} else {
		d.AddProps = x.inYAML() // configured by YAML only: set them there
	}
	return d, ""
}

// defaultStrategies are the adapters' incremental strategies when a model
// sets none.
var defaultStrategies = map[string]string{"databricks": "merge", "spark": "append"}

// strategy is an incremental model's strategy: its incremental_strategy,
// else its adapter's default; "" when not known.
func strategy(cfg map[string]dbt.Value, adapter string) string {
	v, ok := cfg["incremental_strategy"]
	switch {
	case !ok || v.Kind == dbt.None:
		return defaultStrategies[adapter]
	case v.Kind == dbt.String:
		return strings.ToLower(strings.TrimSpace(v.Str))
	}
	return ""
}

type extractor struct {
	in    Input
	model dbt.Model
}

// at is where a finding about the model is reported: its config() call, or
// its first line.
func (x *extractor) at() facts.Span {
	if c := x.model.ConfigCall; c.End > c.Start {
		return facts.Span{Start: c.Start, End: c.End}
	}
	start := 0
	for start < len(x.in.Text) && (x.in.Text[start] == ' ' || x.in.Text[start] == '\n' || x.in.Text[start] == '\r' || x.in.Text[start] == '\t') {
		start++
	}
	end := start
	for end < len(x.in.Text) && x.in.Text[end] != '\n' && x.in.Text[end] != '\r' {
		end++
	}
	return facts.Span{Start: start, End: end}
}

// inYAML is where the project's YAML takes the model's tblproperties; nil
// for none.
func (x *extractor) inYAML() *facts.PropertyInsertion {
	if x.in.Place == nil {
		return nil
	}
	at, ok := x.in.Place("tblproperties")
	if !ok {
		return nil
	}
	file := at.File // absolute: the run finds it so, whatever it names its sources by
	return &facts.PropertyInsertion{Style: facts.DbtYAML, Offset: at.Offset, Quote: "'", Newline: at.Newline,
		File: file, Header: at.Header, Shared: at.Shared, Where: at.Where}
}

// span is where a value was written in the model; a value set in YAML
// takes the model's own place, and origin names the file and line.
func (x *extractor) span(v dbt.Value) facts.Span {
	if v.File != "" {
		return x.at()
	}
	return facts.Span{Start: v.Start, End: v.End}
}

// origin names where a value set in YAML is: "models/dbt_project.yml, line 11".
func (x *extractor) origin(v dbt.Value) string {
	if v.File == "" {
		return ""
	}
	path := v.File
	if x.in.Rel != nil {
		path = x.in.Rel(path)
	}
	return fmt.Sprintf("%s, line %d", filepath.ToSlash(path), v.Line)
}

// columns reads partition_by / liquid_clustered_by: a column name or a list
// of them.
func (x *extractor) columns(v dbt.Value) *facts.Partitioning {
	switch v.Kind {
	case dbt.String:
		if v.Str == "" {
			return nil
		}
		return &facts.Partitioning{Columns: []facts.Column{{Name: v.Str, Span: x.span(v)}}, Span: x.span(v), Origin: x.origin(v)}
	case dbt.List:
		p := &facts.Partitioning{Span: x.span(v), Origin: x.origin(v)}
		for _, it := range v.List {
			c := facts.Column{Span: x.span(it)}
			if it.Kind == dbt.String {
				c.Name = it.Str
			} else {
				p.Dynamic = true
			}
			p.Columns = append(p.Columns, c)
		}
		if len(p.Columns) == 0 {
			return nil
		}
		return p
	case dbt.Unknown:
		return &facts.Partitioning{Span: x.span(v), Dynamic: true, Origin: x.origin(v)}
	}
	return nil
}

// properties maps a tblproperties dict. One that is no literal (a var(), a
// macro) sets what is not known, so the properties rules look for count
// as set.
func (x *extractor) properties(v dbt.Value) map[string]facts.Value {
	out := map[string]facts.Value{}
	if v.Kind != dbt.Dict {
		for _, k := range unknownProps {
			out[k] = facts.Value{Span: x.span(v)}
		}
		return out
	}
	for k, it := range v.Dict {
		out[k] = x.value(it)
	}
	return out
}

// value maps a property value.
func (x *extractor) value(v dbt.Value) facts.Value {
	out := facts.Value{Span: x.span(v), Str: v.Str}
	switch v.Kind {
	case dbt.String:
		out.Kind = facts.String
	case dbt.Bool:
		out.Kind, out.Bool = facts.Bool, v.Bool
	case dbt.Number:
		if f, ok := (facts.Value{Kind: facts.String, Str: v.Str}).Number(); ok {
			out.Kind, out.Float = facts.Float, f
		}
	}
	return out
}

// Models finds the dbt project of each .sql file of a run, reading each
// project once. It is safe for concurrent use.
type Models struct {
	// WorkDir is what relative paths are relative to, read once per run;
	// "" reads the working directory on every call.
	WorkDir  string
	projects dbt.Projects
}

// Reset forgets the projects read, so that the next models read them again
// with read (nil: from disk): a fix run's lints read the YAML it edited.
// It must not run while For does.
func (ms *Models) Reset(read func(string) ([]byte, error)) {
	ms.projects = dbt.Projects{Read: read}
}

// YAMLFiles are the YAML files of the projects read so far.
func (ms *Models) YAMLFiles() []string { return ms.projects.Files() }

// For returns the input of the model at path (as the run names it), and the
// digest of its project's configs, which its facts depend on; nil and zero
// for a file that is no model of a dbt project.
func (ms *Models) For(path string) (*Input, [32]byte) {
	if !strings.EqualFold(filepath.Ext(path), ".sql") {
		return nil, [32]byte{}
	}
	abs := filepath.Clean(path)
	switch {
	case filepath.IsAbs(path):
	case ms.WorkDir != "":
		abs = filepath.Join(ms.WorkDir, path)
	default:
		var err error
		if abs, err = filepath.Abs(path); err != nil {
			return nil, [32]byte{}
		}
	}
	proj := ms.projects.For(abs)
	if proj == nil {
		return nil, [32]byte{}
	}
	cfg, model := proj.ConfigFor(abs)
	if !model {
		return &Input{Template: true, Why: "a dbt macro, snapshot, test or analysis: its SQL is a Jinja template, not read"}, proj.Digest
	}
	adapter, adapterType := proj.Adapter, proj.AdapterType
	if adapter == dbt.AdapterUnknown {
		// a project for several engines enables each tree on one:
		// +enabled: "{{ target.type == 'databricks' }}"
		adapter, adapterType = enabledOn(cfg["enabled"])
	}
	if adapter == dbt.AdapterOther {
		return &Input{Template: true, Why: "a dbt model for another engine than Spark: not read"}, proj.Digest
	}
	// a value set in YAML is cited by its file, named the way the model is
	dir, absDir := filepath.Dir(path), filepath.Dir(abs)
	rel := func(yamlPath string) string {
		if r, err := filepath.Rel(absDir, yamlPath); err == nil {
			return filepath.Join(dir, r)
		}
		return yamlPath
	}
	place := func(key string) (dbt.YAMLInsertion, bool) { return proj.ConfigPlace(abs, key) }
	return &Input{Project: cfg, Rel: rel, Place: place, Spark: adapter == dbt.AdapterSpark, AdapterType: adapterType}, proj.Digest
}

// enabledOn reads an enabled config that turns a model on for one
// adapter only: "{{ target.type == 'databricks' }}".
func enabledOn(v dbt.Value) (dbt.Adapter, string) {
	if v.Kind != dbt.String && v.Kind != dbt.Unknown { // YAML gives a Jinja string as not a literal
		return dbt.AdapterUnknown, ""
	}
	m := enabledOnType.FindStringSubmatch(v.Str)
	if m == nil {
		return dbt.AdapterUnknown, ""
	}
	t := strings.ToLower(m[1])
	return dbt.AdapterOf(t), t
}

var enabledOnType = regexp.MustCompile(`^\s*\{\{-?\s*target\.type\s*==\s*['"]([A-Za-z_]+)['"]\s*-?\}\}\s*$`)
