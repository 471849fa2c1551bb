// Package ll301 reports Delta tables created without auto-optimize properties.
package ll301

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/fixes"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL301",
	Name:     "delta-table-without-auto-optimize",
	Severity: finding.Warning,
	// off by default: on public production code almost every finding was
	// a table the project only defines or overwrites whole (testdata/ecosystem)
	Off:     true,
	Summary: "A Delta table is created without the required table properties (by default optimized writes and auto compaction).",
	Why: `Table properties travel with the table: every writer, in any job or notebook, then gets
optimized writes (files near 128 MB at write time) and auto compaction (small files
merged after each write). Without them each job must remember the session settings, and
the one that forgets fills the table with small files. Setting them when the table is
created costs nothing. Tables of declarative pipelines (@dlt.table, STREAMING TABLE,
MATERIALIZED VIEW) are maintained by the pipeline and are not reported unless they set
pipelines.autoOptimize.managed to false.

Off by default (select LL301 to use it): on real projects most of the tables it reports are
small tables defined once and overwritten whole, where the properties change little; LL302
reports the tables streams write, where they matter most.

Only tables the code creates as new Delta tables are reported: not clones (CREATE ...
CLONE copies its source's properties), not registrations of a table already at a
LOCATION, not temporary tables, not Hive-format (STORED AS, ROW FORMAT), Iceberg or
other non-Delta tables. A table a DataFrame writer creates is reported at the write:
saveAsTable in its default mode (errorifexists, which succeeds only by creating the
table), in Delta, for a table no DDL of the project defines, unless the writer passes
the properties as delta.* options; an append or overwrite may find the table there
already, and a mode or path the code computes is not known, so neither is reported.
On Databricks, Unity Catalog managed tables (a three-part name
outside hive_metastore, no LOCATION) tune their file sizes themselves, so they are
reported only with unity-catalog-auto-tuning: false; a name in a catalog the session
registers as a Spark plugin (spark.sql.catalog.<name>, in the code, a job cluster's
spark_conf or a spark-defaults.conf) is not Unity Catalog's and is reported; a table
that names no format, in a catalog any file of the project registers, has the plugin's
format (Iceberg's catalog makes Iceberg tables, which are not reported; an unknown class
makes the format unknown); external and path tables, and
every table on open-source Delta (platform: oss), are reported. When the platform is
unknown a three-part managed name is taken to be Unity Catalog's.

dbt models on Spark or Databricks materialized as a table or incrementally are Delta
tables too (file_format delta, or the platform's default); their properties come from
tblproperties, in the model's config() or in dbt_project.yml and properties files.`,
	Lang: "sql",
	Example: `CREATE TABLE main.sales.events (id BIGINT, event_date DATE)
USING DELTA
PARTITIONED BY (event_date);`,
	Better: `CREATE TABLE main.sales.events (id BIGINT, event_date DATE)
USING DELTA
PARTITIONED BY (event_date)
TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true');`,
	Fix: rule.SafeFix,
	FixSafety: `Two kinds: the ALTER TABLE after a CREATE ... LOCATION is unsafe (applied with
--unsafe-fixes only), the rest are safe. The fix is safe for a table created without a
LOCATION, and for a CTAS (which needs an empty location, so it creates its table): it adds
the missing properties with value true to the statement's TBLPROPERTIES (or the Python
builder's properties) in the author's quoting and layout, where the Spark grammar allows a
clause (before AS SELECT, right after a clone's source); when it knows no such place it
offers none. Properties change how future writes lay out files, never what data the table
holds. A CREATE [OR REPLACE] TABLE ... LOCATION with no query may register a table already
there, and Delta refuses one whose properties differ from the existing table's
(DELTA_CREATE_TABLE_WITH_DIFFERENT_PROPERTY): for it the fix is a separate ALTER TABLE ...
SET TBLPROPERTIES statement after it in a SQL file or cell (ending the CREATE with ';' when
it has none), and that fix is unsafe, since it changes a table other jobs may be writing and
committing new properties fails a concurrent writer's transaction. There is no fix inside
spark.sql strings (one statement each), for a DeltaTable builder with a location, for a
table a DataFrame writer creates, or for a
CREATE ... LOCATION that already lists TBLPROPERTIES (Delta compares that list whole with
the table's, so after an ALTER the CREATE would fail the next time it registers the table);
the fix run says why. In a dbt model the fix adds tblproperties={...} to the model's own
config() call (safe: dbt creates the table with them). ` + fixes.DbtYAMLSafety,
	Options: []string{"required-properties", "default-format", "platform", "unity-catalog-auto-tuning"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, d := range p.Facts.Tables {
		if p.DefFormat(d) != "delta" || exempt(d) || notNew(d) || p.TunedByUnityCatalog(d) {
			continue
		}
		missing := missingProperties(p, d)
		if len(missing) == 0 {
			continue
		}
		msg := fmt.Sprintf("%s is created without %s: writers then leave small files unless every job remembers the session settings",
			rule.KindLabel("Delta table", d.Name, d.Location), strings.Join(missing, ", "))
		if d.Kind == facts.DbtModel {
			msg = fmt.Sprintf("dbt model %s makes a Delta table without %s: every run then leaves small files; set them in the model's tblproperties config",
				d.Name, strings.Join(missing, ", "))
		}
		p.Report(d.At, msg, fixes.Properties(d, missing))
	}
	for _, w := range p.Facts.Writes {
		d, ok := writerTable(p, w)
		if !ok || p.TunedByUnityCatalog(d) {
			continue
		}
		missing := missingProperties(p, d)
		if len(missing) == 0 {
			continue
		}
		p.Report(w.At, fmt.Sprintf("%s is created by this write without %s: writers then leave small files unless every job remembers the session settings; create it with them (CREATE TABLE ... TBLPROPERTIES) before the first write",
			rule.KindLabel("Delta table", d.Name, d.Location), strings.Join(missing, ", ")), rule.Fix{})
	}
}

// missingProperties are the required properties table d is made without,
// as configured.
func missingProperties(p *rule.Pass, d *facts.TableDef) []string {
	var missing []string
	for _, req := range p.Config.Rules.RequiredProperties {
		if !hasProperty(p, d, strings.ToLower(req)) {
			missing = append(missing, req)
		}
	}
	return missing
}

// writerTable is the table a DataFrame writer creates: saveAsTable in the
// default mode (errorifexists, which succeeds only by creating the table),
// in Delta, with its name known and no definition of it in the project
// (that definition is the one judged; writeTo(...).create() is one). The write's
// properties (tableProperty) and its options naming delta.* keys are the
// new table's properties; a path option makes it an external table.
func writerTable(p *rule.Pass, w *facts.Write) (*facts.TableDef, bool) {
	if w.Stream != nil || (w.TargetFromCaller && w.Via == nil) || w.Target.Table == "" || strings.ContainsAny(w.Target.Table, "{}") {
		return nil, false
	}
	switch {
	case w.API == facts.DataFrameWriter && w.Sink == "saveAsTable":
		if w.Mode.Known() {
			if m := strings.ToLower(w.Mode.Text()); m != "error" && m != "errorifexists" {
				return nil, false
			}
		} else if w.Mode.Span != (facts.Span{}) {
			return nil, false // a mode the code computes
		}
	default:
		return nil, false
	}
	if p.Format(w) != "delta" {
		return nil, false
	}
	if t := p.Table(w.Target); t != nil && len(t.Defs) > 0 {
		return nil, false
	}
	d := &facts.TableDef{Kind: facts.CreateTable, Lang: w.Lang, Name: w.Target.Table, Span: w.Span, At: w.At,
		Format: "delta", PartitionBy: w.PartitionBy, ClusterBy: w.ClusterBy, Properties: map[string]facts.Value{}}
	for k, v := range w.Properties {
		d.Properties[k] = v
	}
	for k, v := range w.Options {
		switch {
		case strings.HasPrefix(k, "delta."):
			d.Properties[k] = v
		case k == "path":
			if !v.Known() {
				return nil, false // an external table whose place is not known: may be one already there
			}
			d.Location = v.Text()
		}
	}
	return d, true
}

// exempt: pipeline tables are maintained by the pipeline unless told otherwise.
func exempt(d *facts.TableDef) bool {
	if !d.Kind.Pipeline() {
		return false
	}
	if v, ok := d.Properties["pipelines.autooptimize.managed"]; ok {
		if on, known := v.Truth(); known && !on {
			return false
		}
	}
	return true
}

// notNew: a clone takes its source's properties, a registration names a
// table already at its location, a temporary table holds no files and a
// Hive-format table is not Delta.
func notNew(d *facts.TableDef) bool {
	return d.Clone || d.Registration || d.Temporary || d.Hive
}

// hasProperty: set on the definition, defaulted by the session before it, or
// set by an ALTER TABLE anywhere in the project.
func hasProperty(p *rule.Pass, d *facts.TableDef, key string) bool {
	if _, ok := d.Properties[key]; ok {
		return true
	}
	defaultKey := rule.ConfDefaultsPrefix + strings.TrimPrefix(rule.DisplayKey(key), "delta.")
	if s, ok := p.Facts.SettingBefore(defaultKey, d.Span.Start); ok {
		if on, _ := s.Value.Truth(); on {
			return true
		}
	}
	t := p.Table(facts.Target{Table: d.Name, Path: d.Location})
	if t == nil {
		return false
	}
	for _, a := range t.Alters {
		if a.Fact.Sets(key) {
			return true
		}
	}
	return false
}
