package pyfacts

import (
	"strconv"
	"strings"

	"github.com/lakelint/lakelint/facts"
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
)

// val is the abstract value of an expression.
type val struct {
	kind  kind
	open  bool            // kList/kDict: holds a splat, so not every item is known
	lit   facts.Value     // kConst; for list items and dict entries lit.Span is where they are written
	str   *python.Decoded // kStr: text with its map into document offsets
	hist  *hist           // kFrame, kNa
	items []val           // kList, kDict
	// name is the column for kColumn ("" when unknown), the qualified name
	// for kModule, the function for kFunc and kPartFunc.
	name string
	// ref is the state of a builder-like object: *reader (kReader), *writer
	// (kWriter), *deltaState (kDeltaTable, kDeltaMerge, kDeltaOptimize),
	// *deltaBuilder (kDeltaBuilder), *function (kFunc).
	ref any
}

// value returns v as a fact value reported at sp.
func (v val) value(sp facts.Span) facts.Value {
	switch v.kind {
	case kConst:
		out := v.lit
		out.Span = sp
		return out
	case kStr:
		if v.str.Literal() {
			return facts.Value{Kind: facts.String, Str: v.str.Text, Span: sp}
		}
	}
	return facts.Value{Span: sp}
}

// literalString returns the text of a fully known string.
func (v val) literalString() (string, bool) {
	if v.kind == kStr && v.str.Literal() {
		return v.str.Text, true
	}
	return "", false
}

// pyText is str(v) for a known scalar, as an f-string or format() would spell it.
func (v val) pyText() (string, bool) {
	switch v.kind {
	case kStr:
		return v.literalString()
	case kConst:
		switch v.lit.Kind {
		case facts.Int:
			return strconv.FormatInt(v.lit.Int, 10), true
		case facts.Bool:
			if v.lit.Bool {
				return "True", true
			}
			return "False", true
		case facts.None:
			return "None", true
		case facts.Float:
			// only plain decimals print the way they are written
			if s := v.lit.Str; s != "" && strings.Trim(s, "0123456789") == "." && s[0] != '.' && s[len(s)-1] != '.' {
				return s, true
			}
		}
	}
	return "", false
}

// intValue returns v as an int constant.
func (v val) intValue() (int64, bool) {
	if v.kind == kConst && v.lit.Kind == facts.Int {
		return v.lit.Int, true
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
		return false
	case kConst:
		return a.lit.Kind == b.lit.Kind && a.lit.Str == b.lit.Str && a.lit.Int == b.lit.Int &&
			a.lit.Bool == b.lit.Bool && a.lit.Float == b.lit.Float
	case kStr:
		return a.str == b.str || (a.str.Literal() && b.str.Literal() && a.str.Text == b.str.Text)
	case kList, kDict:
		if len(a.items) != len(b.items) || a.open || b.open {
			return false
		}
		for i := range a.items {
			if !same(a.items[i], b.items[i]) {
				return false
			}
		}
		return true
	case kColumn, kModule, kPartFunc:
		return a.name == b.name && (a.kind != kColumn || a.name != "")
	case kFrame, kNa:
		return a.hist == b.hist
	case kReader, kWriter, kDeltaTable, kDeltaMerge, kDeltaOptimize, kDeltaBuilder, kFunc:
		return a.ref == b.ref
	}
	// stateless kinds: sessions, modules of the Spark API
	return true
}

// literal evaluates a number, bool or None literal node.
func literal(n python.Node) val {
	text := n.String()
	v := facts.Value{Str: text}
	switch n.Type() {
	case "integer":
		i, err := strconv.ParseInt(text, 0, 64)
		if err != nil {
			return val{}
		}
		v.Kind, v.Int = facts.Int, i
	case "float":
		f, err := strconv.ParseFloat(strings.ReplaceAll(text, "_", ""), 64)
		if err != nil {
			return val{}
		}
		v.Kind, v.Float = facts.Float, f
	case "true":
		v.Kind, v.Bool = facts.Bool, true
	case "false":
		v.Kind = facts.Bool
	case "none":
		v.Kind = facts.None
	default:
		return val{}
	}
	return val{kind: kConst, lit: v}
}

// negate applies unary minus to a number constant.
func negate(v val) val {
	if v.kind != kConst {
		return val{}
	}
	switch v.lit.Kind {
	case facts.Int:
		v.lit.Int, v.lit.Str = -v.lit.Int, "-"+v.lit.Str
	case facts.Float:
		v.lit.Float, v.lit.Str = -v.lit.Float, "-"+v.lit.Str
	default:
		return val{}
	}
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
