package pyfacts

// scope holds the names bound in a module, function or class body.
type scope struct {
	// vars are the bindings, changed in place (lookups copy them). Small
	// pointers make small maps; the bindings come in batches from store,
	// which the scopes of a module share.
	vars   map[string]*val
	store  *batch[val]
	parent *scope
	class  bool // class bodies are not visible from the methods inside them
	// journal records what each assignment replaced while a branch is being
	// analysed (depth > 0), so the branch can be undone and merged.
	journal []undo
	depth   int
}

type undo struct {
	name string
	old  val
	had  bool
}

func newScope(parent *scope) *scope {
	s := &scope{parent: parent}
	if parent != nil {
		s.store = parent.store
	} else {
		s.store = &batch[val]{}
	}
	return s
}

// lookup finds name here or in an enclosing scope.
func (s *scope) lookup(name string) (val, bool) {
	for sc := s; sc != nil; sc = sc.parent {
		if v, ok := sc.vars[name]; ok {
			return *v, true
		}
	}
	return val{}, false
}

func (s *scope) set(name string, v val) {
	p, had := s.vars[name]
	if s.depth > 0 {
		u := undo{name: name, had: had}
		if had {
			u.old = *p
		}
		s.journal = append(s.journal, u)
	}
	if !had {
		if s.vars == nil {
			s.vars = make(map[string]*val)
		}
		p = &s.store.take(12)[0] // 40 bytes each
		s.vars[name] = p
	}
	*p = v
}

// enclosing is the scope a function defined here reads free names from.
func (s *scope) enclosing() *scope {
	for s != nil && s.class {
		s = s.parent
	}
	return s
}

// branches analyses alternative arms of control flow (if/elif/else, loop
// bodies, try handlers) from the same starting bindings, then keeps a name's
// binding only where every way through agrees on it; elsewhere the name
// becomes unknown. skippable says control may also pass none of the arms.
//
// A name's merged binding is the first way's if every way agrees with it
// (same), and unknown otherwise; as same is an equivalence on known values,
// only which comes first matters, not the order of the rest.
func branches(s *scope, skippable bool, arms ...func()) {
	start := len(s.journal)
	s.depth++
	var bound armBindings
	ran := 0
	for _, arm := range arms {
		if arm == nil {
			continue
		}
		arm()
		for _, u := range s.journal[start:] {
			b := bound.get(u.name, ran)
			if b.last == ran {
				continue // the arm's final binding is recorded already
			}
			if b.last < 0 {
				b.v = *s.vars[u.name]
			} else {
				b.v = agree(b.v, *s.vars[u.name])
			}
			b.last = ran
			b.arms++
		}
		for i := len(s.journal) - 1; i >= start; i-- {
			u := s.journal[i]
			if u.had {
				*s.vars[u.name] = u.old
			} else {
				delete(s.vars, u.name)
			}
		}
		s.journal = s.journal[:start]
		ran++
	}
	s.depth--
	for _, b := range bound.list {
		before, _ := s.lookup(b.name)
		merged := b.v
		if b.first > 0 {
			merged = agree(before, merged) // the ways before the first binding kept before
		}
		if b.arms < ran || skippable || ran < len(arms) {
			merged = agree(merged, before)
		}
		s.set(b.name, merged)
	}
}

// armBinding is what the arms of a branch bound a name to.
type armBinding struct {
	name        string
	v           val // the arms' bindings agreed
	first, last int // the first and last arm binding the name (-1: none yet)
	arms        int // how many arms bind it
}

// armBindings are the names the arms of a branch bind, in the order first
// bound. There are usually few, searched in order; a map indexes many.
type armBindings struct {
	list  []armBinding
	index map[string]int // positions in list, once it is long
}

// get returns the entry of name, added for arm when it is new.
func (a *armBindings) get(name string, arm int) *armBinding {
	if a.index != nil {
		if i, ok := a.index[name]; ok {
			return &a.list[i]
		}
	} else {
		for i := range a.list {
			if a.list[i].name == name {
				return &a.list[i]
			}
		}
	}
	a.list = append(a.list, armBinding{name: name, first: arm, last: -1})
	switch n := len(a.list); {
	case a.index != nil:
		a.index[name] = n - 1
	case n > 8:
		a.index = make(map[string]int, n)
		for i, b := range a.list {
			a.index[b.name] = i
		}
	}
	return &a.list[len(a.list)-1]
}

// agree is a when b is the same, and unknown otherwise.
func agree(a, b val) val {
	if same(a, b) {
		return a
	}
	return val{}
}
