// Package fixes builds the fixes that several rules offer, so that no rule
// imports another: one place decides how a fix is written and how safe it is.
package fixes

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/rules/rule"
)

// Properties is the fix that turns the table properties keys on (each set to
// true) for the table d defines, or an Unfixable saying why there is none.
//
// A definition that may register a table already at its location
// (MayRegister: CREATE [OR REPLACE] TABLE ... LOCATION with no query) must
// not be given properties inline, since Delta refuses a CREATE whose
// properties differ from the existing table's: the fix is a separate ALTER
// TABLE ... SET TBLPROPERTIES after it. That changes a table other jobs may
// be writing, and a commit of new properties fails a concurrent writer's,
// so it is unsafe. There is no fix where no statement can follow (a
// spark.sql string runs one, a DeltaTable builder is one call), nor where
// the definition lists properties already: Delta compares that list whole
// with the table's, so after the ALTER the CREATE would fail the next time
// it registers the table. Every other definition creates its table and
// gets the properties inline, in the author's syntax and style: a safe fix,
// when a place for them is known.
func Properties(d *facts.TableDef, keys []string) rule.Fix {
	list := strings.Join(keys, ", ")
	if !d.MayRegister() {
		if d.AddProps == nil {
			return rule.Fix{} // no place known: no fix, and nothing to say
		}
		if ins := d.AddProps; ins.Style == facts.DbtYAML {
			return inYAML(ins, keys)
		}
		return rule.Fix{Title: "Add " + list, Applicability: rule.SafeFix, Edits: []facts.Edit{inline(d.AddProps, keys)}}
	}
	const mayExist = "the table may already be at its location, where Delta requires the properties a CREATE lists to be exactly the table's: "
	switch {
	case len(d.Properties) > 0:
		return rule.Unfixable(mayExist + "a property added to the list or by an ALTER TABLE leaves one of them without it; " +
			"set " + list + " with ALTER TABLE ... SET TBLPROPERTIES on the table there and add them to the list")
	case d.AddAlter == nil && d.Kind == facts.DeltaBuilder:
		return rule.Unfixable(mayExist + "set " + list + " with ALTER TABLE ... SET TBLPROPERTIES after the builder runs")
	case d.AddAlter == nil:
		return rule.Unfixable(mayExist + "lakelint has no place for an ALTER TABLE statement after it (as in a spark.sql string, which runs one statement): " +
			"set " + list + " with ALTER TABLE ... SET TBLPROPERTIES after it")
	}
	return rule.Fix{Title: "Set " + list + " with an ALTER TABLE after the CREATE",
		Applicability: rule.UnsafeFix, Edits: []facts.Edit{alter(d, keys)}}
}

// inYAML sets the properties of a dbt model in its project's YAML: its own
// config in a properties file is safe (dbt creates the table with them);
// a dbt_project.yml block is unsafe, since every model below it, views
// included, takes them too.
func inYAML(ins *facts.PropertyInsertion, keys []string) rule.Fix {
	title := "Add " + strings.Join(keys, ", ") + " to " + ins.Where
	app := rule.SafeFix
	if ins.Shared {
		title += " (every model below it takes them)"
		app = rule.UnsafeFix
	}
	text := ins.Header
	for _, k := range keys {
		text += ins.Newline + yamlKey(k) + ": " + quote(ins) + "true" + quote(ins)
	}
	at := facts.Span{Start: ins.Offset, End: ins.Offset, File: facts.FileOf(ins.File)}
	return rule.Fix{Title: title, Applicability: app, Edits: []facts.Edit{{Span: at, NewText: text}}}
}

// yamlKey is k as a plain YAML key when it can be one, else single-quoted.
func yamlKey(k string) string {
	plain := k != "" && k[0] != '-'
	for _, c := range k {
		plain = plain && (c == '_' || c == '.' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z')
	}
	if plain {
		return k
	}
	return "'" + strings.ReplaceAll(k, "'", "''") + "'"
}

// quote is the author's quote, ' when the definition says none.
func quote(ins *facts.PropertyInsertion) string {
	if ins.Quote == "" {
		return "'"
	}
	return ins.Quote
}

// alter writes the properties as an ALTER TABLE statement of its own.
func alter(d *facts.TableDef, keys []string) facts.Edit {
	ins := d.AddAlter
	q := quote(ins)
	entries := make([]string, len(keys))
	for i, k := range keys {
		entries[i] = q + k + q + " = " + q + "true" + q
	}
	name := sqlName(d.Name)
	if d.Name == "" { // CREATE TABLE delta.`/path`
		name = "delta.`" + strings.ReplaceAll(d.Location, "`", "``") + "`"
	}
	text := ins.Newline + "ALTER TABLE " + name + " SET TBLPROPERTIES (" + strings.Join(entries, ", ") + ");"
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

// inline writes the properties into the definition in its own syntax and style.
func inline(ins *facts.PropertyInsertion, keys []string) facts.Edit {
	q := quote(ins)
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
	case facts.DbtConfigKwarg:
		text = "tblproperties={" + strings.Join(entries, ", ") + "}"
		if !ins.Empty {
			text = ", " + text
		}
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
