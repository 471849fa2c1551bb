package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// pipelineTables are the decorators of dlt / pyspark.pipelines that define a table.
var pipelineTables = map[string]bool{"table": true, "materialized_view": true}

// decorator reads one decorator of a definition: @dlt.table(...) and
// friends become table definitions, anything else is evaluated.
func (x *extractor) decorator(d, def python.Node, sc *scope) {
	expr := d.NamedChild(0)
	fn, argList := expr, python.Node{}
	if expr.Is("call") {
		fn, argList = expr.ChildByFieldID(fFunction), expr.ChildByFieldID(fArguments)
	}
	if fn.Is("attribute") {
		obj := fn.ChildByFieldID(fObject)
		name := x.text(fn.ChildByFieldID(fAttribute))
		// the receiver is looked at without evaluating it, which could record facts twice
		if obj.Is("identifier") && pipelineTables[name] && x.lookup(obj, sc).kind == kPipeline {
			defer x.popArgs(len(x.work.argStack))
			a := x.args(argList, sc)
			t := x.pipelineTable(a, argList)
			if t.Name == "" {
				if _, named := a.kw("name"); !named {
					t.Name = def.ChildByFieldID(fName).String()
				}
			}
			t.Span = x.spanOf(d)
			t.At = x.spanOf(fn)
			x.recordTable(t)
			return
		}
	}
	x.eval(expr, sc)
}

// pipelineCall applies a dlt / dp function that is not used as a decorator.
func (x *extractor) pipelineCall(c callSite, a args) val {
	switch c.name {
	case "create_streaming_table", "create_target_table":
		t := x.pipelineTable(a, c.call.ChildByFieldID(fArguments))
		if g, ok := a.get(0, "name"); ok {
			t.Name, _ = g.v.literalString()
		}
		t.Span = x.spanOf(c.call)
		t.At = x.span(c.nameStart(), c.fn.End())
		x.recordTable(t)
	case "read", "read_stream":
		return streamFrame(x.pipelineRead(c, a, c.name == "read_stream"))
	}
	return val{}
}

// pipelineTable reads the keyword arguments common to pipeline tables.
func (x *extractor) pipelineTable(a args, argList python.Node) *facts.TableDef {
	t := &facts.TableDef{Kind: facts.DLTTable, Lang: document.Python}
	if g, ok := a.kw("name"); ok {
		t.Name, _ = g.v.literalString()
	}
	if g, ok := a.kw("partition_cols"); ok {
		t.PartitionBy = x.partitioning(args{{v: g.v, n: g.n}}, x.spanOf(g.whole))
	}
	if g, ok := a.kw("cluster_by"); ok {
		t.ClusterBy = x.partitioning(args{{v: g.v, n: g.n}}, x.spanOf(g.whole)).Columns
	}
	if g, ok := a.kw("path"); ok {
		t.Location, _ = g.v.literalString()
	}
	props, hasProps := a.kw("table_properties")
	if hasProps && props.v.kind == kDict {
		t.Properties = make(map[string]facts.Value)
		items := props.v.items()
		for i := 0; i+1 < len(items); i += 2 {
			if key, ok := items[i].literalString(); ok {
				v := items[i+1]
				t.Properties[strings.ToLower(key)] = v.value(v.span)
			}
		}
	}
	switch {
	case hasProps && props.n.Is("dictionary"):
		t.AddProps = x.dictInsertion(props.n)
	case !hasProps && argList.Valid():
		t.AddProps = x.kwargInsertion(argList)
	}
	return t
}
