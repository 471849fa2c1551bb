// Package ll402 reports the VACUUM retention safety check switched off.
package ll402

import (
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL402",
	Name:     "retention-check-disabled",
	Severity: finding.Warning,
	Summary:  "`spark.databricks.delta.retentionDurationCheck.enabled` is set to false.",
	Why: `The retention duration check is what stops a VACUUM with a retention under 7 days. It is
switched off almost only to run such a VACUUM, which deletes files that running readers,
lagging streams and time travel still need. Keep the check on and vacuum with the
default retention. A setting in a function's body is reported where it is written, whether
or not a call in the project runs it: maintenance helpers are often run from outside it. So is
one the code gives another job: a spark-submit command line's --conf k=v (a list's items, a
("conf", "k=v") pair, or one string), a cluster's spark_conf or an operator's conf dict in a
scheduler's job settings.`,
	Lang: "python",
	Example: `spark.conf.set("spark.databricks.delta.retentionDurationCheck.enabled", "false")
spark.sql("VACUUM main.sales.events RETAIN 1 HOURS")`,
	Better:        `spark.sql("VACUUM main.sales.events")`,
	SettingsFiles: true,
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, s := range p.WrittenSettings() {
		if s.Key != rule.ConfRetentionCheck {
			continue
		}
		if on, known := s.Value.Truth(); known && !on {
			p.Report(s.At, "the VACUUM retention check is switched off: a short retention then deletes files that readers, streams and time travel still need")
		}
	}
}
