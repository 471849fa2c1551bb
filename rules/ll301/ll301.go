// Package ll301 reports Delta tables created without auto-optimize properties.
package ll301

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL301",
	Name:     "delta-table-without-auto-optimize",
	Severity: finding.Warning,
	Summary:  "A Delta table is created without the required table properties (by default optimized writes and auto compaction).",
	Why: `Table properties travel with the table: every writer, in any job or notebook, then gets
optimized writes (files near 128 MB at write time) and auto compaction (small files
merged after each write). Without them each job must remember the session settings, and
the one that forgets fills the table with small files. Setting them when the table is
created costs nothing. Tables of declarative pipelines (@dlt.table, STREAMING TABLE,
MATERIALIZED VIEW) are maintained by the pipeline and are not reported unless they set
pipelines.autoOptimize.managed to false.

Only tables the code creates as new Delta tables are reported: not clones (CREATE ...
CLONE copies its source's properties), not registrations of a table already at a
LOCATION, not temporary tables, not Hive-format (STORED AS, ROW FORMAT), Iceberg or
other non-Delta tables. On Databricks, Unity Catalog managed tables (a three-part name
outside hive_metastore, no LOCATION) tune their file sizes themselves, so they are
reported only with unity-catalog-auto-tuning: false; external and path tables, and
every table on open-source Delta (platform: oss), are reported. When the platform is
unknown a three-part managed name is taken to be Unity Catalog's.`,
	Lang: "sql",
	Example: `CREATE TABLE main.sales.events (id BIGINT, event_date DATE)
USING DELTA
PARTITIONED BY (event_date);`,
	Better: `CREATE TABLE main.sales.events (id BIGINT, event_date DATE)
USING DELTA
PARTITIONED BY (event_date)
TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true');`,
	Fix:       rule.SafeFix,
	FixSafety: "The fix adds the missing properties with value true to the statement's TBLPROPERTIES (or the Python builder's properties) in the author's quoting and layout, where the Spark grammar allows a clause (before AS SELECT, right after a clone's source); when it knows no such place it offers none. For CREATE TABLE IF NOT EXISTS ... LOCATION, whose table may already exist (Delta then rejects properties that differ from the existing ones), it adds a separate ALTER TABLE ... SET TBLPROPERTIES statement after it in a SQL file or cell, and nothing inside spark.sql strings. Properties change how future writes lay out files, never what data the table holds.",
	Options:   []string{"required-properties", "default-format", "platform", "unity-catalog-auto-tuning"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, d := range p.Facts.Tables {
		if p.DefFormat(d) != "delta" || exempt(d) || notNew(d) || p.TunedByUnityCatalog(d) {
			continue
		}
		var missing []string
		for _, req := range p.Config.Rules.RequiredProperties {
			if !hasProperty(p, d, strings.ToLower(req)) {
				missing = append(missing, req)
			}
		}
		if len(missing) == 0 {
			continue
		}
		msg := fmt.Sprintf("%s is created without %s: writers then leave small files unless every job remembers the session settings",
			rule.KindLabel("Delta table", d.Name, d.Location), strings.Join(missing, ", "))
		var fixes []rule.Fix
		switch {
		case d.IfNotExists && d.Location != "":
			// the table may already be at the location, and Delta rejects a
			// CREATE whose properties differ from it: set them apart
			if d.AddAlter != nil {
				fixes = append(fixes, rule.Fix{Title: "Set " + strings.Join(missing, ", ") + " with ALTER TABLE",
					Edits: []facts.Edit{renderAlter(d, missing)}})
			}
		case d.AddProps != nil:
			fixes = append(fixes, rule.Fix{Title: "Add " + strings.Join(missing, ", "),
				Edits: []facts.Edit{render(d.AddProps, missing)}})
		}
		p.Report(d.At, msg, fixes...)
	}
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

// renderAlter writes the missing properties as an ALTER TABLE statement of its own.
func renderAlter(d *facts.TableDef, keys []string) facts.Edit {
	ins := d.AddAlter
	q := ins.Quote
	if q == "" {
		q = "'"
	}
	entries := make([]string, len(keys))
	for i, k := range keys {
		entries[i] = q + k + q + " = " + q + "true" + q
	}
	text := ins.Newline + "ALTER TABLE " + sqlName(d.Name) + " SET TBLPROPERTIES (" + strings.Join(entries, ", ") + ");"
	return facts.Edit{Span: facts.Span{Start: ins.Offset, End: ins.Offset}, NewText: text}
}

// sqlName quotes each part of a dotted name that is not a plain word.
func sqlName(name string) string {
	parts := strings.Split(name, ".")
	for i, p := range parts {
		plain := p != ""
		for _, c := range p {
			plain = plain && (c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || strings.ContainsRune("${}", c))
		}
		if !plain {
			parts[i] = "`" + strings.ReplaceAll(p, "`", "``") + "`"
		}
	}
	return strings.Join(parts, ".")
}

// hasProperty: set on the definition, defaulted by the session before it, or
// set by an ALTER TABLE anywhere in the project.
func hasProperty(p *rule.Pass, d *facts.TableDef, key string) bool {
	if _, ok := d.Properties[key]; ok {
		return true
	}
	defaultKey := rule.ConfDefaultsPrefix + strings.TrimPrefix(key, "delta.")
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

// render writes the missing properties in the syntax and style the definition uses.
func render(ins *facts.PropertyInsertion, keys []string) facts.Edit {
	q := ins.Quote
	if q == "" {
		q = "'"
	}
	var entries []string
	for _, k := range keys {
		switch ins.Style {
		case facts.SQLNewClause, facts.SQLExtendClause:
			entries = append(entries, q+k+q+" = "+q+"true"+q)
		case facts.PyBuilderCall:
			entries = append(entries, ".property("+q+k+q+", "+q+"true"+q+")")
		case facts.PyWriterProperty:
			entries = append(entries, ".tableProperty("+q+k+q+", "+q+"true"+q+")")
		default: // Python dict entries
			entries = append(entries, q+k+q+": "+q+"true"+q)
		}
	}
	var text string
	switch ins.Style {
	case facts.SQLNewClause:
		if ins.Newline != "" {
			text = ins.Newline + "TBLPROPERTIES (" + strings.Join(entries, ", ") + ")"
		} else {
			text = " TBLPROPERTIES (" + strings.Join(entries, ", ") + ")"
		}
	case facts.PyBuilderCall, facts.PyWriterProperty:
		for _, e := range entries {
			text += ins.Newline + e
		}
	case facts.PyNewKeyword:
		text = ", table_properties={" + strings.Join(entries, ", ") + "}"
	default: // SQLExtendClause, PyExtendDict
		sep := ", "
		if ins.Newline != "" {
			sep = "," + ins.Newline
		}
		text = strings.Join(entries, sep)
		if !ins.Empty {
			text = sep + text
		}
	}
	return facts.Edit{Span: facts.Span{Start: ins.Offset, End: ins.Offset}, NewText: text}
}

// PropertyEdit is the edit that adds the properties keys, each set to
// true, to a definition in its own syntax and style (LL302 adds auto
// compaction with it).
func PropertyEdit(ins *facts.PropertyInsertion, keys []string) facts.Edit { return render(ins, keys) }
