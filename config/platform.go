package config

import (
	"strings"

	"gopkg.in/yaml.v3"
)

// Platform is where Spark code runs: it decides facts such as whether MERGE
// is an optimized write or whether Unity Catalog tunes a table's files.
type Platform string

const (
	PlatformAuto       Platform = "auto" // decide from the project's evidence
	PlatformDatabricks Platform = "databricks"
	PlatformOSS        Platform = "oss" // open-source Spark with delta-spark
	// PlatformUnknown is what auto resolves to without evidence: rules that
	// depend on the platform then take the reading that raises no finding.
	PlatformUnknown Platform = "unknown"
)

func init() {
	topFields["platform"] = func(d *decoder, key string, v *yaml.Node) {
		s, ok := d.str(key, v)
		if !ok {
			return
		}
		switch p := Platform(strings.ToLower(strings.TrimSpace(s))); p {
		case PlatformAuto, PlatformDatabricks, PlatformOSS:
			d.cfg.Rules.Platform = p
		default:
			d.errorf(v, "%s: want auto, databricks or oss, got %q", key, s)
		}
	}
	topFields["unity-catalog-auto-tuning"] = func(d *decoder, key string, v *yaml.Node) {
		if b, ok := d.boolean(key, v); ok {
			d.cfg.Rules.UnityCatalogAutoTuning = b
		}
	}
}
