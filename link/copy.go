package link

import (
	"maps"

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

// The copies below are deep, so that filling holes never changes a
// summary. With a home (the fact is of a helper in that file, applied in
// another), every span keeps its place with File = home, and what would
// edit the other file (a transform's removal, where to add a call or
// properties) is dropped. Each copies the struct whole and then replaces
// what it shares (slices, maps, pointers) and what names its file (spans):
// TestCopiesAreDeep checks them against a copy made by reflection, so a
// field added to a fact is not missed.

// rehome is where spans of a fact copied from file home stand; home 0 is
// a fact copied within its own file.
type rehome facts.FileID

func (h rehome) span(s *facts.Span) {
	if h != 0 && s.File == 0 && *s != (facts.Span{}) { // no span stays none
		s.File = facts.FileID(h)
	}
}

func (h rehome) value(v *facts.Value) { h.span(&v.Span) }

func (h rehome) values(vs []facts.Value) []facts.Value {
	if vs == nil {
		return nil
	}
	out := make([]facts.Value, len(vs))
	copy(out, vs)
	for i := range out {
		h.value(&out[i])
	}
	return out
}

func (h rehome) valueMap(m map[string]facts.Value) map[string]facts.Value {
	if m == nil {
		return nil
	}
	out := maps.Clone(m)
	if h != 0 {
		for k, v := range out {
			h.value(&v)
			out[k] = v
		}
	}
	return out
}

func (h rehome) columns(cs []facts.Column) []facts.Column {
	if cs == nil {
		return nil
	}
	out := make([]facts.Column, len(cs))
	copy(out, cs)
	for i := range out {
		h.span(&out[i].Span)
	}
	return out
}

func (h rehome) target(t *facts.Target) { h.span(&t.Span) }

func (h rehome) partitioning(p *facts.Partitioning) *facts.Partitioning {
	if p == nil {
		return nil
	}
	c := *p
	c.Columns = h.columns(c.Columns)
	h.span(&c.Span)
	return &c
}

func (h rehome) transforms(ts []facts.Transform) []facts.Transform {
	if ts == nil {
		return nil
	}
	out := make([]facts.Transform, len(ts))
	copy(out, ts)
	for i := range out {
		t := &out[i]
		h.value(&t.NumPartitions)
		t.Columns = h.columns(t.Columns)
		h.span(&t.Span)
		if h != 0 {
			t.Removal = nil
		} else if t.Removal != nil {
			t.Removal = append(make([]facts.Edit, 0, len(t.Removal)), t.Removal...)
		}
	}
	return out
}

func (h rehome) insertion(p *facts.Insertion) *facts.Insertion {
	if p == nil || h != 0 {
		return nil
	}
	c := *p
	return &c
}

func (h rehome) propertyInsertion(p *facts.PropertyInsertion) *facts.PropertyInsertion {
	if p == nil || h != 0 {
		return nil
	}
	c := *p
	return &c
}

func (h rehome) write(w *facts.Write) *facts.Write {
	c := *w
	h.span(&c.Span)
	h.span(&c.At)
	h.span(&c.FormatSpan)
	h.target(&c.Target)
	h.value(&c.Mode)
	c.PartitionBy = h.partitioning(c.PartitionBy)
	c.ClusterBy = h.columns(c.ClusterBy)
	c.Options = h.valueMap(c.Options)
	if c.Trigger != nil {
		t := *c.Trigger
		h.value(&t.Interval)
		h.span(&t.Span)
		c.Trigger = &t
	}
	c.Transforms = h.transforms(c.Transforms)
	c.Properties = h.valueMap(c.Properties)
	h.span(&c.Loop)
	if c.Stream != nil {
		s := *c.Stream
		h.value(&s.QueryName)
		if s.Source != nil {
			s.Source = h.read(s.Source)
		}
		h.span(&s.BatchSpan)
		s.TriggerInsert = h.insertion(s.TriggerInsert)
		c.Stream = &s
	}
	if c.Via != nil {
		v := *c.Via
		h.span(&v.Call)
		h.span(&v.Site)
		c.Via = &v
	}
	return &c
}

func (h rehome) read(r *facts.Read) *facts.Read {
	c := *r
	h.target(&c.Target)
	c.Options = h.valueMap(c.Options)
	h.span(&c.Span)
	h.span(&c.At)
	c.Insert = h.insertion(c.Insert)
	return &c
}

func (h rehome) table(t *facts.TableDef) *facts.TableDef {
	c := *t
	h.span(&c.Span)
	h.span(&c.At)
	c.PartitionBy = h.partitioning(c.PartitionBy)
	c.ClusterBy = h.columns(c.ClusterBy)
	c.Properties = h.valueMap(c.Properties)
	c.AddProps = h.propertyInsertion(c.AddProps)
	c.AddAlter = h.propertyInsertion(c.AddAlter)
	c.Transforms = h.transforms(c.Transforms)
	return &c
}

func (h rehome) setting(s *facts.Setting) *facts.Setting {
	c := *s
	h.value(&c.Value)
	h.span(&c.Span)
	h.span(&c.At)
	return &c
}

func (h rehome) maintenance(m *facts.Maintenance) *facts.Maintenance {
	c := *m
	h.target(&c.Target)
	h.span(&c.Span)
	h.span(&c.At)
	c.WhereColumns = h.columns(c.WhereColumns)
	c.ZOrderBy = h.columns(c.ZOrderBy)
	h.value(&c.Retain)
	return &c
}

// arg is a deep copy of a.
func (h rehome) arg(a facts.Arg) facts.Arg {
	h.value(&a.Value)
	h.span(&a.Span)
	if a.More != nil {
		m := *a.More
		m.Items = h.values(m.Items)
		m.Transforms = h.transforms(m.Transforms)
		if m.Args != nil {
			args := make([]facts.Arg, len(m.Args))
			for i, b := range m.Args {
				args[i] = h.arg(b)
			}
			m.Args = args
		}
		a.More = &m
	}
	return a
}

// copyArg is a deep copy of argument a, its spans placed in file home
// (see rehome).
func copyArg(a facts.Arg, home string) facts.Arg {
	return rehome(facts.FileOf(home)).arg(a)
}

// copyFact deep-copies the fact p points to (see rehome). With home set,
// the fact's own Span becomes at, the call, which is its place in the
// calling file's execution order.
func copyFact(p any, home string, at facts.Span) any {
	h := rehome(facts.FileOf(home))
	switch v := p.(type) {
	case *facts.Write:
		c := h.write(v)
		if home != "" {
			c.Span = at
			if c.WriterIn == "" {
				c.WriterIn = home
			}
		}
		return c
	case *facts.Read:
		c := h.read(v)
		if home != "" {
			c.Span = at
		}
		return c
	case *facts.TableDef:
		c := h.table(v)
		if home != "" {
			c.Span = at
		}
		return c
	case *facts.Setting:
		c := h.setting(v)
		if home != "" {
			c.Span = at
		}
		return c
	case *facts.Maintenance:
		c := h.maintenance(v)
		if home != "" {
			c.Span = at
		}
		return c
	}
	panic("link: copyFact of an unknown fact type")
}
