// Package ll501 reports adaptive query execution switched off.
package ll501

import (
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL501",
	Name:     "adaptive-execution-disabled",
	Severity: finding.Warning,
	Summary:  "`spark.sql.adaptive.enabled` is set to false.",
	Why: `Adaptive query execution merges small shuffle partitions after a shuffle, so a write
that follows a join or aggregation runs as many tasks as the data needs instead of
spark.sql.shuffle.partitions (200 by default). Without it, every such write makes up to
200 files per table partition however little data there is, and skewed joins are not
split. It has been on by default since Spark 3.2.
A setting made outside the code (a project's spark-defaults.conf, a bundle job cluster's
spark_conf or a spark_submit_task --conf parameter) is reported once, at its own line
there, where a noqa comment silences it; one a helper module makes is reported at the
first write of each file it applies to, citing its line.`,
	Lang:          "python",
	Example:       `spark.conf.set("spark.sql.adaptive.enabled", "false")`,
	Better:        `# leave adaptive query execution on (the default)`,
	SettingsFiles: true,
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, s := range p.WrittenSettings() {
		if s.Key != rule.ConfAdaptive || s.At.Foreign() {
			continue
		}
		if on, known := s.Value.Truth(); known && !on {
			p.Report(s.At, "adaptive query execution is switched off: writes after a shuffle then make one file per shuffle partition (200 by default) instead of merging small partitions")
		}
	}
	inherited(p)
}

// inherited reports adaptive execution switched off outside the file's code
// (by a helper module whose session it uses) at the file's first write,
// when it is still off there: the file's writes are what it costs. A
// settings file's setting (a spark-defaults.conf, a job cluster's
// spark_conf) is reported once, at its own line (Doc.SettingsFiles).
func inherited(p *rule.Pass) {
	if len(p.Facts.Writes) == 0 {
		return
	}
	w := p.Facts.Writes[0]
	s, ok := p.Facts.SettingBefore(rule.ConfAdaptive, w.Span.Start)
	if !ok || !s.At.Foreign() || s.InSettingsFile() { // a settings file's is reported there
		return
	}
	if on, known := s.Value.Truth(); known && !on {
		p.ReportRelated(w.At, "adaptive query execution is switched off for this job ("+rule.DisplayKey(s.Key)+" is set to false on "+p.PlaceOf(s.At)+
			"): its writes after a shuffle then make one file per shuffle partition (200 by default) instead of merging small partitions",
			[]rule.Related{{At: s.At, Message: "adaptive query execution is switched off here"}})
	}
}
