// Package ll303 reports optimized writes or auto compaction switched off.
package ll303

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL303",
	Name:     "optimized-writes-disabled",
	Severity: finding.Warning,
	Summary:  "Optimized writes or auto compaction is switched off by a session setting or a table property.",
	Why: `Optimized writes shuffle data before a Delta write so files land near 128 MB; auto
compaction merges small files right after a write. Switching either off brings back
one file per task per partition on every write, and the table slows down week by
week until someone runs OPTIMIZE. If a job really must skip them, say why in a
noqa comment.`,
	Lang:    "sql",
	Example: `ALTER TABLE main.sales.events SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false');`,
	Better:  `ALTER TABLE main.sales.events SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true');`,
}

var Rule = rule.New(Doc, check)

// switches are the settings and properties whose "false" this rule reports.
var switches = map[string]string{
	rule.ConfOptimizeWrite: "optimized writes",
	rule.ConfAutoCompact:   "auto compaction",
	rule.ConfDefaultsPrefix + "autooptimize.optimizewrite": "optimized writes for new tables",
	rule.ConfDefaultsPrefix + "autooptimize.autocompact":   "auto compaction for new tables",
	rule.PropOptimizeWrite:                                 "optimized writes",
	rule.PropAutoCompact:                                   "auto compaction",
}

func check(p *rule.Pass) {
	for _, s := range p.Facts.Settings {
		report(p, s.Key, s.Value, s.At)
	}
	for _, d := range p.Facts.Tables {
		for _, k := range sortedKeys(d.Properties) {
			report(p, k, d.Properties[k], d.Properties[k].Span)
		}
	}
	for _, a := range p.Facts.Alters {
		for _, k := range sortedKeys(a.Set) {
			report(p, k, a.Set[k], a.Set[k].Span)
		}
	}
	for _, w := range p.Facts.Writes {
		for _, k := range sortedKeys(w.Properties) {
			report(p, k, w.Properties[k], w.Properties[k].Span)
		}
	}
}

func report(p *rule.Pass, key string, v facts.Value, at facts.Span) {
	what, ok := switches[strings.ToLower(key)]
	if !ok {
		return
	}
	if on, known := v.Truth(); !known || on {
		return
	}
	if at == (facts.Span{}) {
		return
	}
	p.Report(at, fmt.Sprintf("%s = false switches off %s: every write then leaves one small file per task and partition; remove it or set it to true", rule.DisplayKey(key), what))
}

func sortedKeys(m map[string]facts.Value) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	// deterministic order; findings are sorted by position later anyway
	for i := 1; i < len(keys); i++ {
		for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
			keys[j], keys[j-1] = keys[j-1], keys[j]
		}
	}
	return keys
}
