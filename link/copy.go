package link

import (
	"github.com/lakelint/lakelint/facts"
)

// placeArg is a module constant's value as written at sp, where it is used.
func placeArg(a facts.Arg, sp facts.Span) facts.Arg {
	a.Span, a.Value.Span = sp, sp
	a.Value.ReadOnly = true // the constant is defined elsewhere: its use is no place to change it
	if a.Transforms() != nil {
		a.SetTransforms(nil)
	}
	if its := a.Items(); its != nil {
		items := make([]facts.Value, len(its))
		for i, it := range its {
			it.Span, it.ReadOnly = sp, true
			items[i] = it
		}
		a.SetItems(items)
	}
	return a
}

// placeDeep is placeArg for an instance or a function with arguments
// too: each argument, and theirs, is placed at sp.
func placeDeep(a facts.Arg, sp facts.Span) facts.Arg {
	a = placeArg(a, sp)
	if args := a.Args(); len(args) > 0 {
		out := make([]facts.Arg, len(args))
		for i, g := range args {
			out[i] = placeDeep(g, sp)
			out[i].Name, out[i].Splat = g.Name, g.Splat
		}
		m := *a.More
		m.Args = out
		a.More = &m
	}
	return a
}

// copyArg is a deep copy of argument a, its spans placed in file home.
// The copies are deep (facts.Copier), so that filling holes never changes
// a summary. With a home (the fact is of a helper in that file, applied in
// another), every span keeps its place with File = home, and what would
// edit the other file (a transform's removal, where to add a call or
// properties) is dropped. TestCopiesAreDeep checks them against a copy
// made by reflection.
func copyArg(a facts.Arg, home string) facts.Arg {
	return *facts.Copier{Home: facts.FileOf(home)}.Arg(&a)
}

// copyFact deep-copies the fact p points to (see facts.Copier). With home set,
// the fact's own Span becomes at, the call, which is its place in the
// calling file's execution order.
func copyFact(p any, home string, at facts.Span) any {
	h := facts.Copier{Home: facts.FileOf(home)}
	switch v := p.(type) {
	case *facts.Write:
		c := h.Write(v)
		if home != "" {
			c.Span = at
			if c.WriterIn == "" {
				c.WriterIn = home
			}
		}
		return c
	case *facts.Read:
		c := h.Read(v)
		if home != "" {
			c.Span = at
		}
		return c
	case *facts.TableDef:
		c := h.TableDef(v)
		if home != "" {
			c.Span = at
		}
		return c
	case *facts.Setting:
		c := h.Setting(v)
		if home != "" {
			c.Span = at
		}
		return c
	case *facts.Maintenance:
		c := h.Maintenance(v)
		if home != "" {
			c.Span = at
		}
		return c
	}
	panic("link: copyFact of an unknown fact type")
}
