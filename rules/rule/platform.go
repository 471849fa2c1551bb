package rule

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/platform"
)

// OptimizedWritesOff says whether optimized writes are known to be off for a
// write, and why: turned off by the session or the table, or left off by
// default on open-source Delta. On Databricks or an unknown platform, where
// the compute may turn them on (serverless always does), nothing short of a
// setting says they are off.
func (p *Pass) OptimizedWritesOff(w *facts.Write) (bool, string, []Related) {
	if p.optimizedWritesOn(w) {
		return false, "", nil
	}
	if s, ok := p.Facts.SettingBefore(ConfOptimizeWrite, w.Span.Start); ok {
		if on, known := s.Value.Truth(); known && !on {
			return true, fmt.Sprintf("%s is set to false on %s", DisplayKey(s.Key), p.PlaceOf(s.At)),
				[]Related{{At: s.At, Message: "optimized writes are turned off here"}}
		}
	}
	if v, ok := w.Properties[PropOptimizeWrite]; ok {
		if on, known := v.Truth(); known && !on {
			return true, "the write sets delta.autoOptimize.optimizeWrite to false", []Related{{At: v.Span, Message: "optimized writes are turned off here"}}
		}
	}
	if key, v, ok := writerOptimizeWrite(w); ok {
		if on, known := v.Truth(); known && !on {
			return true, "the write sets option " + Quote(key) + " to false", []Related{{At: v.Span, Message: "optimized writes are turned off here"}}
		}
	}
	t := p.Table(w.Target)
	if v, ok := t.Property(PropOptimizeWrite); ok {
		if on, known := v.Truth(); known && !on {
			why := fmt.Sprintf("%s sets delta.autoOptimize.optimizeWrite to false", TableOf(t))
			return true, why, TablePropertyCited(t, PropOptimizeWrite, "turns optimized writes off")
		}
	}
	if p.Platform == config.PlatformOSS {
		return true, "open-source Delta leaves optimized writes off unless the session or the table turns them on", nil
	}
	return false, "", nil
}

// TunedByUnityCatalog reports whether a definition may make a Unity Catalog
// managed table, whose file sizes Databricks tunes itself (predictive
// optimization, auto-tuned file sizes): no LOCATION, and a name outside
// hive_metastore and the catalogs the session registers as Spark plugins, on
// Databricks with unity-catalog-auto-tuning on. A one- or
// two-part name lands in the session's current catalog, which in a Unity
// Catalog workspace is Unity Catalog's: what the code cannot tell, the
// reading that raises no finding decides; so too on an unknown platform.
func (p *Pass) TunedByUnityCatalog(d *facts.TableDef) bool {
	if !p.Config.Rules.UnityCatalogAutoTuning || p.Platform == config.PlatformOSS {
		return false
	}
	if d.Location != "" || d.Name == "" {
		return false
	}
	parts := strings.Split(d.Name, ".")
	switch strings.ToLower(parts[0]) {
	case "hive_metastore", "spark_catalog", "delta":
		return false // the legacy metastore, or a path table (delta.`/path`)
	}
	if len(parts) == 3 && p.pluginCatalog(parts[0]) {
		return false // a catalog the session registers as a Spark plugin is not Unity Catalog's
	}
	return len(parts) <= 3
}

// pluginCatalog reports whether catalog is registered as a Spark catalog
// plugin (spark.sql.catalog.<catalog>): by the file's session settings
// (its code's, its project's spark-defaults.conf, its job cluster's
// spark_conf) or by another file of its project.
func (p *Pass) pluginCatalog(catalog string) bool {
	_, ok := p.plugin(catalog)
	return ok
}

// plugin is the Spark catalog plugin registered as catalog, the file's
// session's registration first, then its project's: a registration that
// names no class (options only) takes the project's class when it has one.
func (p *Pass) plugin(catalog string) (platform.Plugin, bool) {
	name := strings.ToLower(catalog)
	var own *platform.Plugin
	for _, pl := range platform.SessionPlugins(p.Facts.Settings) {
		if pl.Catalog == name {
			own = &pl
			break
		}
	}
	if own != nil && own.Class != "" {
		return *own, true
	}
	for _, pl := range p.Plugins {
		if pl.Catalog == name && (pl.Class != "" || own == nil) {
			return pl, true
		}
	}
	if own != nil {
		return *own, true
	}
	return platform.Plugin{Catalog: name}, false
}

// TableDefaultFormat is the format of the table named name when nothing
// the project says of it names one: the plugin's format in a catalog
// registered as a Spark catalog plugin (Iceberg's tables for Iceberg's
// catalog, "" when the plugin is not known), else DefaultFormat.
func (p *Pass) TableDefaultFormat(name string) string {
	if f, ok := p.pluginFormat(name); ok {
		return f
	}
	return p.DefaultFormat()
}

// pluginFormat is the format of the tables of a plugin catalog that the
// table named name is in (catalog.namespace.table, namespaces nested
// or not).
func (p *Pass) pluginFormat(name string) (string, bool) {
	parts := strings.Split(name, ".")
	if len(parts) < 3 {
		return "", false
	}
	pl, ok := p.plugin(parts[0])
	if !ok {
		return "", false
	}
	return pl.Format(), true
}

// ModelAddsFiles reports whether a dbt model's every run adds files to
// its Delta table that nothing on this platform sizes or compacts as it
// writes: an incremental append (but for a Unity Catalog managed table,
// which Databricks tunes), or a merge on open-source Delta, where MERGE is
// no optimized write. merges says which of the two.
func (p *Pass) ModelAddsFiles(d *facts.TableDef) (adds, merges bool) {
	if d.Kind != facts.DbtModel || p.DefFormat(d) != "delta" {
		return false, false
	}
	switch d.Strategy {
	case "append":
		return p.Platform == config.PlatformOSS || p.Platform == config.PlatformDatabricks && !p.TunedByUnityCatalog(d), false
	case "merge":
		return p.Platform == config.PlatformOSS, true
	}
	return false, false
}

// DefaultFormat is the format of a write or table that names none: the
// configured default-format, else the platform's own default: Delta on
// Databricks, Spark's data-source default (Parquet) on open-source Spark, and
// "" on an unknown platform, where rules that need to know take the reading
// that raises no finding.
func (p *Pass) DefaultFormat() string {
	if f := p.Config.Rules.DefaultFormat; f != "" {
		return strings.ToLower(f)
	}
	switch p.Platform {
	case config.PlatformDatabricks:
		return "delta"
	case config.PlatformOSS:
		return "parquet"
	}
	return ""
}

// AutoCompactionOffAt is the evidence that auto compaction is off for a
// write, which messages cite: the session's setting before it, else the
// table property's ALTER or definition, in this file or another; nil when
// nothing turns it off.
func (p *Pass) AutoCompactionOffAt(w *facts.Write) []Related {
	if s, ok := p.Facts.SettingBefore(ConfAutoCompact, w.Span.Start); ok {
		if on, known := s.Value.Truth(); known && !on {
			return []Related{{At: s.At, Message: "auto compaction is switched off here"}}
		}
		return nil
	}
	t := p.Table(w.Target)
	if v, ok := t.Property(PropAutoCompact); ok {
		if on, known := v.Truth(); known && !on {
			return TablePropertyCited(t, PropAutoCompact, "switches auto compaction off")
		}
	}
	return nil
}
