package pyfacts

import "github.com/lakelint/lakelint/parsers/python"

// The fields the extractor reads, by id: finding a child by its field's
// id is cheaper than by its name (see python.FieldID).
var (
	fObject       = python.FieldByName("object")
	fBody         = python.FieldByName("body")
	fAttribute    = python.FieldByName("attribute")
	fValue        = python.FieldByName("value")
	fRight        = python.FieldByName("right")
	fName         = python.FieldByName("name")
	fLeft         = python.FieldByName("left")
	fArguments    = python.FieldByName("arguments")
	fFunction     = python.FieldByName("function")
	fParameters   = python.FieldByName("parameters")
	fOperator     = python.FieldByName("operator")
	fSuperclasses = python.FieldByName("superclasses")
	fConsequence  = python.FieldByName("consequence")
	fCondition    = python.FieldByName("condition")
	fAlias        = python.FieldByName("alias")
	fType         = python.FieldByName("type")
	fKey          = python.FieldByName("key")
	fModuleName   = python.FieldByName("module_name")
	fDefinition   = python.FieldByName("definition")
	fArgument     = python.FieldByName("argument")
	fAlternative  = python.FieldByName("alternative")
)

// exprKind is which expression eval reads a node as.
type exprKind uint8

const (
	eOther         exprKind = iota // read for the calls inside
	eIdentifier                    // identifier
	eString                        // string, concatenated_string
	eNumber                        // integer, float
	eLiteral                       // true, false, none
	eUnary                         // unary_operator
	eParen                         // parenthesized_expression
	eAttribute                     // attribute
	eCall                          // call
	eBinary                        // binary_operator
	eSequence                      // list, tuple, expression_list, set
	eDict                          // dictionary
	eSubscript                     // subscript
	eConditional                   // conditional_expression
	eNamed                         // named_expression
	eLambda                        // lambda
	eComprehension                 // the four comprehensions
)

// exprKinds are the kinds by node type.
var exprKinds = map[string]exprKind{
	"identifier": eIdentifier, "string": eString, "concatenated_string": eString,
	"integer": eNumber, "float": eNumber, "true": eLiteral, "false": eLiteral, "none": eLiteral,
	"unary_operator": eUnary, "parenthesized_expression": eParen, "attribute": eAttribute,
	"call": eCall, "binary_operator": eBinary, "list": eSequence, "tuple": eSequence,
	"expression_list": eSequence, "set": eSequence, "dictionary": eDict, "subscript": eSubscript,
	"conditional_expression": eConditional, "named_expression": eNamed, "lambda": eLambda,
	"list_comprehension": eComprehension, "set_comprehension": eComprehension,
	"dictionary_comprehension": eComprehension, "generator_expression": eComprehension,
}

// exprKindBySymbol is exprKinds by symbol: symbols that share a name
// share its kind, so reading it is the same as comparing the type's name.
var exprKindBySymbol = bySymbol(exprKinds)

// bySymbol is a table of byName's values indexed by symbol.
func bySymbol[K any](byName map[string]K) []K {
	t := make([]K, python.SymbolCount())
	for i := range t {
		t[i] = byName[python.SymbolName(python.Symbol(i))]
	}
	return t
}

func exprKindOf(n python.Node) exprKind {
	if s := int(n.Symbol()); s < len(exprKindBySymbol) {
		return exprKindBySymbol[s]
	}
	return eOther // ERROR
}

// stmtKind is which statement statement reads a node as.
type stmtKind uint8

const (
	sOther      stmtKind = iota // raise, assert, print, bare expressions: read for the calls inside
	sSkip                       // comments, pass, break... : nothing to read
	sExpression                 // expression_statement
	sImport                     // import_statement, import_from_statement
	sIf                         // if_statement
	sLoop                       // for_statement, while_statement
	sTry                        // try_statement
	sWith                       // with_statement
	sMatch                      // match_statement
	sFunction                   // function_definition
	sClass                      // class_definition
	sDecorated                  // decorated_definition
	sBlock                      // block, module, ERROR: statements inside
	sDelete                     // delete_statement
	sReturn                     // return_statement
)

// stmtKinds are the kinds by node type.
var stmtKinds = map[string]stmtKind{
	"comment": sSkip, "pass_statement": sSkip, "break_statement": sSkip, "continue_statement": sSkip,
	"global_statement": sSkip, "nonlocal_statement": sSkip, "future_import_statement": sSkip,
	"line_continuation": sSkip, "expression_statement": sExpression, "import_statement": sImport,
	"import_from_statement": sImport, "if_statement": sIf, "for_statement": sLoop,
	"while_statement": sLoop, "try_statement": sTry, "with_statement": sWith,
	"match_statement": sMatch, "function_definition": sFunction, "class_definition": sClass,
	"decorated_definition": sDecorated, "block": sBlock, "module": sBlock, "ERROR": sBlock,
	"delete_statement": sDelete, "return_statement": sReturn,
}

// stmtKindBySymbol is stmtKinds by symbol (see exprKindBySymbol).
var stmtKindBySymbol = bySymbol(stmtKinds)

func stmtKindOf(n python.Node) stmtKind {
	if s := int(n.Symbol()); s < len(stmtKindBySymbol) {
		return stmtKindBySymbol[s]
	}
	return stmtKinds[python.SymbolName(n.Symbol())] // ERROR
}
