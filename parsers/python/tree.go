// Package python parses Python source with tree-sitter and hands back a
// compact, pure-Go syntax tree: nodes in pre-order in one slice, addressed by
// small value handles. The tree-sitter tree itself is freed before Parse
// returns, so nothing needs closing and walking the tree costs no cgo calls.
package python

import "sort"

// Tree is a parsed piece of Python source.
type Tree struct {
	Src   []byte
	nodes []cnode
}

// Parse parses src. It tolerates any input: syntax errors become ERROR and
// MISSING nodes (see FirstError). Parse is safe for concurrent use.
func Parse(src []byte) (*Tree, error) {
	namesOnce.Do(loadNames)
	nodes, err := parseC(src)
	if err != nil {
		return nil, err
	}
	return &Tree{Src: src, nodes: nodes}, nil
}

// Release lets the next Parse reuse the tree's memory. The tree and its
// nodes must not be used afterwards: they panic rather than read another
// tree's nodes.
func (t *Tree) Release() {
	if t.nodes == nil {
		return
	}
	b := t.nodes
	t.nodes = nil
	giveNodes(b)
}

// Root returns the module node (the zero Node for an empty tree).
func (t *Tree) Root() Node {
	if len(t.nodes) == 0 {
		return Node{}
	}
	return Node{t, 0}
}

// Len is the number of nodes in the tree.
func (t *Tree) Len() int { return len(t.nodes) }

// NodeAt returns the smallest node whose span contains off, preferring a
// named node over the anonymous tokens inside it; the zero Node when off is
// outside the source.
//
// Nodes are stored in pre-order, so by start: the last node starting at or
// before off is the deepest containing it or a node inside one that does.
// It is found by a binary search, not a walk of the root's children, which
// in a file of a hundred thousand statements are as many.
func (t *Tree) NodeAt(off int) Node {
	root := t.Root()
	if !root.Valid() || off < root.Start() || off >= root.End() {
		return Node{}
	}
	i := int32(sort.Search(len(t.nodes), func(i int) bool { return int(t.nodes[i].start) > off })) - 1
	for i > 0 && int(t.nodes[i].end) <= off {
		i = t.nodes[i].parent
	}
	// the path down from the root stops before its first anonymous node
	n := Node{t, max(i, 0)}
	for p := n; p.Valid(); p = p.Parent() {
		if !p.IsNamed() && p.Parent().Valid() {
			n = p.Parent()
		}
	}
	return n
}

// Node is a handle on one node of a Tree. The zero Node is "no node": every
// method on it returns a zero value.
type Node struct {
	t *Tree
	i int32
}

// Valid reports whether n is a node.
func (n Node) Valid() bool { return n.t != nil }

func (n Node) c() *cnode { return &n.t.nodes[n.i] }

// Type is the grammar's name for the node ("call", "identifier", "(", "ERROR").
func (n Node) Type() string {
	if n.t == nil {
		return ""
	}
	s := int(n.c().sym)
	if s == errorSymbol {
		return "ERROR"
	}
	if s < len(symNames) {
		return symNames[s]
	}
	return ""
}

// Is reports whether the node's type is typ.
func (n Node) Is(typ string) bool { return n.t != nil && n.Type() == typ }

// Field is the name of the field the node fills in its parent, "" if none.
func (n Node) Field() string {
	if n.t == nil {
		return ""
	}
	f := int(n.c().field)
	if f < len(fieldNames) {
		return fieldNames[f]
	}
	return ""
}

// Start is the byte offset where the node begins.
func (n Node) Start() int {
	if n.t == nil {
		return 0
	}
	return int(n.c().start)
}

// End is the byte offset just after the node.
func (n Node) End() int {
	if n.t == nil {
		return 0
	}
	return int(n.c().end)
}

// Text returns the node's source bytes (not a copy).
func (n Node) Text() []byte {
	if n.t == nil {
		return nil
	}
	s, e := n.Start(), n.End()
	if s > e || e > len(n.t.Src) {
		return nil
	}
	return n.t.Src[s:e]
}

// String returns the node's source text.
func (n Node) String() string { return string(n.Text()) }

// TextIs reports whether the node's source text equals s, without allocating.
func (n Node) TextIs(s string) bool {
	b := n.Text()
	return len(b) == len(s) && string(b) == s
}

func (n Node) flag(f uint8) bool { return n.t != nil && n.c().flags&f != 0 }

// IsNamed reports whether the node is a named grammar rule rather than a token.
func (n Node) IsNamed() bool { return n.flag(flagNamed) }

// IsMissing reports whether the parser inserted the node to recover from an error.
func (n Node) IsMissing() bool { return n.flag(flagMissing) }

// IsExtra reports whether the node may appear anywhere (comments, line continuations).
func (n Node) IsExtra() bool { return n.flag(flagExtra) }

// IsError reports whether the node is an ERROR node.
func (n Node) IsError() bool { return n.t != nil && n.c().sym == errorSymbol }

// HasError reports whether the node is or contains a syntax error.
func (n Node) HasError() bool { return n.flag(flagHasError) || n.IsError() }

// Parent returns the node's parent.
func (n Node) Parent() Node {
	if n.t == nil || n.c().parent < 0 {
		return Node{}
	}
	return Node{n.t, n.c().parent}
}

// FirstChild returns the node's first child.
func (n Node) FirstChild() Node {
	if n.t == nil || n.c().next <= n.i+1 || int(n.i+1) >= len(n.t.nodes) {
		return Node{}
	}
	return Node{n.t, n.i + 1}
}

// NextSibling returns the node after n in its parent.
func (n Node) NextSibling() Node {
	if n.t == nil {
		return Node{}
	}
	next := n.c().next
	p := n.c().parent
	if p < 0 || next <= n.i || int(next) >= len(n.t.nodes) || next >= n.t.nodes[p].next {
		return Node{}
	}
	return Node{n.t, next}
}

// ChildCount is the number of children, tokens included.
func (n Node) ChildCount() int {
	k := 0
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		k++
	}
	return k
}

// Children appends the node's children, tokens included, to dst.
func (n Node) Children(dst []Node) []Node {
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		dst = append(dst, c)
	}
	return dst
}

// NamedChildren appends the node's named children, comments excluded, to dst.
func (n Node) NamedChildren(dst []Node) []Node {
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.IsNamed() && !c.IsExtra() {
			dst = append(dst, c)
		}
	}
	return dst
}

// NamedChildCount is the number of named children, comments excluded.
func (n Node) NamedChildCount() int {
	k := 0
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.IsNamed() && !c.IsExtra() {
			k++
		}
	}
	return k
}

// NamedChild returns the i-th named child, comments excluded.
func (n Node) NamedChild(i int) Node {
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.IsNamed() && !c.IsExtra() {
			if i == 0 {
				return c
			}
			i--
		}
	}
	return Node{}
}

// ChildByField returns the first child filling field name (comments never do).
func (n Node) ChildByField(name string) Node {
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if !c.IsExtra() && c.Field() == name {
			return c
		}
	}
	return Node{}
}

// ChildOfType returns the first child of type typ.
func (n Node) ChildOfType(typ string) Node {
	for c := n.FirstChild(); c.Valid(); c = c.NextSibling() {
		if c.Type() == typ {
			return c
		}
	}
	return Node{}
}

// Descendants calls visit for n and each node below it in source order;
// returning false from visit skips that node's children.
func (n Node) Descendants(visit func(Node) bool) {
	if n.t == nil {
		return
	}
	end := n.c().next
	for i := n.i; i < end && int(i) < len(n.t.nodes); {
		d := Node{n.t, i}
		if visit(d) {
			i++
		} else {
			i = max(n.t.nodes[i].next, i+1)
		}
	}
}
