package facts

import (
	"cmp"
	"slices"
)

// SortByOffset puts f's facts in document order, which is execution order:
// offsets follow notebook cells and statements, so settings come in the order
// a session sees them, and what is found inside a call comes before the call.
// The sort is stable: facts at one offset keep the order they were found in.
func (f *File) SortByOffset() {
	slices.SortStableFunc(f.Writes, func(a, b *Write) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	slices.SortStableFunc(f.Reads, func(a, b *Read) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	slices.SortStableFunc(f.Tables, func(a, b *TableDef) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	slices.SortStableFunc(f.Alters, func(a, b *TableAlter) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	slices.SortStableFunc(f.Settings, func(a, b *Setting) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	slices.SortStableFunc(f.Maintenance, func(a, b *Maintenance) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	slices.SortStableFunc(f.Suppressions, func(a, b Suppression) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
	slices.SortStableFunc(f.SyntaxErrors, func(a, b SyntaxError) int { return cmp.Compare(a.Span.Start, b.Span.Start) })
}
