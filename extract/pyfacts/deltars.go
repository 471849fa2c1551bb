package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// delta-rs (the deltalake package) and Polars write and maintain Delta
// tables without Spark. Their calls become the same facts as Spark's, so
// the rules about partitioning, VACUUM retention and Z-ordering apply:
//
//	write_deltalake(uri, data, partition_by=[...], mode="append")
//	df.write_delta(uri, mode="append", delta_write_options={"partition_by": [...]})  # Polars
//	DeltaTable(uri).vacuum(retention_hours=0, dry_run=False, enforce_retention_duration=False)
//	DeltaTable(uri).optimize.z_order(["a"]) / .optimize.compact()
//
// delta-rs's vacuum is a dry run unless dry_run=False is passed.

// retentionCheckKey is the Spark setting whose switching off delta-rs's
// enforce_retention_duration=False stands for.
const retentionCheckKey = "spark.databricks.delta.retentionDurationCheck.enabled"

// deltaRSCall applies a deltalake function named q (qualified), and
// reports whether it was one.
func (x *extractor) deltaRSCall(q string, c callSite, a args) (val, bool) {
	switch q {
	case "deltalake.DeltaTable", "deltalake.table.DeltaTable":
		dt := &deltaState{rs: true}
		if g, ok := a.get(0, "table_uri"); ok {
			dt.target = x.uriTarget(g)
			x.nameFrom(dt, g, true)
		}
		return val{kind: kDeltaTable, ref: dt}, true
	case "deltalake.write_deltalake", "deltalake.writer.write_deltalake":
		w := x.rsWrite(c, "table_or_uri")
		if g, ok := a.get(0, "table_or_uri"); ok {
			w.Target = x.uriTarget(g)
		}
		if g, ok := a.kw("mode"); ok {
			w.Mode = g.v.value(x.spanOf(g.n))
		}
		if g, ok := a.kw("partition_by"); ok {
			w.PartitionBy = x.partitioning(args{{v: g.v, n: g.n}}, x.spanOf(g.whole))
		}
		x.recordWrite(w, 0, nil)
		return val{}, true
	}
	return val{}, false
}

// polarsWriteDelta records df.write_delta(target, mode=..., delta_write_options=...).
func (x *extractor) polarsWriteDelta(c callSite, a args) {
	w := x.rsWrite(c, "target")
	if g, ok := a.get(0, "target"); ok {
		w.Target = x.uriTarget(g)
	}
	if g, ok := a.kw("mode"); ok {
		w.Mode = g.v.value(x.spanOf(g.n))
	}
	if g, ok := a.kw("delta_write_options"); ok {
		if p, ok := dictGet(g.v, "partition_by"); ok {
			w.PartitionBy = x.partitioning(args{{v: p, n: g.n}}, x.spanOf(g.whole))
			x.partitionSpans(w.PartitionBy, p)
		}
	}
	x.recordWrite(w, 0, nil)
}

// partitionSpans gives columns read from inside a dict the spans of their
// own items (partitioning had only the dict's node).
func (x *extractor) partitionSpans(p *facts.Partitioning, v val) {
	items := v.items()
	if v.kind != kList || len(items) != len(p.Columns) {
		if v.kind == kStr && len(p.Columns) == 1 {
			return
		}
		p.Dynamic = true
		return
	}
	for i := range items {
		p.Columns[i].Span = items[i].span
	}
}

func (x *extractor) rsWrite(c callSite, _ string) *facts.Write {
	return &facts.Write{
		API:      facts.DeltaRSWrite,
		Lang:     document.Python,
		Span:     x.spanOf(c.call),
		At:       x.span(c.nameStart(), c.fn.End()),
		Sink:     c.name,
		Format:   "delta",
		WriterAt: x.at(c.call.Start()),
	}
}

// uriTarget reads a delta-rs table URI: a path, or a table of a catalog
// only when it is not one.
func (x *extractor) uriTarget(g arg) facts.Target {
	t := x.unknownTarget(g)
	if s, ok := g.v.literalString(); ok {
		t.Path, t.Expr, t.Bind = strings.TrimSpace(s), "", ""
	}
	return t
}

// deltaRSMethod applies a method of a delta-rs DeltaTable.
func (x *extractor) deltaRSMethod(dt *deltaState, c callSite, a args) val {
	switch c.name {
	case "vacuum":
		m := x.maintenance(facts.Vacuum, dt, c)
		m.DryRun = true // delta-rs's default
		if g, ok := a.get(0, "retention_hours"); ok {
			if g.v.kind != kConst || g.v.lit().Kind != facts.None {
				m.HasRetain = true
				m.Retain = g.v.value(x.spanOf(g.n))
			}
		}
		if g, ok := a.get(1, "dry_run"); ok {
			b, known := g.v.value(facts.Span{}).Truth()
			m.DryRun = !known || b // unknown: it may well be a dry run
		}
		if g, ok := a.get(2, "enforce_retention_duration"); ok && !m.DryRun && dt.linked == nil {
			if b, known := g.v.value(facts.Span{}).Truth(); known && !b {
				x.recordSetting(&facts.Setting{
					Key: retentionCheckKey, Value: g.v.value(x.spanOf(g.n)), Via: "deltalake.vacuum",
					Lang: document.Python, Span: x.spanOf(c.call), At: x.spanOf(g.whole),
				})
			}
		}
	case "delete":
		x.deltaWrite(facts.DeltaTableDelete, dt, c)
	case "update":
		x.deltaWrite(facts.DeltaTableUpdate, dt, c)
	case "merge":
		m := &deltaState{target: dt.target, rs: true} // the source is not written (see DeltaTable.merge)
		if g, ok := a.get(0, "source"); ok {
			m.param = x.frameParam(g.v)
		}
		return val{kind: kDeltaMerge, ref: m}
	}
	return val{}
}

// deltaRSOptimize applies dt.optimize.compact(...) / .z_order(columns, ...).
func (x *extractor) deltaRSOptimize(dt *deltaState, c callSite, a args) val {
	switch c.name {
	case "compact":
		m := x.maintenance(facts.Optimize, dt, c)
		m.WhereColumns = x.partitionFilterColumns(a)
	case "z_order":
		m := x.maintenance(facts.Optimize, dt, c)
		m.WhereColumns = x.partitionFilterColumns(a)
		if g, ok := a.get(0, "columns"); ok {
			p := x.partitioning(args{{v: g.v, n: g.n}}, x.spanOf(g.whole))
			if !p.Dynamic {
				m.ZOrderBy = p.Columns
			}
		}
	}
	return val{}
}

// partitionFilterColumns are the columns of partition_filters=[("col", "=", v), ...].
func (x *extractor) partitionFilterColumns(a args) []facts.Column {
	g, ok := a.kw("partition_filters")
	if !ok || g.v.kind != kList {
		return nil
	}
	var cols []facts.Column
	for _, f := range g.v.items() {
		parts := f.items()
		if f.kind != kList || len(parts) == 0 {
			continue
		}
		if col, ok := columnOf(parts[0].val, parts[0].span); ok {
			cols = append(cols, col)
		}
	}
	return cols
}
