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
