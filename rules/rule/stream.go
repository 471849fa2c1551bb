package rule

import (
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/stats/health"
)

// fileStreams is the FileStreams analyzer's answer.
func (p *Pass) fileStreams() []*facts.Write {
	var out []*facts.Write
	for _, w := range p.Facts.Writes {
		if w.API != facts.DataStreamWriter || w.Stream == nil {
			continue
		}
		switch w.StreamSink(p.DefaultFormat()) {
		case facts.SinkFiles:
			if p.cannotStart(w) {
				continue
			}
			out = append(out, w)
		case facts.SinkBatch:
			if len(p.BatchWrites(w)) > 0 {
				out = append(out, w)
			}
		}
	}
	return out
}

// cannotStart reports whether stream w is one Spark refuses to start: a
// file sink (parquet, json...) takes only the append output mode, so
// outputMode("complete") or ("update") there fails at start and writes
// no file (a Delta sink takes complete).
func (p *Pass) cannotStart(w *facts.Write) bool {
	if w.FormatUnknown || w.Mode.Kind != facts.String {
		return false
	}
	switch strings.ToLower(w.Mode.Str) {
	case "complete", "update":
	default:
		return false
	}
	switch p.Format(w) {
	case "parquet", "orc", "json", "csv", "text", "avro":
		return true
	}
	return false
}

// BatchWrites returns the writes to files or tables that the foreachBatch
// function of stream w makes with each micro-batch.
func (p *Pass) BatchWrites(w *facts.Write) []*facts.Write {
	if w.Stream == nil || w.Stream.Batch == "" {
		return nil
	}
	var out []*facts.Write
	for _, b := range p.Facts.Writes {
		if b.Via.Feeds(w) && p.writesFiles(b) {
			out = append(out, b)
		}
	}
	return out
}

// writesFiles reports whether a batch write lands in files or a table.
func (p *Pass) writesFiles(b *facts.Write) bool {
	switch {
	case b.API == facts.DataStreamWriter:
		return false
	case b.API.Rewrites():
		return true
	case b.FormatUnknown:
		return false
	}
	switch p.Format(b) {
	case "delta", "parquet", "orc", "json", "csv", "text", "avro", "iceberg":
		return true
	}
	return false
}

// StreamTargets names what a stream writes: its target, or the targets of
// its foreachBatch function's writes.
func (p *Pass) StreamTargets(w *facts.Write) string {
	if w.Stream == nil || w.Stream.Batch == "" {
		return TargetName(w.Target)
	}
	var names []string
	for _, b := range p.BatchWrites(w) {
		if n := TargetName(b.Target); !slices.Contains(names, n) {
			names = append(names, n)
		}
	}
	if len(names) == 0 {
		return "the target"
	}
	return strings.Join(names, " and ") + " (through " + w.Stream.Batch + ")"
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

// MeasuredCommits says, for a stream whose target has live stats, how
// often it commits and how many files each commit adds: " (measured on
// main.web.clicks: 2,880 commits a day, a median of 3 files per commit)";
// "" when unknown.
func (p *Pass) MeasuredCommits(w *facts.Write) string {
	targets := []facts.Target{w.Target}
	if w.Stream != nil && w.Stream.Batch != "" {
		targets = targets[:0]
		for _, b := range p.BatchWrites(w) {
			targets = append(targets, b.Target)
		}
	}
	for _, tg := range targets {
		t := p.Table(tg)
		if t == nil || t.Live == nil {
			continue
		}
		r, ok := health.StreamingCommitRate(t.Live)
		if !ok {
			continue
		}
		msg := fmt.Sprintf(" (measured on %s: %s commits a day", TableOf(t), health.Count(int64(math.Round(r.PerDay))))
		switch {
		case r.MedianFiles == 1:
			msg += ", a median of 1 file per commit"
		case r.MedianFiles > 0:
			msg += ", a median of " + strconv.FormatFloat(r.MedianFiles, 'f', -1, 64) + " files per commit"
		}
		return msg + ")"
	}
	return ""
}
