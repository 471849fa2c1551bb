package python

import (
	"fmt"
	"strings"
)

// Dump renders the subtree at n one node a line, for tests and debugging.
func (n Node) Dump() string {
	var b strings.Builder
	depth := map[int32]int{}
	n.Descendants(func(d Node) bool {
		k := 0
		if d != n {
			k = depth[d.t.nodes[d.i].parent] + 1
		}
		depth[d.i] = k
		b.WriteString(strings.Repeat("  ", k))
		if f := d.Field(); f != "" && !d.IsExtra() {
			b.WriteString(f + ": ")
		}
		b.WriteString(d.Type())
		switch {
		case d.IsMissing():
			b.WriteString(" MISSING")
		case !d.FirstChild().Valid() && d.IsNamed():
			fmt.Fprintf(&b, " %q", d.Text())
		}
		fmt.Fprintf(&b, " [%d,%d)\n", d.Start(), d.End())
		return true
	})
	return b.String()
}
