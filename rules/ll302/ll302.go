// Package ll302 reports tables written by a stream without auto compaction.
package ll302

import (
	"fmt"
	"slices"
	"strings"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/fixes"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL302",
	Name:     "streaming-target-without-auto-compact",
	Severity: finding.Warning,
	Summary:  "A stream writes a Delta table whose definition does not turn on auto compaction, nor does the session.",
	Why: `A stream commits every micro-batch, and every commit adds small files: at a trigger of a
minute that is 1,440 commits a day, each adding a few files of kilobytes to megabytes.
Auto compaction (delta.autoOptimize.autoCompact) merges small files right after the
commits that wrote them, so a streaming table stays fast to read without a separate
OPTIMIZE job. Set on the table, it applies to every writer; set in one session it
depends on that job remembering it. The rule reports at the stream's sink when the
table's definition is in the project (or its live properties are known) and says
nothing otherwise. Pipeline streaming tables are reported only when they set
pipelines.autoOptimize.managed to false, since the pipeline maintains them otherwise.

A dbt incremental model is a repeated writer too: each run of incremental_strategy 'append'
(dbt-spark's default) adds files, and so does 'merge' (dbt-databricks' default) on
open-source Delta, where a MERGE is no optimized write. Such a model on a Delta table whose
tblproperties (in the model's config() or in YAML) do not turn on auto compaction is
reported at its config() call (or first line), with how often a job runs it when a bundle
dbt_task or an Airflow DAG does. Not reported: merge on Databricks (MERGE always uses
optimized writes and auto compaction there), Unity Catalog managed models on Databricks
(no location_root: they tune their file sizes themselves), insert_overwrite and other
strategies, a strategy {% if %} branches set differently, and any model when the platform
is not known.`,
	Lang: "sql",
	Example: `CREATE TABLE main.web.clicks (id BIGINT, ts TIMESTAMP) USING DELTA;
-- elsewhere: clicks.writeStream.toTable("main.web.clicks")`,
	Better: `CREATE TABLE main.web.clicks (id BIGINT, ts TIMESTAMP) USING DELTA
TBLPROPERTIES ('delta.autoOptimize.autoCompact' = 'true');`,
	Fix: rule.SafeFix,
	FixSafety: `Two kinds: the ALTER TABLE after a CREATE ... LOCATION is unsafe (applied with
--unsafe-fixes only), the rest are safe. When the table's definition is in the same file,
the fix turns auto compaction on there with LL301's fix. For a table created without a
LOCATION (or by a CTAS) it adds 'delta.autoOptimize.autoCompact' = 'true' to the
definition's properties in the author's quoting and layout: safe, since a property changes
how future writes lay out files, never what data the table holds. For a CREATE [OR REPLACE]
TABLE ... LOCATION, which may register a table already there (Delta refuses one whose
properties differ from the table's), it adds a separate ALTER TABLE ... SET TBLPROPERTIES
statement after it in a SQL file or notebook cell: unsafe, since it changes a live table and
committing new properties can fail the running stream's commits (run it while the stream is
stopped). Inside spark.sql strings, for DeltaTable builders with a location and for
definitions at a location that already list properties there is no fix, and the fix run says
why. A definition in another file is named in the message. In a dbt model the fix adds
tblproperties={...} with auto compaction (and optimized writes when not set) to the model's
own config() call, in the {% if %} branch of the project's adapter when the call is in one
(safe: dbt creates the table with them, and properties never change what the table holds).
` + fixes.DbtYAMLSafety,
	Options: []string{"default-format", "stats.tables", "stats.file", "stats.databricks"},
}

var Rule = rule.New(Doc, check, rule.FileStreams)

func check(p *rule.Pass) {
	for _, w := range p.ResultOf[rule.FileStreams].([]*facts.Write) {
		if sessionCompacts(p, w.Span.Start) {
			continue
		}
		for _, tg := range targets(p, w) {
			t := tg.t
			where, known := lacks(t)
			if !known {
				continue
			}
			session, advice := "nor does this session", "set delta.autoOptimize.autoCompact on the table"
			related := lacksAt(t)
			if s, ok := p.Facts.SettingBefore(rule.ConfAutoCompact, w.Span.Start); ok {
				// the session's setting beats the table's property
				session = "and this session switches it off on " + p.PlaceOf(s.At)
				advice = "remove that setting and " + advice
				related = append(related, rule.Related{At: s.At, Message: "auto compaction is switched off here"})
			}
			rate := Rate(w)
			if sc := p.Schedule; sc != nil && w.Trigger != nil && (w.Trigger.Kind == facts.TriggerAvailableNow || w.Trigger.Kind == facts.TriggerOnce) {
				rate += ", and the job " + sc.Cite() // a run to completion, as often as it is scheduled
			}
			msg := fmt.Sprintf("the stream into %s makes %s, and %s, %s: each micro-batch's small files stay small until an OPTIMIZE; %s",
				rule.TableOf(t), rate, where, session, advice)
			var fixes []rule.Fix
			if d := localDef(p, t); d != nil {
				fixes = append(fixes, propertyFix(d))
			}
			p.ReportRelated(tg.at, msg, related, fixes...)
		}
	}
	for _, d := range p.Facts.Tables {
		if !d.Streaming && d.Kind != facts.StreamingTable || !unmanaged(d) || sessionCompacts(p, d.Span.Start) {
			continue
		}
		if v, ok := d.Properties[rule.PropAutoCompact]; ok && !isFalse(v) {
			continue
		}
		msg := fmt.Sprintf("streaming table %s sets pipelines.autoOptimize.managed to false and does not turn on auto compaction (delta.autoOptimize.autoCompact): "+
			"each update's small files stay small until an OPTIMIZE", rule.TableLabel(d.Name, d.Location))
		var fixes []rule.Fix
		if _, set := d.Properties[rule.PropAutoCompact]; !set {
			fixes = append(fixes, propertyFix(d))
		}
		p.Report(d.At, msg, fixes...)
	}
	models(p)
}

// models reports the dbt incremental models that add files to a Delta
// table on every run, by append or (where MERGE is not an optimized write)
// merge, with nothing turning auto compaction on: a repeated writer, as a
// stream is. On Databricks MERGE always compacts and Unity Catalog managed
// tables tune themselves; on an unknown platform nothing is said.
func models(p *rule.Pass) {
	for _, d := range p.Facts.Tables {
		adds, merges := p.ModelAddsFiles(d)
		if !adds {
			continue
		}
		how := "appends to its Delta table on every run (incremental_strategy 'append')"
		if merges {
			how = "merges into its Delta table on every run (incremental_strategy 'merge'; on open-source Delta a MERGE is no optimized write)"
		}
		if compacts(p, d) {
			continue
		}
		missing := []string{"delta.autoOptimize.autoCompact"}
		if _, set := d.Properties[rule.PropOptimizeWrite]; !set {
			missing = append(missing, "delta.autoOptimize.optimizeWrite")
		}
		msg := fmt.Sprintf("dbt model %s %s and does not turn on auto compaction: each run's small files stay small until an OPTIMIZE; set %s in the model's tblproperties config",
			d.Name, how, strings.Join(missing, " and "))
		if sc := p.Schedule; sc != nil {
			msg += "; the job " + sc.Cite()
		}
		var fix []rule.Fix
		if _, set := d.Properties[rule.PropAutoCompact]; !set {
			fix = append(fix, fixes.Properties(d, missing))
		}
		p.Report(d.At, msg, fix...)
	}
}

// compacts: the model's properties, or an ALTER of its table, set auto
// compaction to anything but false.
func compacts(p *rule.Pass, d *facts.TableDef) bool {
	if v, ok := d.Properties[rule.PropAutoCompact]; ok {
		return !isFalse(v)
	}
	if v, ok := p.Table(facts.Target{Table: d.Name, Path: d.Location}).Property(rule.PropAutoCompact); ok {
		return !isFalse(v)
	}
	return false
}

// targets are the Delta tables stream w writes: its own, or those its
// foreachBatch function appends to. A MERGE, UPDATE or DELETE is left out:
// on Databricks they always compact.
func targets(p *rule.Pass, w *facts.Write) []target {
	writes := []*facts.Write{w}
	if w.Stream.Batch != "" {
		writes = p.BatchWrites(w)
	}
	var out []target
	for _, tw := range writes {
		if tw.API.Rewrites() || p.Format(tw) != "delta" {
			continue
		}
		t := p.Table(tw.Target)
		if t == nil || slices.ContainsFunc(out, func(o target) bool { return o.t == t }) {
			continue
		}
		at := w.At
		if tw != w && w.Via != nil && w.Stream.TriggerInsert == nil && tw.TargetFromCaller && tw.Target.Span.End > tw.Target.Span.Start {
			// a helper's stream in another file whose foreachBatch writes
			// to a table the call names: reported where it is named
			at = tw.Target.Span
		}
		out = append(out, target{t, at})
	}
	return out
}

// target is a table a stream writes and where a finding about it stands.
type target struct {
	t  *catalog.Table
	at facts.Span
}

// Rate estimates a stream's commits from its trigger.
func Rate(w *facts.Write) string {
	tr := w.Trigger
	switch {
	case tr == nil:
		return "a commit per micro-batch, started as soon as the last one ends"
	case tr.Kind == facts.TriggerProcessingTime && tr.IntervalOK():
		if n := rule.CommitsPerDay(tr.Seconds); n > 0 {
			return fmt.Sprintf("up to %s commits a day (a trigger of %s)", rule.Count(n), tr.Interval.Text())
		}
		return "a commit per micro-batch, started as soon as the last one ends"
	case tr.Kind == facts.TriggerAvailableNow || tr.Kind == facts.TriggerOnce:
		return "one or more commits each time the job runs"
	}
	return "a commit per micro-batch"
}

// sessionCompacts: the session turns auto compaction on before off.
func sessionCompacts(p *rule.Pass, off int) bool {
	if s, ok := p.Facts.SettingBefore(rule.ConfAutoCompact, off); ok {
		on, known := s.Value.Truth()
		return on || !known
	}
	return false
}

// lacks says how the table is known to lack auto compaction; known is
// false when it has it or nothing says.
func lacks(t *catalog.Table) (where string, known bool) {
	if t == nil {
		return "", false
	}
	v, set := t.Property(rule.PropAutoCompact)
	switch {
	case set && !isFalse(v):
		return "", false
	case set:
		return "the table's properties switch auto compaction off", true
	case len(t.Defs) > 0:
		return "its definition in " + t.DefinedIn + " does not turn on auto compaction", true
	case t.Live != nil:
		return "the live table does not turn on auto compaction", true
	}
	return "", false
}

// lacksAt is the evidence for lacks: the property's ALTER or definition,
// or the definition that does not set it, in whichever file it is.
func lacksAt(t *catalog.Table) []rule.Related {
	if rel := rule.TablePropertyCited(t, rule.PropAutoCompact, "switches auto compaction off"); rel != nil {
		return rel
	}
	if _, set := t.Property(rule.PropAutoCompact); !set {
		if at := t.DefinedAt(); at != (facts.Span{}) {
			return []rule.Related{{At: at, Message: "the table is defined here"}}
		}
	}
	return nil
}

// isFalse: auto compaction takes true, false, auto and legacy; only false is off.
func isFalse(v facts.Value) bool {
	on, known := v.Truth()
	return known && !on
}

func unmanaged(d *facts.TableDef) bool {
	v, ok := d.Properties["pipelines.autooptimize.managed"]
	return ok && isFalse(v)
}

// localDef returns the definition of t in this file that a fix can reach
// (or say why it cannot); nil when there is none or it sets the property
// already.
func localDef(p *rule.Pass, t *catalog.Table) *facts.TableDef {
	for _, d := range p.Facts.Tables {
		if d.AddProps == nil && !d.MayRegister() || p.Table(facts.Target{Table: d.Name, Path: d.Location}) != t {
			continue
		}
		if _, set := d.Properties[rule.PropAutoCompact]; set {
			return nil // set to false on purpose: not the fix's to change
		}
		return d
	}
	return nil
}

func propertyFix(d *facts.TableDef) rule.Fix {
	return fixes.Properties(d, []string{"delta.autoOptimize.autoCompact"})
}
