package pyfacts

import (
	"bytes"

	"github.com/lakelint/lakelint/facts"
)

// hist is a DataFrame's history: the transform that made it and the history
// of its input. Histories are shared and never changed, so a name keeps the
// history it had when it was bound.
type hist struct {
	prev *hist
	t    facts.Transform
}

// list returns the transforms oldest first.
func (h *hist) list() []facts.Transform {
	n := 0
	for p := h; p != nil; p = p.prev {
		n++
	}
	if n == 0 {
		return nil
	}
	out := make([]facts.Transform, n)
	for p := h; p != nil; p = p.prev {
		n--
		out[n] = p.t
	}
	return out
}

// notFrames are DataFrame methods whose result is not a DataFrame.
var notFrames = map[string]bool{
	"count": true, "collect": true, "show": true, "first": true, "head": true, "take": true,
	"tail": true, "toPandas": true, "isEmpty": true, "printSchema": true, "explain": true,
	"foreach": true, "foreachPartition": true, "createOrReplaceTempView": true,
	"createTempView": true, "createGlobalTempView": true, "createOrReplaceGlobalTempView": true,
	"toLocalIterator": true, "toJSON": true, "write": true, "writeStream": true,
	"isStreaming": true, "inputFiles": true, "mapInPandas": false,
}

var shuffles = map[string]bool{"repartition": true, "coalesce": true, "repartitionByRange": true}

// frameMethod applies a method to a DataFrame (or to something of unknown
// type used like one) and records it in the result's history. naDot >= 0
// says the call is df.na.<method>, recorded as one "na" transform from there.
func (x *extractor) frameMethod(obj val, c callSite, a args, naDot int) val {
	if naDot < 0 {
		switch {
		case c.name == "writeTo":
			return x.newWriterV2(obj, c, a)
		case notFrames[c.name]:
			return val{}
		}
	}
	t := x.transform(c, a, naDot)
	return val{kind: kFrame, hist: &hist{prev: obj.hist, t: t}}
}

func (x *extractor) transform(c callSite, a args, naDot int) facts.Transform {
	start := c.dot()
	t := facts.Transform{Name: c.name}
	if naDot >= 0 {
		start, t.Name = naDot, "na"
	}
	t.Span = x.span(start, c.call.End())
	pos, _ := a.positional()
	if shuffles[c.name] && naDot < 0 {
		x.partitionCount(&t, a)
	}
	for _, g := range pos {
		x.appendColumns(&t.Columns, g.v, x.spanOf(g.n))
	}
	t.Removal = x.removal(start, c.call.End())
	return t
}

// partitionCount reads repartition(n, *cols) / coalesce(n): n is the first
// positional argument unless that is a column, or numPartitions=.
func (x *extractor) partitionCount(t *facts.Transform, a args) {
	g, ok := a.kw("numPartitions")
	if !ok {
		g, ok = a.pos(0)
		switch g.v.kind {
		case kStr, kColumn, kList:
			ok = false // repartition("c") and repartition(F.col("c")) name columns
		}
	}
	if !ok {
		return
	}
	t.HasNum = true
	t.NumPartitions = facts.Value{Span: x.spanOf(g.n)}
	if _, isInt := g.v.intValue(); isInt {
		t.NumPartitions = g.v.value(x.spanOf(g.n))
	}
}

// appendColumns adds the columns an argument names (a list names several).
func (x *extractor) appendColumns(cols *[]facts.Column, v val, sp facts.Span) {
	if v.kind == kList {
		for _, item := range v.items {
			x.appendColumns(cols, item, item.lit.Span)
		}
		return
	}
	if c, ok := columnOf(v, sp); ok {
		*cols = append(*cols, c)
	}
}

// removal returns the edit that deletes the call text [dot, end) and leaves
// valid code: the whole line when the call stands alone on a line inside a
// continued expression, through the continuation backslash before it when
// it ends one, else just the call.
func (x *extractor) removal(dot, end int) []facts.Edit {
	src := x.src
	if dot < 0 || end > len(src) || dot >= end {
		return nil
	}
	ls := lineStart(src, dot)
	le := lineEnd(src, end)
	rest := bytes.TrimSpace(src[end:le])
	if onlySpace(src[ls:dot]) && ls > 0 && (len(rest) == 0 || rest[0] == '#' || bytes.Equal(rest, []byte{'\\'})) {
		stmtEnd := x.stmt.End()
		if x.stmt.Valid() && stmtEnd > le && le < len(src) {
			return []facts.Edit{{Span: x.span(ls, le+1)}}
		}
		// the call ends the statement: join the line to the one it continues
		prev := bytes.TrimRight(src[:ls-1], " \t\r")
		if len(prev) > 0 && prev[len(prev)-1] == '\\' {
			cut := len(bytes.TrimRight(prev[:len(prev)-1], " \t"))
			return []facts.Edit{{Span: x.span(cut, end)}}
		}
	}
	return []facts.Edit{{Span: x.span(dot, end)}}
}
