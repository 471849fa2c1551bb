package rule

import (
	"fmt"
	"math"
	"strconv"
	"time"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/stats/health"
)

// FileStreams returns the file's writeStream sinks that write files or
// tables. foreachBatch sinks are left out: what they write is known only
// from the function's summary.
func (p *Pass) FileStreams() []*facts.Write {
	var out []*facts.Write
	for _, w := range p.Facts.Writes {
		if w.API != facts.DataStreamWriter || w.Stream == nil {
			continue
		}
		if w.StreamSink(p.Config.Rules.DefaultFormat) == facts.SinkFiles {
			out = append(out, w)
		}
	}
	return out
}

// SparkInterval spells a duration the way Spark reads a trigger interval:
// "5 minutes", "1 hour", "90 seconds", "500 milliseconds".
func SparkInterval(d time.Duration) string {
	unit := func(n int64, one string) string {
		if n == 1 {
			return "1 " + one
		}
		return strconv.FormatInt(n, 10) + " " + one + "s"
	}
	switch {
	case d <= 0:
		return "0 seconds"
	case d%time.Hour == 0:
		return unit(int64(d/time.Hour), "hour")
	case d%time.Minute == 0:
		return unit(int64(d/time.Minute), "minute")
	case d%time.Second == 0:
		return unit(int64(d/time.Second), "second")
	}
	return unit(int64(d/time.Millisecond), "millisecond")
}

// Seconds renders a number of seconds for messages: "10 s", "0.5 s", "90 s".
func Seconds(s float64) string {
	return strconv.FormatFloat(s, 'f', -1, 64) + " s"
}

// CommitsPerDay is how many micro-batches, each a commit, a trigger of secs
// seconds starts in a day at most.
func CommitsPerDay(secs float64) int64 {
	if secs <= 0 {
		return 0
	}
	return int64(math.Floor(86400 / secs))
}

// TriggerFixes are the two trigger fixes streaming rules offer, the first
// preferred: run on a schedule with availableNow, or trigger every
// suggested-trigger. at is the trigger call to replace.
func (p *Pass) TriggerFixes(at facts.Span) []Fix {
	suggested := SparkInterval(p.Config.Rules.SuggestedTrigger)
	return []Fix{
		{Title: "Use trigger(availableNow=True) and run the job on a schedule",
			Edits: []facts.Edit{{Span: at, NewText: "trigger(availableNow=True)"}}},
		{Title: "Trigger every " + suggested,
			Edits: []facts.Edit{{Span: at, NewText: `trigger(processingTime="` + suggested + `")`}}},
	}
}

// SuggestedTriggerOK reports whether suggested-trigger is at least
// min-trigger-interval, so a fix using it leaves nothing to report.
func (p *Pass) SuggestedTriggerOK() bool {
	return p.Config.Rules.SuggestedTrigger >= p.Config.Rules.MinStreamingTrigger
}

// MeasuredCommits says, for a stream's target with live stats, how often
// it commits and how many files each commit adds: " (measured: 2,880
// commits a day, a median of 3 files per commit)"; "" when unknown.
func (p *Pass) MeasuredCommits(w *facts.Write) string {
	t := p.Table(w.Target)
	if t == nil || t.Live == nil {
		return ""
	}
	r, ok := health.StreamingCommitRate(t.Live)
	if !ok {
		return ""
	}
	msg := fmt.Sprintf(" (measured on %s: %s commits a day", t.DisplayName(), health.Count(int64(math.Round(r.PerDay))))
	if r.MedianFiles > 0 {
		files := strconv.FormatFloat(r.MedianFiles, 'f', -1, 64)
		msg += ", a median of " + files + " files per commit"
		if r.MedianFiles == 1 {
			msg = msg[:len(msg)-len(" files per commit")] + " file per commit"
		}
	}
	return msg + ")"
}
