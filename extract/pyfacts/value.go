package pyfacts

import (
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/document"
	"github.com/lakelint/lakelint/parsers/python"
)

// kind is what the extractor knows an expression evaluates to.
type kind uint8

const (
	kUnknown       kind = iota // anything; used like a DataFrame it is one of unknown history
	kConst                     // a number, bool or None literal (lit)
	kStr                       // a string, fully or partly known (str)
	kList                      // a list or tuple (items)
	kDict                      // a dict (items: key, value, key, value...)
	kColumn                    // a column reference: F.col("c"), days("ts")
	kFrame                     // a DataFrame with its recorded history (hist)
	kNa                        // df.na, whose methods are DataFrame transforms
	kRDD                       // an RDD: its partitioning is not a DataFrame's
	kContext                   // a SparkContext
	kSession                   // a SparkSession
	kSessionClass              // the SparkSession class
	kBuilder                   // SparkSession.builder...
	kConf                      // spark.conf
	kReader                    // spark.read / spark.readStream (rd)
	kWriter                    // df.write / writeStream / writeTo (w)
	kDeltaClass                // the DeltaTable class
	kDeltaTable                // a DeltaTable (dt)
	kDeltaMerge                // DeltaTable.merge(...) builder (dt)
	kDeltaOptimize             // DeltaTable.optimize() builder (dt)
	kDeltaBuilder              // DeltaTable.create(...) builder (db)
	kWindow                    // Window and window specs
	kFuncs                     // pyspark.sql.functions
	kColFunc                   // col / column
	kPartFunc                  // days / hours / months / years / bucket
	kPipeline                  // the dlt / pyspark.pipelines module
	kModule                    // another module or imported name (name)
	kFunc                      // a function defined in the file (fn)
	kClass                     // a class of the file whose instances hold their arguments (classInfo)
	kObject                    // an instance of such a class (items: attribute, value, ...)
	kPerRun                    // a value new on every run: uuid.uuid4(), its .hex, str() or lit() of it
	kRows                      // a DataFrame's rows brought to the driver: collect(), toLocalIterator()
	kWidget                    // dbutils.widgets.get("x"): widget x's value (name), known only by its name
	kSparkConf                 // a SparkConf and the settings given it so far (*sparkConf)
	kEntry                     // the key (name "key") or value ("value") of each pair of a loop over known pairs (*entries)
	kGivenItems                // CONF.items() of a dict another module defines (name: CONF's qualified name) or a parameter holds (ref: *param)
	kConfValue                 // spark.conf.get("k"): the session conf k's value (name), known only by its key
	kGlueSink                  // an AWS Glue S3 sink, glue_context.getSink(...) (*glueSink)
	kArgParser                 // an argparse.ArgumentParser and the defaults of its arguments (*argParser)
	kCLIArgs                   // what its parse_args() gives: each attribute its argument's default (*argParser)
)

// val is the abstract value of an expression. Vals are copied a lot (into
// arguments, bindings, list items), so a val is small: its kind, a name,
// and whatever else the kind knows behind one pointer in ref.
type val struct {
	kind kind
	open bool // kList/kDict: holds a splat, so not every item is known
	// at is where a kStr without ref is written in the document (see name).
	at int32
	// name is the column for kColumn ("" when unknown), the qualified name
	// for kModule, the function for kFunc and kPartFunc. A kStr without
	// ref is a plain literal (see plainString) and name its text.
	name string
	// ref is what else the kind knows: *facts.Value (kConst; shared, never
	// changed), *python.Decoded or *plainLit (kStr), *list (kList, kDict),
	// *hist (kFrame, kNa; may be nil), *reader (kReader), *writer or *wstep (kWriter),
	// *deltaState (kDeltaTable, kDeltaMerge, kDeltaOptimize), *deltaBuilder
	// (kDeltaBuilder), *function (kFunc).
	ref any
}

// list is what a kList or kDict holds; a dict's items are key, value, key,
// value...
type list struct{ items []item }

// item is a list item or dict entry with where it is written, for the
// facts built from it.
type item struct {
	val
	span facts.Span
}

// lit is a kConst's value.
func (v val) lit() *facts.Value {
	c, _ := v.ref.(*facts.Value)
	return c
}

// str is a kStr's text with its map into document offsets. It is returned
// by value, so a plain literal's need not be allocated.
func (v val) str() python.Decoded {
	switch s := v.ref.(type) {
	case *python.Decoded:
		return *s
	case *plainLit:
		return *s.decoded()
	case nil:
		if v.kind == kStr {
			return inlineDecoded(v.name, int(v.at))
		}
	}
	return python.Decoded{}
}

// strLocal is str with a plain literal's map in seg instead of allocated,
// for a text read at once and let go.
func (v val) strLocal(seg *[1]document.Segment) python.Decoded {
	if v.ref == nil && v.kind == kStr && len(v.name) > 0 {
		seg[0] = document.Segment{File: int(v.at), Len: len(v.name)}
		return python.Decoded{Text: v.name, Map: seg[:]}
	}
	return v.str()
}

// items are a kList's or kDict's items.
func (v val) items() []item {
	if l, ok := v.ref.(*list); ok {
		return l.items
	}
	return nil
}

// withItems returns the kList or kDict v holding items.
func (x *extractor) withItems(v val, items []item) val {
	if len(items) > 0 {
		l := x.work.lists.Take(16)
		l.items = items
		v.ref = l
	}
	return v
}

// history is a kFrame's or kNa's history (nil when unknown).
func (v val) history() *hist {
	h, _ := v.ref.(*hist)
	return h
}

func strValue(d *python.Decoded) val { return val{kind: kStr, ref: d} }

// value returns v as a fact value reported at sp.
func (v val) value(sp facts.Span) facts.Value {
	switch v.kind {
	case kConst:
		out := *v.lit()
		if out.From == "" {
			out.Span = sp // a default keeps its place, where it is written
		}
		return out
	case kStr:
		if s, ok := v.literalString(); ok {
			return facts.Value{Kind: facts.String, Str: s, Span: sp}
		}
	}
	return facts.Value{Span: sp}
}

// literalString returns the text of a fully known string.
func (v val) literalString() (string, bool) {
	switch s := v.ref.(type) {
	case *plainLit:
		return s.text, true
	case *python.Decoded:
		return s.Text, s.Literal()
	case nil:
		return v.name, v.kind == kStr
	}
	return "", false
}

// pyText is str(v) for a known scalar, as an f-string or format() would spell it.
func (v val) pyText() (string, bool) {
	switch v.kind {
	case kStr:
		return v.literalString()
	case kConst:
		switch c := v.lit(); c.Kind {
		case facts.Int:
			return strconv.FormatInt(c.Int, 10), true
		case facts.Bool:
			if c.Bool {
				return "True", true
			}
			return "False", true
		case facts.None:
			return "None", true
		case facts.Float:
			// only plain decimals print the way they are written
			if s := c.Str; s != "" && strings.Trim(s, "0123456789") == "." && s[0] != '.' && s[len(s)-1] != '.' {
				return s, true
			}
		}
	}
	return "", false
}

// intValue returns v as an int constant.
func (v val) intValue() (int64, bool) {
	if v.kind == kConst && v.lit().Kind == facts.Int {
		return v.lit().Int, true
	}
	return 0, false
}

// same reports whether two bindings are certainly the same value.
func same(a, b val) bool {
	if a.kind != b.kind {
		return false
	}
	switch a.kind {
	case kUnknown:
		_, obj := a.ref.(*objRef)
		return obj && a.ref == b.ref
	case kConst:
		x, y := a.lit(), b.lit()
		return x.Kind == y.Kind && x.Str == y.Str && x.Int == y.Int && x.Bool == y.Bool && x.Float == y.Float
	case kStr:
		x, xok := a.literalString()
		y, yok := b.literalString()
		return (a.ref != nil && a.ref == b.ref) || (xok && yok && x == y)
	case kList, kDict:
		x, y := a.items(), b.items()
		if len(x) != len(y) || a.open || b.open {
			return false
		}
		for i := range x {
			if !same(x[i].val, y[i].val) {
				return false
			}
		}
		return true
	case kColumn, kModule, kPartFunc:
		return a.name == b.name && (a.kind != kColumn || a.name != "")
	case kFrame, kNa:
		return a.history() == b.history()
	case kReader, kWriter, kDeltaTable, kDeltaMerge, kDeltaOptimize, kDeltaBuilder, kFunc, kClass, kObject:
		return a.ref == b.ref
	}
	// stateless kinds: sessions, modules of the Spark API
	return true
}

// The constants whose spelling never varies (the keywords) are shared.
var (
	trueLit  = &facts.Value{Kind: facts.Bool, Bool: true, Str: "True"}
	falseLit = &facts.Value{Kind: facts.Bool, Str: "False"}
	noneLit  = &facts.Value{Kind: facts.None, Str: "None"}
)

// smallInts are the integers 0 to 255 as usually spelled, which most
// number literals are.
var smallInts = func() (t [256]*facts.Value) {
	for i := range t {
		t[i] = &facts.Value{Kind: facts.Int, Int: int64(i), Str: strconv.Itoa(i)}
	}
	return t
}()

// number evaluates an integer or float literal. Constants are never
// changed, so a file's literals of one spelling share one, and small
// integers are shared by all files.
func (x *extractor) number(n python.Node) val {
	text := n.Text()
	if i, ok := smallInt(text); ok {
		return val{kind: kConst, ref: smallInts[i]}
	}
	if c, ok := x.numbers[string(text)]; ok {
		return val{kind: kConst, ref: c}
	}
	v := literal(n)
	if c := v.lit(); c != nil {
		if x.numbers == nil {
			x.numbers = make(map[string]*facts.Value)
		}
		x.numbers[c.Str] = c
	}
	return v
}

// smallInt reads the decimal spelling of an integer below 256, without
// leading zeros.
func smallInt(text []byte) (int, bool) {
	if len(text) == 0 || len(text) > 3 || (text[0] == '0' && len(text) > 1) {
		return 0, false
	}
	n := 0
	for _, c := range text {
		if c < '0' || c > '9' {
			return 0, false
		}
		n = n*10 + int(c-'0')
	}
	return n, n < len(smallInts)
}

// literal evaluates a number, bool or None literal node.
func literal(n python.Node) val {
	var v facts.Value
	switch n.Type() {
	case "integer":
		text := n.String()
		i, err := strconv.ParseInt(text, 0, 64)
		if err != nil {
			return val{}
		}
		v = facts.Value{Kind: facts.Int, Int: i, Str: text}
	case "float":
		text := n.String()
		f, err := strconv.ParseFloat(strings.ReplaceAll(text, "_", ""), 64)
		if err != nil {
			return val{}
		}
		v = facts.Value{Kind: facts.Float, Float: f, Str: text}
	case "true":
		return val{kind: kConst, ref: trueLit}
	case "false":
		return val{kind: kConst, ref: falseLit}
	case "none":
		return val{kind: kConst, ref: noneLit}
	default:
		return val{}
	}
	return val{kind: kConst, ref: &v}
}

// negate applies unary minus to a number constant.
func negate(v val) val {
	if v.kind != kConst {
		return val{}
	}
	lit := *v.lit()
	switch lit.Kind {
	case facts.Int:
		lit.Int, lit.Str = -lit.Int, "-"+lit.Str
	case facts.Float:
		lit.Float, lit.Str = -lit.Float, "-"+lit.Str
	default:
		return val{}
	}
	v.ref = &lit
	return v
}

// columnOf returns the column an argument names: a string literal, a
// col()/F.col() reference or a partition transform of one.
func columnOf(v val, sp facts.Span) (facts.Column, bool) {
	switch v.kind {
	case kStr:
		if s, ok := v.literalString(); ok {
			return facts.Column{Name: stripBackticks(s), Span: sp}, true
		}
	case kColumn:
		return facts.Column{Name: v.name, Span: sp}, v.name != ""
	}
	return facts.Column{Span: sp}, false
}

func stripBackticks(s string) string {
	if strings.IndexByte(s, '`') < 0 {
		return s
	}
	return strings.ReplaceAll(s, "`", "")
}
