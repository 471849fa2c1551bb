package python

// Symbol is the grammar's number for a node's type. Several symbols may
// share a name (the grammar aliases some), so a walker that dispatches on
// symbols maps each to what its name means once, with SymbolName over
// 0..SymbolCount()-1, and then reads a table instead of comparing names.
type Symbol uint16

// ErrorSymbol is the symbol of ERROR nodes.
const ErrorSymbol Symbol = errorSymbol

// Symbol returns the node's symbol (0 for the zero Node).
func (n Node) Symbol() Symbol {
	if n.t == nil {
		return 0
	}
	return Symbol(n.c().sym)
}

// SymbolCount is the number of symbols of the grammar, ErrorSymbol aside.
func SymbolCount() int {
	namesOnce.Do(loadNames)
	return len(symNames)
}

// SymbolName is the type of the nodes of symbol s, as Node.Type gives it.
func SymbolName(s Symbol) string {
	namesOnce.Do(loadNames)
	switch {
	case s == ErrorSymbol:
		return "ERROR"
	case int(s) < len(symNames):
		return symNames[s]
	}
	return ""
}
