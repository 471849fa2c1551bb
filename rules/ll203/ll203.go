// Package ll203 reports continuous triggers on sinks that cannot take them.
package ll203

import (
	"fmt"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL203",
	Name:     "continuous-trigger-file-sink",
	Severity: finding.Error,
	Summary:  "A stream into files, a table or foreachBatch uses trigger(continuous=...), which Spark rejects when the query starts.",
	Why: `Continuous processing supports only a few sinks (Kafka, memory, console, foreach): file
sinks, Delta tables and foreachBatch cannot take it, and the query fails as soon as it
starts. A file sink commits per micro-batch, so a micro-batch trigger is what it needs;
choose its interval for the table's sake, not the latency's: minutes, or
trigger(availableNow=True) on a schedule. When a bundle or Terraform job or an Airflow
DAG of the project runs the file, the finding names the job and how often it starts the
stream: each start fails.`,
	Lang: "python",
	Example: `(events.writeStream.format("delta")
    .trigger(continuous="1 second")
    .toTable("main.web.events"))`,
	Better: `(events.writeStream.format("delta")
    .trigger(processingTime="5 minutes")
    .toTable("main.web.events"))`,
	Options: []string{"default-format"},
}

var Rule = rule.New(Doc, check)

func check(p *rule.Pass) {
	for _, w := range p.Facts.Writes {
		if w.API != facts.DataStreamWriter || w.Trigger == nil || w.Trigger.Kind != facts.TriggerContinuous || w.Applied() {
			continue // a helper's stream is reported in the helper
		}
		if w.FormatUnknown {
			continue // a continuous trigger says its author has a sink that takes one in mind
		}
		var what string
		switch w.StreamSink(p.DefaultFormat()) {
		case facts.SinkFiles:
			what = "the file sink of " + rule.TargetName(w.Target)
			if w.Sink == "toTable" {
				what = "the table sink of " + rule.TargetName(w.Target)
			}
		case facts.SinkBatch:
			what = "foreachBatch"
		default:
			continue
		}
		p.Report(w.Trigger.Span, fmt.Sprintf("a continuous trigger on %s fails when the query starts: continuous processing supports only Kafka, memory, console and foreach sinks; "+
			"use a micro-batch trigger such as trigger(processingTime=%q) or trigger(availableNow=True)", what, rule.SparkInterval(p.Config.Rules.SuggestedTrigger))+p.StreamNote(w))
	}
}
