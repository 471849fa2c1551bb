package pyfacts

import (
	"testing"

	"github.com/lakelint/lakelint/parsers/python"
)

// TestFieldIDs checks that every field the extractor reads by id is one
// the grammar has: an id of 0 would find no child and read nothing.
func TestFieldIDs(t *testing.T) {
	ids := map[string]python.FieldID{
		"object":       fObject,
		"body":         fBody,
		"attribute":    fAttribute,
		"value":        fValue,
		"right":        fRight,
		"name":         fName,
		"left":         fLeft,
		"arguments":    fArguments,
		"function":     fFunction,
		"parameters":   fParameters,
		"operator":     fOperator,
		"superclasses": fSuperclasses,
		"consequence":  fConsequence,
		"condition":    fCondition,
		"alias":        fAlias,
		"type":         fType,
		"key":          fKey,
		"module_name":  fModuleName,
		"definition":   fDefinition,
		"argument":     fArgument,
		"alternative":  fAlternative,
	}

	for name, id := range ids {
		if id == 0 || id != python.FieldByName(name) {
			t.Errorf("field %q has id %d", name, id)
		}
	}
}
