package pyfacts

import (
	"bytes"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// AWS Glue jobs write through their GlueContext, not a DataFrameWriter:
// glue_context.write_dynamic_frame.from_options(frame=DynamicFrame.fromDF(df,
// ...), connection_type="s3", format="parquet", connection_options={"path":
// p, "partitionKeys": [...]}) appends df's rows to files under p, partitioned
// by the keys, as df.write.mode("append").partitionBy(...).parquet(p) does.

// glueFrame is what DynamicFrame.fromDF(df, ctx, name) stands for: the
// DataFrame df, whose history decides the files; false for other calls.
func (x *extractor) glueFrame(recv val, c callSite, a args) (val, bool) {
	if c.name == "apply" {
		// DropFields.apply(frame=dyf, ...): Glue's record transforms keep
		// the frame's partitioning, as a select does
		obj := c.fn.ChildByFieldID(fObject).Text()
		if i := bytes.LastIndexByte(obj, '.'); i >= 0 {
			obj = obj[i+1:]
		}
		if glueTransforms[string(obj)] {
			if g, ok := a.get(0, "frame"); ok && (g.v.kind == kFrame || g.v.kind == kUnknown) {
				return g.v, true
			}
		}
		return val{}, false
	}
	if c.name != "fromDF" || !bytes.HasSuffix(c.fn.ChildByFieldID(fObject).Text(), []byte("DynamicFrame")) && !strings.HasSuffix(recv.name, "DynamicFrame") {
		return val{}, false
	}
	g, ok := a.get(0, "dataframe")
	if !ok || g.v.kind != kFrame && g.v.kind != kUnknown {
		return val{}, false
	}
	return g.v, true
}

// glueSink is what a Glue S3 sink knows before it writes: getSink's path
// and partitionKeys, and the format setFormat gives it. Python changes the
// sink in place, and so does setFormat here.
type glueSink struct {
	target facts.Target
	part   *facts.Partitioning
	format val
	at     facts.Span // where the format is set
}

// newGlueSink is glue_context.getSink(connection_type="s3", path=...,
// partitionKeys=[...]); false for other calls.
func (x *extractor) newGlueSink(c callSite, a args) (val, bool) {
	if c.name != "getSink" {
		return val{}, false
	}
	if g, ok := a.kw("connection_type"); !ok || !isS3(g.v) {
		return val{}, false
	}
	s := &glueSink{}
	if g, ok := a.kw("path"); ok {
		s.target = x.glueTarget(g.v, x.spanOf(g.n))
	}
	if g, ok := a.kw("partitionKeys"); ok {
		s.part = x.glueKeys(g.v, x.spanOf(g.n))
	}
	return val{kind: kGlueSink, ref: s}, true
}

// glueSinkMethod applies sink.setFormat(f) and sink.writeFrame(frame).
func (x *extractor) glueSinkMethod(s *glueSink, c callSite, a args) val {
	switch c.name {
	case "setFormat":
		if g, ok := a.get(0, "format"); ok {
			s.format, s.at = g.v, x.spanOf(g.n)
		}
	case "writeFrame":
		if g, ok := a.get(0, "dynamic_frame"); ok {
			x.recordGlueWrite(c, "writeFrame", g.v, s.format, s.at, s.target, s.part)
		}
	}
	return val{}
}

// glueWrite records a write_dynamic_frame.from_options(...) to S3.
func (x *extractor) glueWrite(c callSite, a args) {
	if c.name != "from_options" || !bytes.HasSuffix(c.fn.ChildByFieldID(fObject).Text(), []byte("write_dynamic_frame")) {
		return
	}
	if g, ok := a.get(3, "connection_type"); !ok || !isS3(g.v) {
		return // JDBC, DynamoDB, Kafka: no files
	}
	frame, ok := a.get(0, "frame")
	if !ok {
		return
	}
	var format val
	var formatAt facts.Span
	if g, ok := a.get(4, "format"); ok {
		format, formatAt = g.v, x.spanOf(g.n)
	}
	var target facts.Target
	var part *facts.Partitioning
	if opts, ok := a.get(2, "connection_options"); ok && opts.v.kind == kDict {
		its := opts.v.items()
		for i := 0; i+1 < len(its); i += 2 {
			switch k, _ := its[i].literalString(); k {
			case "path":
				target = x.glueTarget(its[i+1].val, its[i+1].span)
			case "partitionKeys":
				part = x.glueKeys(its[i+1].val, its[i+1].span)
			}
		}
	}
	x.recordGlueWrite(c, "write_dynamic_frame.from_options", frame.v, format, formatAt, target, part)
}

// recordGlueWrite records a Glue sink's write of frame.
func (x *extractor) recordGlueWrite(c callSite, sink string, frame, format val, formatAt facts.Span, target facts.Target, part *facts.Partitioning) {
	fw := &facts.Write{
		API: facts.DataFrameWriter, Lang: document.Python, Span: x.spanOf(c.call), At: x.span(c.nameStart(), c.call.End()),
		Sink: sink, Transforms: frame.history().list(&x.edits), Target: target, PartitionBy: part,
		// a Glue S3 sink adds files beside those there: an append
		Mode:            facts.Value{Kind: facts.String, Str: "append"},
		FormatUnknown:   true,
		FrameFromHelper: madeByHelper(frame),
	}
	if f, unknown := x.formatName(format); !unknown && f != "" {
		fw.Format, fw.FormatUnknown, fw.FormatSpan = strings.TrimPrefix(f, "glue"), false, formatAt // glueparquet is Parquet
	}
	x.recordWrite(fw, x.frameParam(frame), helperOf(frame))
}

// glueTarget is the path a Glue sink is given.
func (x *extractor) glueTarget(v val, sp facts.Span) facts.Target {
	if s, ok := v.literalString(); ok {
		return facts.Target{Path: s, Span: sp}
	}
	return facts.Target{Span: sp, Expr: x.codeAt(sp)}
}

// glueKeys is the partitioning a Glue sink's partitionKeys give.
func (x *extractor) glueKeys(v val, sp facts.Span) *facts.Partitioning {
	part := &facts.Partitioning{Span: sp}
	x.partitionColumns(part, v, sp)
	if part.Dynamic || len(part.Names()) < len(part.Columns) {
		part.Expr = x.codeAt(sp)
	}
	return part
}

func isS3(v val) bool {
	s, ok := v.literalString()
	return ok && strings.EqualFold(strings.TrimSpace(s), "s3")
}

// glueTransforms are Glue's transforms of each record on its own.
var glueTransforms = map[string]bool{
	"DropFields": true, "SelectFields": true, "ApplyMapping": true, "RenameField": true,
	"ResolveChoice": true, "DropNullFields": true, "Filter": true, "Map": true, "Unbox": true,
}
