package facts

import "strings"

// Stream is what a writeStream sink says beyond a batch write: where its
// data comes from, what its query is called, the foreachBatch function it
// hands micro-batches to, and where a trigger can be added to it.
type Stream struct {
	QueryName Value
	// Source is the stream read the written DataFrame was made from; nil
	// when it is not known (a parameter, a function's result).
	Source *Read
	// Batch is the name of the function given to foreachBatch, as written
	// ("upsert", "self.upsert"); "" when the sink is not foreachBatch or
	// the function is not a name. BatchSpan is where it is written.
	Batch     string
	BatchSpan Span
	// TriggerInsert is where ".trigger(...)" can be added: before the
	// sink call; nil when not known (a helper's code applied elsewhere).
	TriggerInsert *Insertion
	// NoTriggerWhen is set when branches configure the stream in different
	// ways and one sets no trigger: when that way runs ("`flag` is
	// false"). The write's Trigger and HasTrigger are then unset.
	NoTriggerWhen string
}

// SinkKind says whether a stream's sink writes files.
type SinkKind uint8

const (
	SinkUnknown SinkKind = iota // not known: silence
	SinkFiles                   // a file or table sink: every micro-batch commits files
	SinkOther                   // Kafka, console, memory, foreach and other non-file sinks
	SinkBatch                   // foreachBatch: what it writes is the function's business
)

// fileFormats are the stream sink formats that write files.
var fileFormats = map[string]bool{
	"delta": true, "parquet": true, "orc": true, "json": true, "csv": true, "text": true,
	"avro": true, "iceberg": true, "hudi": true, // table formats write files too, and compact nothing as they stream
}

// StreamSink classifies the sink of a writeStream write. defaultFormat is
// the configured format of a sink that names none.
func (w *Write) StreamSink(defaultFormat string) SinkKind {
	if w.API != DataStreamWriter {
		return SinkUnknown
	}
	if w.FormatUnknown {
		// Only file sinks take a path, and a table sink writes the table:
		// Kafka, console, memory and foreach take neither.
		if _, path := w.Options["path"]; path || w.Sink == "toTable" || (w.Sink == "start" && w.Target.Span.End > w.Target.Span.Start) {
			return SinkFiles
		}
		return SinkUnknown
	}
	f := w.Format
	switch {
	case f == "foreachbatch":
		return SinkBatch
	case fileFormats[f]:
		return SinkFiles
	case f != "":
		return SinkOther
	case w.Sink == "toTable":
		return SinkFiles // a table sink writes the table's format
	case w.Target.Path != "":
		if fileFormats[strings.ToLower(defaultFormat)] {
			return SinkFiles
		}
	}
	return SinkUnknown
}

// IntervalOK reports whether a processingTime or continuous trigger's
// interval is known and valid as Spark reads it; Seconds holds it then.
func (t *Trigger) IntervalOK() bool { return t != nil && t.Parsed }

// Insertion is where a call can be added to a method chain: at At, the
// text Newline + ".call(...)". Newline is "" when the chain is on one
// line, else the line break (with any continuation backslash) and
// indentation that put the new call on a line of its own.
//
//factgen:ownfile
type Insertion struct {
	At      int
	Newline string
}

// Via is set on a fact the link step adds at a call of a project function:
// the call, and whether Spark makes it for each micro-batch of a stream.
type Via struct {
	Call Span
	// ForeachBatch is true when the function is given to foreachBatch at
	// Call: the write is made by the stream whose foreachBatch(...) is there.
	ForeachBatch bool
	// Site is the call the write was applied at (the first of a chain of
	// calls): a stream applied there sees the writes of its foreachBatch
	// function applied at the same site.
	Site Span
}

// Feeds reports whether v, a foreachBatch function's write, is made for
// stream w: the function w hands its micro-batches to is named within v's
// call, and v was applied at the call w was applied at (or, for a stream of
// the file's own code, at the foreachBatch call itself). A Via without a
// Site is taken as matching.
func (v *Via) Feeds(w *Write) bool {
	if !v.within(w) {
		return false
	}
	switch {
	case v.Site == (Span{}):
		return true
	case w.Via == nil:
		return v.Site == v.Call
	}
	return v.Site == w.Via.Call
}

// FeedsOwn reports whether v, a foreachBatch function's write, is made
// for stream w of the file's own code, w's foreachBatch call being v's,
// wherever v was applied: a stream in a function's body that no call
// applies again (its arguments leave it alone) is the one that runs at
// every call of the function.
func (v *Via) FeedsOwn(w *Write) bool {
	return w.Via == nil && !w.Stream.BatchSpan.Foreign() && v.within(w)
}

// within reports whether w hands its micro-batches to a function named
// within v's call.
func (v *Via) within(w *Write) bool {
	if v == nil || !v.ForeachBatch || w.Stream == nil || w.Stream.Batch == "" {
		return false
	}
	at := w.Stream.BatchSpan
	if at.Foreign() {
		at = w.Span // a helper's stream: it stands at the call, in this file's order
	}
	return at.Start >= v.Call.Start && at.End <= v.Call.End
}

// Applied reports whether a write is a helper's, added at a call.
func (w *Write) Applied() bool { return w.Via != nil }
