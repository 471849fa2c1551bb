// Package ll202 reports streams into files or tables that set no trigger.
package ll202

import (
	"fmt"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL202",
	Name:     "default-streaming-trigger",
	Severity: finding.Warning,
	Summary:  "A stream into files or a table sets no trigger, so each micro-batch starts as soon as the previous one ends.",
	Why: `Without a trigger Spark starts the next micro-batch the moment the last one finishes
(processingTime 0). On a steady trickle of data that is a commit every few seconds —
thousands a day — and every commit adds at least one file per task that had data, so
the table fills with kilobyte-sized files and its log with commits, and the cluster
never rests. Databricks warns that an unset trigger can bring unexpected storage costs.
Saying how fresh the data must be, with a processingTime of minutes or
trigger(availableNow=True) on a schedule, batches more data per commit. A foreachBatch
stream counts when its function writes files or a table; foreign sinks (Kafka, console,
memory, foreach) make no files and are not reported; a sink whose format is not known
here counts when it is given a path or is a table, since only file sinks take a path. A
stream started by a helper
function is reported in the helper, where the trigger belongs. When branches configure
the stream and one of them sets no trigger (if flag: w = w.trigger(availableNow=True)),
the stream is reported, saying when that branch runs; a condition whose value is known
where it is tested counts only the branch it takes. A helper of the project (in the
same file, another module or a later notebook cell) that configures a writer it is given
and returns it (def configure(w): return w.trigger(...)) applies what it sets at each
call, a flag passed as a literal choosing its branch, as does a flag the instance was
made with (Settings(batch=True).apply(w), a dataclass field's default included). When
a bundle or Terraform job or an Airflow DAG of the project runs the file, the finding names the job and how often it starts the stream.`,
	Lang: "python",
	Example: `(events.writeStream.format("delta")
    .option("checkpointLocation", "/chk/events")
    .toTable("main.web.events"))`,
	Better: `(events.writeStream.format("delta")
    .option("checkpointLocation", "/chk/events")
    .trigger(processingTime="5 minutes")
    .toTable("main.web.events"))`,
	Fix: rule.UnsafeFix,
	FixSafety: `The fix adds trigger(processingTime="<suggested-trigger>") just before the sink call.
It delays data by up to that interval, which a consumer may notice, so it is applied only
with --unsafe-fixes.`,
	Options: []string{"suggested-trigger", "min-trigger-interval", "default-format", "stats.tables", "stats.file"},
}

var Rule = rule.New(Doc, check, rule.FileStreams)

func check(p *rule.Pass) {
	suggested := rule.SparkInterval(p.Config.Rules.SuggestedTrigger)
	for _, w := range p.ResultOf[rule.FileStreams].([]*facts.Write) {
		if w.HasTrigger || w.Applied() {
			continue // a helper's stream is reported in the helper, where the trigger goes
		}
		when := ""
		if w.Stream.NoTriggerWhen != "" {
			// a branch sets one: the others run with the default
			when = " when " + w.Stream.NoTriggerWhen
		}
		msg := fmt.Sprintf("the stream into %s sets no trigger%s, so a micro-batch starts as soon as the previous one ends%s: "+
			"on a trickle of data that is thousands of commits a day, each adding small files; "+
			"set trigger(processingTime=%q), or run it with trigger(availableNow=True) on a schedule",
			p.StreamTargets(w), when, p.MeasuredCommits(w), suggested) + p.StreamNote(w)
		var fixes []rule.Fix
		// a trigger added at the sink would replace the one a branch sets
		if ins := w.Stream.TriggerInsert; ins != nil && p.SuggestedTriggerOK() && when == "" {
			fixes = append(fixes, rule.Fix{Title: "Trigger every " + suggested, Edits: []facts.Edit{{
				Span:    facts.Span{Start: ins.At, End: ins.At},
				NewText: ins.Newline + `.trigger(processingTime="` + suggested + `")`,
			}}})
		}
		p.Report(w.At, msg, fixes...)
	}
}
