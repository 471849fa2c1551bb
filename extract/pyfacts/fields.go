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
var exprKindBySymbol = func() []exprKind {
	t := make([]exprKind, python.SymbolCount())
	for i := range t {
		t[i] = exprKinds[python.SymbolName(python.Symbol(i))]
	}
	return t
}()

func exprKindOf(n python.Node) exprKind {
	if s := int(n.Symbol()); s < len(exprKindBySymbol) {
		return exprKindBySymbol[s]
	}
	return eOther // ERROR
}
