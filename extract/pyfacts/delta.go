package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// deltaState is a DeltaTable, or a merge or optimize builder made from one.
type deltaState struct {
	target facts.Target
	src    *hist          // the merge source's history
	where  []facts.Column // optimize().where(...) columns
	param  int            // 1 + the parameter the merge source comes from (see frameParam)
}

// deltaBuilder is a DeltaTable.create(...) builder.
type deltaBuilder struct {
	def facts.TableDef
}

func (x *extractor) deltaClassMethod(c callSite, a args) val {
	switch c.name {
	case "forName":
		dt := &deltaState{}
		if g, ok := a.get(1, "tableOrViewName"); ok {
			dt.target = x.tableTarget(g)
		}
		return val{kind: kDeltaTable, ref: dt}
	case "forPath":
		dt := &deltaState{}
		if g, ok := a.get(1, "path"); ok {
			dt.target = x.pathTarget(g)
		}
		return val{kind: kDeltaTable, ref: dt}
	case "create", "createIfNotExists", "replace", "createOrReplace":
		// findings about the table point at where its definition starts
		return val{kind: kDeltaBuilder, ref: &deltaBuilder{def: facts.TableDef{
			Kind: facts.DeltaBuilder, Lang: document.Python, Format: "delta",
			At: x.span(c.nameStart(), c.call.End()),
		}}}
	}
	return val{}
}

func (x *extractor) deltaTableMethod(dt *deltaState, c callSite, a args) val {
	switch c.name {
	case "alias":
		return val{kind: kDeltaTable, ref: dt}
	case "toDF", "history", "detail":
		return val{kind: kFrame}
	case "merge":
		m := &deltaState{target: dt.target}
		if g, ok := a.get(0, "source"); ok {
			m.src = g.v.history()
			m.param = x.frameParam(g.v)
		}
		return val{kind: kDeltaMerge, ref: m}
	case "update", "updateExpr":
		x.deltaWrite(facts.DeltaTableUpdate, dt, c)
	case "delete":
		x.deltaWrite(facts.DeltaTableDelete, dt, c)
	case "optimize":
		return val{kind: kDeltaOptimize, ref: &deltaState{target: dt.target}}
	case "vacuum":
		m := x.maintenance(facts.Vacuum, dt, c)
		if g, ok := a.get(0, "retentionHours"); ok {
			m.HasRetain = true
			m.Retain = g.v.value(x.spanOf(g.n))
		}
	}
	return val{}
}

func (x *extractor) deltaMergeMethod(dt *deltaState, c callSite, a args) val {
	if c.name == "execute" {
		x.deltaWrite(facts.DeltaTableMerge, dt, c)
		return val{}
	}
	// whenMatchedUpdate..., whenNotMatchedInsert..., withSchemaEvolution
	return val{kind: kDeltaMerge, ref: dt}
}

func (x *extractor) deltaOptimizeMethod(dt *deltaState, c callSite, a args) val {
	switch c.name {
	case "where":
		next := *dt
		if g, ok := a.get(0, "partitionFilter"); ok {
			next.where = x.whereColumns(g.v)
		}
		return val{kind: kDeltaOptimize, ref: &next}
	case "executeCompaction":
		x.maintenance(facts.Optimize, dt, c)
	case "executeZOrderBy":
		m := x.maintenance(facts.Optimize, dt, c)
		p := x.partitioning(a, x.spanOf(c.call))
		m.ZOrderBy = p.Columns
	}
	return val{}
}

func (x *extractor) deltaWrite(api facts.API, dt *deltaState, c callSite) {
	x.recordWrite(&facts.Write{
		API:        api,
		Lang:       document.Python,
		Span:       x.spanOf(c.call),
		At:         x.span(c.nameStart(), c.call.End()),
		Sink:       c.name,
		Format:     "delta",
		Target:     dt.target,
		Transforms: dt.src.list(),
		WriterAt:   x.at(c.dot()),
	}, dt.param)
}

func (x *extractor) maintenance(kind facts.MaintenanceKind, dt *deltaState, c callSite) *facts.Maintenance {
	m := &facts.Maintenance{
		Kind:         kind,
		Lang:         document.Python,
		Target:       dt.target,
		Span:         x.spanOf(c.call),
		At:           x.span(c.nameStart(), c.call.End()),
		WhereColumns: dt.where,
	}
	x.recordMaintenance(m)
	return m
}

func (x *extractor) deltaBuilderMethod(db *deltaBuilder, c callSite, a args) val {
	next := &deltaBuilder{def: db.def}
	d := &next.def
	switch c.name {
	case "tableName":
		if g, ok := a.get(0, "identifier"); ok {
			if s, ok := g.v.literalString(); ok {
				d.Name = stripBackticks(strings.TrimSpace(s))
			}
		}
	case "location":
		if g, ok := a.get(0, "location"); ok {
			d.Location, _ = g.v.literalString()
		}
	case "partitionedBy":
		d.PartitionBy = x.partitioning(a, x.span(c.dot(), c.call.End()))
	case "clusterBy":
		d.ClusterBy = x.partitioning(a, x.span(c.dot(), c.call.End())).Columns
	case "property":
		d.Properties = x.withProperty(d.Properties, a, "key", "value")
	case "execute":
		def := next.def
		def.Span = x.spanOf(c.call)
		def.AddProps = x.chainInsertion(facts.PyBuilderCall, c)
		x.recordTable(&def)
		return val{kind: kDeltaTable, ref: &deltaState{target: facts.Target{Table: def.Name, Path: def.Location}}}
	}
	return val{kind: kDeltaBuilder, ref: next}
}
