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
pipelines.autoOptimize.managed to false.`,
	Lang: "sql",
	Example: `CREATE TABLE main.sales.events (id BIGINT, event_date DATE)
USING DELTA
PARTITIONED BY (event_date);`,
	Better: `CREATE TABLE main.sales.events (id BIGINT, event_date DATE)
USING DELTA
PARTITIONED BY (event_date)
TBLPROPERTIES ('delta.autoOptimize.optimizeWrite' = 'true', 'delta.autoOptimize.autoCompact' = 'true');`,
	Fix:       rule.SafeFix,
	FixSafety: "The fix adds the missing properties with value true to the statement's TBLPROPERTIES (or the Python builder's properties) in the author's quoting and layout. Properties change how future writes lay out files, never what data the table holds.",
	Options:   []string{"required-properties", "default-format"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, d := range p.Facts.Tables {
		if p.DefFormat(d) != "delta" || exempt(d) {
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
		msg := fmt.Sprintf("Delta table %s is created without %s: writers then leave small files unless every job remembers the session settings",
			d.Name, strings.Join(missing, ", "))
		var fixes []rule.Fix
		if d.AddProps != nil {
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
