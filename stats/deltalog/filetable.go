package deltalog

import (
	"encoding/binary"
	"strings"
)

// fileTable holds the live files compactly: a million files must fit in a
// few hundred megabytes, so paths live in one byte arena rather than as a
// million separate strings, and partition tuples are interned.
type fileTable struct {
	arena  pathArena
	recs   blocks[fileRec]
	parts  partInterner
	bytes  int64
	dvs    int64 // files with a deletion vector
	dvRows int64 // rows those vectors delete
}

type fileRec struct {
	path pathRef
	part int32 // index into parts.tuples
	dv   bool
	size int64
}

func (t *fileTable) add(path string, size int64, part int32, dv bool, dvRows int64) {
	t.addRef(t.arena.add(path), size, part, dv, dvRows)
}

// addRef adds a file whose path is already in the arena.
func (t *fileTable) addRef(path pathRef, size int64, part int32, dv bool, dvRows int64) {
	t.recs.add(fileRec{path: path, part: part, dv: dv, size: size})
	t.bytes += size
	if dv {
		t.dvs++
		t.dvRows += dvRows
	}
}

// pathArena stores strings in fixed-size chunks. Chunks never move, so
// growth costs no copying and no doubling spike.
type pathArena struct {
	chunks [][]byte
}

type pathRef struct {
	chunk, off, n uint32
}

const arenaChunk = 4 << 20

func (a *pathArena) add(s string) pathRef { return appendArena(a, s) }

func (a *pathArena) addBytes(b []byte) pathRef { return appendArena(a, b) }

func appendArena[S string | []byte](a *pathArena, s S) pathRef {
	last := len(a.chunks) - 1
	if last < 0 || len(a.chunks[last])+len(s) > cap(a.chunks[last]) {
		a.chunks = append(a.chunks, make([]byte, 0, max(arenaChunk, len(s))))
		last++
	}
	c := a.chunks[last]
	ref := pathRef{chunk: uint32(last), off: uint32(len(c)), n: uint32(len(s))}
	a.chunks[last] = append(c, s...)
	return ref
}

func (a *pathArena) get(r pathRef) string { return string(a.bytes(r)) }

// bytes returns the stored bytes themselves; do not modify.
func (a *pathArena) bytes(r pathRef) []byte {
	return a.chunks[r.chunk][r.off : r.off+r.n : r.off+r.n]
}

// partInterner gives each distinct partition tuple a small index.
type partInterner struct {
	index  map[string]int32
	tuples [][]*string
	key    []byte
}

// intern returns the index of the tuple vals (nil = null).
func (p *partInterner) intern(vals []*string) int32 {
	if p.index == nil {
		p.index = map[string]int32{}
	}
	p.key = p.key[:0]
	for _, v := range vals {
		if v == nil {
			p.key = append(p.key, 0)
			continue
		}
		p.key = append(p.key, 1)
		p.key = binary.AppendUvarint(p.key, uint64(len(*v)))
		p.key = append(p.key, *v...)
	}
	if i, ok := p.index[string(p.key)]; ok {
		return i
	}
	tuple := make([]*string, len(vals))
	for i, v := range vals {
		if v != nil {
			s := strings.Clone(*v) // callers pass views into Arrow buffers
			tuple[i] = &s
		}
	}
	i := int32(len(p.tuples))
	p.tuples = append(p.tuples, tuple)
	p.index[string(p.key)] = i
	return i
}

// partResolver assembles one file's partition tuple from partitionValues
// entries, which are keyed by physical column name under column mapping.
type partResolver struct {
	logical  []string
	physical []string
	strs     []string
	vals     []*string
	viaPhys  []bool
}

func newPartResolver(cols []string, names columnNames) *partResolver {
	r := &partResolver{
		logical:  cols,
		physical: make([]string, len(cols)),
		strs:     make([]string, len(cols)),
		vals:     make([]*string, len(cols)),
		viaPhys:  make([]bool, len(cols)),
	}
	for i, c := range cols {
		r.physical[i] = names.physical(c)
	}
	return r
}

func (r *partResolver) reset() {
	clear(r.vals)
	clear(r.viaPhys)
}

// set records one partitionValues entry. The physical key wins over a
// display-name key for the same column; empty means null, as in Delta.
func (r *partResolver) set(key, value string, null bool) {
	for i := range r.logical {
		phys := key == r.physical[i]
		if !phys && (key != r.logical[i] || r.viaPhys[i]) {
			continue
		}
		r.viaPhys[i] = phys
		if null || value == "" {
			r.vals[i] = nil
		} else {
			r.strs[i] = value
			r.vals[i] = &r.strs[i]
		}
		return
	}
}

// tuple returns the assembled values; valid until the next reset.
func (r *partResolver) tuple() []*string { return r.vals }
