package pyfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/internal/blocks"
	"github.com/lakelint/lakelint/parsers/python"
)

// workObjects are where a file's working objects come from. Most are small
// and made by the thousand, so they are cut from blocks rather than
// allocated one by one. They live and die with their extractor: nothing is
// kept from one file to the next (measured: keeping them for the next
// extraction saved no time).
type workObjects struct {
	names    *[internSlots]internSlot // the file's short texts (see intern)
	strs     stringArena              // where names' strings are
	scopes   scopeStore
	hists    blocks.Recycled[hist]
	lits     blocks.Recycled[plainLit]
	fns      blocks.Recycled[fnState]
	funcs    blocks.Recycled[function]
	params   blocks.Recycled[param]
	readers  blocks.Recycled[reader]
	opts     blocks.Recycled[options]
	fnStrs   blocks.Recycled[fnStrings]
	strHoles blocks.Recycled[strHole]
	writers  blocks.Recycled[writer]
	wsteps   blocks.Recycled[wstep]
	lists    blocks.Recycled[list]
	counts   blocks.Recycled[facts.Value] // partition counts of transforms
	items    blocks.Recycled[item]
	builder  python.Builder // builds strings (see stringLiteral)
}

// newNames is a table of texts for a new file: the common names.
func newNames() *[internSlots]internSlot {
	t := new([internSlots]internSlot)
	*t = *commonSlots
	return t
}
