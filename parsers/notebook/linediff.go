package notebook

import "bytes"

// splitLines cuts text after every "\n"; the last line may lack one.
func splitLines(text []byte) [][]byte {
	lines := make([][]byte, 0, bytes.Count(text, []byte{'\n'})+1)
	for len(text) > 0 {
		i := bytes.IndexByte(text, '\n') + 1
		if i == 0 {
			i = len(text)
		}
		lines = append(lines, text[:i])
		text = text[i:]
	}
	return lines
}

// matchLines finds a shortest line edit script from a to b (Myers' greedy
// algorithm) and returns, for every line of a, the index of the line of b it
// is kept as, or -1 when it is deleted. ok is false when more than maxEdits
// lines would have to be inserted or deleted.
func matchLines(a, b [][]byte, maxEdits int) (kept []int, ok bool) {
	kept = make([]int, len(a))
	for i := range kept {
		kept[i] = -1
	}
	// the common head and tail need no search
	head := 0
	for head < len(a) && head < len(b) && bytes.Equal(a[head], b[head]) {
		kept[head] = head
		head++
	}
	tail := 0
	for tail < len(a)-head && tail < len(b)-head && bytes.Equal(a[len(a)-1-tail], b[len(b)-1-tail]) {
		kept[len(a)-1-tail] = len(b) - 1 - tail
		tail++
	}
	x, y := lineIDs(a[head:len(a)-tail], b[head:len(b)-tail])
	n, m := len(x), len(y)
	limit := min(n+m, maxEdits)
	off := limit + 1
	v := make([]int, 2*limit+3)
	var trace [][]int // trace[d][k+d] is the furthest x on diagonal k after d edits
	for d := 0; d <= limit; d++ {
		for k := -d; k <= d; k += 2 {
			var px int
			if k == -d || k != d && v[off+k-1] < v[off+k+1] {
				px = v[off+k+1] // step down: a line of b inserted
			} else {
				px = v[off+k-1] + 1 // step right: a line of a deleted
			}
			py := px - k
			for px < n && py < m && x[px] == y[py] {
				px++
				py++
			}
			v[off+k] = px
			if px >= n && py >= m {
				trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
				keepDiagonals(kept, trace, d, k, n, head)
				return kept, true
			}
		}
		trace = append(trace, append([]int(nil), v[off-d:off+d+1]...))
	}
	return nil, false
}

// keepDiagonals walks the edit path back from the end and records the lines
// it keeps (the diagonal moves).
func keepDiagonals(kept []int, trace [][]int, d, k, n, head int) {
	px := n
	for ; d > 0; d-- {
		prev := trace[d-1] // indexed by k+(d-1)
		at := func(k int) int { return prev[k+d-1] }
		var pk, startX int
		if k == -d || k != d && at(k-1) < at(k+1) {
			pk = k + 1
			startX = at(pk)
		} else {
			pk = k - 1
			startX = at(pk) + 1
		}
		for ; px > startX; px-- {
			kept[head+px-1] = head + px - 1 - k
		}
		px = at(pk)
		k = pk
	}
	for ; px > 0; px-- { // the first snake, on diagonal 0
		kept[head+px-1] = head + px - 1
	}
}

// lineIDs numbers the distinct lines of a and b so that they compare as ints.
func lineIDs(a, b [][]byte) (x, y []int) {
	ids := make(map[string]int, len(a))
	number := func(lines [][]byte) []int {
		out := make([]int, len(lines))
		for i, l := range lines {
			id, ok := ids[string(l)]
			if !ok {
				id = len(ids)
				ids[string(l)] = id
			}
			out[i] = id
		}
		return out
	}
	return number(a), number(b)
}
