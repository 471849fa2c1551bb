package pyfacts

import (
	"maps"
	"strings"

	"github.com/lakelint/lakelint/facts"
)

// reader is a DataFrameReader or DataStreamReader being configured.
type reader struct {
	stream        bool
	format        string
	formatUnknown bool
	options       map[string]facts.Value
}

func newReader(stream bool) val {
	return val{kind: kReader, ref: &reader{stream: stream}}
}

// readerSinks are the reader methods that return a DataFrame, with the
// format they imply.
var readerSinks = map[string]string{
	"load": "", "table": "", "parquet": "parquet", "csv": "csv", "json": "json",
	"orc": "orc", "text": "text", "jdbc": "jdbc", "delta": "delta", "xml": "xml",
}

func (x *extractor) readerMethod(rd *reader, c callSite, a args) val {
	if _, ok := readerSinks[c.name]; ok {
		x.finishRead(rd, c, a, c.name)
		return val{kind: kFrame}
	}
	next := *rd
	switch c.name {
	case "format":
		if g, ok := a.get(0, "source"); ok {
			next.format, next.formatUnknown = x.formatName(g.v)
		}
	case "option":
		next.options = x.withOption(rd.options, a)
	case "options":
		next.options = x.withOptions(rd.options, a)
	}
	return val{kind: kReader, ref: &next}
}

func (x *extractor) finishRead(rd *reader, c callSite, a args, sink string) {
	r := &facts.Read{
		Kind:    facts.BatchRead,
		Format:  rd.format,
		Options: rd.options,
		Span:    x.spanOf(c.call),
		At:      x.span(c.nameStart(), c.call.End()),
	}
	if rd.stream {
		r.Kind = facts.StreamRead
	}
	if f := readerSinks[sink]; f != "" {
		r.Format = f
	}
	switch sink {
	case "table":
		if g, ok := a.get(0, "tableName"); ok {
			r.Target = x.tableTarget(g)
		}
	case "jdbc":
		if g, ok := a.get(1, "table"); ok {
			r.Target = x.tableTarget(g)
		}
	default:
		if g, ok := a.get(0, "path"); ok {
			r.Target = x.pathTarget(g)
		} else if p, ok := rd.options["path"]; ok && p.Kind == facts.String {
			r.Target = facts.Target{Path: p.Str, Span: p.Span}
		}
		if g, ok := a.kw("format"); ok && sink == "load" {
			r.Format, _ = x.formatName(g.v)
		}
	}
	x.file.Reads = append(x.file.Reads, r)
}

// formatName lower-cases a format argument; unknown is true when it does not resolve.
func (x *extractor) formatName(v val) (name string, unknown bool) {
	if s, ok := v.literalString(); ok {
		return strings.ToLower(strings.TrimSpace(s)), false
	}
	return "", true
}

func (x *extractor) tableTarget(g arg) facts.Target {
	t := facts.Target{Span: x.spanOf(g.n)}
	if s, ok := g.v.literalString(); ok {
		t.Table = stripBackticks(strings.TrimSpace(s))
	}
	return t
}

func (x *extractor) pathTarget(g arg) facts.Target {
	t := facts.Target{Span: x.spanOf(g.n)}
	if s, ok := g.v.literalString(); ok {
		t.Path = s
	}
	return t
}

// withOption returns opts plus .option(key, value).
func (x *extractor) withOption(opts map[string]facts.Value, a args) map[string]facts.Value {
	k, ok := a.get(0, "key")
	if !ok {
		return opts
	}
	key, ok := k.v.literalString()
	if !ok {
		return opts
	}
	out := maps.Clone(opts)
	if out == nil {
		out = make(map[string]facts.Value)
	}
	if v, ok := a.get(1, "value"); ok {
		out[strings.ToLower(key)] = v.v.value(x.spanOf(v.n))
	}
	return out
}

// withOptions returns opts plus .options(k=v, ...), .options(**{...}) and
// .options({...}).
func (x *extractor) withOptions(opts map[string]facts.Value, a args) map[string]facts.Value {
	out := maps.Clone(opts)
	if out == nil {
		out = make(map[string]facts.Value)
	}
	for _, g := range a {
		x.addOptionArg(out, g)
	}
	return out
}

// addOptionArg adds a keyword argument, or the entries of a dict passed as
// **dict or positionally, to opts.
func (x *extractor) addOptionArg(opts map[string]facts.Value, g arg) {
	switch {
	case g.name != "":
		opts[strings.ToLower(g.name)] = g.v.value(x.spanOf(g.n))
	case g.v.kind == kDict:
		for i := 0; i+1 < len(g.v.items); i += 2 {
			if key, ok := g.v.items[i].literalString(); ok {
				vv := g.v.items[i+1]
				opts[strings.ToLower(key)] = vv.value(vv.lit.Span)
			}
		}
	}
}

// pipelineRead records dlt.read_stream("t") and dlt.read("t").
func (x *extractor) pipelineRead(c callSite, a args, stream bool) {
	r := &facts.Read{
		Kind: facts.BatchRead,
		Span: x.spanOf(c.call),
		At:   x.span(c.nameStart(), c.call.End()),
	}
	if stream {
		r.Kind = facts.StreamRead
	}
	if g, ok := a.get(0, "name"); ok {
		r.Target = x.tableTarget(g)
	}
	x.file.Reads = append(x.file.Reads, r)
}
