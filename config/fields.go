package config

import (
	"path/filepath"
	"strings"

	"github.com/lakelint/lakelint/finding"
	"gopkg.in/yaml.v3"
)

// The keys a config file may hold, each with what decodes its value.

var topFields = map[string]field{
	"select": func(d *decoder, key string, v *yaml.Node) {
		if sels, ok := d.codes(key, v); ok {
			d.layer.replace = true
			d.layer.pos = append(d.layer.pos, sels...)
		}
	},
	"extend-select": func(d *decoder, key string, v *yaml.Node) {
		if sels, ok := d.codes(key, v); ok {
			d.layer.pos = append(d.layer.pos, sels...)
		}
	},
	"ignore": func(d *decoder, key string, v *yaml.Node) {
		if sels, ok := d.codes(key, v); ok {
			d.layer.neg = append(d.layer.neg, sels...)
		}
	},
	"per-file-ignores": func(d *decoder, key string, v *yaml.Node) {
		d.pairs(key, v, func(k, val *yaml.Node) {
			g, err := compileGlob(k.Value)
			if err != nil {
				d.errorf(k, "%s: %v", key, err)
				return
			}
			if sels, ok := d.codes(key+"."+k.Value, val); ok {
				d.cfg.perFileIgnores = append(d.cfg.perFileIgnores, fileIgnore{glob: g, codes: sels})
			}
		})
	},
	"severity": func(d *decoder, key string, v *yaml.Node) {
		d.pairs(key, v, func(k, val *yaml.Node) {
			sel, err := parseSelector(k.Value)
			if err != nil {
				d.errorf(k, "%s: %v", key, err)
				return
			}
			s, ok := d.str(key+"."+k.Value, val)
			if !ok {
				return
			}
			sev, ok := finding.ParseSeverity(strings.ToLower(s))
			if !ok {
				d.errorf(val, "%s.%s: want error, warning, info or hint, got %q", key, k.Value, s)
				return
			}
			d.cfg.severities = append(d.cfg.severities, severityOverride{sel: sel, severity: sev})
		})
	},
	"exclude": func(d *decoder, key string, v *yaml.Node) {
		if gs, ok := d.globs(key, v); ok {
			d.cfg.exclude = gs
		}
	},
	"test-paths": func(d *decoder, key string, v *yaml.Node) {
		if gs, ok := d.globs(key, v); ok {
			d.cfg.testPaths = gs
		}
	},
	"extend-exclude": func(d *decoder, key string, v *yaml.Node) {
		if gs, ok := d.globs(key, v); ok {
			d.cfg.extendExclude = gs
		}
	},
	"default-format": func(d *decoder, key string, v *yaml.Node) {
		s, ok := d.str(key, v)
		if ok && strings.TrimSpace(s) == "" {
			d.errorf(v, "%s: want a format name such as delta or parquet", key)
			return
		}
		if ok {
			d.cfg.Rules.DefaultFormat = strings.ToLower(strings.TrimSpace(s))
		}
	},
	"assume-optimized-writes": func(d *decoder, key string, v *yaml.Node) {
		if b, ok := d.boolean(key, v); ok {
			d.cfg.Rules.AssumeOptimizedWrites = b
		}
	},
	"max-partition-columns": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.wholeNumber(key, v); ok {
			d.cfg.Rules.MaxPartitionColumns = n
		}
	},
	"high-cardinality-patterns": func(d *decoder, key string, v *yaml.Node) {
		if ps, ok := d.strings(key, v); ok {
			d.cfg.Rules.HighCardinalityPatterns = lowerAll(ps)
		}
	},
	"low-cardinality-patterns": func(d *decoder, key string, v *yaml.Node) {
		if ps, ok := d.strings(key, v); ok {
			d.cfg.Rules.LowCardinalityPatterns = lowerAll(ps)
		}
	},
	"vacuum-min-retention-hours": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.wholeNumber(key, v); ok {
			d.cfg.Rules.VacuumMinRetentionHours = n
		}
	},
	"required-properties": func(d *decoder, key string, v *yaml.Node) {
		if ps, ok := d.strings(key, v); ok {
			d.cfg.Rules.RequiredProperties = ps
		}
	},
	"max-file-size": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.size(key, v); ok {
			d.cfg.Rules.MaxFileSize = n
		}
	},
	// min-streaming-trigger is min-trigger-interval's old name, still read
	"min-streaming-trigger": func(d *decoder, key string, v *yaml.Node) {
		d.warnf(v, "%s is deprecated: name it min-trigger-interval", key)
		if t, ok := d.duration(key, v); ok {
			d.cfg.Rules.MinStreamingTrigger = t
		}
	},
	"min-trigger-interval": func(d *decoder, key string, v *yaml.Node) {
		if t, ok := d.duration(key, v); ok {
			d.cfg.Rules.MinStreamingTrigger = t
		}
	},
	"min-batch-interval": func(d *decoder, key string, v *yaml.Node) {
		if t, ok := d.duration(key, v); ok {
			d.cfg.Rules.MinBatchInterval = t
		}
	},
	"suggested-trigger": func(d *decoder, key string, v *yaml.Node) {
		if t, ok := d.duration(key, v); ok {
			if t <= 0 {
				d.errorf(v, "%s: want a positive duration", key)
				return
			}
			d.cfg.Rules.SuggestedTrigger = t
		}
	},
	"stats": func(d *decoder, key string, v *yaml.Node) {
		d.mapping(v, key, statsFields)
	},
}

var statsFields = map[string]field{
	"small-file-threshold": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.size(key, v); ok {
			d.cfg.Stats.SmallFileThreshold = n
		}
	},
	"large-table-size": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.size(key, v); ok {
			d.cfg.Stats.LargeTableSize = n
		}
	},
	"min-files": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.wholeNumber(key, v); ok {
			d.cfg.Stats.MinFiles = n
		}
	},
	"max-partitions": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.wholeNumber(key, v); ok {
			d.cfg.Stats.MaxPartitions = n
		}
	},
	"min-streaming-commits": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.wholeNumber(key, v); ok {
			d.cfg.Stats.MinStreamingCommits = n
		}
	},
	"timeout": func(d *decoder, key string, v *yaml.Node) {
		if t, ok := d.duration(key, v); ok {
			d.cfg.Stats.Timeout = t
		}
	},
	"history-limit": func(d *decoder, key string, v *yaml.Node) {
		if n, ok := d.wholeNumber(key, v); ok {
			d.cfg.Stats.HistoryLimit = n
		}
	},
	"file": func(d *decoder, key string, v *yaml.Node) {
		s, ok := d.str(key, v)
		if !ok || s == "" {
			return
		}
		s = filepath.FromSlash(s)
		if !filepath.IsAbs(s) {
			s = filepath.Join(d.cfg.Dir, s)
		}
		d.cfg.Stats.File = s
	},
	"require": func(d *decoder, key string, v *yaml.Node) {
		if b, ok := d.boolean(key, v); ok {
			d.cfg.Stats.Require = b
		}
	},
	"tables": func(d *decoder, key string, v *yaml.Node) {
		if m, ok := d.stringMap(key, v); ok {
			d.cfg.Stats.Tables = m
		}
	},
	"path-prefixes": func(d *decoder, key string, v *yaml.Node) {
		if m, ok := d.stringMap(key, v); ok {
			d.cfg.Stats.PathPrefixes = m
		}
	},
	"databricks": func(d *decoder, key string, v *yaml.Node) {
		d.mapping(v, key, databricksFields)
	},
}

var databricksFields = map[string]field{
	"host": func(d *decoder, key string, v *yaml.Node) {
		if s, ok := d.str(key, v); ok {
			d.cfg.Stats.Databricks.Host = s
		}
	},
	"warehouse-id": func(d *decoder, key string, v *yaml.Node) {
		if s, ok := d.str(key, v); ok {
			d.cfg.Stats.Databricks.WarehouseID = s
		}
	},
	"profile": func(d *decoder, key string, v *yaml.Node) {
		if s, ok := d.str(key, v); ok {
			d.cfg.Stats.Databricks.Profile = s
		}
	},
	"token": func(d *decoder, key string, v *yaml.Node) {
		// Reported at the value's line; the value itself is never echoed.
		d.errorf(v, "%s: a token does not belong in a config file that may be committed; "+
			"remove it and set the DATABRICKS_TOKEN environment variable instead", key)
	},
}

func lowerAll(ss []string) []string {
	for i, s := range ss {
		ss[i] = strings.ToLower(s)
	}
	return ss
}
