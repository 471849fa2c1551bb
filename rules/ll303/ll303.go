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
week until someone runs OPTIMIZE. With optimized writes on for the same table (or
session), switching auto compaction off still costs: each write's files are sized, but
the small ones a write leaves (a small append, a streaming micro-batch) are no longer
merged after it; a table with optimized writes on that nothing in the project writes (a
definition over data loaded elsewhere) is then not reported, since its small files are its
writers'. If a job really must skip them, say why in a noqa comment.
A setting made outside the code (a project's spark-defaults.conf, a bundle job cluster's
spark_conf, a spark_submit_task --conf parameter) is reported once, at its own line there;
"# noqa: LL303" at the end of the YAML line, or on a comment line directly above the
spark-defaults.conf line, silences it.`,
	Lang:          "sql",
	Example:       `ALTER TABLE main.sales.events SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'false');`,
	Better:        `ALTER TABLE main.sales.events SET TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true');`,
	SettingsFiles: true,
}

var Rule = rule.New(Doc, check)

// switches are the settings and properties whose "false" this rule reports.
var switches = map[string]string{
	rule.ConfOptimizeWrite: "optimized writes",
	rule.ConfAutoCompact:   "auto compaction",
	rule.ConfDefaultsOW:    "optimized writes for new tables",
	rule.ConfDefaultsAC:    "auto compaction for new tables",
	rule.PropOptimizeWrite: "optimized writes",
	rule.PropAutoCompact:   "auto compaction",
}

func check(p *rule.Pass) {
	for _, s := range p.Facts.Settings {
		// the session's auto compaction beside the session's optimized
		// writes; the defaults for new tables beside the defaults
		sessionOn := func() bool {
			if strings.HasPrefix(s.Key, rule.ConfDefaultsPrefix) {
				return settingTrue(p, rule.ConfDefaultsOW)
			}
			return settingTrue(p, rule.ConfOptimizeWrite)
		}
		report(p, s.Key, s.Value, s.At, "", sessionOn, nil)
	}
	for _, d := range p.Facts.Tables {
		on := func() bool {
			return isTrue(d.Properties, rule.PropOptimizeWrite) || tableTrue(p, facts.Target{Table: d.Name, Path: d.Location})
		}
		tg := facts.Target{Table: d.Name, Path: d.Location}
		for _, k := range sortedKeys(d.Properties) {
			report(p, k, d.Properties[k], d.Properties[k].Span, rule.TableLabel(d.Name, d.Location), on, &tg)
		}
	}
	for _, a := range p.Facts.Alters {
		on := func() bool {
			return isTrue(a.Set, rule.PropOptimizeWrite) || tableTrue(p, facts.Target{Table: a.Table, Path: a.Path})
		}
		tg := facts.Target{Table: a.Table, Path: a.Path}
		for _, k := range sortedKeys(a.Set) {
			report(p, k, a.Set[k], a.Set[k].Span, rule.TableLabel(a.Table, a.Path), on, &tg)
		}
	}
	for _, w := range p.Facts.Writes {
		on := func() bool { return isTrue(w.Properties, rule.PropOptimizeWrite) || tableTrue(p, w.Target) }
		for _, k := range sortedKeys(w.Properties) {
			report(p, k, w.Properties[k], w.Properties[k].Span, rule.TargetName(w.Target), on, &w.Target)
		}
	}
}

// report reports key = false when key is a switch; table names the table
// a property is set on ("" for a session setting), target is that table;
// optimizedOn says whether optimized writes are on where the switch is
// auto compaction's.
func report(p *rule.Pass, key string, v facts.Value, at facts.Span, table string, optimizedOn func() bool, target *facts.Target) {
	what, ok := switches[key] // settings as written, properties lower-cased
	if !ok {
		return
	}
	if on, known := v.Truth(); !known || on {
		return
	}
	if at == (facts.Span{}) {
		return
	}
	effect := "every write then leaves one small file per task and partition"
	switch {
	case strings.HasPrefix(what, "auto compaction") && optimizedOn():
		if target != nil && !written(p, *target) {
			// each write's files are sized; what auto compaction would
			// merge is what the writes leave, and the project makes none
			return
		}
		// optimized writes still size each write's files: what is lost is
		// the merge of the small files they leave
		effect = "optimized writes still shuffle each write into few files, but nothing merges the small files they leave " +
			"(a small append, a micro-batch, the last file of each partition) after the write, so they pile up until an OPTIMIZE"
	case strings.HasPrefix(what, "auto compaction"):
		// auto compaction writes no files: it merges those a write left
		effect = "nothing merges the small files each write leaves (one per task and partition, unless optimized writes are on) " +
			"after the write, so they pile up until an OPTIMIZE"
	}
	on := ""
	if table != "" {
		on = " of " + table // a script's statements may set it on different tables
	}
	p.Report(at, fmt.Sprintf("%s = false switches off %s%s: %s; remove it or set it to true", rule.DisplayKey(key), what, on, effect))
}

// written reports whether the project writes the table: a definition's
// policy line over a table loaded elsewhere leaves its small files to
// whoever writes it.
func written(p *rule.Pass, tg facts.Target) bool {
	t := p.Table(tg)
	return t == nil || t.Use.Writes > 0
}

// settingTrue reports whether the file sets the session conf key to true.
func settingTrue(p *rule.Pass, key string) bool {
	for _, s := range p.Facts.Settings {
		if s.Key == key {
			if on, known := s.Value.Truth(); known && on {
				return true
			}
		}
	}
	return false
}

// isTrue reports whether properties set key (lower-cased) to true.
func isTrue(props map[string]facts.Value, key string) bool {
	v, ok := props[key]
	on, known := v.Truth()
	return ok && known && on
}

// tableTrue reports whether the project's table t has optimized writes on.
func tableTrue(p *rule.Pass, t facts.Target) bool {
	if !t.Known() {
		return false
	}
	v, ok := p.Table(t).Property(rule.PropOptimizeWrite)
	on, known := v.Truth()
	return ok && known && on
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
