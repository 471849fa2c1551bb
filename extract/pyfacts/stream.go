package pyfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// streamOf gathers what a writeStream sink c of writer w, configured up
// to step s, says beyond a batch write.
func (x *extractor) streamOf(w *writer, s *wstep, c callSite) *facts.Stream {
	st := &facts.Stream{}
	if q := s.latest(wQuery); q != nil {
		st.QueryName = q.v.value(q.span)
	}
	if b := s.latest(wBatch); b != nil && s.latest(wFormat) == b.prev {
		// the foreachBatch is the sink the newest format step set
		st.Batch, _ = b.ref.(string)
		st.BatchSpan = b.span
	}
	for h := w.hist; h != nil; h = h.prev {
		if h.source != nil {
			if h.source.Kind == facts.StreamRead {
				st.Source = h.source
			}
			break
		}
	}
	at, nl := x.callInsertion(c)
	st.TriggerInsert = &facts.Insertion{At: at, Newline: nl}
	return st
}

// batchName records on step b the function a foreachBatch argument names:
// a name or a dotted attribute ("self.upsert"), as written.
func (x *extractor) batchName(b *wstep, g arg) {
	n := g.n
	switch {
	case n.Is("lambda"):
		// the function the lambda calls: lambda df, i: upsert(df, i, "t")
		if body := n.ChildByFieldID(fBody); body.Is("call") {
			n = body.ChildByFieldID(fFunction)
			if m := n.ChildByFieldID(fAttribute); n.Is("attribute") && !n.ChildByFieldID(fObject).Is("identifier") {
				b.ref = x.text(m) // Merger("t").merge(df, i): the method
				return
			}
		}
	case n.Is("call"):
		// functools.partial(upsert, table="t")
		if _, ok := g.v.ref.(*boundRef); ok {
			n = n.ChildByFieldID(fArguments).NamedChild(0)
		}
	}
	g.n = n
	for n.Is("attribute") {
		n = n.ChildByFieldID(fObject)
	}
	if n.Is("identifier") {
		b.ref = x.text(g.n)
	}
}

// callInsertion says where a call can be added to a chain just before its
// final call c (after c's receiver), and the text to put before the new
// call: a new line in the chain's indentation when c starts its own line,
// continued with a backslash when the chain continues lines so.
func (x *extractor) callInsertion(c callSite) (int, string) {
	recv := c.fn.ChildByFieldID(fObject)
	if !recv.Valid() {
		return x.at(c.dot()), ""
	}
	dot := c.dot()
	ls, alone := indentStart(x.src, dot)
	if !alone || ls <= recv.End() {
		return x.endAt(recv.End()), ""
	}
	nl := x.newline(ls, dot)
	if continued(x.src, recv.End()) {
		nl = " \\" + nl
	}
	return x.endAt(recv.End()), nl
}

// continued reports whether the line holding off ends, after off, with a
// continuation backslash.
func continued(src []byte, off int) bool {
	i := off
	for i < len(src) && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	return i < len(src) && src[i] == '\\'
}

// markStreamingTables marks the pipeline tables a decorated function
// defines as streaming when the function reads a stream.
func (x *extractor) markStreamingTables(tables []*facts.TableDef, reads []*facts.Read) {
	stream := false
	for _, r := range reads {
		stream = stream || r.Kind == facts.StreamRead
	}
	for _, t := range tables {
		if t.Kind == facts.DLTTable && stream {
			t.Streaming = true
		}
	}
}

// keepConfigured follows a writer configured by a statement of its own:
// writer methods change the writer and return it, so after
// "w.trigger(...)", or a call of a helper that configures the writer w it
// is given and returns it (settings.apply(w)), the name w stands for the
// configured writer.
func (x *extractor) keepConfigured(n python.Node, v val, sc *scope) {
	w, s := writerStep(v)
	if w == nil || !n.Is("call") {
		return
	}
	same := func(name python.Node) {
		if !name.Is("identifier") {
			return
		}
		if old, ok := sc.lookup(x.text(name)); ok {
			if ow, _ := writerStep(old); ow == w {
				if s != nil && s.kind == wLinked {
					s.ref.(*facts.Configured).InPlace = true
				}
				sc.set(x.text(name), v)
			}
		}
	}
	fn := n.ChildByFieldID(fFunction)
	if fn.Is("attribute") {
		same(fn.ChildByFieldID(fObject))
	}
	args := n.ChildByFieldID(fArguments)
	for c := args.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Is("keyword_argument") {
			same(c.ChildByFieldID(fValue))
		} else {
			same(c)
		}
	}
}

// foreachBatchCall records that Spark calls the function g names with each
// micro-batch of the stream w writes: the link step then applies the
// function's writes as the stream's, with the stream's DataFrame.
func (x *extractor) foreachBatchCall(w *writer, c callSite, g arg) {
	x.foreachBatchAt(w, x.spanOf(c.call), x.span(c.nameStart(), c.fn.End()), g)
}

// foreachBatchAt records a foreachBatch call spanning span, cited at at,
// that hands w's micro-batches to the function g.
func (x *extractor) foreachBatchAt(w *writer, span, at facts.Span, g arg) {
	name, param, bound, ok := x.callable(g.v)
	if !ok {
		return
	}
	x.addCall(&facts.Call{
		Callee:      name,
		CalleeParam: param,
		Kind:        "foreachBatch",
		Span:        span,
		At:          at,
		Args: facts.WithBound(bound, []facts.Arg{
			frameArg(w.hist.list(&x.edits), x.spanOf(g.n)),
			{Span: x.spanOf(g.n)}, // the batch id
		}),
	})
}
