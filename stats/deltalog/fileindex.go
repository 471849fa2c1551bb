package deltalog

import (
	"bytes"
	"encoding/binary"
	"hash/maphash"
	"slices"
)

// changeSet is the last add or remove the JSON commits made to each
// logical file, in first-seen order. A log replayed without a checkpoint
// puts every file ever added here, so it is laid out for a million
// entries: keys live in the snapshot's path arena (the path part is later
// reused as the live file's path), records in pointer-free blocks, and the
// lookup is an open-addressing table of record numbers, which the garbage
// collector never has to scan.
type changeSet struct {
	seed  maphash.Seed
	slots []uint64 // 0 = empty, else hash<<32 | record number + 1
	recs  blocks[change]
	parts rawParts
}

// change is one logical file's final state after the commits.
type change struct {
	key     pathRef // decoded path, NUL, deletion vector id
	pathLen uint32  // the decoded path's length: key's prefix
	hash    uint32
	part    int32 // index into parts; adds only
	added   bool
	dv      bool
	size    int64
	dvRows  int64
}

func (c *changeSet) len() int { return c.recs.n }

// find returns the record for key, or nil.
func (c *changeSet) find(arena *pathArena, key []byte) *change {
	if c.recs.n == 0 {
		return nil
	}
	h := c.hashOf(key)
	for i := h & c.mask(); ; i = (i + 1) & c.mask() {
		s := c.slots[i]
		if s == 0 {
			return nil
		}
		if uint32(s>>32) == h {
			if rec := c.recs.at(int(uint32(s) - 1)); bytes.Equal(arena.bytes(rec.key), key) {
				return rec
			}
		}
	}
}

// upsert returns the record for key, adding an empty one (its key copied
// into arena) when there is none.
func (c *changeSet) upsert(arena *pathArena, key []byte, pathLen int) *change {
	if (c.recs.n+1)*4 > len(c.slots)*3 {
		c.grow()
	}
	h := c.hashOf(key)
	i := h & c.mask()
	for ; c.slots[i] != 0; i = (i + 1) & c.mask() {
		if s := c.slots[i]; uint32(s>>32) == h {
			if rec := c.recs.at(int(uint32(s) - 1)); bytes.Equal(arena.bytes(rec.key), key) {
				return rec
			}
		}
	}
	c.slots[i] = uint64(h)<<32 | uint64(c.recs.n+1)
	c.recs.add(change{key: arena.addBytes(key), pathLen: uint32(pathLen), hash: h, part: -1})
	return c.recs.at(c.recs.n - 1)
}

func (c *changeSet) hashOf(key []byte) uint32 {
	return uint32(maphash.Bytes(c.seed, key))
}

func (c *changeSet) mask() uint32 { return uint32(len(c.slots) - 1) }

// grow doubles the table (keeping it at most three quarters full) and
// re-places every record by its stored hash. Slots carry the hash too, so
// a probe past another key rarely touches its record.
func (c *changeSet) grow() {
	if c.slots == nil {
		c.seed = maphash.MakeSeed()
	}
	c.slots = make([]uint64, max(1024, 2*len(c.slots)))
	n := 0
	for rec := range c.recs.all {
		i := rec.hash & c.mask()
		for c.slots[i] != 0 {
			i = (i + 1) & c.mask()
		}
		n++
		c.slots[i] = uint64(rec.hash)<<32 | uint64(n)
	}
}

// blocks is an append-only list in fixed-size blocks, so a million records
// grow without the copies and transient doubling of one slice.
type blocks[T any] struct {
	list [][]T
	n    int
}

const blockLen = 64 << 10

func (b *blocks[T]) add(v T) {
	last := len(b.list) - 1
	if last < 0 || len(b.list[last]) == blockLen {
		b.list = append(b.list, make([]T, 0, blockLen))
		last++
	}
	b.list[last] = append(b.list[last], v)
	b.n++
}

func (b *blocks[T]) at(i int) *T { return &b.list[i/blockLen][i%blockLen] }

// all iterates over the records in insertion order.
func (b *blocks[T]) all(yield func(*T) bool) {
	for _, blk := range b.list {
		for i := range blk {
			if !yield(&blk[i]) {
				return
			}
		}
	}
}

// drain iterates like all but frees each block once it has been visited,
// so a consumer that copies records out never holds both copies in full.
func (b *blocks[T]) drain(yield func(*T) bool) {
	for k, blk := range b.list {
		for i := range blk {
			if !yield(&blk[i]) {
				return
			}
		}
		b.list[k] = nil
	}
	b.list, b.n = nil, 0
}

// rawParts interns partitionValues as written, before metadata says how
// they map to partition columns: commits are read before a checkpoint's
// metaData, and a table has few distinct tuples however many files.
type rawParts struct {
	index  map[string]int32
	tuples [][]rawPart
	key    []byte
}

type rawPart struct {
	key, value string
	null       bool
}

// intern returns the index of pairs, which hold no repeated key; their
// order does not matter.
func (p *rawParts) intern(pairs []partPair) int32 {
	if p.index == nil {
		p.index = map[string]int32{}
	}
	if len(pairs) > 1 {
		slices.SortFunc(pairs, func(a, b partPair) int { return bytes.Compare(a.key, b.key) })
	}
	p.key = p.key[:0]
	for _, kv := range pairs {
		p.key = binary.AppendUvarint(p.key, uint64(len(kv.key)))
		p.key = append(p.key, kv.key...)
		if kv.null {
			p.key = append(p.key, 0)
			continue
		}
		p.key = append(p.key, 1)
		p.key = binary.AppendUvarint(p.key, uint64(len(kv.value)))
		p.key = append(p.key, kv.value...)
	}
	if i, ok := p.index[string(p.key)]; ok {
		return i
	}
	tuple := make([]rawPart, len(pairs))
	for i, kv := range pairs {
		tuple[i] = rawPart{key: string(kv.key), value: string(kv.value), null: kv.null}
	}
	i := int32(len(p.tuples))
	p.tuples = append(p.tuples, tuple)
	p.index[string(p.key)] = i
	return i
}
