package facts_test

import (
	"testing"

	"github.com/lakelint/lakelint/facts"
)

// A copy of an Arg shares its More: setting a field on the copy must leave
// the original as it was, and an Arg with nothing in More has none.
func TestArgSetCopiesMore(t *testing.T) {
	orig := facts.Arg{Kind: facts.ArgObject, More: &facts.ArgMore{Func: "lib.Sink", Attr: "table"}}
	c := orig
	c.SetAttr("")
	if orig.Attr() != "table" || orig.More.Attr != "table" {
		t.Errorf("setting the copy's Attr changed the original: %+v", *orig.More)
	}
	if c.Attr() != "" || c.Func() != "lib.Sink" || c.More == orig.More {
		t.Errorf("copy after SetAttr: %+v", *c.More)
	}
	c.More = &facts.ArgMore{Attr: "t"}
	c.SetAttr("")
	if c.More != nil {
		t.Errorf("nothing set, yet More is %+v", *c.More)
	}
	var zero facts.Arg
	if zero.Items() != nil || zero.Transforms() != nil || zero.Func() != "" || zero.Args() != nil || zero.Attr() != "" {
		t.Error("an Arg without More reads as having some")
	}
	zero.SetItems([]facts.Value{{Kind: facts.String, Str: "a"}})
	if len(zero.Items()) != 1 || zero.Items()[0].Str != "a" {
		t.Errorf("SetItems: %+v", zero.Items())
	}
}
