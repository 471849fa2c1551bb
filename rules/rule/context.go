package rule

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
)

// Conf keys rules look at, spelled as Spark reads them: a session setting's
// key is case-sensitive, so facts keep it as written. Table property keys
// are lower-cased, as Delta reads them whatever their case.
const (
	ConfOptimizeWrite  = "spark.databricks.delta.optimizeWrite.enabled"
	ConfAutoCompact    = "spark.databricks.delta.autoCompact.enabled"
	ConfDefaultsPrefix = "spark.databricks.delta.properties.defaults."
	ConfDefaultsOW     = ConfDefaultsPrefix + "autoOptimize.optimizeWrite"
	ConfDefaultsAC     = ConfDefaultsPrefix + "autoOptimize.autoCompact"
	ConfRetentionCheck = "spark.databricks.delta.retentionDurationCheck.enabled"
	ConfAdaptive       = "spark.sql.adaptive.enabled"
	PropOptimizeWrite  = "delta.autooptimize.optimizewrite"
	PropAutoCompact    = "delta.autooptimize.autocompact"
)

// Table returns the catalog entry of a target, or nil: the Tables
// analyzer's answer.
func (p *Pass) Table(t facts.Target) *catalog.Table { return p.tables.Of(t) }

// Format returns the format a write lands in: the code's own, else the
// project's definition of the table, else the configured default.
func (p *Pass) Format(w *facts.Write) string {
	if w.Format != "" || w.FormatUnknown {
		return w.Format
	}
	switch w.API {
	case facts.DeltaTableMerge, facts.DeltaTableUpdate, facts.DeltaTableDelete:
		return "delta"
	}
	if f := p.Table(w.Target).Format(); f != "" {
		return strings.ToLower(f)
	}
	return p.TableDefaultFormat(w.Target.Table)
}

// DefFormat returns the format of a table definition, defaulting as a write does.
func (p *Pass) DefFormat(d *facts.TableDef) string {
	if d.Format != "" {
		return d.Format
	}
	if d.Kind.Pipeline() || d.Kind == facts.DeltaBuilder {
		return "delta" // pipelines and DeltaTable builders make Delta tables only
	}
	return p.TableDefaultFormat(d.Name)
}

// Place describes where a document offset is, for messages: "line 7", or
// "cell 2, line 3" in a Jupyter notebook.
func (p *Pass) Place(off int) string { return p.Places.Place(facts.Span{Start: off, End: off}) }

// PlaceOf describes where a span is, for messages: as Place in this file,
// "line 3 of lib/io.py" in another.
func (p *Pass) PlaceOf(sp facts.Span) string { return p.Places.Place(sp) }

// OptimizedWrites says whether optimized writes are known to be on for a
// write, and why; it never guesses: unknown means off.
func (p *Pass) OptimizedWrites(w *facts.Write) (bool, string) {
	on, why, _ := p.optimizedWrites(w, true)
	return on, why
}

// OptimizedWritesCited is OptimizedWrites with the place of the setting
// or property that turns them on, in this file or another (a helper's
// setting applied at a call, the table's definition).
func (p *Pass) OptimizedWritesCited(w *facts.Write) (bool, string, []Related) {
	return p.optimizedWrites(w, true)
}

// optimizedWritesOn is OptimizedWrites without the why, which costs a
// message for every write.
func (p *Pass) optimizedWritesOn(w *facts.Write) bool {
	on, _, _ := p.optimizedWrites(w, false)
	return on
}

// turnedOn cites the setting or write property at sp.
func (p *Pass) turnedOn(sp facts.Span) []Related {
	return []Related{{At: sp, Message: "optimized writes are turned on here"}}
}

// TablePropertyCited is the evidence that the project sets table property
// key, in whichever file: "the table's definition <does>" or "this ALTER
// TABLE <does>"; nil when the project does not set it.
func TablePropertyCited(t *catalog.Table, key, does string) []Related {
	return tablePropertyCited(t, key, "this ALTER TABLE "+does, "the table's definition "+does)
}

// tablePropertyCited is TablePropertyCited with its two messages made.
func tablePropertyCited(t *catalog.Table, key, byAlter, byDef string) []Related {
	at, alter, ok := t.PropertyAt(key)
	if !ok {
		return nil
	}
	if alter {
		return []Related{{At: at, Message: byAlter}}
	}
	return []Related{{At: at, Message: byDef}}
}

// optimizedWrites is OptimizedWritesCited; without detail it says only
// whether they are on, with neither a why nor a citation.
func (p *Pass) optimizedWrites(w *facts.Write, detail bool) (bool, string, []Related) {
	if w.API.Rewrites() && p.Platform == config.PlatformDatabricks {
		return true, "MERGE, UPDATE and DELETE always use optimized writes on Databricks", nil
	}
	if s, ok := p.Facts.SettingBefore(ConfOptimizeWrite, w.Span.Start); ok {
		on, known := s.Value.Truth()
		if known {
			if on && !detail {
				return true, "", nil
			}
			if on {
				return true, DisplayKey(s.Key) + " is set to true on " + p.PlaceOf(s.At), p.turnedOn(s.At)
			}
			return false, "", nil
		}
	}
	if v, ok := w.Properties[PropOptimizeWrite]; ok {
		if on, _ := v.Truth(); on {
			if !detail {
				return true, "", nil
			}
			return true, "the write sets delta.autoOptimize.optimizeWrite", p.turnedOn(v.Span)
		}
	}
	if key, v, ok := writerOptimizeWrite(w); ok {
		if on, _ := v.Truth(); on {
			if !detail {
				return true, "", nil
			}
			return true, "the write sets option " + Quote(key), p.turnedOn(v.Span)
		}
	}
	t := p.Table(w.Target)
	if v, ok := t.Property(PropOptimizeWrite); ok {
		on, _ := v.Truth()
		if !on {
			return false, "", nil
		}
		if !detail {
			return true, "", nil
		}
		why := "the table's properties set delta.autoOptimize.optimizeWrite"
		if t.Live != nil && len(t.Defs) == 0 && len(t.Alters) == 0 {
			why = "the live table's properties set delta.autoOptimize.optimizeWrite"
		}
		return true, why, tablePropertyCited(t, PropOptimizeWrite,
			"this ALTER TABLE turns optimized writes on", "the table's definition turns optimized writes on")
	}
	if s, ok := p.Facts.SettingBefore(ConfDefaultsOW, w.Span.Start); ok {
		if on, _ := s.Value.Truth(); on {
			if !detail {
				return true, "", nil
			}
			return true, fmt.Sprintf("new tables default to optimized writes (%s)", p.PlaceOf(s.At)), p.turnedOn(s.At)
		}
	}
	if p.Config.Rules.AssumeOptimizedWrites {
		return true, "assume-optimized-writes is set in the configuration", nil
	}
	return false, "", nil
}

// writerOptimizeWrite is the write's own optimized-writes option:
// .option("optimizeWrite", ...) (a Delta writer option from 3.1, and
// Databricks'), or the table property given as an option, which the
// writer applies to the table it creates.
func writerOptimizeWrite(w *facts.Write) (string, facts.Value, bool) {
	for _, key := range []string{"optimizewrite", PropOptimizeWrite} {
		if v, ok := w.Options[key]; ok {
			if key == PropOptimizeWrite {
				return "delta.autoOptimize.optimizeWrite", v, true
			}
			return "optimizeWrite", v, true
		}
	}
	return "", facts.Value{}, false
}

// TargetName describes a write target for messages.
func TargetName(t facts.Target) string {
	switch {
	case t.Table != "":
		return tableName(t.Table)
	case t.Path != "":
		return pathName(t.Path)
	case t.Expr != "":
		return "the target given as " + Quote(t.Expr)
	}
	return "the target"
}

// SameTable reports whether two targets name the same table by a known
// name or path, compared as the catalog compares them.
func SameTable(a, b facts.Target) bool {
	return a.Table != "" && catalog.NormalizeName(a.Table) == catalog.NormalizeName(b.Table) ||
		a.Path != "" && catalog.NormalizePath(a.Path) == catalog.NormalizePath(b.Path)
}

// TableLabel names a table for messages by its name, else by its location:
// "main.sales.events", "the table given as `t`", "the table at
// `{LAKE}/bronze/x`"; never an empty name or a bare placeholder.
func TableLabel(name, location string) string {
	switch {
	case name != "":
		return tableName(name)
	case location != "":
		return "the table at " + Quote(location)
	}
	return "the table"
}

// TableOf names a table of the catalog as TargetName does a target: by
// its name, else its path (quoted, as the table at it, when parts of it
// are placeholders), else the variable whose run-time value it is ("the
// table at `delta_path`").
func TableOf(t *catalog.Table) string {
	if t != nil && t.Name == "" && t.Path == "" && t.Expr != "" {
		return "the table at " + Quote(t.Expr)
	}
	if t == nil || t.Name == "" && t.Path == "" {
		return "the table"
	}
	return TargetName(facts.Target{Table: t.Name, Path: t.Path})
}

// KindLabel is TableLabel with what kind of table it is ("Delta table",
// "new Delta table"), as a message's subject: "Delta table
// main.sales.events", "the Delta table at `p`".
func KindLabel(kind, name, location string) string {
	l := TableLabel(name, location)
	if rest, ok := strings.CutPrefix(l, "the table"); ok {
		return "the " + kind + rest
	}
	return kind + " " + l
}

// pathName is a path for a message: as written when literal, quoted and
// said to be a table's place when parts of it are placeholders.
func pathName(path string) string {
	if strings.ContainsAny(path, "{}") {
		return "the table at " + Quote(path)
	}
	return path
}

// tableName is a table's name for a message. A name a helper builds from a
// parameter (f"VACUUM {t} ...") is an open placeholder, which reads as the
// table the caller gives, not as a table called "{t}".
func tableName(name string) string {
	if strings.IndexByte(name, '{') < 0 {
		return name
	}
	if len(name) > 2 && name[0] == '{' && name[len(name)-1] == '}' {
		if inner := name[1 : len(name)-1]; !strings.ContainsAny(inner, "{}") {
			return "the table given as " + Quote(inner)
		}
	}
	return Quote(name)
}

// Quote renders a value the way it would be written in code, for messages.
func Quote(s string) string { return "`" + s + "`" }

// TransformText is how a transform reads in a message: ".coalesce(1)" or "/*+ REPARTITION(8) */".
func TransformText(t *facts.Transform) string { return transformText("", t) }

// RemoveTransform is the title of a fix that removes t, "Remove
// .coalesce(1)", and t's text (TransformText), made as one string.
func RemoveTransform(t *facts.Transform) (title, text string) {
	const remove = "Remove "
	title = transformText(remove, t)
	return title, title[len(remove):]
}

// transformText is TransformText after prefix.
func transformText(prefix string, t *facts.Transform) string {
	var b strings.Builder
	b.Grow(len(prefix) + len(t.Name) + 16) // most transforms: no growth
	b.WriteString(prefix)
	if t.Hint {
		b.WriteString("/*+ ")
	} else {
		b.WriteByte('.')
	}
	b.WriteString(t.Name)
	b.WriteByte('(')
	open := b.Len() // the arguments start here; a comma goes between those that are not empty
	if t.HasNum {
		if t.NumPartitions.Known() {
			b.WriteString(t.NumPartitions.Text())
		} else {
			b.WriteByte('n')
		}
	}
	for _, c := range t.Columns {
		if b.Len() > open {
			b.WriteString(", ")
		}
		if t.Hint {
			b.WriteString(c.Name)
		} else if c.Name == "" {
			b.WriteString("…") // a column not named by a literal: repartition(key)
		} else {
			b.WriteByte('"')
			b.WriteString(c.Name)
			b.WriteByte('"')
		}
	}
	if t.Hint {
		b.WriteString(") */")
	} else {
		b.WriteByte(')')
	}
	return b.String()
}

// canonicalKeys spell well-known keys the way the documentation does; facts
// keep keys lower-cased so they compare case-insensitively.
var canonicalKeys = map[string]string{}

func init() {
	for _, k := range []string{
		"spark.databricks.delta.optimizeWrite.enabled",
		"spark.databricks.delta.autoCompact.enabled",
		"spark.databricks.delta.properties.defaults.autoOptimize.optimizeWrite",
		"spark.databricks.delta.properties.defaults.autoOptimize.autoCompact",
		"spark.databricks.delta.retentionDurationCheck.enabled",
		"spark.sql.adaptive.enabled",
		"spark.sql.shuffle.partitions",
		"delta.autoOptimize.optimizeWrite",
		"delta.autoOptimize.autoCompact",
		"pipelines.autoOptimize.managed",
	} {
		canonicalKeys[strings.ToLower(k)] = k
	}
}

// DisplayKey returns a setting or property key as people write it.
func DisplayKey(key string) string {
	if k, ok := canonicalKeys[strings.ToLower(key)]; ok {
		return k
	}
	return key
}

// WrittenSettings are the settings the file's code writes, wherever: its
// session settings (and those its calls of helpers make), then those in
// the bodies of its functions that no call made yet (facts.File.OtherSettings).
// Rules that judge a setting itself (a key Spark does not know, a safety
// check switched off) read these; what a setting does to a write is the
// session's (Settings, SettingBefore).
func (p *Pass) WrittenSettings() []*facts.Setting {
	if len(p.Facts.OtherSettings) == 0 {
		return p.Facts.Settings
	}
	at := make(map[facts.Span]bool, len(p.Facts.Settings))
	for _, s := range p.Facts.Settings {
		at[s.At] = true
	}
	out := slices.Clip(p.Facts.Settings)
	for _, s := range p.Facts.OtherSettings {
		if !at[s.At] {
			at[s.At] = true
			out = append(out, s)
		}
	}
	return out
}
