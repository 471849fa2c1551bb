package python

import (
	"runtime"
	"sync"
)

// Parsers and node arrays are kept in free lists rather than sync.Pools: a
// lint run collects garbage often, and a sync.Pool drops its contents after
// two collections, so each parse would again build a parser and fault in a
// fresh node array.

// maxParsers bounds the idle parsers kept: one per thread that can parse at
// once, plus slack.
var maxParsers = 2 * runtime.GOMAXPROCS(0)

// maxKeptNodes bounds the nodes kept in idle arrays (20 bytes each, so 48 MB):
// enough for a worker pool's files, not a huge file's array for ever.
const maxKeptNodes = 48 << 20 / 20

var idleParsers struct {
	sync.Mutex
	list []*parser
}

func getParser() *parser {
	idleParsers.Lock()
	if n := len(idleParsers.list); n > 0 {
		p := idleParsers.list[n-1]
		idleParsers.list = idleParsers.list[:n-1]
		idleParsers.Unlock()
		return p
	}
	idleParsers.Unlock()
	return newParser()
}

func putParser(p *parser) {
	idleParsers.Lock()
	defer idleParsers.Unlock()
	if len(idleParsers.list) < maxParsers {
		idleParsers.list = append(idleParsers.list, p)
	}
	// else dropped: its cleanup frees the C parser
}

var idleNodes struct {
	sync.Mutex
	list [][]cnode // each with length 0
	kept int       // sum of their capacities
}

// takeNodes returns an array of n nodes whose contents are undefined: the
// parser overwrites every node it reports. It reuses the smallest idle array
// that is large enough.
func takeNodes(n int) []cnode {
	idleNodes.Lock()
	best := -1
	for i, b := range idleNodes.list {
		if cap(b) >= n && (best < 0 || cap(b) < cap(idleNodes.list[best])) {
			best = i
		}
	}
	if best >= 0 {
		b := idleNodes.list[best]
		last := len(idleNodes.list) - 1
		idleNodes.list[best] = idleNodes.list[last]
		idleNodes.list[last] = nil
		idleNodes.list = idleNodes.list[:last]
		idleNodes.kept -= cap(b)
		idleNodes.Unlock()
		return b[:n]
	}
	idleNodes.Unlock()
	return make([]cnode, n)
}

// giveNodes keeps b for a later parse, dropping the smallest idle arrays
// when the bound would be passed.
func giveNodes(b []cnode) {
	if cap(b) > maxKeptNodes {
		return
	}
	idleNodes.Lock()
	defer idleNodes.Unlock()
	for idleNodes.kept+cap(b) > maxKeptNodes && len(idleNodes.list) > 0 {
		small := 0
		for i, x := range idleNodes.list {
			if cap(x) < cap(idleNodes.list[small]) {
				small = i
			}
		}
		idleNodes.kept -= cap(idleNodes.list[small])
		last := len(idleNodes.list) - 1
		idleNodes.list[small] = idleNodes.list[last]
		idleNodes.list[last] = nil
		idleNodes.list = idleNodes.list[:last]
	}
	idleNodes.list = append(idleNodes.list, b[:0])
	idleNodes.kept += cap(b)
}
