package pyfacts

import (
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
)

// deltaState is a DeltaTable, or a merge or optimize builder made from one.
type deltaState struct {
	target facts.Target
	where  []facts.Column // optimize().where(...) columns
	param  int            // 1 + the parameter the merge source comes from (see frameParam)
	rs     bool           // a delta-rs (deltalake) table, whose API differs (see deltars.go)
	// named is 1 + the parameter of the function being read whose value
	// names the table (def _table(path): return DeltaTable.forPath(spark,
	// path)), 0 when none; byPath says it is a path (or a delta-rs URI).
	named  int
	byPath bool
	// linked is the call of a function not known here whose result this
	// is, when it is one (see linkedTable).
	linked *linkedCall
}

// nameFrom notes that g, which gives the table, is a parameter of the
// function being read: a call that returns the table names it.
func (x *extractor) nameFrom(dt *deltaState, g arg, byPath bool) {
	if i, ok := x.paramOf(g.v); ok {
		dt.named, dt.byPath = i+1, byPath
	}
}

// deltaBuilder is a DeltaTable.create(...) builder.
type deltaBuilder struct {
	def     facts.TableDef
	columns bool // addColumn(s) was called
}

func (x *extractor) deltaClassMethod(c callSite, a args) val {
	switch c.name {
	case "forName":
		dt := &deltaState{}
		if g, ok := a.get(1, "tableOrViewName"); ok {
			dt.target = x.tableTarget(g)
			x.nameFrom(dt, g, false)
		}
		return val{kind: kDeltaTable, ref: dt}
	case "forPath":
		dt := &deltaState{}
		if g, ok := a.get(1, "path"); ok {
			dt.target = x.pathTarget(g)
			x.nameFrom(dt, g, true)
		}
		return val{kind: kDeltaTable, ref: dt}
	case "convertToDelta":
		// convertToDelta(spark, "parquet.`/path`", partitionSchema): a Delta table from then on
		dt := &deltaState{}
		if g, ok := a.get(1, "identifier"); ok {
			dt.target = facts.Target{Span: x.spanOf(g.n)}
			if s, ok := g.v.literalString(); ok {
				if _, p, ok := strings.Cut(s, ".`"); ok && strings.HasSuffix(p, "`") {
					dt.target.Path = strings.TrimSuffix(p, "`")
				} else {
					dt.target.Table = stripBackticks(strings.TrimSpace(s))
				}
			}
		}
		return val{kind: kDeltaTable, ref: dt}
	case "create", "createIfNotExists", "replace", "createOrReplace":
		// findings about the table point at where its definition starts
		return val{kind: kDeltaBuilder, ref: &deltaBuilder{def: facts.TableDef{
			Kind: facts.DeltaBuilder, Lang: document.Python, Format: "delta",
			At:          x.span(c.nameStart(), c.call.End()),
			IfNotExists: c.name == "createIfNotExists",
		}}}
	}
	return val{}
}

func (x *extractor) deltaTableMethod(dt *deltaState, c callSite, a args) val {
	if dt.rs {
		return x.deltaRSMethod(dt, c, a)
	}
	switch c.name {
	case "alias":
		return val{kind: kDeltaTable, ref: dt}
	case "toDF", "history", "detail":
		return val{kind: kFrame}
	case "merge":
		// the source's partitioning does not decide the files MERGE writes:
		// its join shuffles the source, so the write keeps no transforms;
		// a source that is a parameter still makes the MERGE a fact of
		// each call (a foreachBatch function's MERGE of its batch)
		m := &deltaState{target: dt.target}
		if g, ok := a.get(0, "source"); ok {
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
	if dt.rs {
		return x.deltaRSOptimize(dt, c, a)
	}
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
		x.noteZOrderParam(m, p)
	}
	return val{}
}

func (x *extractor) deltaWrite(api facts.API, dt *deltaState, c callSite) {
	x.recordWrite(&facts.Write{
		API:      api,
		Lang:     document.Python,
		Span:     x.spanOf(c.call),
		At:       x.span(c.nameStart(), c.call.End()),
		Sink:     c.name,
		Format:   "delta",
		Target:   dt.target,
		WriterAt: x.at(c.dot()),
	}, dt.param, nil)
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
	if dt.linked != nil {
		s := x.summary()
		s.Maintained = append(s.Maintained, facts.Maintained{Maintenance: m, Call: dt.linked.call, Exprs: dt.linked.exprs, RS: dt.rs})
		return m
	}
	x.recordMaintenance(m)
	return m
}

func (x *extractor) deltaBuilderMethod(db *deltaBuilder, c callSite, a args) val {
	next := &deltaBuilder{def: db.def, columns: db.columns}
	d := &next.def
	switch c.name {
	case "addColumn", "addColumns":
		next.columns = true
	case "tableName":
		if g, ok := a.get(0, "identifier"); ok {
			if s, ok := g.v.literalString(); ok {
				d.Name = stripBackticks(strings.TrimSpace(s))
			}
		}
	case "location":
		if g, ok := a.get(0, "location"); ok {
			var lit bool
			d.Location, lit = g.v.literalString()
			d.LocationAt, d.LocationBind = facts.Span{}, ""
			if !lit || strings.Contains(d.Location, "{") {
				// not known, or only partly: a binding names it better
				// than its text, as it does the writes' targets
				d.LocationAt = x.spanOf(g.n)
				if b := x.bindingOf(g.n); b != "" {
					d.Location, d.LocationBind = "", b
				}
			}
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
		// a location with no columns registers the table already there
		def.Registration = def.Location != "" && !next.columns
		x.recordTable(&def)
		tg := facts.Target{Table: def.Name, Path: def.Location}
		if !tg.Known() {
			tg.Bind = def.LocationBind
		}
		return val{kind: kDeltaTable, ref: &deltaState{target: tg}}
	}
	return val{kind: kDeltaBuilder, ref: next}
}
