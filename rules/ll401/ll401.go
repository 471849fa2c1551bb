// Package ll401 reports a VACUUM whose retention is shorter than the safe minimum.
package ll401

import (
	"slices"
	"strconv"
	"strings"

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
A VACUUM handed to something other than spark.sql to run is read too: a Databricks SQL
cursor's execute, a keyword argument named sql, query or sql_query (a scheduler's task),
the item after --query or --sql in a command line.
A DeltaTable a helper returns (get_table(spark, "main.s.t").vacuum(0)), in the same file or
another module, is the table the call names. A helper's VACUUM is reported once, at its
retention, naming the tables its calls in the same file give (a parameter's default when a
call passes none); the default a call from another module leaves is named there too.
A retention that is a default is reported at the default, saying whose it is and where the
VACUUM is: a parameter's default that a call leaves in place or passes on down a chain of
helpers, a click or typer option's default (the value its command runs with when the option is
not given), an argparse argument's default read from the parsed namespace (args.hours).`,
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
	want := strconv.Itoa(p.Config.Rules.VacuumMinRetentionHours)
	for _, g := range groups(p.Facts.Maintenance, min) {
		m := g.first
		msg := "VACUUM of " + g.name() + " retains " + trim(g.hours) + " hours" + from(p, m) + ", less than the safe minimum of " + want +
			": readers, lagging streams and time travel lose the files they need"
		var fixes []rule.Fix
		if (m.Retain.Kind == facts.Int || m.Retain.Kind == facts.Float) && !m.Retain.ReadOnly {
			fixes = append(fixes, rule.Fix{Title: "Retain " + want + " hours",
				Edits: []facts.Edit{{Span: m.Retain.Span, NewText: want}}})
		}
		p.Report(m.Retain.Span, msg, fixes...)
	}
}

// group is the VACUUMs reported as one: a helper's and its copies applied
// at calls share the retention written in the helper, and are reported
// once, there, naming the tables the calls give.
type group struct {
	first *facts.Maintenance
	hours float64
	names []string // the known tables, in order, each once
}

// groups are the VACUUMs that retain fewer than min hours, grouped by
// the retention they share.
func groups(ms []*facts.Maintenance, min float64) []*group {
	var out []*group
	byAt := map[facts.Span]*group{}
	for _, m := range ms {
		if m.Kind != facts.Vacuum || !m.HasRetain || m.DryRun {
			continue
		}
		hours, ok := m.Retain.Number()
		if !ok || hours >= min {
			continue
		}
		at := m.Retain.Span
		if at.Foreign() {
			continue // a helper of another module's retention: reported there, once
		}
		g := byAt[at]
		if g == nil {
			g = &group{first: m, hours: hours}
			byAt[at] = g
			out = append(out, g)
		}
		if named(m.Target) {
			if n := rule.TargetName(m.Target); !slices.Contains(g.names, n) {
				g.names = append(g.names, n)
			}
		}
	}
	return out
}

// named reports whether a target's name or path is known whole, not a
// helper's placeholder.
func named(t facts.Target) bool {
	return t.Known() && !strings.ContainsAny(t.Table+t.Path, "{}")
}

// name says which tables the VACUUM cleans: those known, else how the
// helper's code names its table.
func (g *group) name() string {
	switch len(g.names) {
	case 0:
		return rule.TargetName(g.first.Target)
	case 1:
		return g.names[0]
	}
	return strings.Join(g.names[:len(g.names)-1], ", ") + " and " + g.names[len(g.names)-1]
}

// from says where a retention that is a default comes from and where the
// VACUUM that keeps it is (the finding is at the default): " (the default
// of --retention-hours; the VACUUM is on line 336 of src/jobs/job.py)";
// "" for a retention written in the VACUUM or passed to it.
func from(p *rule.Pass, m *facts.Maintenance) string {
	if m.Retain.From == "" {
		return ""
	}
	return " (" + m.Retain.From + "; the VACUUM is on " + p.PlaceOf(m.At) + ")"
}

func trim(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }
