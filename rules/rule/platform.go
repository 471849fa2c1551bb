package rule

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/config"
	"github.com/lakelint/lakelint/facts"
)

// OptimizedWritesOff says whether optimized writes are known to be off for a
// write, and why: turned off by the session or the table, or left off by
// default on open-source Delta. On Databricks or an unknown platform, where
// the compute may turn them on (serverless always does), nothing short of a
// setting says they are off.
func (p *Pass) OptimizedWritesOff(w *facts.Write) (bool, string, []Related) {
	if on, _ := p.OptimizedWrites(w); on {
		return false, "", nil
	}
	if s, ok := p.Facts.SettingBefore(ConfOptimizeWrite, w.Span.Start); ok {
		if on, known := s.Value.Truth(); known && !on {
			return true, fmt.Sprintf("%s is set to false on %s", DisplayKey(s.Key), p.Place(s.At.Start)),
				[]Related{{At: s.At, Message: "optimized writes are turned off here"}}
		}
	}
	if v, ok := w.Properties[PropOptimizeWrite]; ok {
		if on, known := v.Truth(); known && !on {
			return true, "the write sets delta.autoOptimize.optimizeWrite to false", []Related{{At: v.Span, Message: "optimized writes are turned off here"}}
		}
	}
	t := p.Table(w.Target)
	if v, ok := t.Property(PropOptimizeWrite); ok {
		if on, known := v.Truth(); known && !on {
			return true, fmt.Sprintf("%s sets delta.autoOptimize.optimizeWrite to false", t.DisplayName()), nil
		}
	}
	if p.Platform == config.PlatformOSS {
		return true, "open-source Delta leaves optimized writes off unless the session or the table turns them on", nil
	}
	return false, "", nil
}

// TunedByUnityCatalog reports whether a definition makes a Unity Catalog
// managed table, whose file sizes Databricks tunes itself (predictive
// optimization, auto-tuned file sizes): a three-part name outside
// hive_metastore with no LOCATION, on Databricks with
// unity-catalog-auto-tuning on. On an unknown platform the reading that
// raises no finding is taken: such a name is Unity Catalog's.
func (p *Pass) TunedByUnityCatalog(d *facts.TableDef) bool {
	if !p.Config.Rules.UnityCatalogAutoTuning || p.Platform == config.PlatformOSS {
		return false
	}
	if d.Location != "" || d.Name == "" {
		return false
	}
	parts := strings.Split(d.Name, ".")
	if len(parts) != 3 {
		return false
	}
	switch strings.ToLower(parts[0]) {
	case "hive_metastore", "spark_catalog", "delta":
		return false
	}
	return true
}
