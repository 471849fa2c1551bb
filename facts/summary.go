package facts

// Function summaries: what a file's functions do with their parameters and
// which calls the file makes, so that the project link step
// (package link) can apply a helper's writes, streams, settings and
// maintenance at the call sites that pass known arguments, across files.
// A summary is data, like the rest of the facts: it is encoded with them and
// never holds a syntax tree.

// Summary is a file's functions and calls.
type Summary struct {
	Funcs []*Func
	// Calls are the calls made outside any function body (module level),
	// in the order written.
	Calls []*Call
	// Runs are the notebooks this notebook includes with %run, in order.
	Runs []Run
	// Session are a notebook's own session settings, in the order set:
	// a notebook that includes it with %run has them from its %run line on.
	Session []*Setting
	// Consts are the module-level names bound to one known value (a
	// string, a number, a list of them), which other modules may import.
	Consts []Const
	// Globals are the fields of the file's facts that a name imported from
	// another module of the project (or defined by a %run notebook) fills.
	Globals []Global
	// Finished are the writes the file finishes on a writer that a call of
	// a function not known here configured and returned
	// (with_checkpoint(df.writeStream).toTable("t")): the link step adds
	// each, with what the functions set, when it finds them all.
	Finished []Finished
	// Classes are the module-level classes that name base classes of the
	// project: a method a class inherits is its base's.
	Classes []Class
	// Maintained are the OPTIMIZE and VACUUM calls the file makes on what
	// a call of a function not known here returned (get_table(spark,
	// p).vacuum(0)): the link step adds each when the call resolves to a
	// function that returns a DeltaTable (Func.Table).
	Maintained []Maintained
	// Given are the settings the file gives a session from a dict or a
	// SparkConf another module of the project defines (config(map=CONF),
	// config(conf=CONF), setAll(CONF.items()), a loop over CONF.items()):
	// the link step adds one setting per entry of that module's constant.
	Given []GivenSettings
	// Framed are the module-level writes whose DataFrame is what calls of
	// functions not known here return (df = add_columns(df);
	// df.write...): the link step puts the steps those functions take
	// before the write's own (see Frame).
	Framed []Frame
}

// Frame is how a DataFrame was made when calls of functions the file does
// not know gave it back (see Summary.Framed, Func.Framed, Func.Frame):
// Calls, oldest first, each given the DataFrame the one before it returned
// (the first, the DataFrame Param is, or one made here), and the steps the
// code takes after each. A Frame with no calls is a function's parameter
// returned through steps (def narrowed(df): return df.coalesce(2)).
type Frame struct {
	// At is, for a write, the write's Span.
	At Span
	// Param is 1 + the parameter of the function the code is in that the
	// DataFrame starts from: the first call's argument is that parameter,
	// or steps of it; with no calls, the steps that follow apply to it.
	// 0 when none.
	Param int
	Calls []FrameCall
}

// FrameCall is a call of a function the file does not know whose result
// is a DataFrame (see Frame).
type FrameCall struct {
	Call *Call
	// Arg is the call's argument that is the DataFrame (an index into
	// Call.Args): the DataFrame the call before returned (or, for the
	// first, the one the code made, or Param), through the steps its
	// Transforms hold; -1 when the call is given none.
	Arg int
}

// GivenSettings are session settings given from the module constant Name
// (named as a Call's Callee is), a dict of keys and values: each becomes a
// setting Via, spanning Span, cited At (see Summary.Given).
type GivenSettings struct {
	Name string
	// Param is, in a function's summary, 1 + the parameter that holds the
	// dict; 0 when Name names it.
	Param int
	Via   string
	Span  Span
	At    Span
}

// Maintained is maintenance made on what a call of a project function
// returned (see Summary.Maintained).
type Maintained struct {
	// Maintenance is the fact as the file reads it, its target the call's
	// code.
	Maintenance *Maintenance
	Call        *Call
	// Exprs are the code of each of the call's arguments, as a message
	// quotes it (Target.Expr): what names the table when its value is not
	// known.
	Exprs []string
	// RS says it is read with delta-rs's API (vacuum(retention_hours=...,
	// dry_run=...)); a vacuum is read both ways, and the link step keeps
	// the reading of the table the function returns.
	RS bool
}

// ReturnedTable is the DeltaTable a function returns (Func.Table).
type ReturnedTable struct {
	// Target is the table, when the function names it itself.
	Target Target
	// Param is 1 + the parameter whose value names the table (def
	// get_table(spark, path): return DeltaTable.forPath(spark, path)), 0
	// when none; ByPath says it is a path (or a delta-rs URI).
	Param  int
	ByPath bool
	RS     bool // a delta-rs (deltalake) table
}

// Class is a class and its bases, named as a Call's Callee would name
// them, in the order written.
type Class struct {
	Name  string
	Bases []string
}

// Finished is a write made on a writer that calls of project functions
// configured (see Summary.Finished).
type Finished struct {
	// Write is the write as the file's own code configures it.
	Write *Write
	// Helpers are the calls that configured the writer, the newest first.
	Helpers []Configured
}

// Configured is a call that configures a writer it is given and returns
// it (see Func.Writer).
type Configured struct {
	Call *Call
	// Arg is the call's argument that is the writer.
	Arg int
	// After are the settings (WriterSettings.Set bits) the code sets after
	// the call, which the call's do not replace.
	After uint8
	// InPlace is set when the code goes on with the writer it passed, not
	// the call's result (configure(w); w.start()): when the call is no
	// writer helper, the write is made as the code configures it.
	InPlace bool
	// Builds says the argument is the DataFrame the call makes the writer
	// from (see WriterHelper.Builds).
	Builds bool
}

// WriterHelper is what a function does to the writer it is given and
// returns: def scheduled(w): return w.trigger(availableNow=True).
type WriterHelper struct {
	Param int // the parameter that is the writer
	// Builds says the function makes the writer from the DataFrame
	// parameter Param is (def writer(df): return df.writeStream...), of
	// kind API, rather than configuring a writer it is given.
	Builds bool
	API    API
	// Ways are the ways through the function's branches, each with what it
	// sets; one when it has no branches that configure the writer.
	Ways []WriterWay
}

// WriterWay is one way through a writer helper.
type WriterWay struct {
	// When says when the way runs ("`backfill` is false"), for messages;
	// "" when always.
	When string
	// Conds are the conditions on the function's parameters under which
	// the way runs: a call that passes a value whose truth is known takes
	// only the ways it meets.
	Conds []WayCond
	Sets  WriterSettings
	// Helpers are the calls of writer helpers of another module the way
	// makes on the writer, the newest first (return scheduled(w.option(...))):
	// the link step adds what they set, unless Sets has it from a step
	// after them (Configured.After).
	Helpers []Configured
}

// WayCond says that parameter Param (its attribute Attr, when set:
// self.batch) has the truth Holds.
type WayCond struct {
	Param int
	Attr  string
	Holds bool
}

// WriterSettings are what configuring a writer sets; Set says which (the
// Set* bits).
type WriterSettings struct {
	Set           uint8
	Format        string
	FormatUnknown bool
	FormatSpan    Span
	Mode          Value
	PartitionBy   *Partitioning
	ClusterBy     []Column
	Options       map[string]Value
	Properties    map[string]Value
	Trigger       *Trigger
	// TriggerGlobal names the module constant a trigger's **mapping is
	// (trigger(**NOW), NOW imported), as a Call's Callee would: the link
	// step reads the trigger from it.
	TriggerGlobal string
	// TriggerParam is 1 + the parameter whose value is the trigger's
	// interval (w.trigger(processingTime=interval)), 0 when none.
	TriggerParam int
	QueryName    Value
	// Batch is the function given to foreachBatch, as written (a
	// function of the helper's module, or its parameter): the stream's
	// sink is then what that function writes (Stream.Batch).
	Batch string
}

// The settings of a writer (WriterSettings.Set).
const (
	SetFormat uint8 = 1 << iota
	SetMode
	SetPartition
	SetCluster
	SetOptions
	SetProps
	SetTrigger
	SetQuery
)

// Const is a module-level constant.
type Const struct {
	Name  string
	Value Arg
}

// Global says that field Field of the fact of kind Fact whose Span is At
// takes the value of the module constant Name (named as a Call's Callee
// is), written at Span.
type Global struct {
	Fact  FactKind
	At    Span
	Field HoleField
	Key   string
	Name  string
	Span  Span
	// Obj is the instance whose attribute Name names (Name is then
	// "Class.attr"): one the code made with the arguments Obj has
	// (c = StreamConf("5 seconds"), read as c.interval).
	Obj *Arg
}

// Run is a Databricks `%run ./path` line.
type Run struct {
	Path string // as written, quotes removed ("./Includes/setup")
	At   Span
}

// Func is one function or method, summarised once.
type Func struct {
	Name   string // "write_table"; a method is "Class.method"
	At     Span   // the name in the def
	Params []Param
	// Writes, Reads, Tables, Settings and Maintenance are the facts of the
	// body as read with the parameters unknown. Holes say which of their
	// fields come from which parameter.
	Writes      []*Write
	Reads       []*Read
	Tables      []*TableDef
	Settings    []*Setting
	Maintenance []*Maintenance
	Holes       []Hole
	// Given are the settings the body gives a session from a dict or
	// SparkConf that a parameter holds (Param, 1-based) or another module
	// defines (Name): def session(conf): builder.config(conf=conf). The
	// link step adds them at each call that passes a known one.
	Given []GivenSettings
	// Calls are the calls the body makes; their arguments may be the
	// function's own parameters (ArgParam).
	Calls []*Call
	// Returns is what every return statement agrees the function returns.
	Returns Arg
	// Frame is set when the function returns a DataFrame that is its
	// parameter (Frame.Param) or what calls of functions not known to its
	// file return (Frame.Calls), through the steps Returns holds
	// (ArgFrame's Transforms; none when it returns the call's result
	// itself). Nil when the function makes the DataFrame it returns (its
	// steps are all in Returns) or returns none.
	Frame *Frame
	// Framed are the writes of the body whose DataFrame is what calls of
	// functions not known to the file return (see Summary.Framed), by the
	// write's Span.
	Framed []Frame
	// Attrs are the attributes a method sets on its instance (self.x =
	// value), in the order written: the value is a parameter (ArgParam), a
	// constant, or unknown when the store is conditional or not followed.
	Attrs []Const
	// Writer is set when the function configures a writer it is given and
	// returns it.
	Writer *WriterHelper
	// Table is set when the function returns a DeltaTable.
	Table *ReturnedTable
}

// Param is a function parameter.
type Param struct {
	Name string
	// Default is the default value, nil when there is none. Its spans are
	// in the function's file.
	Default *Arg
	Star    uint8 // 1 for *args, 2 for **kwargs
}

// FactKind names a fact list of a Func.
type FactKind uint8

const (
	FactWrite FactKind = iota + 1
	FactRead
	FactTable
	FactSetting
	FactMaintenance
)

// HoleField is the field of a fact that a parameter fills.
type HoleField uint8

const (
	HoleTable       HoleField = iota + 1 // Target.Table (writes, reads, maintenance)
	HolePath                             // Target.Path
	HoleMode                             // Write.Mode
	HoleFormat                           // Write.Format
	HolePartitionBy                      // Write.PartitionBy from a list or a *splat
	HoleTrigger                          // Write.Trigger's interval (processingTime=param)
	HoleFrame                            // the written DataFrame: its transforms come first
	HoleRetain                           // Maintenance.Retain
	HoleValue                            // Setting.Value
	HoleOption                           // Write.Options[Key] / Read.Options[Key]
	HoleZOrder                           // Maintenance.ZOrderBy from a list or a *splat
	HoleTriggerArgs                      // Write.Trigger from a **mapping (Trigger.Kwargs)
	// HoleReturned: the steps that functions of other files took on the
	// written DataFrame before the code's own (see Frame), an ArgFrame's
	// Transforms; its Param is the Frame's, its Span the last call's.
	// Only the link step fills it (link.Fill).
	HoleReturned
)

// Hole says that field Field of fact Index in the Func's list Fact comes
// from parameter Param.
type Hole struct {
	Fact  FactKind
	Index int
	Field HoleField
	Param int
	Key   string // HoleOption: the option key, lower-cased
	// Global, when set, names the module constant that fills the hole
	// instead of a parameter (Param is then -1); Span is where it is written.
	Global string
	Span   Span
	// Obj, with Global, is the instance whose attribute Global names
	// (Global is then "Class.attr"): one the code made with the arguments
	// Obj has (c = StreamConf("5 seconds"), read as c.interval).
	Obj *Arg
	// Attr, when set, says the field comes from attribute Attr of the
	// parameter (self.table), known where the parameter is an object
	// (ArgObject) whose class's __init__ sets it.
	Attr string
	// Static says the field is a setting of the method's class that its
	// body binds (self.interval read as the class's interval = "10
	// minutes"), kept in the fact: an instance of a subclass that binds
	// Attr itself fills it with its own.
	Static bool
	// Parts, when set, say the field is a string built from parameters
	// (f"{catalog}.{schema}.events"): literal text (ArgValue) and
	// parameters (ArgParam), joined in order; Param is the first of them.
	// It is filled when every part is known.
	Parts []Arg
}

// Call is a call of a function the file does not define as part of Spark:
// a function of the file, of another module of the project, or of a
// notebook included with %run. The link step resolves Callee.
type Call struct {
	// Callee is the function as the code names it, imports resolved:
	// "write_table", "lib.io.write_table", or ".io.write_table" for a
	// relative import (one dot per level).
	Callee string
	Span   Span // the whole call
	At     Span // the callee's name: where facts that come from the callee stand
	Args   []Arg
	// Kind says how the callee is called when it is not called here
	// directly: "" for a plain call, "foreachBatch" for a function Spark
	// calls with each micro-batch of the stream written at Span.
	Kind string
	// Loop is the header of the innermost loop the call is made in (see Write.Loop).
	Loop Span
	// CalleeParam is 1 + the enclosing function's parameter that is called
	// (def run(df, sink): sink(df)), with Callee ""; 0 when none. The link
	// step calls what the caller passes for it.
	CalleeParam int
	// LoopItems is how many times Loop runs, when known (see Write.LoopItems).
	LoopItems int
	// LoopWhile is true when Loop is a while loop (see Write.LoopWhile).
	LoopWhile bool
}

// ArgKind is what is known of an argument.
type ArgKind uint8

const (
	ArgUnknown ArgKind = iota
	ArgValue           // a string or number constant (Value)
	ArgList            // a list or tuple (Items; Open when it holds a splat)
	ArgFrame           // a DataFrame with its transforms
	ArgSession         // a SparkSession
	ArgParam           // the enclosing function's parameter Param
	ArgFunc            // a function (Func names it as a Call's Callee would; Args bound to it)
	ArgObject          // an instance of the class Func, made with the arguments Args
	ArgDict            // a dict of constants: Items are its keys and values, alternately
)

// Arg is an argument at a call site, a parameter's default or a function's
// return value. What few arguments have (list items, transforms, a
// function or an object) is in More, so that the many that are a name, a
// constant or a parameter stay small: read it with the methods below.
// Copies of an Arg share More: change it only through the Set methods,
// which give the Arg a More of its own.
type Arg struct {
	Name  string // keyword name; "" when positional
	Value Value
	Span  Span // the argument's value as written
	Param int
	More  *ArgMore // nil when none of its fields is set
	Splat uint8    // 1 for *x, 2 for **x
	Kind  ArgKind
	Open  bool
}

// ArgMore is the part of an Arg that few arguments have.
type ArgMore struct {
	Items      []Value
	Transforms []Transform
	Func       string
	// Args are, for ArgObject, the constructor's arguments and, for
	// ArgFunc, the arguments bound to the function (functools.partial, a
	// bound method's instance): positional ones first, then keywords; for
	// an ArgDict, the values that are parameters of the function
	// ({"processingTime": interval}), each an ArgParam named by its key.
	Args []Arg
	// Attr is, for ArgParam, the parameter's attribute passed (self.table)
	// and, for ArgObject, the instance's attribute passed (spec.table).
	Attr string
	// Bind is, for an argument whose value is not known, the variable
	// binding that gives it (see Target.Bind).
	Bind string
}

func (m *ArgMore) zero() bool {
	return m.Items == nil && m.Transforms == nil && m.Func == "" && m.Args == nil && m.Attr == "" && m.Bind == ""
}

// Items are an ArgList's values, or an ArgDict's keys and values.
func (a *Arg) Items() []Value {
	if a.More == nil {
		return nil
	}
	return a.More.Items
}

// Transforms are an ArgFrame's transforms.
func (a *Arg) Transforms() []Transform {
	if a.More == nil {
		return nil
	}
	return a.More.Transforms
}

// Func names an ArgFunc's function or an ArgObject's class as a Call's
// Callee would.
func (a *Arg) Func() string {
	if a.More == nil {
		return ""
	}
	return a.More.Func
}

// Args are the arguments bound to an ArgFunc or an ArgObject's
// constructor (see ArgMore.Args).
func (a *Arg) Args() []Arg {
	if a.More == nil {
		return nil
	}
	return a.More.Args
}

// Bind is the binding that gives an argument not known (see ArgMore.Bind).
func (a *Arg) Bind() string {
	if a.More == nil {
		return ""
	}
	return a.More.Bind
}

// SetBind sets Bind, in a More of a's own.
func (a *Arg) SetBind(b string) {
	m := a.more()
	m.Bind = b
	a.setMore(m)
}

// Attr is the attribute passed (see ArgMore.Attr).
func (a *Arg) Attr() string {
	if a.More == nil {
		return ""
	}
	return a.More.Attr
}

// more is a copy of a's More, to change and give back with setMore: never
// the one other copies of a may share.
func (a *Arg) more() ArgMore {
	if a.More == nil {
		return ArgMore{}
	}
	return *a.More
}

// setMore sets a's More to m, nil when nothing in m is set.
func (a *Arg) setMore(m ArgMore) {
	if m.zero() {
		a.More = nil
		return
	}
	p := new(ArgMore)
	*p = m
	a.More = p
}

// SetItems sets Items, in a More of a's own.
func (a *Arg) SetItems(items []Value) {
	m := a.more()
	m.Items = items
	a.setMore(m)
}

// SetTransforms sets Transforms, in a More of a's own.
func (a *Arg) SetTransforms(ts []Transform) {
	m := a.more()
	m.Transforms = ts
	a.setMore(m)
}

// SetAttr sets Attr, in a More of a's own.
func (a *Arg) SetAttr(attr string) {
	m := a.more()
	m.Attr = attr
	a.setMore(m)
}

// Known reports whether the argument is something a hole can take.
func (a *Arg) Known() bool {
	switch a.Kind {
	case ArgValue:
		return a.Value.Known()
	case ArgList, ArgFrame, ArgSession, ArgFunc, ArgObject, ArgDict:
		return true
	}
	return false
}

// WithBound puts arguments bound to a function (functools.partial, a bound
// method's instance) before those of a call: bound positional ones, bound
// keywords, then the call's (whose keywords win, as in Python).
func WithBound(bound, call []Arg) []Arg {
	if len(bound) == 0 {
		return call
	}
	out := make([]Arg, 0, len(bound)+len(call))
	for _, b := range bound {
		if b.Name == "" {
			out = append(out, b)
		}
	}
	for _, b := range bound {
		if b.Name != "" {
			out = append(out, b)
		}
	}
	return append(out, call...)
}
