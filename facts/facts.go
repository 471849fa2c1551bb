// Package facts is the language-neutral model of what a file does to tables:
// its writes, stream reads, table definitions, session settings and
// maintenance statements. Extractors fill it from Python and SQL; rules read
// it and never see syntax trees. All offsets are into document.Document.Text.
package facts

import (
	"slices"
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/parsers/document"
)

// Span is a half-open byte range [Start, End) in the document text of
// File, the path of another file of the run; "" (always, in a file's own
// facts) is the file the fact belongs to. The link step gives a fact a call
// adds the helper's spans with the helper's path: a finding there is the
// helper's, and evidence there can be cited with its file.
type Span struct {
	Start, End int
	File       FileID // another file than the fact's; 0 for its own
}

// Foreign reports whether the span is in another file than its fact's.
func (s Span) Foreign() bool { return s.File != 0 }

// In is the span with file identity f, unless it has one already or is
// none (the zero span stays none).
func (s Span) In(f string) Span {
	if s.File == 0 && s != (Span{}) {
		s.File = FileOf(f)
	}
	return s
}

// Edit replaces the text at Span with NewText (an insertion when Start == End).
//
//factgen:ownfile
type Edit struct {
	Span
	NewText string
}

// ValueKind says what is known of a value.
type ValueKind uint8

const (
	Unknown ValueKind = iota // not a literal, or a name that does not resolve to one
	String
	Int
	Float
	Bool
	None
)

// Value is a literal value as far as static analysis can tell.
type Value struct {
	Str   string // the string for String; the literal's source text otherwise
	Int   int64
	Float float64
	Span  Span // where the literal (or the expression standing for it) is
	Kind  ValueKind
	Bool  bool
	// ReadOnly is true when the text at Span cannot be rewritten to change
	// the value (an argument of a %-formatted string).
	ReadOnly bool
	// From says, for messages, what gives the value when it is the value a
	// program runs with when nobody passes one ("the default of
	// `retention_hours`", "the default of --retention-hours"): Span is then
	// where that default is written. "" for a value written where it is used.
	From string
}

// Known reports whether the value is a resolved literal.
func (v Value) Known() bool { return v.Kind != Unknown }

// Text returns the value as Spark would see it in a conf string: "true", "8", "delta".
func (v Value) Text() string {
	switch v.Kind {
	case String:
		return v.Str
	case Int:
		return strconv.FormatInt(v.Int, 10)
	case Float:
		return strconv.FormatFloat(v.Float, 'g', -1, 64)
	case Bool:
		return strconv.FormatBool(v.Bool)
	}
	return ""
}

// Truth returns the value as a boolean the way Spark parses conf values
// ("true"/"false" in any case, or a Python bool); ok is false otherwise.
func (v Value) Truth() (b, ok bool) {
	switch v.Kind {
	case Bool:
		return v.Bool, true
	case String:
		switch strings.ToLower(strings.TrimSpace(v.Str)) {
		case "true":
			return true, true
		case "false":
			return false, true
		}
	}
	return false, false
}

// Number returns the value as a float when it is numeric (or a numeric string).
func (v Value) Number() (float64, bool) {
	switch v.Kind {
	case Int:
		return float64(v.Int), true
	case Float:
		return v.Float, true
	case String:
		f, err := strconv.ParseFloat(strings.TrimSpace(v.Str), 64)
		return f, err == nil
	}
	return 0, false
}

// Column is a column named in code.
type Column struct {
	Name string // as written, quotes and backticks removed; "" when not a literal
	Span Span
}

// Partitioning is a partitionBy / PARTITIONED BY clause.
type Partitioning struct {
	Columns []Column
	Span    Span // the whole clause or call
	// Dynamic is true when the column list is not fully literal (partitionBy(*cols)).
	Dynamic bool
	// Expr is the code of the arguments when some column is not a literal
	// ("*self.partition_by", "partition_cols"), for messages; "" when every
	// column is literal or the code is not known.
	Expr string
	// Origin names the configuration file that sets the columns when it is
	// not the code's file ("dbt_project.yml, line 11"), for messages; the
	// spans are then the definition's own.
	Origin string
	// Narrow are the partition columns the table declares with a type of
	// few values (BOOLEAN, TINYINT, SMALLINT, DATE), whatever their names.
	Narrow []string
}

// Names returns the literal column names.
func (p *Partitioning) Names() []string {
	if p == nil {
		return nil
	}
	out := make([]string, 0, len(p.Columns))
	for _, c := range p.Columns {
		if c.Name != "" {
			out = append(out, c.Name)
		}
	}
	return out
}

// Transform is one operation applied to a DataFrame before it is written, or
// a SQL hint on the query that feeds an INSERT.
type Transform struct {
	Name string // method name as written ("repartition", "coalesce", "filter"); hint name upper-cased ("REPARTITION")
	// NumPartitions is the literal partition count argument of
	// repartition/coalesce (and their hints), Unknown when absent or unresolved.
	NumPartitions Value
	Columns       []Column
	Span          Span // ".repartition(8)" from the dot to the closing parenthesis, or the hint
	// Removal removes the transform and leaves valid code; nil when it cannot be removed.
	Removal []Edit
	Hint    bool // a SQL /*+ ... */ hint
	HasNum  bool // a partition count argument is present (resolved or not)
	// Nested is true for a SQL hint inside a subquery or common table
	// expression rather than on the outermost SELECT that feeds the write:
	// what the query does after it is not known. Such hints come first.
	Nested bool
	// Counted is set on a Branches step when some way through it ends with
	// a repartition or coalesce to a number of partitions.
	Counted bool
	// UnshuffledWhen is set on a Branches step where one way repartitions
	// by Columns and another does not: when that other way runs ("`big` is
	// false"), for messages.
	UnshuffledWhen string
	// Repartitioned is set on a Branches step where every way repartitions
	// by columns: Columns are theirs, all ways' together.
	Repartitioned bool
	// Windowed is set on a select or withColumn that computes a column
	// over a window (F.row_number().over(w)): the window shuffles the rows
	// by WindowBy, its partitionBy columns (one of unknown name when the
	// window is not known), or into one task when it has none.
	Windowed bool
	WindowBy []Column
	// Constant is set on a withColumn that gives its column one value for
	// every row (lit(x), current_date()): a partition by it is one partition.
	// On withColumns and select it says Columns are the columns the step
	// gives one value ({"d": lit(x)}, lit(x).alias("d")); the others those
	// steps set are not recorded.
	Constant bool
}

// Branches is the Name of the step where ways through the code that made a
// DataFrame differently meet (the arms of an if): what came before it is
// not one history, so it ends the list like a join does.
const Branches = "branches"

// Shuffle kinds that decide how many files a write makes.
var shuffleNames = map[string]bool{
	"repartition": true, "coalesce": true, "repartitionByRange": true,
	"REPARTITION": true, "COALESCE": true, "REBALANCE": true, "REPARTITION_BY_RANGE": true,
}

// IsShuffle reports whether the transform sets the partition count of what follows.
func (t *Transform) IsShuffle() bool { return shuffleNames[t.Name] }

// narrow transforms keep the partitioning of their input, so a shuffle before
// them still decides the number of files written.
var narrowNames = map[string]bool{
	"select": true, "selectExpr": true, "filter": true, "where": true, "withColumn": true,
	"withColumns": true, "withColumnRenamed": true, "withColumnsRenamed": true, "drop": true,
	"alias": true, "toDF": true, "withMetadata": true, "na": true, "fillna": true, "dropna": true,
	"replace": true, "sortWithinPartitions": true, "transform": false, "hint": true,
	"limit": false, "sample": true, "withWatermark": true, "localCheckpoint": false,
	// a Glue DynamicFrame's record transforms
	"drop_fields": true, "select_fields": true, "apply_mapping": true, "rename_field": true,
	"resolveChoice": true,
}

// IsNarrow reports whether the transform keeps its input's partitioning.
func (t *Transform) IsNarrow() bool { return narrowNames[t.Name] && !t.Windowed }

// Groupings group rows by columns for the aggregation that follows, which
// shuffles them by those columns; Aggregations finish a grouping (count is
// one after a groupBy); Deduplications of a subset of columns shuffle by it.
var (
	Groupings      = map[string]bool{"groupBy": true, "groupby": true}
	Aggregations   = map[string]bool{"agg": true, "count": true, "sum": true, "avg": true, "mean": true, "min": true, "max": true, "applyInPandas": true}
	Deduplications = map[string]bool{"dropDuplicates": true, "drop_duplicates": true}
)

// API is how a write is expressed.
type API string

const (
	DataFrameWriter   API = "DataFrameWriter"   // df.write...
	DataFrameWriterV2 API = "DataFrameWriterV2" // df.writeTo(...)
	DataStreamWriter  API = "DataStreamWriter"  // df.writeStream...
	DeltaTableMerge   API = "DeltaTable.merge"  // DeltaTable....merge(...).execute()
	DeltaTableUpdate  API = "DeltaTable.update"
	DeltaTableDelete  API = "DeltaTable.delete"
	SQLInsert         API = "INSERT"
	SQLMerge          API = "MERGE"
	SQLUpdate         API = "UPDATE"
	SQLDelete         API = "DELETE"
	// DeltaRSWrite is delta-rs's write_deltalake(...) or Polars' df.write_delta(...).
	DeltaRSWrite API = "write_deltalake"
)

// Rewrites reports whether the write rewrites existing files (MERGE, UPDATE, DELETE).
func (a API) Rewrites() bool {
	switch a {
	case DeltaTableMerge, DeltaTableUpdate, DeltaTableDelete, SQLMerge, SQLUpdate, SQLDelete:
		return true
	}
	return false
}

// Target names the table or path a statement acts on. Both may be empty when unresolved.
type Target struct {
	Table string // as written, constants resolved, backticks removed ("main.sales.events")
	Path  string // a storage path
	Span  Span
	// Expr is the code that gives the target when its value is not known
	// (os.path.join(root, "events")), for messages: short and on one line,
	// else empty.
	Expr string
	// Bind names, when the value is not known, the one variable binding
	// that gives it: a name assigned once in its scope and never again
	// (see BindKey). Two targets of one file with the same Bind are the
	// same value, so the same table; "" when the value is known or comes
	// from no such binding.
	Bind string
}

// BindKey is the Bind of a target given by the name assigned at offset
// assign of a scope that starts at offset scope. The name comes first:
// BindName reads it back.
func BindKey(name string, scope, assign int) string {
	return name + "@" + strconv.Itoa(scope) + "." + strconv.Itoa(assign)
}

// BindName is the variable a Bind names ("" for "").
func BindName(bind string) string {
	name, _, _ := strings.Cut(bind, "@")
	return name
}

// Known reports whether the target resolved to a name or a path.
func (t Target) Known() bool { return t.Table != "" || t.Path != "" }

// Fixed reports whether the target, known or not, is the same each time
// its code runs: known, or code that reads no variable, only a constant and
// its attributes or a function called with literals (LOG_TABLE,
// CONF.log_table, full_name("table_log")). An f-string, a variable
// (self.table too), a subscript or a call given a variable may change from
// one loop iteration to the next.
func (t Target) Fixed() bool {
	if t.Known() {
		return true
	}
	e := t.Expr
	if open := strings.IndexByte(e, '('); open >= 0 {
		if !strings.HasSuffix(e, ")") || len(e) < open+2 {
			return false
		}
		// with no argument it may make a new name each time (uuid4(), now())
		if args := e[open+1 : len(e)-1]; strings.TrimSpace(args) == "" || !literalArgs(args) {
			return false
		}
		e = e[:open]
	}
	head, rest, _ := strings.Cut(e, ".")
	if head == "" || !isIdent(head) {
		return false
	}
	for _, part := range strings.Split(rest, ".") {
		if rest != "" && !isIdent(part) {
			return false
		}
	}
	// a function called with literals, or a constant by its spelling and
	// its attributes; a variable (self.table too) may be set anew in a loop
	return t.Expr != e || head == strings.ToUpper(head)
}

// literalArgs reports whether s is a list of string or number literals.
func literalArgs(s string) bool {
	for _, a := range strings.Split(s, ",") {
		a = strings.TrimSpace(a)
		switch {
		case a == "":
		case len(a) >= 2 && (a[0] == '"' || a[0] == '\'') && a[len(a)-1] == a[0] && !strings.ContainsAny(a[1:len(a)-1], "{}\"'"):
		case strings.Trim(a, "0123456789") == "":
		default:
			return false
		}
	}
	return true
}

func isIdent(s string) bool {
	for i, r := range s {
		letter := r == '_' || 'a' <= r && r <= 'z' || 'A' <= r && r <= 'Z'
		if !letter && (i == 0 || r < '0' || r > '9') {
			return false
		}
	}
	return s != ""
}

// TriggerKind is a streaming trigger.
type TriggerKind string

const (
	TriggerDefault        TriggerKind = ""               // no trigger: a micro-batch as soon as the last ends
	TriggerProcessingTime TriggerKind = "processingTime" // trigger(processingTime="30 seconds")
	TriggerOnce           TriggerKind = "once"
	TriggerAvailableNow   TriggerKind = "availableNow"
	TriggerContinuous     TriggerKind = "continuous"
	TriggerUnknown        TriggerKind = "unknown" // present but not resolvable
)

// Trigger is a stream's trigger, nil on a Write when the stream sets none.
type Trigger struct {
	Kind     TriggerKind
	Interval Value   // the interval as written ("30 seconds")
	Seconds  float64 // the interval in seconds, when known
	Span     Span
	// Parsed is true when the interval is a string Spark accepts (see
	// IntervalOK); a spelling Spark rejects ("10s") leaves it false.
	Parsed bool
	// Kwargs is the **mapping the keywords come from when the file does
	// not know it (trigger(**TRIG), TRIG imported): the link step reads
	// the trigger from the mapping's constant.
	Kwargs Span
	// When is set when branches give the stream different triggers: this,
	// the most frequent, is the one that runs then ("`backfill` is false").
	When string
}

// Write is one write of data into a table or path.
type Write struct {
	API  API
	Lang document.Lang
	Span Span // the whole write expression or statement
	At   Span // where a finding about the write is reported: the sink call or statement keyword
	// Sink is the terminal method or statement form: "save", "saveAsTable",
	// "insertInto", "parquet", "toTable" (also for a stream's .table(name),
	// its Databricks alias), "start", "append", "create",
	// "execute", "INSERT INTO", "INSERT OVERWRITE"...
	Sink string
	// Format is the sink format lower-cased ("delta", "parquet"); "" when the
	// code does not say, in which case the configured default applies.
	Format     string
	FormatSpan Span
	// FormatUnknown is true when a format is given but cannot be resolved.
	FormatUnknown bool
	Target        Target
	Mode          Value // "append", "overwrite"... Unknown when absent or unresolved
	PartitionBy   *Partitioning
	ClusterBy     []Column
	Options       map[string]Value // lower-cased keys
	Trigger       *Trigger         // streams only
	HasTrigger    bool
	// Transforms are the DataFrame operations that produced the written data,
	// oldest first, followed across assignments and notebook cells, back to
	// the last operation that reshapes the data (a join, an aggregation, a
	// cache), which is included, with the groupBy of an aggregation: nothing
	// before it decides the write's files.
	Transforms []Transform
	// WriterAt is where ".write"/".writeStream" begins: the place to insert a
	// transform just before the write (LL104's fix).
	WriterAt int
	// WriterIn is the file WriterAt is in when it is another (as Span.File).
	WriterIn string
	// Properties set on the write itself (writeTo(...).tableProperty, DeltaTable builders).
	Properties map[string]Value
	// TargetFromCaller is true when the target is a parameter of the
	// enclosing function: unknown here, named by each caller.
	TargetFromCaller bool
	// FrameFromCaller is true when the written DataFrame is (a transform
	// of) a parameter of the enclosing function: what shaped it is known
	// only at each call, where the call's copy of the write has it.
	FrameFromCaller bool
	// FrameFromHelper is true when the written DataFrame is (a narrow step
	// of) what a helper the extraction does not follow returns (one of
	// another module): what shaped it, a repartition say, is not known here.
	// The link step puts the helper's steps in Transforms and clears it
	// when it knows the helper (see FrameCall).
	FrameFromHelper bool
	// PartitionFromCaller is true when the partition columns are a
	// parameter of the enclosing function (or an attribute of one other
	// than a method's self): named only at each call.
	PartitionFromCaller bool
	// Loop is the header of the innermost loop whose body makes the write
	// ("for path in files"), in its function or at module level; zero when
	// none. A write a call makes inside a loop has the call's loop.
	Loop Span
	// Stream is what a writeStream sink says beyond the above; nil for batch writes.
	Stream *Stream
	// Via is set on a write a call of a project function adds (see Via).
	Via *Via
	// FrameCall is, when the link step put the steps of a helper of
	// another file in Transforms, the call of this file whose result the
	// written DataFrame is: a finding about one of those steps, which are
	// the helper's (their spans in its file), is reported there. Zero
	// otherwise.
	FrameCall Span
	// CopyOf is the batch read a batch write's DataFrame comes from through
	// narrow transforms only (select, filter, withColumn...: nothing
	// shuffled, joined, aggregated or repartitioned), in the same scope:
	// the write then keeps the read's partitioning, file for file. Nil
	// otherwise, and when where the DataFrame came from is not known.
	CopyOf *Read
	// LoopItems is how many times Loop runs when its iterable is a list
	// written out or a module-level registry of them; 0 when not known.
	LoopItems int
	// LoopWhile is true when Loop is a while loop (a poller, say), which
	// runs until its condition ends, not once per input.
	LoopWhile bool
}

// Feeding returns the shuffle that decides how many files the write makes: the
// last repartition/coalesce before the write with only narrow transforms after
// it. A shuffle that feeds a join, an aggregation or a cache is not returned.
func (w *Write) Feeding() *Transform { return Feeding(w.Transforms) }

// Feeding is Write.Feeding for a list of transforms, oldest first.
func Feeding(ts []Transform) *Transform {
	for i := len(ts) - 1; i >= 0; i-- {
		t := &ts[i]
		if t.IsShuffle() {
			return t
		}
		if !t.IsNarrow() {
			return nil
		}
	}
	return nil
}

// CountShuffled reports whether a repartition or coalesce to a number of
// partitions (one or more) feeds the write on some way through the code:
// then a known number of tasks writes, not whatever the plan left.
func (w *Write) CountShuffled() bool {
	for i := len(w.Transforms) - 1; i >= 0; i-- {
		t := &w.Transforms[i]
		switch {
		case KeepsShuffle(w.Transforms, i):
		case t.Name == Branches:
			return t.Counted
		case t.IsShuffle():
			return t.HasNum && (t.NumPartitions.Kind != Int || t.NumPartitions.Int >= 1)
		case !t.IsNarrow():
			return false
		}
	}
	return false
}

// KeepsShuffle reports whether ts[i] computes a window over the rows as the
// repartition before it left them: Spark adds no shuffle for a window when
// the rows are clustered by some of its partitionBy columns already
// (repartition("k").withColumn("rn", row_number().over(Window.partitionBy("k", "id")))).
func KeepsShuffle(ts []Transform, i int) bool {
	t := &ts[i]
	if !t.Windowed || len(t.WindowBy) == 0 {
		return false
	}
	for j := i - 1; j >= 0; j-- {
		p := &ts[j]
		switch {
		case p.IsShuffle():
			if !strings.HasPrefix(strings.ToLower(p.Name), "repartition") || len(p.Columns) == 0 {
				return false // coalesce, or a round robin: the window shuffles
			}
			for _, c := range p.Columns {
				if c.Name == "" || !slices.ContainsFunc(t.WindowBy, func(w Column) bool { return strings.EqualFold(w.Name, c.Name) }) {
					return false
				}
			}
			return true
		case !p.IsNarrow():
			return false
		}
	}
	return false
}

// ReadKind distinguishes batch and stream reads.
type ReadKind string

const (
	BatchRead  ReadKind = "batch"
	StreamRead ReadKind = "stream"
)

// Read is a read of a table or path (spark.readStream.table(...), spark.read...).
type Read struct {
	Kind    ReadKind
	Format  string
	Target  Target
	Options map[string]Value // lower-cased keys
	Span    Span
	At      Span
	// Insert is where a call such as .option(k, v) can be added to the
	// reader chain, before the call that reads; nil when there is no chain.
	Insert *Insertion
}

// TableKind is how a table is defined.
type TableKind string

const (
	CreateTable      TableKind = "CREATE TABLE" // incl. IF NOT EXISTS
	CreateOrReplace  TableKind = "CREATE OR REPLACE TABLE"
	ReplaceTable     TableKind = "REPLACE TABLE"
	StreamingTable   TableKind = "STREAMING TABLE"   // CREATE [OR REFRESH] STREAMING TABLE
	MaterializedView TableKind = "MATERIALIZED VIEW" // CREATE [OR REFRESH] MATERIALIZED VIEW
	DLTTable         TableKind = "dlt.table"         // @dlt.table / @dp.table / @dlt.view
	DeltaBuilder     TableKind = "DeltaTable builder"
	WriterV2Create   TableKind = "writeTo.create" // df.writeTo(t).create()/createOrReplace()/replace()
	DbtModel         TableKind = "dbt model"      // a dbt model materialized as a table or incrementally
)

// Pipeline reports whether the table is maintained by a declarative pipeline.
func (k TableKind) Pipeline() bool {
	return k == StreamingTable || k == MaterializedView || k == DLTTable
}

// MayRegister reports whether the definition may find a Delta table
// already at its location and register it rather than create one: a CREATE
// [OR REPLACE] TABLE or a DeltaTable builder with a location and neither a
// query nor a clone (those need an empty location). Registration is the
// certain case. Delta then requires the properties the definition gives to
// equal the existing table's (DELTA_CREATE_TABLE_WITH_DIFFERENT_PROPERTY),
// so properties are added with a separate ALTER TABLE, never inline.
func (d *TableDef) MayRegister() bool {
	switch d.Kind {
	case CreateTable, CreateOrReplace, DeltaBuilder:
		return d.Location != "" && !d.AsSelect && !d.Clone
	}
	return false
}

// TableDef is a table definition.
type TableDef struct {
	Kind   TableKind
	Lang   document.Lang
	Name   string // as written, backticks removed
	Span   Span
	At     Span
	Format string // lower-cased USING / format; "" when not said
	// AsSelect is true for CREATE ... AS SELECT.
	AsSelect    bool
	PartitionBy *Partitioning
	ClusterBy   []Column
	// ClusterByAuto is true for CLUSTER BY AUTO: clustering columns chosen by the platform.
	ClusterByAuto bool
	Location      string
	// LocationAt is where the location is written when it is not a
	// literal (a parameter, a variable): a call that passes it fills it.
	LocationAt Span
	// LocationBind is the Bind (see Target.Bind) of a location whose value
	// is not known but is one variable binding's.
	LocationBind string
	Properties   map[string]Value // lower-cased keys
	// AddProps says how to add properties to this definition; nil when no safe place is known.
	AddProps *PropertyInsertion

	// Clone is true for CREATE ... [SHALLOW | DEEP] CLONE source: the table
	// takes its source's data and properties.
	Clone bool
	// IfNotExists is true for CREATE TABLE IF NOT EXISTS (and createIfNotExists):
	// the table may already exist, and then the statement changes nothing.
	IfNotExists bool
	// Temporary is true for a temporary table or view, which holds no files.
	Temporary bool
	// Hive is true for a Hive-format definition (STORED AS, ROW FORMAT).
	Hive bool
	// Registration is true for a CREATE TABLE ... LOCATION with neither
	// columns nor a query: it registers the table already at the location.
	Registration bool
	// AddAlter says where a separate ALTER TABLE ... SET TBLPROPERTIES
	// statement may follow the definition (style SQLAlterStatement), for a
	// table that may already be at its location (MayRegister); nil when
	// there is no safe place.
	AddAlter *PropertyInsertion
	// Streaming is true for a pipeline table fed by a stream: CREATE
	// STREAMING TABLE, or @dlt.table over dlt.read_stream / spark.readStream.
	Streaming bool
	// Strategy is a dbt incremental model's incremental_strategy, lower
	// case ("append", "merge", "insert_overwrite"), the adapter's default
	// when not set; "" when not known or not an incremental model.
	Strategy string
	// Transforms are, for a CREATE ... AS SELECT from a temporary view of a
	// DataFrame, the operations that made the view's rows (see
	// Write.Transforms): the statement writes the view's partitions.
	Transforms []Transform
	// CopyOf is, for a CREATE ... AS SELECT, the table the query copies
	// through narrow operations only, as Write.CopyOf; nil otherwise.
	CopyOf *Read
}

// PropertyStyle is the syntax a property insertion must follow.
type PropertyStyle string

const (
	SQLNewClause     PropertyStyle = "sql-new"     // insert " TBLPROPERTIES (...)" at Offset
	SQLExtendClause  PropertyStyle = "sql-extend"  // insert ", 'k' = 'v'" before the clause's ')'
	PyBuilderCall    PropertyStyle = "py-property" // insert ".property('k', 'v')" at Offset
	PyWriterProperty PropertyStyle = "py-tableProperty"
	PyNewKeyword     PropertyStyle = "py-new-kwarg" // insert ", table_properties={...}" at Offset
	PyExtendDict     PropertyStyle = "py-extend-dict"
	DbtConfigKwarg   PropertyStyle = "dbt-kwarg" // insert ", tblproperties={...}" into a dbt model's config() at Offset
	// DbtYAML: insert Header, then Newline + "key: 'true'" for each
	// property, at Offset of the YAML file File (a dbt project's).
	DbtYAML PropertyStyle = "dbt-yaml"
	// SQLAlterStatement: insert Newline + "ALTER TABLE name SET TBLPROPERTIES (...);"
	// at Offset, after the definition's ';' and a "-- comment" that ends its
	// line (or at its end, when it is the last statement and has no ';':
	// Newline then starts with the ';').
	SQLAlterStatement PropertyStyle = "sql-alter"
)

// PropertyInsertion tells a fix where and how to add table properties, in the author's style.
//
//factgen:ownfile
type PropertyInsertion struct {
	Style  PropertyStyle
	Offset int
	// Quote is the quote character the author uses ("'" or "\"").
	Quote string
	// Newline, when not empty, puts each added property on its own line with this
	// text before it (line end, prefix such as "# MAGIC ", indentation).
	// For SQLNewClause it is the start of the new clause's line, indented like
	// the clause before it: Newline + "TBLPROPERTIES (...)"; for SQLExtendClause
	// Offset is just after the last entry and each property goes "," + Newline + prop.
	Newline string
	// Empty is true when an existing clause or dict has no entries yet (no comma needed).
	Empty bool
	// File is the file the insertion is in when it is not the fact's own
	// (DbtYAML: the dbt_project.yml or properties file), as the run names it.
	File string
	// Header opens a new YAML mapping before the entries (DbtYAML).
	Header string
	// Shared is true when the place configures other tables too (a
	// dbt_project.yml directory block); Where names it for the fix's title.
	Shared bool
	Where  string
}

// Setting is a session setting: spark.conf.set, builder.config or SQL SET.
type Setting struct {
	Key   string // as written: Spark reads session keys case-sensitively
	Value Value
	Via   string // "spark.conf.set", "builder.config", "SET"
	Lang  document.Lang
	Span  Span
	At    Span
}

// The Via of settings made outside the code, in a settings file whose
// own findings report them (rule.Doc.SettingsFiles).
const (
	ViaSparkDefaults = "spark-defaults.conf"
	ViaJobCluster    = "job cluster spark_conf"
)

// InSettingsFile reports whether the setting comes from a settings file
// (a spark-defaults.conf, a job cluster's spark_conf), not from code.
func (s *Setting) InSettingsFile() bool {
	return s.Via == ViaSparkDefaults || s.Via == ViaJobCluster
}

// TableAlter is ALTER TABLE ... SET/UNSET TBLPROPERTIES or CLUSTER BY.
type TableAlter struct {
	Table        string
	Lang         document.Lang
	Span         Span
	At           Span
	Set          map[string]Value // lower-cased keys
	Unset        []string
	ClusterBy    []Column
	HasClusterBy bool
	// ClusterByAuto is true for CLUSTER BY AUTO.
	ClusterByAuto bool
	// Path is the table's path when it is named so (ALTER TABLE delta.`/path`).
	Path string
}

// MaintenanceKind is OPTIMIZE or VACUUM.
type MaintenanceKind string

const (
	Optimize MaintenanceKind = "OPTIMIZE"
	Vacuum   MaintenanceKind = "VACUUM"
)

// Maintenance is an OPTIMIZE or VACUUM, in SQL or through DeltaTable.
type Maintenance struct {
	Kind   MaintenanceKind
	Lang   document.Lang
	Target Target
	Span   Span
	At     Span
	// WhereColumns are the columns an OPTIMIZE ... WHERE predicate refers to.
	WhereColumns []Column
	ZOrderBy     []Column
	// Retain is the VACUUM retention in hours (RETAIN n HOURS, vacuum(n)); HasRetain false when not given.
	Retain    Value
	HasRetain bool
	DryRun    bool
}

// Suppression is a noqa comment.
type Suppression struct {
	Span  Span     // the comment
	Codes []string // empty: every code
	// FileLevel is true for "lakelint: noqa" comments, which apply to the whole file.
	FileLevel bool
	// Until is where a "-- noqa: disable=..." range ends: the start of the
	// line of the "enable" comment that ends it, or the end of its SQL
	// (file, cell or string). The range starts at the start of its
	// comment's line. 0 for a comment that is not a range.
	Until int
}

// SyntaxError is the first unparsable place in a region.
type SyntaxError struct {
	Span    Span
	Message string
}

// Unread is a SQL statement of a known kind that could not be read.
type Unread struct {
	At     Span // the statement's first keyword
	Reason string
}

// File is every fact of one document.
//
//factgen:root
type File struct {
	Path     string
	Format   document.Format
	Writes   []*Write
	Reads    []*Read
	Tables   []*TableDef
	Alters   []*TableAlter
	Settings []*Setting
	// OtherSettings are the settings the code writes that are not its
	// own session's, as written: those made in a function's body, which
	// set nothing until a call runs it (the link step then adds them to the
	// caller's Settings), and those it gives another job (a --conf k=v of
	// a command line, a cluster's spark_conf). A key Spark does not know,
	// or a safety check switched off, is wrong wherever it is written: the
	// rules that judge a setting itself read these too
	// (rule.Pass.WrittenSettings).
	OtherSettings []*Setting
	Maintenance   []*Maintenance
	Suppressions  []Suppression
	SyntaxErrors  []SyntaxError
	// UnreadSQL counts SQL statements the parser could not read (reported with --verbose).
	UnreadSQL int
	// Unread are those statements' keywords and why each could not be read.
	Unread []Unread
	// PlaceholderSQL counts SQL statements read whose table names or paths
	// hold placeholders; FilledSQL those of them whose placeholders all took
	// values the project gives (reported with --verbose).
	PlaceholderSQL, FilledSQL int
	Notes                     []string
	// Summary is what the project link step needs: the file's functions
	// and the calls it makes (see summary.go). Nil when there are none.
	// It is encoded last, so that the rule pass can stop before it.
	//
	//factgen:stop noSummary
	Summary *Summary

	// Evidence is what the file says of the platform it runs on.
	Evidence []Evidence
	// Foreign are the SQL statements of other dialects, which yield no facts.
	Foreign []ForeignSQL
	// EmbeddedSQL is the SQL read from the file's spark.sql strings, with its
	// map to file offsets: check verifies the fixes it offers there without
	// parsing the Python again.
	EmbeddedSQL []EmbeddedSQL
	// PerRun are the names (variables, attributes, columns) the code gives
	// a value new on every run (uuid.uuid4()), each where it is stored: a
	// table partitioned by a column of that name gets a partition per run.
	PerRun []Column
}

// Evidence is a sign in code of the platform it runs on: a Databricks
// notebook header, dbutils, configure_spark_with_delta_pip. Package platform
// weighs it with the project files' per project root; extraction only
// records it.
type Evidence struct {
	Platform SignOf
	// What names the sign for messages: "dbutils", "a /Volumes/ path".
	What string
	// Rank orders signs by how specific they are: lower ranks decide first.
	Rank int
	At   Span
}

// SignOf is the platform a piece of evidence points to.
type SignOf string

const (
	SignOfDatabricks SignOf = "databricks"
	SignOfOSS        SignOf = "oss" // open-source Spark with delta-spark
	// SignOfService is a notebook of another Spark service (an Azure
	// Synapse or Microsoft Fabric kernel or source header): it runs there,
	// whatever its project says, and no project evidence either way.
	SignOfService SignOf = "service"
)

// Evidence ranks, most specific first.
const (
	RankBundle   = 1 // a databricks.yml bundle
	RankNotebook = 2 // a Databricks notebook header
	RankAPI      = 3 // dbutils, DatabricksSession; configure_spark_with_delta_pip, DeltaSparkSessionExtension
	RankPath     = 4 // /Volumes/, /Workspace/, dbfs: paths
	RankDisplay  = 5 // display(...), which IPython has too
	RankPackage  = 6 // delta-spark among the project's requirements
)

// ForeignSQL is a statement in another database's SQL dialect (MySQL,
// T-SQL, BigQuery, PostgreSQL...): it is not Spark SQL and is not read.
type ForeignSQL struct {
	At      Span   // the statement's first keyword
	Dialect string // "MySQL"
	Marker  string // what gave it away: "ENGINE=", "AS NODE"
}

// SettingBefore returns the last value given to key (lower-cased) before
// offset off in the file, in execution order. Settings whose span is in
// another file (a job cluster's spark_conf in a bundle) come first and hold
// from the file's start.
func (f *File) SettingBefore(key string, off int) (*Setting, bool) {
	var found *Setting
	for _, s := range f.Settings {
		if !s.Span.Foreign() && s.Span.Start >= off {
			break // a setting from elsewhere (a job cluster's) holds from the start
		}
		if s.Key == key {
			found = s
		}
	}
	return found, found != nil
}

// EmbeddedSQL is the decoded text of one spark.sql string.
type EmbeddedSQL struct {
	Text string
	Map  document.PosMap
	// KeepGaps is the region's: text between map segments must not be edited.
	KeepGaps bool
}
