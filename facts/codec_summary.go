package facts

// The encoding of function summaries (see codec.go).

func (e *encoder) summary(s *Summary) {
	putPtrs(e, s.Funcs, (*encoder).fn)
	putPtrs(e, s.Calls, (*encoder).call)
	putSlice(e, s.Runs, func(e *encoder, r *Run) { e.str(r.Path); e.span(&r.At) })
	putSlice(e, s.Consts, func(e *encoder, c *Const) { e.str(c.Name); e.arg(&c.Value) })
	putSlice(e, s.Globals, func(e *encoder, g *Global) {
		e.uint(uint64(g.Fact))
		e.span(&g.At)
		e.uint(uint64(g.Field))
		e.str(g.Key)
		e.str(g.Name)
		e.span(&g.Span)
	})
}

func (e *encoder) fn(f *Func) {
	e.str(f.Name)
	e.span(&f.At)
	putSlice(e, f.Params, func(e *encoder, p *Param) {
		e.str(p.Name)
		putPtr(e, p.Default, (*encoder).arg)
		e.uint(uint64(p.Star))
	})
	putPtrs(e, f.Writes, (*encoder).write)
	putPtrs(e, f.Reads, (*encoder).read)
	putPtrs(e, f.Tables, (*encoder).tableDef)
	putPtrs(e, f.Settings, (*encoder).setting)
	putPtrs(e, f.Maintenance, (*encoder).maintenance)
	putSlice(e, f.Holes, func(e *encoder, h *Hole) {
		e.uint(uint64(h.Fact))
		e.int(h.Index)
		e.uint(uint64(h.Field))
		e.int(h.Param)
		e.str(h.Key)
		e.str(h.Global)
		e.span(&h.Span)
		e.str(h.Attr)
		putSlice(e, h.Parts, (*encoder).arg)
	})
	putPtrs(e, f.Calls, (*encoder).call)
	e.arg(&f.Returns)
	putSlice(e, f.Attrs, func(e *encoder, c *Const) { e.str(c.Name); e.arg(&c.Value) })
}

func (e *encoder) call(c *Call) {
	e.str(c.Callee)
	e.span(&c.Span)
	e.span(&c.At)
	putSlice(e, c.Args, (*encoder).arg)
	e.str(c.Kind)
	e.span(&c.Loop)
	e.int(c.CalleeParam)
	e.int(c.LoopItems)
}

func (e *encoder) arg(a *Arg) {
	e.str(a.Name)
	e.uint(uint64(a.Splat))
	e.uint(uint64(a.Kind))
	e.value(&a.Value)
	e.bool(a.Open)
	e.int(a.Param)
	e.span(&a.Span)
	putPtr(e, a.More, (*encoder).argMore)
}

func (e *encoder) argMore(m *ArgMore) {
	putSlice(e, m.Items, (*encoder).value)
	putSlice(e, m.Transforms, (*encoder).transform)
	e.str(m.Func)
	putSlice(e, m.Args, (*encoder).arg)
	e.str(m.Attr)
}

func (d *decoder) summary(s *Summary) {
	s.Funcs = getPtrs(d, (*decoder).fn)
	s.Calls = getPtrs(d, (*decoder).call)
	s.Runs = getSlice(d, func(d *decoder, r *Run) { r.Path = d.str(); d.span(&r.At) })
	s.Consts = getSlice(d, func(d *decoder, c *Const) { c.Name = d.str(); d.arg(&c.Value) })
	s.Globals = getSlice(d, func(d *decoder, g *Global) {
		g.Fact = FactKind(d.u8())
		d.span(&g.At)
		g.Field = HoleField(d.u8())
		g.Key = d.str()
		g.Name = d.str()
		d.span(&g.Span)
	})
}

func (d *decoder) fn(f *Func) {
	f.Name = d.str()
	d.span(&f.At)
	f.Params = getSlice(d, func(d *decoder, p *Param) {
		p.Name = d.str()
		p.Default = getPtr(d, (*decoder).arg)
		p.Star = d.u8()
	})
	f.Writes = getPtrs(d, (*decoder).write)
	f.Reads = getPtrs(d, (*decoder).read)
	f.Tables = getPtrs(d, (*decoder).tableDef)
	f.Settings = getPtrs(d, (*decoder).setting)
	f.Maintenance = getPtrs(d, (*decoder).maintenance)
	f.Holes = getSlice(d, func(d *decoder, h *Hole) {
		h.Fact = FactKind(d.u8())
		h.Index = d.int()
		h.Field = HoleField(d.u8())
		h.Param = d.int()
		h.Key = d.str()
		h.Global = d.str()
		d.span(&h.Span)
		h.Attr = d.str()
		h.Parts = getSlice(d, (*decoder).arg)
	})
	f.Calls = getPtrs(d, (*decoder).call)
	d.arg(&f.Returns)
	f.Attrs = getSlice(d, func(d *decoder, c *Const) { c.Name = d.str(); d.arg(&c.Value) })
}

func (d *decoder) call(c *Call) {
	c.Callee = d.str()
	d.span(&c.Span)
	d.span(&c.At)
	c.Args = getSlice(d, (*decoder).arg)
	c.Kind = d.str()
	d.span(&c.Loop)
	c.CalleeParam = d.int()
	c.LoopItems = d.int()
}

func (d *decoder) arg(a *Arg) {
	a.Name = d.str()
	a.Splat = d.u8()
	a.Kind = ArgKind(d.u8())
	d.value(&a.Value)
	a.Open = d.bool()
	a.Param = d.int()
	d.span(&a.Span)
	a.More = getPtr(d, (*decoder).argMore)
}

func (d *decoder) argMore(m *ArgMore) {
	m.Items = getSlice(d, (*decoder).value)
	m.Transforms = getSlice(d, (*decoder).transform)
	m.Func = d.str()
	m.Args = getSlice(d, (*decoder).arg)
	m.Attr = d.str()
}
