// Package ll201 reports streams into files or tables whose processingTime
// trigger is shorter than min-trigger-interval.
package ll201

import (
	"fmt"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
	"github.com/lakelint/lakelint/stats/health"
)

var Doc = &rule.Doc{
	Code:     "LL201",
	Name:     "short-streaming-trigger",
	Severity: finding.Warning,
	Summary:  "A stream into files or a table triggers more often than min-trigger-interval (default 1 minute).",
	Why: `Every micro-batch of a stream into a Delta table, or into files, is a commit that adds
at least one new file for each task that had data. A trigger of 10 seconds means up to
8,640 commits a day per query (86,400 s / 10 s): on an ordinary trickle of events each
adds files of a few kilobytes, the table's log grows by a commit every time, and reads
slow down with every file until something compacts them. Few tables need fresher data
than every few minutes; most are better served by trigger(availableNow=True) on a
schedule, which processes everything new and stops. A foreachBatch stream counts when
its function writes files or a table; foreign sinks (Kafka, console, memory, foreach)
make no files and are not reported; a sink whose format is not known here counts when it
is given a path or is a table, since only file sinks take a path. Intervals are read as Spark reads them: whole unit
words ("30 seconds", "interval 1 minute"); a spelling Spark refuses ("10s", "5 min")
fails the query at once and is left alone here. An interval kept on a settings class
(interval = "1 second", read as self.interval, StreamConf.interval or an instance's
attribute, in the class's module or another), on a settings instance (a dataclass or
pydantic field's default, field(default=...) or a default_factory included, or an __init__
default, read from CONF = StreamConf() another module keeps or from an instance made of
its class, whose constructor's argument wins; an argument not known here says nothing), a
dict of trigger keywords kept in a module
or on a class (trigger(**TRIG), trigger(**StreamConf.trig), from another module too) or
set by a helper that configures the
writer it is given counts as if written at the trigger; one a helper of another file sets
is reported at the call, without a fix. A subclass that binds the setting its base's
method reads (class Fast(Base): interval = "5 seconds") is judged by its own at each call
on its instance, reported there. Trigger keywords a function or a settings method returns
(trigger(**Fast().trigger_kwargs()), a subclass's override first, a static or class
method too) count the same; an instance whose class is not known is left alone. A
helper that calls another helper of the writer counts with what both set. When
branches give the stream different triggers, the most frequent is reported, naming when
its branch runs.
When a repartition(n) or coalesce(n) feeds the stream, the finding adds the files a day
the trigger allows; when a bundle or Terraform job or an Airflow DAG of the project runs
the file, it names the job and how often it starts the stream.`,
	Lang: "python",
	Example: `(events.writeStream.format("delta")
    .option("checkpointLocation", "/chk/events")
    .trigger(processingTime="10 seconds")
    .toTable("main.web.events"))`,
	Better: `(events.writeStream.format("delta")
    .option("checkpointLocation", "/chk/events")
    .trigger(availableNow=True)  # run the job every few minutes or hours
    .toTable("main.web.events"))`,
	Fix: rule.UnsafeFix,
	FixSafety: `Two fixes are offered; the first is preferred. trigger(availableNow=True) makes the
query process what is there and stop, so the job must then be scheduled to run again:
without a schedule the data stops flowing. trigger(processingTime="<suggested-trigger>")
keeps the query running but delays data by up to that interval. When the interval is an
argument of a call or a helper's parameter default, the fix changes that value to the
suggested interval. All change when data arrives, so none is applied without
--unsafe-fixes.`,
	Options: []string{"min-trigger-interval", "suggested-trigger", "default-format", "stats.tables", "stats.file"},
}

var Rule = rule.New(Doc, check, rule.FileStreams)

func check(p *rule.Pass) {
	limit := p.Config.Rules.MinStreamingTrigger.Seconds()
	// a helper's default reaches several streams: one finding, at the default
	seen := map[facts.Span]bool{}
	for _, w := range p.ResultOf[rule.FileStreams].([]*facts.Write) {
		tr := w.Trigger
		if tr == nil || tr.Kind != facts.TriggerProcessingTime || !tr.IntervalOK() || tr.Seconds >= limit || seen[tr.Interval.Span] {
			continue
		}
		seen[tr.Interval.Span] = true
		p.Report(tr.Interval.Span, message(p, w), fixes(p, tr)...)
	}
}

func message(p *rule.Pass, w *facts.Write) string {
	tr := w.Trigger
	var rate string
	if n := rule.CommitsPerDay(tr.Seconds); n > 0 {
		rate = fmt.Sprintf("up to %s commits a day (86,400 s / %s)", health.Count(n), rule.Seconds(tr.Seconds))
	} else {
		rate = "a commit as soon as each micro-batch ends"
	}
	into := "on the stream into " + p.StreamTargets(w)
	if !within(tr.Interval.Span, tr.Span) {
		// an argument or a parameter's default
		into = "passed to a stream into " + p.StreamTargets(w)
		if !w.Target.Known() && w.Stream.Batch == "" {
			into = "passed to a stream"
		}
	}
	if tr.When != "" {
		into += " when " + tr.When // the branch that sets it
	}
	return fmt.Sprintf("a trigger of %s %s means %s%s, each adding small files to the table and a commit to its log; "+
		"run it with trigger(availableNow=True) on a schedule, or trigger at least every %s",
		rule.Quote(tr.Interval.Text()), into, rate, p.MeasuredCommits(w), rule.SparkInterval(p.Config.Rules.MinStreamingTrigger)) + p.StreamNote(w)
}

// fixes replace the trigger call with availableNow or the suggested
// interval. When the interval is written elsewhere (an argument of a call,
// a parameter's default) only the value there can change: it becomes the
// suggested interval, for this stream alone.
func fixes(p *rule.Pass, tr *facts.Trigger) []rule.Fix {
	iv := tr.Interval.Span
	if tr.Interval.ReadOnly || iv.End <= iv.Start {
		return nil
	}
	if !within(iv, tr.Span) {
		if !p.SuggestedTriggerOK() || tr.Interval.Kind != facts.String {
			return nil
		}
		suggested := rule.SparkInterval(p.Config.Rules.SuggestedTrigger)
		return []rule.Fix{{Title: "Trigger every " + suggested, Edits: []facts.Edit{{Span: iv, NewText: `"` + suggested + `"`}}}}
	}
	fs := p.TriggerFixes(tr.Span)
	if !p.SuggestedTriggerOK() {
		fs = fs[:1]
	}
	return fs
}

func within(inner, outer facts.Span) bool {
	return outer.File == inner.File && outer.Start <= inner.Start && inner.End <= outer.End
}
