package main

import (
	"fmt"
	"strings"

	"github.com/lakelint/lakelint/extract/pyfacts"
	"github.com/lakelint/lakelint/extract/pyfacts/internal/corpusgen"
	"github.com/lakelint/lakelint/parsers/document"
)

func main() {
	files := corpusgen.Files(5, 30<<10)
	f := files[1]
	doc := &document.Document{Text: f, EOL: "\n"}
	r := &document.Region{Lang: document.Python, Text: f, Map: document.Identity(0, len(f))}
	fs, sql := pyfacts.Extract(doc, []*document.Region{r}, pyfacts.Options{})
	line := func(off int) int { return strings.Count(string(f[:off]), "\n") + 1 }
	fmt.Println(string(f))
	for _, w := range fs.Writes {
		var tr []string
		for _, t := range w.Transforms {
			tr = append(tr, t.Name)
		}
		feed := ""
		if fd := w.Feeding(); fd != nil {
			feed = fd.Name
		}
		fmt.Printf("L%d WRITE %s %s fmt=%q unk=%v table=%q path=%q mode=%q part=%v trig=%v tr=%v feed=%s\n", line(w.At.Start), w.API, w.Sink, w.Format, w.FormatUnknown, w.Target.Table, w.Target.Path, w.Mode.Str, w.PartitionBy.Names(), w.Trigger, tr, feed)
	}
	for _, s := range fs.Settings {
		fmt.Printf("L%d SET %s=%q via %s\n", line(s.Span.Start), s.Key, s.Value.Text(), s.Via)
	}
	for _, t := range fs.Tables {
		fmt.Printf("L%d TABLE %s %q props=%d add=%+v\n", line(t.Span.Start), t.Kind, t.Name, len(t.Properties), t.AddProps)
	}
	for _, m := range fs.Maintenance {
		fmt.Printf("L%d MAINT %s %q where=%v z=%v retain=%v\n", line(m.Span.Start), m.Kind, m.Target.Table, m.WhereColumns, m.ZOrderBy, m.Retain.Text())
	}
	for _, rd := range fs.Reads {
		fmt.Printf("L%d READ %s %q %q %q\n", line(rd.Span.Start), rd.Kind, rd.Format, rd.Target.Table, rd.Target.Path)
	}
	for _, s := range fs.Suppressions {
		fmt.Printf("L%d NOQA %v\n", line(s.Span.Start), s.Codes)
	}
	for _, s := range sql {
		fmt.Printf("L%d SQL %q\n", line(s.Map.File(0)), s.Text)
	}
}
