package pyfacts

import (
	"bytes"
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// function is what is known of a function defined in the file. It is the
// place to grow summaries (what it returns, what it writes) for
// cross-function analysis.
type function struct {
	name string
	sum  *facts.Func // its summary
	ret  val         // what it returns when that does not depend on its arguments
	// retFrame is 1 + the parameter whose DataFrame ret (a kFrame)
	// transforms, 0 when ret does not depend on an argument: each call
	// returns ret's steps applied to what it passes (see rebase).
	retFrame int
	// retWriter is 1 + the parameter whose writer ret (a kWriter)
	// configures, 0 when ret is no such writer (see returnedWriter).
	retWriter int
	// retBuilt is 1 + the parameter whose DataFrame the writer ret (a
	// kWriter) is made from (def writer(df): return df.writeStream...), 0
	// when ret is no such writer (see builtWriter).
	retBuilt int
	// trigParams are the triggers of the writer ret whose interval is a
	// parameter (trigger(processingTime=interval)), by the parameter.
	trigParams map[*facts.Trigger]int
	// lambda is set for a lambda whose body is a constant (ret): it has no
	// summary, and a call of it gives ret
	lambda bool
	// classMethod is set for a method decorated with @classmethod: called
	// on the class (Conf.start()), its first parameter is the class
	classMethod bool
}

func formatInt(n int64) string { return strconv.FormatInt(n, 10) }

var functionsModules = map[string]bool{
	"pyspark.sql.functions": true, "pyspark.sql.connect.functions": true,
}

// constColumn marks a kColumn of one value for every row: lit(x),
// current_date(), and functions of such a column.
var constColumn = &struct{ constant bool }{true}

// constFuncs are the functions whose column has one value in a run.
var constFuncs = map[string]bool{
	"lit": true, "typedLit": true, "current_date": true, "current_timestamp": true, "now": true,
	"localtimestamp": true, "curdate": true, "current_timezone": true,
}

// partTransform marks a kColumn that is a partition transform of its
// column (days("ts")), not the column itself.
var partTransform = &struct{ transform bool }{true}

var partitionTransforms = map[string]bool{
	"days": true, "hours": true, "months": true, "years": true, "bucket": true,
	"partitioning.days": true, "partitioning.hours": true, "partitioning.months": true,
	"partitioning.years": true, "partitioning.bucket": true,
}

// qualified is the value of the imported name prefix.name (name alone when
// prefix is ""). The joined name is built in a scratch buffer and copied only
// when the value keeps it.
func (x *extractor) qualified(prefix, name string) val {
	q := x.work.scratch[:0]
	if prefix != "" {
		q = append(q, prefix...)
		if !strings.HasSuffix(prefix, ".") {
			q = append(q, '.') // from . import conf is .conf, from .lib import io .lib.io
		}
	}
	q = append(q, name...)
	x.work.scratch = q
	switch string(q) {
	case "delta.tables.DeltaTable", "delta.DeltaTable":
		return val{kind: kDeltaClass}
	case "dlt", "pyspark.pipelines":
		return val{kind: kPipeline}
	case "pyspark.sql.Window", "pyspark.sql.window.Window":
		return val{kind: kWindow}
	case "pyspark.sql.SparkSession", "pyspark.sql.session.SparkSession",
		"databricks.connect.DatabricksSession", "databricks.connect.session.DatabricksSession",
		"pyspark.sql.connect.SparkSession", "pyspark.sql.connect.session.SparkSession":
		return val{kind: kSessionClass}
	case "pyspark.SparkContext", "pyspark.context.SparkContext":
		return val{kind: kContext}
	}
	if functionsModules[string(q)] {
		return val{kind: kFuncs}
	}
	if i := bytes.LastIndexByte(q, '.'); i > 0 && functionsModules[string(q[:i])] {
		return x.functionsMember(name[strings.LastIndexByte(name, '.')+1:])
	}
	if prefix == "" {
		return val{kind: kModule, name: name}
	}
	return val{kind: kModule, name: x.intern(q)}
}

func (x *extractor) functionsMember(name string) val {
	switch {
	case name == "col" || name == "column":
		return val{kind: kColFunc}
	case partitionTransforms[name]:
		return val{kind: kPartFunc, name: name}
	}
	q := append(append(x.work.scratch[:0], "pyspark.sql.functions."...), name...)
	x.work.scratch = q
	return val{kind: kModule, name: x.intern(q)}
}

// wellKnown is what an unbound name conventionally stands for in Spark code
// (notebooks get spark, sc and friends for free).
func (x *extractor) wellKnown(name string) val {
	switch name {
	case "DeltaTable":
		return val{kind: kDeltaClass}
	case "SparkSession", "DatabricksSession":
		return val{kind: kSessionClass}
	case "SparkConf":
		return val{kind: kModule, name: "pyspark.SparkConf"}
	case "Window":
		return val{kind: kWindow}
	case "dlt", "dp":
		return val{kind: kPipeline}
	case "F", "functions":
		return val{kind: kFuncs}
	case "col", "column":
		return val{kind: kColFunc}
	case "sc", "rdd":
		if name == "sc" {
			return val{kind: kContext}
		}
		return val{kind: kRDD}
	}
	if partitionTransforms[name] {
		// days("ts") in code that imported it with a star
		return val{kind: kPartFunc, name: name}
	}
	return x.wellKnownMember(name)
}

// wellKnownMember is what an attribute name conventionally stands for
// (self.spark, ctx.session, x.conf). A name taken for a session by its
// spelling may still be a DataFrame ("sessions", "spark_df"): the session's
// methods treat what is not theirs as DataFrame methods.
func (x *extractor) wellKnownMember(name string) val {
	l := x.lower(name)
	switch {
	case l == "conf":
		return val{kind: kConf}
	case strings.Contains(l, "sparkcontext") || strings.Contains(l, "spark_context"):
		return val{kind: kContext}
	case strings.HasSuffix(l, "_rdd") || strings.HasPrefix(l, "rdd_"):
		return val{kind: kRDD}
	case x.opts.SQLReceiver(name):
		return val{kind: kSession}
	}
	return val{}
}

// confMethods are the methods of a session's conf (RuntimeConfig) and of
// SparkConf.
var confMethods = map[string]bool{
	"set": true, "get": true, "unset": true, "getAll": true, "isModifiable": true,
	"setAll": true, "setIfMissing": true, "contains": true, "setAppName": true, "setMaster": true,
}

// attribute evaluates obj.name where it is not called.
func (x *extractor) attribute(obj val, name string, n python.Node) val {
	if obj.kind == kConf && obj.ref != nil {
		return x.attribute(val{kind: kUnknown, ref: obj.ref}, name, n) // a parameter named conf
	}
	switch obj.kind {
	case kCLIArgs:
		if p, ok := obj.ref.(*argParser); ok {
			return x.cliAttribute(p, name)
		}
		return val{}
	case kSession:
		switch name {
		case "read":
			return x.newReader(false)
		case "readStream":
			return x.newReader(true)
		case "conf":
			return val{kind: kConf}
		case "sparkContext":
			return val{kind: kContext}
		case "write", "writeStream", "rdd", "na":
			// a DataFrame whose name looks like a session's
			return x.attribute(val{}, name, n)
		}
		return val{}
	case kSessionClass:
		if name == "builder" {
			return val{kind: kBuilder}
		}
		return val{}
	case kFrame, kUnknown:
		if dt, ok := linkedTable(obj, true); ok && name == "optimize" {
			return val{kind: kDeltaOptimize, ref: dt} // delta-rs: t.optimize.compact()
		}
		switch name {
		case "write":
			return x.newWriter(obj, "write", n)
		case "writeStream":
			return x.newWriter(obj, "writeStream", n)
		case "rdd":
			return val{kind: kRDD}
		case "na":
			return val{kind: kNa, ref: obj.history()}
		case "sparkSession":
			return val{kind: kSession}
		}
		if obj.kind == kUnknown {
			if v, ok := x.member(obj, name); ok {
				x.noteStaticRead(obj, name, n)
				return v
			}
			if v, ok := x.ownClassAttr(n.ChildByFieldID(fObject), name); ok {
				return v
			}
			return x.wellKnownMember(name)
		}
		return val{}
	case kModule:
		return x.qualified(obj.name, name)
	case kFuncs:
		return x.functionsMember(name)
	case kPipeline:
		return val{kind: kModule, name: "dlt." + name}
	case kWindow:
		return val{kind: kWindow}
	case kObject:
		v, _ := dictGet(obj, name)
		return v
	case kPerRun:
		if name == "hex" || name == "urn" || name == "int" {
			return obj
		}
	case kClass:
		if ci, ok := obj.ref.(*classInfo); ok {
			v, _ := ci.statics.get(name)
			return v
		}
	case kDeltaTable:
		if dt, ok := obj.ref.(*deltaState); ok && dt.rs && name == "optimize" {
			return val{kind: kDeltaOptimize, ref: dt}
		}
	}
	return val{}
}

// method applies obj.name(args).
func (x *extractor) method(obj val, c callSite, a args) val {
	if c.name == "over" && obj.kind != kWindow {
		return x.noteWindow(c, a) // only a Column has over()
	}
	switch obj.kind {
	case kSession:
		return x.sessionMethod(c, a)
	case kSessionClass:
		if c.name == "getActiveSession" || c.name == "active" {
			return val{kind: kSession}
		}
		return val{}
	case kBuilder:
		return x.builderMethod(c, a)
	case kConf:
		if lc, ok := obj.ref.(*linkedCall); ok && confMethods[c.name] {
			lc.changed = true // conf = make_conf(); conf.set(...)
		}
		if obj.ref != nil && !confMethods[c.name] {
			return x.method(val{kind: kUnknown, ref: obj.ref}, c, a) // a parameter named conf
		}
		return x.confMethod(c, a)
	case kReader:
		if rd, ok := obj.ref.(*reader); ok {
			return x.readerMethod(rd, c, a)
		}
	case kWriter:
		switch w := obj.ref.(type) {
		case *writer:
			return x.writerMethod(w, nil, c, a)
		case *wstep:
			return x.writerMethod(w.w, w, c, a)
		case *writerWays:
			return x.waysMethod(w, c, a)
		}
	case kDeltaClass:
		return x.deltaClassMethod(c, a)
	case kDeltaTable, kDeltaMerge, kDeltaOptimize:
		dt, ok := obj.ref.(*deltaState)
		switch {
		case !ok:
		case obj.kind == kDeltaTable:
			return x.deltaTableMethod(dt, c, a)
		case obj.kind == kDeltaMerge:
			return x.deltaMergeMethod(dt, c, a)
		default:
			return x.deltaOptimizeMethod(dt, c, a)
		}
	case kDeltaBuilder:
		if db, ok := obj.ref.(*deltaBuilder); ok {
			return x.deltaBuilderMethod(db, c, a)
		}
	case kFuncs:
		return x.callFunction(x.functionsMember(c.name), c, a)
	case kPipeline:
		return x.pipelineCall(c, a)
	case kModule:
		if c.name == "items" && len(a) == 0 && projectName(obj.name) {
			return val{kind: kGivenItems, name: obj.name} // another module's dict, for the link step
		}
		return x.callFunction(x.qualified(obj.name, c.name), c, a)
	case kWindow:
		return x.windowMethod(obj, c, a)
	case kColumn:
		if _, ok := obj.ref.(*windowSpec); ok {
			return obj // alias, cast: still computed over the window
		}
		if obj.ref == constColumn {
			if g, ok := a.pos(0); ok && (c.name == "alias" || c.name == "name") {
				if name, ok := g.v.literalString(); ok {
					obj.name = name // lit(x).alias("d"): select names the column so
				}
			}
			return obj // lit(x).cast("date"): one value still
		}
	case kContext:
		if c.name == "getOrCreate" { // SparkContext.getOrCreate(conf)
			x.contextConf(c, a, 0)
			return val{kind: kContext}
		}
		return val{kind: kRDD}
	case kGlueSink:
		if s, ok := obj.ref.(*glueSink); ok {
			return x.glueSinkMethod(s, c, a)
		}
	case kSparkConf:
		return x.sparkConfMethod(obj, c, a)
	case kArgParser:
		if p, ok := obj.ref.(*argParser); ok {
			return x.argparseMethod(p, c, a)
		}
	case kRDD:
		if c.name == "toDF" {
			return val{kind: kFrame}
		}
		return val{kind: kRDD}
	case kStr:
		switch c.name {
		case "format":
			return x.strFormat(obj, a)
		case "join":
			return x.strJoin(obj, a)
		}
		return val{}
	case kDict:
		return x.dictMethod(obj, c, a)
	case kNa:
		// df.na.fill(0) is one transform, spanning ".na.fill(0)"
		return x.frameMethod(val{kind: kFrame, ref: obj.history()}, c, a, dotOf(c.fn.ChildByFieldID(fObject)))
	case kFrame, kUnknown:
		if p, ok := obj.ref.(*param); ok && c.name == "items" && len(a) == 0 && p.attr == "" && p.fn == x.fn && x.fn != nil {
			return val{kind: kGivenItems, ref: p} // a parameter's dict, for the link step
		}
		if v, ok := x.linkedMethod(obj, c, a); ok {
			return v
		}
		if c.name == "withColumn" && len(a) == 2 && a[1].v.kind == kPerRun {
			if s, ok := a[0].v.literalString(); ok {
				x.notePerRun(s, x.spanOf(a[0].n))
			}
		}
		if p, ok := obj.ref.(*param); ok && writerOnly[c.name] != "" && p.attr == "" && p.fn == x.fn && x.fn != nil {
			// def configure(w): return w.trigger(...): w is a writer
			return x.method(x.paramWriter(p.i, writerOnly[c.name]), c, a)
		}
		return x.frameMethod(obj, c, a, -1)
	}
	return val{}
}

// perRunMakers are the functions whose result is new on every call.
var perRunMakers = map[string]bool{"uuid.uuid4": true, "uuid.uuid1": true}

// notePerRun records that the code gives name (a variable, an attribute,
// a column) a value new on every run, at sp: a table partitioned by a
// column of that name gets a partition of its own on every run.
func (x *extractor) notePerRun(name string, sp facts.Span) {
	x.file.PerRun = append(x.file.PerRun, facts.Column{Name: name, Span: sp})
}

// sessionMaker is what a call of the function named q (qualified or not)
// that is not the file's returns when its name says: the Delta quick
// start's configure_spark_with_delta_pip(builder) returns the builder, and
// a function named like a session's getter (get_spark, create_spark_session)
// is taken to return one, as a name spelled like a session is taken for one.
func (x *extractor) sessionMaker(q string) val {
	name := q[strings.LastIndexByte(q, '.')+1:]
	switch {
	case name == "configure_spark_with_delta_pip":
		return val{kind: kBuilder}
	case strings.HasPrefix(name, "get_") || strings.HasPrefix(name, "create_") ||
		strings.HasPrefix(name, "build_") || strings.HasPrefix(name, "init_") || strings.HasPrefix(name, "new_"):
		if l := strings.ToLower(name); strings.HasSuffix(l, "spark") || strings.HasSuffix(l, "session") ||
			strings.HasSuffix(l, "spark_session") || strings.HasSuffix(l, "sparksession") {
			return val{kind: kSession}
		}
	}
	return val{}
}

// callFunction applies a plain function call name(args).
func (x *extractor) callFunction(callee val, c callSite, a args) val {
	switch callee.kind {
	case kColFunc:
		if g, ok := a.pos(0); ok {
			if s, ok := g.v.literalString(); ok {
				return val{kind: kColumn, name: stripBackticks(s)}
			}
		}
		return val{kind: kColumn}
	case kPartFunc:
		// days("ts"), bucket(4, "id"): the column is the last argument, a
		// partition transform of it (partitioned, it has few values)
		for i := len(a) - 1; i >= 0; i-- {
			if a[i].isPositional() {
				if col, ok := columnOf(a[i].v, x.spanOf(a[i].n)); ok {
					return val{kind: kColumn, name: col.Name, ref: partTransform}
				}
				break
			}
		}
		return val{kind: kColumn, ref: partTransform}
	case kSessionClass:
		return val{kind: kSession}
	case kContext: // SparkContext(conf=c)
		x.contextConf(c, a, -1)
		return val{kind: kContext}
	case kClass:
		if ci, ok := callee.ref.(*classInfo); ok {
			obj := val{}
			if !ci.opaque {
				obj = ci.instance(a)
			}
			if ci.name == "" {
				return obj
			}
			return x.newObject(ci.name, c, a, obj)
		}
	case kFunc:
		if fn := callee.ref.(*function); fn.lambda {
			return fn.ret // a lambda that gives a setting
		}
		if name, ok := x.calleeName(callee); ok {
			x.recordCall(name, c, a)
			if fn := callee.ref.(*function); fn.retWriter > 0 {
				return x.returnedWriter(fn, c, a, 0, val{})
			} else if fn.retBuilt > 0 {
				return x.builtWriter(fn, a, 0, val{})
			}
			return x.returnOf(callee.ref.(*function), a)
		}
	case kModule:
		if sparkConfClasses[callee.name] {
			return val{kind: kSparkConf, ref: &sparkConf{}}
		}
		if callee.name == "argparse.ArgumentParser" {
			return val{kind: kArgParser, ref: &argParser{}}
		}
		if v, ok := x.deltaRSCall(callee.name, c, a); ok {
			return v
		}
		if perRunMakers[callee.name] || callee.name == "pyspark.sql.functions.lit" && a.first(kPerRun) {
			return val{kind: kPerRun}
		}
		if callee.name == "functools.partial" {
			return x.partial(a)
		}
		if f, ok := strings.CutPrefix(callee.name, "pyspark.sql.functions."); ok {
			if g, first := a.pos(0); constFuncs[f] || first && g.v.kind == kColumn && g.v.ref == constColumn {
				return val{kind: kColumn, ref: constColumn} // lit(x), to_date(lit(x)), year(current_date())
			}
		}
		if name, ok := x.calleeName(callee); ok {
			call := x.recordCall(name, c, a)
			if isClassName(name) {
				return x.newObject(name, c, a, val{})
			}
			if v := x.sessionMaker(callee.name); v.kind != kUnknown {
				return v
			}
			return x.linkedResult(call, c, a) // a helper of another module
		}
		return x.sessionMaker(callee.name)
	case kUnknown:
		if v, ok := x.callValue(callee, c, a); ok {
			return v
		}
		if c.name == "str" && a.first(kPerRun) {
			return val{kind: kPerRun}
		}
		return x.sessionMaker(c.name)
	}
	return val{}
}
