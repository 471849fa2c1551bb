package pyfacts

import (
	"bytes"
	"strings"
	"unicode"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// reader is a DataFrameReader or DataStreamReader being configured.
type reader struct {
	stream        bool
	format        string
	formatUnknown bool
	options       *options
}

func (x *extractor) newReader(stream bool) val {
	rd := x.work.readers.Take(4)
	rd.stream = stream
	return val{kind: kReader, ref: rd}
}

// readerSinks are the reader methods that return a DataFrame, with the
// format they imply.
var readerSinks = map[string]string{
	"load": "", "table": "", "parquet": "parquet", "csv": "csv", "json": "json",
	"orc": "orc", "text": "text", "jdbc": "jdbc", "delta": "delta", "xml": "xml",
}

func (x *extractor) readerMethod(rd *reader, c callSite, a args) val {
	if _, ok := readerSinks[c.name]; ok {
		return streamFrame(x.finishRead(rd, c, a, c.name))
	}
	next := x.work.readers.Take(12) // 40 bytes each
	*next = *rd
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
	return val{kind: kReader, ref: next}
}

func (x *extractor) finishRead(rd *reader, c callSite, a args, sink string) *facts.Read {
	opts := rd.options.toMap()
	r := &facts.Read{
		Kind:    facts.BatchRead,
		Format:  rd.format,
		Options: opts,
		Span:    x.spanOf(c.call),
		At:      x.span(c.nameStart(), c.call.End()),
	}
	if rd.stream {
		r.Kind = facts.StreamRead
		at, nl := x.callInsertion(c)
		r.Insert = &facts.Insertion{At: at, Newline: nl}
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
		} else if p, ok := opts["path"]; ok && p.Kind == facts.String {
			r.Target = facts.Target{Path: p.Str, Span: p.Span}
		}
		if g, ok := a.kw("format"); ok && sink == "load" {
			r.Format, _ = x.formatName(g.v)
		}
	}
	x.recordRead(r)
	return r
}

// formatName lower-cases a format argument; unknown is true when it does not resolve.
func (x *extractor) formatName(v val) (name string, unknown bool) {
	if s, ok := v.literalString(); ok {
		return x.lower(strings.TrimSpace(s)), false
	}
	return "", true
}

func (x *extractor) tableTarget(g arg) facts.Target {
	t := x.unknownTarget(g)
	if s, ok := targetString(g.v); ok {
		t.Table, t.Expr, t.Bind = stripBackticks(strings.TrimSpace(s)), "", ""
	}
	return t
}

func (x *extractor) pathTarget(g arg) facts.Target {
	t := x.unknownTarget(g)
	if s, ok := targetString(g.v); ok {
		t.Path, t.Expr, t.Bind = s, "", ""
	}
	return t
}

// targetString is the text of a string that names a table or path: a
// literal, or one whose unknown parts are all widgets' values ({{x}}),
// which the widgets' defaults fill once the file is read.
func targetString(v val) (string, bool) {
	if s, ok := v.literalString(); ok {
		return s, true
	}
	if v.kind == kStr {
		return widgetText(v)
	}
	return "", false
}

// maxTargetExpr bounds the code a message quotes for a target: longer
// code is cut, with an ellipsis.
const maxTargetExpr = 60

// codeAt is the code at a span of the document, for naming a target whose
// value is not known (see targetCode); "" in a Jupyter notebook, whose
// text is JSON-escaped.
func (x *extractor) codeAt(sp facts.Span) string {
	if sp.File != 0 || sp.End <= sp.Start || sp.End > len(x.doc.Text) || x.doc.Format == document.Jupyter {
		return ""
	}
	return x.targetCode(x.doc.Text[sp.Start:sp.End])
}

// unknownTarget is the target an argument gives before its value is read:
// its place, its code for messages, and the variable binding it is when
// it is one (see bindingOf).
func (x *extractor) unknownTarget(g arg) facts.Target {
	t := facts.Target{Span: x.spanOf(g.n)}
	t.Expr = x.targetCode(g.n.Text())
	t.Bind = x.bindingOf(g.n)
	return t
}

// targetCode is code as a message quotes it: on one line, its runs of
// blanks and line breaks (and continuation backslashes) one space or
// none at a bracket, and
// cut after maxTargetExpr bytes, at a character, with an ellipsis.
func (x *extractor) targetCode(code []byte) string {
	if name, ok := onlyField(code); ok {
		code = name // f"{path}" is path written out: say path
	}
	if len(code) <= maxTargetExpr && !bytes.ContainsAny(code, "\n\r\t\\") && !bytes.Contains(code, []byte("  ")) {
		return x.intern(code) // the code as written, as most is
	}
	text := strings.NewReplacer("\\\r\n", " ", "\\\n", " ").Replace(string(bytes.TrimSpace(code)))
	var b strings.Builder
	space := false
	for _, r := range text {
		if r == ' ' || r == '\t' || r == '\n' || r == '\r' {
			space = true
			continue
		}
		if b.Len() >= maxTargetExpr {
			return b.String() + "…"
		}
		if space && b.Len() > 0 && !strings.ContainsRune(")]},", r) && !strings.ContainsAny(b.String()[b.Len()-1:], "([{") {
			b.WriteByte(' ') // not inside brackets' edges: os.path.join(root, "c")
		}
		space = false
		b.WriteRune(r)
	}
	return b.String()
}

// options are the options given to a reader or writer, newest first. A
// step of a chain adds to them without copying what earlier steps, which
// other chains may share, hold. A node with none set holds no option: it
// records that options were given, so the fact's map is empty, not nil.
type options struct {
	key  string
	v    facts.Value
	none bool
	prev *options
}

// with returns o plus key = v.
func (x *extractor) with(o *options, key string, v facts.Value) *options {
	p := x.work.opts.Take(5) // 96 bytes each
	*p = options{key: key, v: v, prev: o}
	return p
}

// given returns o, or a node saying options were given when o is nil.
func (x *extractor) given(o *options) *options {
	if o == nil {
		p := x.work.opts.Take(5)
		p.none = true
		return p
	}
	return o
}

// toMap returns the options by key (the newest of a key wins); nil when
// none were given.
func (o *options) toMap() map[string]facts.Value {
	if o == nil {
		return nil
	}
	n := 0
	for p := o; p != nil; p = p.prev {
		n++
	}
	m := make(map[string]facts.Value, n)
	for ; o != nil; o = o.prev {
		if _, newer := m[o.key]; !o.none && !newer {
			m[o.key] = o.v
		}
	}
	return m
}

// withOption returns opts plus .option(key, value).
func (x *extractor) withOption(opts *options, a args) *options {
	k, ok := a.get(0, "key")
	if !ok {
		return opts
	}
	key, ok := k.v.literalString()
	if !ok {
		return opts
	}
	v, ok := a.get(1, "value")
	if !ok {
		return x.given(opts)
	}
	return x.with(opts, x.lower(key), v.v.value(x.spanOf(v.n)))
}

// withOptions returns opts plus .options(k=v, ...), .options(**{...}) and
// .options({...}).
func (x *extractor) withOptions(opts *options, a args) *options {
	opts = x.given(opts)
	for _, g := range a {
		x.optionArg(g, func(key string, v facts.Value) { opts = x.with(opts, key, v) })
	}
	return opts
}

// optionArg passes to add a keyword argument, or the entries of a dict
// passed as **dict or positionally, as options.
func (x *extractor) optionArg(g arg, add func(key string, v facts.Value)) {
	switch {
	case g.name != "":
		add(x.lower(g.name), g.v.value(x.spanOf(g.n)))
	case g.v.kind == kDict:
		items := g.v.items()
		for i := 0; i+1 < len(items); i += 2 {
			if key, ok := items[i].literalString(); ok {
				vv := items[i+1]
				add(x.lower(key), vv.value(vv.span))
			}
		}
	}
}

// pipelineRead records dlt.read_stream("t") and dlt.read("t").
func (x *extractor) pipelineRead(c callSite, a args, stream bool) *facts.Read {
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
	x.recordRead(r)
	return r
}

// streamFrame is the DataFrame a read makes: one that remembers its read,
// so a writeStream of it knows its source and a batch write knows what it
// copies (facts.Write.CopyOf).
func streamFrame(r *facts.Read) val {
	return val{kind: kFrame, ref: &hist{source: r}}
}

// onlyField is the name an f-string holding nothing but that name in one
// replacement field formats (f"{path}", f'{self.root}'); ok is false for
// any other code.
func onlyField(code []byte) ([]byte, bool) {
	code = bytes.TrimSpace(code)
	if len(code) < 5 || (code[0] != 'f' && code[0] != 'F') {
		return nil, false
	}
	q := code[1]
	if (q != '"' && q != '\'') || code[len(code)-1] != q || code[2] != '{' || code[len(code)-2] != '}' {
		return nil, false
	}
	name := code[3 : len(code)-2]
	if len(name) == 0 || name[0] == '.' || name[len(name)-1] == '.' {
		return nil, false
	}
	for i, r := range string(name) {
		switch {
		case r == '_' || unicode.IsLetter(r):
		case r == '.' && name[i-1] != '.':
		case unicode.IsDigit(r) && i > 0 && name[i-1] != '.':
		default:
			return nil, false
		}
	}
	return name, true
}
