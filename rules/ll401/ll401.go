// Package ll401 reports a VACUUM whose retention is shorter than the safe minimum.
package ll401

import (
	"strconv"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL401",
	Name:     "vacuum-retention-too-short",
	Severity: finding.Error,
	Summary:  "VACUUM (or `DeltaTable.vacuum(n)`) retains fewer hours of old files than the safe minimum (7 days by default).",
	Why: `VACUUM deletes data files that the table no longer references and that are older than the
retention period. Readers and streams still working from an older snapshot, and any
time travel to it, need those files: with a short retention a long-running query or a
lagging stream fails with missing files, and a concurrent writer's commit can be
corrupted. Delta's own safety check refuses retentions under 168 hours for this reason.
VACUUM ... DRY RUN lists the files it would delete and deletes nothing: it is not reported.
A DeltaTable a helper returns (get_table(spark, "main.s.t").vacuum(0)), in the same file or
another module, is the table the call names.`,
	Lang:      "sql",
	Example:   `VACUUM main.sales.events RETAIN 24 HOURS;`,
	Better:    `VACUUM main.sales.events RETAIN 168 HOURS;`,
	Fix:       rule.UnsafeFix,
	FixSafety: "The fix raises the retention to the configured minimum. Old files are then kept longer, which costs storage; a job that relied on reclaiming space quickly would keep more files, so the fix is unsafe.",
	Options:   []string{"vacuum-min-retention-hours"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	min := float64(p.Config.Rules.VacuumMinRetentionHours)
	// a helper's VACUUM and its copies applied at calls in the same file
	// share the retention written in the helper: reported once, there
	seen := map[facts.Span]bool{}
	for _, m := range p.Facts.Maintenance {
		if m.Kind != facts.Vacuum || !m.HasRetain || m.DryRun || seen[m.Retain.Span] {
			continue
		}
		hours, ok := m.Retain.Number()
		if !ok || hours >= min {
			continue
		}
		want := strconv.Itoa(p.Config.Rules.VacuumMinRetentionHours)
		msg := "VACUUM of " + rule.TargetName(m.Target) + " retains " + trim(hours) + " hours, less than the safe minimum of " + want +
			": readers, lagging streams and time travel lose the files they need"
		var fixes []rule.Fix
		if (m.Retain.Kind == facts.Int || m.Retain.Kind == facts.Float) && !m.Retain.ReadOnly {
			fixes = append(fixes, rule.Fix{Title: "Retain " + want + " hours",
				Edits: []facts.Edit{{Span: m.Retain.Span, NewText: want}}})
		}
		seen[m.Retain.Span] = true
		p.Report(m.Retain.Span, msg, fixes...)
	}
}

func trim(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
