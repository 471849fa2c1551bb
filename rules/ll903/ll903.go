// Package ll903 reports streams into a table whose history shows commits of small files.
package ll903

import (
	"fmt"
	"github.com/lakelint/lakelint/stats/health"
	"math"
	"strconv"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/finding"
	"github.com/lakelint/lakelint/rules/rule"
)

var Doc = &rule.Doc{
	Code:     "LL903",
	Name:     "tiny-streaming-commits",
	Severity: finding.Warning,
	Summary:  "A stream writes to a table whose recent history shows many STREAMING UPDATE commits that each add small files.",
	Why: `This rule looks at the table's history, not only the code: with live stats configured
lakelint reads the table's recent commits and the metrics each STREAMING UPDATE
records (files added, rows, bytes). Every micro-batch commits at least one new file
per task that had data; a stream that triggers every few seconds on a trickle of
events adds kilobyte-sized files thousands of times a day, and the table's log grows
by a commit each time. Reads slow down with every file until something compacts them.
A longer trigger interval, or trigger(availableNow=True) run on a schedule, batches
more data per commit; auto compaction merges small files right after the commits that
wrote them. Without the table's history the rule says nothing.`,
	Lang: "python",
	Example: `# last 100 STREAMING UPDATE commits: median 2 files of 30 KB each
(clicks.writeStream.format("delta")
    .option("checkpointLocation", "/mnt/checkpoints/clicks")
    .toTable("main.web.clicks_bronze"))`,
	Better: `(clicks.writeStream.format("delta")
    .option("checkpointLocation", "/mnt/checkpoints/clicks")
    .trigger(processingTime="5 minutes")
    .toTable("main.web.clicks_bronze"))`,
	Options: []string{"stats.min-streaming-commits", "stats.small-file-threshold", "stats.history-limit", "stats.tables", "stats.file", "stats.databricks"},
}

var Rule = rule.New(Doc, check, rule.LiveWrites)

// check reports at the streams into an affected table; when the project
// has none (the stream is elsewhere, or writes through foreachBatch), at
// the table's other writes.
func check(p *rule.Pass) {
	for _, lw := range p.ResultOf[rule.LiveWrites].([]rule.LiveWrite) {
		w, t := lw.Write, lw.Table
		stream := w.API == facts.DataStreamWriter
		if !stream && hasStream(t) {
			continue
		}
		e, tiny := health.CheckStreamingCommits(t.Live, p.Config.Stats)
		if !tiny {
			continue
		}
		msg := evidence(t, e) + ": "
		if stream {
			msg += streamRemedy(p, w, t)
		} else {
			msg += "if this write runs inside the stream (foreachBatch), enable optimized writes and " + compaction(p, w, t) +
				"; otherwise lengthen the trigger of the stream that writes the table"
		}
		p.ReportRelated(w.At, msg, p.AutoCompactionOffAt(w))
	}
}

func hasStream(t *catalog.Table) bool { return t.Use.Streams > 0 }

// evidence reads like "main.web.clicks_bronze: 40 streaming commits added a
// median of 3 files of 38 KB each (under 32 MB)".
func evidence(t *catalog.Table, e health.StreamingCommits) string {
	files := "files"
	if e.MedianAddedFiles == 1 {
		files = "file"
	}
	msg := fmt.Sprintf("%s: %s added a median of %s %s", rule.TableOf(t),
		health.Plural(int64(e.Commits), "streaming commit", "streaming commits"), median(e.MedianAddedFiles), files)
	if e.MedianBytesPerFile > 0 {
		return msg + fmt.Sprintf(" of %s each (under %s)", health.Bytes(round(e.MedianBytesPerFile)), health.Bytes(e.Threshold))
	}
	return msg + fmt.Sprintf(" for %s", health.Plural(round(e.MedianOutputRows), "row", "rows"))
}

// streamRemedy fits the stream's trigger.
func streamRemedy(p *rule.Pass, w *facts.Write, t *catalog.Table) string {
	compact := compaction(p, w, t)
	tr := w.Trigger
	switch {
	case tr == nil || tr.Kind == facts.TriggerDefault:
		return "the stream sets no trigger, so it commits as soon as the previous micro-batch ends; " +
			"set trigger(processingTime=...) to minutes, or run it with trigger(availableNow=True) on a schedule, and " + compact
	case tr.Kind == facts.TriggerProcessingTime && tr.Interval.Known():
		return fmt.Sprintf("a trigger of %s is too frequent for this stream's volume; use a longer interval, or trigger(availableNow=True) on a schedule, and %s",
			tr.Interval.Text(), compact)
	case tr.Kind == facts.TriggerAvailableNow || tr.Kind == facts.TriggerOnce:
		return "each run still commits small files; run it less often and " + compact
	case tr.Kind == facts.TriggerContinuous:
		return "continuous processing commits constantly; use a micro-batch trigger of minutes and " + compact
	}
	return "use a longer trigger interval, or trigger(availableNow=True) on a schedule, and " + compact
}

// compaction says how auto compaction should help: turn it on, turn it
// back on where the code or the table turns it off, or, when it is already
// on, compact on a schedule as well.
func compaction(p *rule.Pass, w *facts.Write, t *catalog.Table) string {
	if s, ok := p.Facts.SettingBefore(rule.ConfAutoCompact, w.Span.Start); ok {
		if on, known := s.Value.Truth(); known {
			if on {
				return "schedule OPTIMIZE as well, since auto compaction is already on"
			}
			return fmt.Sprintf("turn auto compaction back on (it is disabled on %s)", p.PlaceOf(s.At))
		}
	}
	if v, ok := t.Property(rule.PropAutoCompact); ok {
		if on, known := v.Truth(); known {
			if on {
				return "schedule OPTIMIZE as well, since auto compaction is already on"
			}
			return "turn auto compaction back on (the table's properties disable it)"
		}
	}
	return "enable auto compaction (delta.autoOptimize.autoCompact)"
}

func round(f float64) int64 { return int64(math.Round(f)) }

// median shows a median of counts: whole, or halfway between two ("2.5").
func median(f float64) string {
	if f == math.Trunc(f) {
		return health.Count(int64(f))
	}
	return strconv.FormatFloat(f, 'f', 1, 64)
}
