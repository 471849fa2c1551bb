package python

import "testing"

func TestNodeArraysAreReusedAndBounded(t *testing.T) {
	a := takeNodes(1000)
	giveNodes(a)
	b := takeNodes(500) // the idle array is large enough
	if &b[:1][0] != &a[:1][0] {
		t.Error("an idle array large enough was not reused")
	}
	giveNodes(b)
	c := takeNodes(5000) // too small: a new one
	if cap(c) < 5000 {
		t.Fatalf("cap %d", cap(c))
	}
	giveNodes(c)

	giveNodes(make([]cnode, maxKeptNodes+1)) // never kept
	giveNodes(make([]cnode, maxKeptNodes/2))
	giveNodes(make([]cnode, maxKeptNodes/2))
	idleNodes.Lock()
	kept, n := idleNodes.kept, 0
	for _, x := range idleNodes.list {
		n += cap(x)
	}
	idleNodes.Unlock()
	if kept > maxKeptNodes || kept != n {
		t.Errorf("kept %d (counted %d), bound %d", kept, n, maxKeptNodes)
	}
}

func TestParsersAreReused(t *testing.T) {
	p := getParser()
	putParser(p)
	if q := getParser(); q != p {
		t.Error("an idle parser was not reused")
	}
}
