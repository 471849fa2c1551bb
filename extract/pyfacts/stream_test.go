package pyfacts

import (
	"strings"
	"testing"

	"github.com/lakelint/lakelint/facts"
)

func TestStreamModel(t *testing.T) {
	src := `src = spark.readStream.format("kafka").option("subscribe", "clicks").load()
q = (src.select("value")
    .writeStream
    .queryName("clicks")
    .outputMode("append")
    .options(**{"checkpointLocation": "/chk/a"})
    .toTable("main.web.clicks", mergeSchema="true"))
def upsert(df, epoch):
    pass
src.writeStream.foreachBatch(upsert) \
    .start()
`
	f, doc := extract(t, src)
	if len(f.Writes) != 2 {
		t.Fatalf("writes: %d", len(f.Writes))
	}
	w := f.Writes[0]
	st := w.Stream
	if st == nil || st.QueryName.Str != "clicks" || w.Mode.Str != "append" || w.Target.Table != "main.web.clicks" {
		t.Fatalf("stream %+v", st)
	}
	if w.Options["checkpointlocation"].Str != "/chk/a" || w.Options["mergeschema"].Str != "true" {
		t.Errorf("options %v", w.Options)
	}
	if st.Source == nil || st.Source.Format != "kafka" || st.Source.Kind != facts.StreamRead {
		t.Errorf("source %+v", st.Source)
	}
	if got := string(doc.Text[:st.TriggerInsert.At]); !strings.HasSuffix(got, `"/chk/a"})`) || st.TriggerInsert.Newline != "\n    " {
		t.Errorf("trigger insertion %+v", st.TriggerInsert)
	}
	if w.StreamSink("delta") != facts.SinkFiles {
		t.Error("toTable is a table sink")
	}
	b := f.Writes[1]
	if b.Stream.Batch != "upsert" || textOf(doc, b.Stream.BatchSpan) != "upsert" || b.StreamSink("delta") != facts.SinkBatch {
		t.Errorf("foreachBatch %+v", b.Stream)
	}
	if b.Stream.TriggerInsert.Newline != " \\\n    " {
		t.Errorf("backslash chain: %q", b.Stream.TriggerInsert.Newline)
	}
}

func TestStreamSinks(t *testing.T) {
	for src, want := range map[string]facts.SinkKind{
		`df.writeStream.format("kafka").start()`:                 facts.SinkOther,
		`df.writeStream.format("console").start()`:               facts.SinkOther,
		`df.writeStream.format("memory").queryName("q").start()`: facts.SinkOther,
		`df.writeStream.foreach(row_writer).start()`:             facts.SinkOther,
		`df.writeStream.format("delta").start("/p")`:             facts.SinkFiles,
		`df.writeStream.format("parquet").start("/p")`:           facts.SinkFiles,
		`df.writeStream.start("/p")`:                             facts.SinkFiles,
		`df.writeStream.start()`:                                 facts.SinkUnknown,
		`df.writeStream.format(fmt).start("/p")`:                 facts.SinkFiles, // only file sinks take a path
		`df.writeStream.format(fmt).option("path", p).start()`:   facts.SinkFiles,
		`df.writeStream.format(fmt).toTable("t")`:                facts.SinkFiles,
		`df.writeStream.format(fmt).start()`:                     facts.SinkUnknown,
		`df.writeStream.toTable("t")`:                            facts.SinkFiles,
	} {
		f, _ := extract(t, src)
		if got := oneWrite(t, f).StreamSink("delta"); got != want {
			t.Errorf("%s: %v, want %v", src, got, want)
		}
	}
}

func TestTriggerFromSettings(t *testing.T) {
	for src, want := range map[string]float64{
		"CONF = {'trigger': '10 seconds'}\ndf.writeStream.trigger(processingTime=CONF['trigger']).toTable('t')":                      10,
		"TRIGGERS = ['1 minute', '2 hours']\ndf.writeStream.trigger(processingTime=TRIGGERS[-1]).toTable('t')":                       7200,
		"CONF = {'trigger': '10 seconds'}\nCONF['trigger'] = x\ndf.writeStream.trigger(processingTime=CONF['trigger']).toTable('t')": -1,
		"CONF = {'trigger': '10 seconds'}\nCONF.update(o)\ndf.writeStream.trigger(processingTime=CONF['trigger']).toTable('t')":      -1,
		"CONF = {**base, 'trigger': '10 seconds'}\ndf.writeStream.trigger(processingTime=CONF['trigger']).toTable('t')":              -1,
		"TRIGGER = '45 seconds'\ndf.writeStream.trigger(processingTime=TRIGGER).toTable('t')":                                        45,
	} {
		f, _ := extract(t, src)
		tr := oneWrite(t, f).Trigger
		got := -1.0
		if tr.IntervalOK() {
			got = tr.Seconds
		}
		if got != want {
			t.Errorf("%s: %v, want %v", src, got, want)
		}
	}
}

// TestWriterConfiguredInPlace: writer methods return the writer they change.
func TestWriterConfiguredInPlace(t *testing.T) {
	f, _ := extract(t, "w = df.writeStream.format('delta')\nw.trigger(processingTime='2 minutes')\nw.option('checkpointLocation', '/c')\nw.toTable('t')")
	w := oneWrite(t, f)
	if !w.HasTrigger || w.Trigger.Seconds != 120 || w.Options["checkpointlocation"].Str != "/c" {
		t.Errorf("trigger %+v options %v", w.Trigger, w.Options)
	}
}

// Branches that configure a writer differently meet in a writer that
// knows each way: what they agree on is kept, what they do not is
// unknown, and a trigger one way leaves unset is unset, saying when.
func TestStreamBranches(t *testing.T) {
	for _, tc := range []struct {
		name, src   string
		when        string // NoTriggerWhen
		trigger     facts.TriggerKind
		format      string
		formatKnown bool
	}{
		{"if", "w = df.writeStream.format('delta')\nif flag:\n    w = w.trigger(once=True)\nw.toTable('t')\n", "`flag` is false", "", "delta", true},
		{"if not", "w = df.writeStream.format('delta')\nif not flag:\n    w = w.trigger(once=True)\nw.toTable('t')\n", "`flag` is true", "", "delta", true},
		{"else unset", "w = df.writeStream.format('delta')\nif a:\n    w = w.trigger(once=True)\nelse:\n    w = w.option('k', 'v')\nw.toTable('t')\n", "`a` is false", "", "delta", true},
		{"both", "w = df.writeStream.format('delta')\nif a:\n    w = w.trigger(once=True)\nelse:\n    w = w.trigger(availableNow=True)\nw.toTable('t')\n", "", facts.TriggerUnknown, "delta", true},
		{"before", "w = df.writeStream.trigger(once=True)\nif a:\n    w = w.option('k', 'v')\nw.toTable('t')\n", "", facts.TriggerOnce, "", true},
		{"format differs", "w = df.writeStream.format('delta')\nif a:\n    w = w.format('kafka')\nw.start()\n", "", "", "", false},
		{"known true", "a = True\nw = df.writeStream.format('delta')\nif a:\n    w = w.trigger(once=True)\nw.toTable('t')\n", "", facts.TriggerOnce, "delta", true},
		{"known false", "a = False\nw = df.writeStream.format('delta')\nif a:\n    w = w.trigger(once=True)\nw.toTable('t')\n", "", "", "delta", true},
		// a loop's arms are not the if's around it: the way the loop is skipped is not "`a` is false"
		{"loop in if", "w = df.writeStream.format('delta')\nif a:\n    for o in opts:\n        w = w.trigger(once=True)\nw.toTable('t')\n", "`a` is false", "", "delta", true},
		{"loop", "w = df.writeStream.format('delta')\nfor o in opts:\n    w = w.trigger(once=True)\nw.toTable('t')\n", "the loop or branch before it does not set one", "", "delta", true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := extract(t, tc.src)
			w := oneWrite(t, f)
			if w.Stream.NoTriggerWhen != tc.when {
				t.Errorf("NoTriggerWhen %q, want %q", w.Stream.NoTriggerWhen, tc.when)
			}
			var got facts.TriggerKind
			if w.Trigger != nil {
				got = w.Trigger.Kind
			}
			if got != tc.trigger || w.HasTrigger != (tc.trigger != "") {
				t.Errorf("trigger %q (has %v), want %q", got, w.HasTrigger, tc.trigger)
			}
			if w.Format != tc.format || w.FormatUnknown == tc.formatKnown {
				t.Errorf("format %q unknown=%v, want %q known=%v", w.Format, w.FormatUnknown, tc.format, tc.formatKnown)
			}
		})
	}
}

// A helper that configures the writer it is given and returns it applies
// its steps at each call, to the call's writer.
func TestWriterHelpers(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		trigger   facts.TriggerKind
		when      string
		format    string
	}{
		{"annotated", "def h(w: DataStreamWriter):\n    return w.format('delta').option('checkpointLocation', '/c')\nh(df.writeStream).toTable('t')\n", "", "", "delta"},
		{"trigger", "def h(w):\n    return w.trigger(once=True)\nh(df.writeStream.format('delta')).toTable('t')\n", facts.TriggerOnce, "", "delta"},
		{"statement", "def h(w):\n    w.trigger(once=True)\n    return w\nh(df.writeStream.format('delta')).toTable('t')\n", facts.TriggerOnce, "", "delta"},
		{"branch", "def h(w, on):\n    if on:\n        w = w.trigger(once=True)\n    return w\nh(df.writeStream.format('delta'), x).toTable('t')\n", "", "`on` is false", "delta"},
		{"branch known true", "def h(w, on):\n    if on:\n        w = w.trigger(once=True)\n    return w\nh(df.writeStream.format('delta'), True).toTable('t')\n", facts.TriggerOnce, "", "delta"},
		{"branch known false", "def h(w, on):\n    if on:\n        w = w.trigger(once=True)\n    return w\nh(df.writeStream.format('delta'), on=False).toTable('t')\n", "", "", "delta"},
		{"method", "class S:\n    def c(self, w):\n        return w.trigger(once=True)\n    def run(self, df):\n        self.c(df.writeStream.format('delta')).toTable('t')\n", facts.TriggerOnce, "", "delta"},
		// near miss: a plain parameter used with methods a reader has too is not taken for a writer
		{"not a writer", "def h(w):\n    return w.format('parquet')\nh(df.writeStream.format('delta')).toTable('t')\n", "", "", ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, _ := extract(t, tc.src)
			if tc.format == "" {
				if len(f.Writes) != 0 {
					t.Fatalf("writes %d, want none known", len(f.Writes))
				}
				return
			}
			w := oneWrite(t, f)
			var got facts.TriggerKind
			if w.Trigger != nil {
				got = w.Trigger.Kind
			}
			if got != tc.trigger || w.Stream.NoTriggerWhen != tc.when || w.Format != tc.format {
				t.Errorf("trigger %q when %q format %q, want %q %q %q", got, w.Stream.NoTriggerWhen, w.Format, tc.trigger, tc.when, tc.format)
			}
		})
	}
}
