package sql

// Span is a half-open byte range [Start, End) in the parsed text.
type Span struct{ Start, End int }

func tokSpan(t Token) Span { return Span{t.Start, t.End} }

// Kind is the kind of a statement.
type Kind uint8

const (
	StmtOther Kind = iota // not read: SELECT, CREATE VIEW, USE, GRANT, COPY INTO...
	StmtCreateTable
	StmtAlterTable
	StmtInsert
	StmtMerge
	StmtUpdate
	StmtDelete
	StmtOptimize
	StmtVacuum
	StmtSet
)

var stmtNames = [...]string{"other", "create-table", "alter-table", "insert", "merge", "update", "delete", "optimize", "vacuum", "set"}

func (k Kind) String() string {
	if int(k) < len(stmtNames) {
		return stmtNames[k]
	}
	return "unknown"
}

// Statement is one parsed statement: *CreateTable, *AlterTable, *Insert,
// *Modify, *Optimize, *Vacuum, *Set or *Other.
type Statement interface {
	Header() *Head
}

// Head is what every statement has.
type Head struct {
	Kind Kind
	// Span runs from the first to the last token of the statement, comments
	// and the closing ';' left out.
	Span Span
	// Keyword is the statement's leading keyword ("INSERT", "OPTIMIZE").
	Keyword Span
	// Tokens are the statement's tokens, comments included.
	Tokens []Token
	// Unread says why a statement of a known kind could not be read; it is
	// then an *Other. Empty when the statement was read.
	Unread string
	// Gaps are stretches the parser passed over without understanding them;
	// what it read around them still holds.
	Gaps []Span
}

// Header returns the statement's head.
func (h *Head) Header() *Head { return h }

// Complete reports whether the statement is of a known kind and was read to its end.
func (h *Head) Complete() bool { return h.Kind != StmtOther && h.Unread == "" && len(h.Gaps) == 0 }

// Other is a statement lakelint does not read, or (Unread set) one of a known
// kind that it could not read.
type Other struct{ Head }

// Name is a table reference.
type Name struct {
	// Text is the name as written, parts joined by dots and backticks
	// removed ("main.sales.events", "${catalog}.sales.events"); empty for
	// a path or an IDENTIFIER(...) clause that is not a plain string.
	Text string
	// Path is the path of a delta.`/path` or '/path' reference.
	Path string
	// Format is the lower-cased format of a format.`/path` reference ("delta").
	Format string
	Span   Span
}

// Column is a column named in a clause.
type Column struct {
	Name string // backticks removed; "" for an expression such as days(ts)
	Span Span
}

// ColumnList is a clause naming columns: PARTITIONED BY (a, b), ZORDER BY (c).
type ColumnList struct {
	Columns []Column
	Span    Span // the whole clause, keywords included
}

// Clustering is a CLUSTER BY clause.
type Clustering struct {
	Columns []Column
	Auto    bool // CLUSTER BY AUTO
	None    bool // CLUSTER BY NONE
	Span    Span
}

// ColumnDef is a column of a table specification.
type ColumnDef struct {
	Name string
	Type string // the type as written ("DECIMAL(10, 2)"); "" when not given
	Span Span
}

// LitKind is the kind of a literal.
type LitKind uint8

const (
	LitNone   LitKind = iota // absent
	LitString                // Text holds the decoded string
	LitInt
	LitFloat
	LitBool
	LitOther // an expression or parameter; Text holds its source
)

// Literal is a constant as written in a clause.
type Literal struct {
	Kind  LitKind
	Text  string // decoded string, or source text
	Int   int64
	Float float64
	Bool  bool
	Span  Span
}

// Property is one key = value entry of TBLPROPERTIES or OPTIONS.
type Property struct {
	Key     string // lower-cased, quotes removed
	KeySpan Span
	Value   Literal // LitNone in UNSET TBLPROPERTIES
	Span    Span    // the key through the value
}

// Properties is a TBLPROPERTIES or OPTIONS clause.
type Properties struct {
	Entries []Property
	Span    Span // the keyword through ')'
	// Open and Close are the offsets of the parentheses; Close is -1 when
	// the list is not closed.
	Open, Close int
}

// TableKind is how a CREATE statement defines its table.
type TableKind uint8

const (
	TableCreate           TableKind = iota + 1 // CREATE TABLE
	TableCreateOrReplace                       // CREATE OR REPLACE TABLE
	TableReplace                               // REPLACE TABLE
	TableStreaming                             // CREATE [OR REFRESH] STREAMING [LIVE] TABLE
	TableMaterializedView                      // CREATE ... MATERIALIZED VIEW, CREATE [OR REFRESH] LIVE TABLE
)

var tableKindNames = [...]string{"", "CREATE TABLE", "CREATE OR REPLACE TABLE", "REPLACE TABLE", "STREAMING TABLE", "MATERIALIZED VIEW"}

func (k TableKind) String() string {
	if int(k) < len(tableKindNames) {
		return tableKindNames[k]
	}
	return "unknown"
}

// CreateTable is CREATE / REPLACE TABLE, STREAMING TABLE or MATERIALIZED VIEW.
type CreateTable struct {
	Head
	Table                                             TableKind
	IfNotExists, OrRefresh, Temporary, External, Live bool

	Name          Name
	Columns       []ColumnDef
	Using         string // the USING or STORED AS format as written
	UsingSpan     Span
	PartitionedBy *ColumnList
	ClusterBy     *Clustering
	Location      *Literal
	Comment       *Literal
	Properties    *Properties // TBLPROPERTIES
	Options       *Properties

	// As is the AS (or FLOW) keyword starting the query; zero without one.
	As       Span
	AsSelect bool
	// Copies is, for AS SELECT, the table the query copies rows of when
	// it only picks, filters and computes columns (see copySource).
	Copies *Name
	// LastClause is the last clause before the query (or the name when
	// there is none): a new clause goes right after it.
	LastClause Span

	// Clone is the [SHALLOW | DEEP] CLONE source [VERSION | TIMESTAMP AS OF x]
	// clause; zero without one. A clone's TBLPROPERTIES must follow it directly.
	Clone Span
	// Hive is true for a Hive-format definition (STORED AS, ROW FORMAT).
	Hive bool
}

// AlterTable is ALTER TABLE ... SET TBLPROPERTIES, UNSET TBLPROPERTIES or CLUSTER BY.
type AlterTable struct {
	Head
	Name     Name
	Set      *Properties
	Unset    *Properties // keys only
	IfExists bool        // UNSET TBLPROPERTIES IF EXISTS
	Cluster  *Clustering
}

// QueryHints is a /*+ ... */ comment right after a SELECT of a query.
type QueryHints struct {
	Span  Span
	Hints []Hint
	// Nested is true when the SELECT is not the query's outermost one (a
	// subquery or a common table expression).
	Nested bool
}

// Insert is INSERT INTO / INSERT OVERWRITE.
type Insert struct {
	Head
	Overwrite bool
	Mode      Span // the INTO or OVERWRITE keyword
	// Target is the table written; for INSERT OVERWRITE DIRECTORY its Path
	// is the directory and Format the USING format.
	Target    Name
	Directory bool
	Partition []Column // PARTITION (p = 'x', q)
	Columns   []Column
	ByName    bool
	Query     Span
	Hints     []QueryHints
	// Copies is the table the query copies rows of, when it only picks,
	// filters and computes columns (see copySource); nil otherwise.
	Copies *Name
}

// Modify is MERGE INTO, UPDATE or DELETE FROM (Head.Kind tells which).
type Modify struct {
	Head
	Target Name
	Alias  string
}

// Optimize is OPTIMIZE table [WHERE ...] [ZORDER BY ...].
type Optimize struct {
	Head
	Target Name
	Full   bool
	// Where holds the columns the WHERE predicate refers to.
	Where     []Column
	WhereSpan Span // zero without WHERE
	ZOrderBy  *ColumnList
}

// Vacuum is VACUUM table [RETAIN n HOURS] [DRY RUN].
type Vacuum struct {
	Head
	Target     Name
	Retain     *Literal // the number of hours
	DryRun     bool
	Lite, Full bool
}

// Set is SET key = value.
type Set struct {
	Head
	Key     string // as written, backticks removed
	KeySpan Span
	// Value is the literal when the value is one; otherwise LitOther (or
	// LitString when empty) with the source text, which runs to the end of
	// the statement.
	Value Literal
}

// Script is a parsed SQL text.
type Script struct {
	Tokens     []Token // every token, comments and ';' included
	Statements []Statement
}
