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
	if c.name != "fromDF" || !bytes.HasSuffix(c.fn.ChildByFieldID(fObject).Text(), []byte("DynamicFrame")) && !strings.HasSuffix(recv.name, "DynamicFrame") {
		return val{}, false
	}
	g, ok := a.get(0, "dataframe")
	if !ok || g.v.kind != kFrame && g.v.kind != kUnknown {
		return val{}, false
	}
	return g.v, true
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
	at := x.span(c.nameStart(), c.call.End())
	fw := &facts.Write{
		API: facts.DataFrameWriter, Lang: document.Python, Span: x.spanOf(c.call), At: at,
		Sink: "write_dynamic_frame.from_options", Transforms: frame.v.history().list(&x.edits),
		// a Glue S3 sink adds files beside those there: an append
		Mode:          facts.Value{Kind: facts.String, Str: "append"},
		FormatUnknown: true,
	}
	if g, ok := a.get(4, "format"); ok {
		if f, unknown := x.formatName(g.v); !unknown {
			fw.Format, fw.FormatUnknown, fw.FormatSpan = strings.TrimPrefix(f, "glue"), false, x.spanOf(g.n) // glueparquet is Parquet
		}
	}
	if opts, ok := a.get(2, "connection_options"); ok && opts.v.kind == kDict {
		its := opts.v.items()
		for i := 0; i+1 < len(its); i += 2 {
			k, _ := its[i].literalString()
			if v := its[i+1]; k == "path" {
				if s, ok := v.literalString(); ok {
					fw.Target = facts.Target{Path: s, Span: v.span}
				} else {
					fw.Target = facts.Target{Span: v.span, Expr: x.codeAt(v.span)}
				}
			}
			if k == "partitionKeys" {
				part := &facts.Partitioning{Span: its[i+1].span}
				x.partitionColumns(part, its[i+1].val, its[i+1].span)
				if part.Dynamic || len(part.Names()) < len(part.Columns) {
					part.Expr = x.codeAt(its[i+1].span)
				}
				fw.PartitionBy = part
			}
		}
	}
	x.recordWrite(fw, x.frameParam(frame.v))
}

func isS3(v val) bool {
	s, ok := v.literalString()
	return ok && strings.EqualFold(strings.TrimSpace(s), "s3")
}
