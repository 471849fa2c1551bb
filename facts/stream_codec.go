package facts

func (e *encoder) stream(s *Stream) {
	e.value(&s.QueryName)
	putPtr(e, s.Source, (*encoder).read)
	e.str(s.Batch)
	e.span(&s.BatchSpan)
	putPtr(e, s.TriggerInsert, (*encoder).insertAt)
	e.str(s.NoTriggerWhen)
}

func (d *decoder) stream(s *Stream) {
	d.value(&s.QueryName)
	s.Source = getPtr(d, (*decoder).read)
	s.Batch = d.str()
	d.span(&s.BatchSpan)
	s.TriggerInsert = getPtr(d, (*decoder).insertAt)
	s.NoTriggerWhen = d.str()
}

func (e *encoder) insertAt(i *Insertion) { e.int(i.At); e.str(i.Newline) }

func (d *decoder) insertAt(i *Insertion) { i.At = d.int(); i.Newline = d.str() }

func (e *encoder) via(v *Via) { e.span(&v.Call); e.bool(v.ForeachBatch); e.span(&v.Site) }

func (d *decoder) via(v *Via) { d.span(&v.Call); v.ForeachBatch = d.bool(); d.span(&v.Site) }
