package pyfacts

import (
	"github.com/lakelint/lakelint/facts"
	"github.com/lakelint/lakelint/parsers/python"
)

// chainInsertion says where to add a call such as .property("k", "v") to a
// builder chain: just after the receiver of the final call c, on a line of
// its own in the chain's indentation when c starts its own line.
func (x *extractor) chainInsertion(style facts.PropertyStyle, c callSite) *facts.PropertyInsertion {
	recv := c.fn.ChildByFieldID(fObject)
	if !recv.Valid() {
		return nil
	}
	pi := &facts.PropertyInsertion{Style: style, Offset: x.endAt(recv.End()), Quote: x.quoteIn(c.call)}
	dot := c.dot()
	if ls, alone := indentStart(x.src, dot); alone && ls > recv.End() {
		pi.Newline = x.newline(ls, dot)
	}
	return pi
}

// dictInsertion says where to add entries to a table_properties={...} dict.
func (x *extractor) dictInsertion(dict python.Node) *facts.PropertyInsertion {
	return x.listInsertion(facts.PyExtendDict, dict, dict.NamedChildren(nil))
}

// kwargInsertion says where to add a table_properties= keyword to a call.
func (x *extractor) kwargInsertion(argList python.Node) *facts.PropertyInsertion {
	return x.listInsertion(facts.PyNewKeyword, argList, argList.NamedChildren(nil))
}

// listInsertion places an insertion after the last item of a bracketed list
// (so a trailing comma stays after it), or just inside the opening bracket
// when the list is empty.
func (x *extractor) listInsertion(style facts.PropertyStyle, list python.Node, items []python.Node) *facts.PropertyInsertion {
	pi := &facts.PropertyInsertion{Style: style, Quote: x.quoteIn(list)}
	if len(items) == 0 {
		pi.Offset = x.endAt(list.Start() + 1)
		pi.Empty = true
		return pi
	}
	last := items[len(items)-1]
	pi.Offset = x.endAt(last.End())
	if ls, alone := indentStart(x.src, last.Start()); alone && ls > list.Start() {
		pi.Newline = x.newline(ls, last.Start())
	}
	return pi
}

// newline is the text that starts a new line indented like src[ls:indentEnd].
func (x *extractor) newline(ls, indentEnd int) string {
	return x.eol + x.r.LinePrefix + string(x.src[ls:indentEnd])
}

// quoteIn returns the quote character of the first string literal in n, or `"`.
func (x *extractor) quoteIn(n python.Node) string {
	q, found := `"`, false
	n.Descendants(func(d python.Node) bool {
		if found {
			return false
		}
		if !d.Is("string") {
			return true
		}
		if p := python.PrefixOf(d); p.Quote != "" {
			q, found = p.Quote[:1], true
		}
		return false
	})
	return q
}
