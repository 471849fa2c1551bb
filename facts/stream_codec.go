package facts

func (e *encoder) stream(s *Stream) {
	e.value(&s.QueryName)
	putPtr(e, s.Source, (*encoder).read)
	e.str(s.Batch)
	e.span(&s.BatchSpan)
	e.int(s.TriggerAt)
	e.str(s.TriggerNewline)
}

func (d *decoder) stream(s *Stream) {
	d.value(&s.QueryName)
	s.Source = getPtr(d, (*decoder).read)
	s.Batch = d.str()
	d.span(&s.BatchSpan)
	s.TriggerAt = d.int()
	s.TriggerNewline = d.str()
}

func (e *encoder) insertAt(i *Insertion) { e.int(i.At); e.str(i.Newline) }

func (d *decoder) insertAt(i *Insertion) { i.At = d.int(); i.Newline = d.str() }
