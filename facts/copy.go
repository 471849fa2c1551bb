package facts

// Copier makes deep copies of facts, one method per type (copy_gen.go,
// generated): a copy shares no memory with its original, so changing one
// never changes the other.
//
// With Home set, the facts are copied out of file Home into another file's
// (a helper's facts applied at a call): every span of their own file that
// is not the zero span gets File = Home, and what would edit Home in place
// (a transform's Removal, an Insertion, a PropertyInsertion: the types
// marked factgen:ownfile) is left out of the copy.
type Copier struct {
	Home FileID
}

func (c Copier) copySpan(s *Span) {
	if c.Home != 0 && s.File == 0 && *s != (Span{}) { // no span stays none
		s.File = c.Home
	}
}
