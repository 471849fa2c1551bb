package pyfacts

// scope holds the names bound in a module, function or class body.
type scope struct {
	vars   map[string]val
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
	return &scope{vars: make(map[string]val), parent: parent}
}

// lookup finds name here or in an enclosing scope.
func (s *scope) lookup(name string) (val, bool) {
	for sc := s; sc != nil; sc = sc.parent {
		if v, ok := sc.vars[name]; ok {
			return v, true
		}
	}
	return val{}, false
}

func (s *scope) set(name string, v val) {
	if s.depth > 0 {
		old, had := s.vars[name]
		s.journal = append(s.journal, undo{name, old, had})
	}
	s.vars[name] = v
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
func branches(s *scope, skippable bool, arms ...func()) {
	start := len(s.journal)
	s.depth++
	outs := make([]map[string]val, 0, len(arms))
	for _, arm := range arms {
		if arm == nil {
			continue
		}
		arm()
		out := make(map[string]val)
		for _, u := range s.journal[start:] {
			out[u.name] = s.vars[u.name]
		}
		for i := len(s.journal) - 1; i >= start; i-- {
			u := s.journal[i]
			if u.had {
				s.vars[u.name] = u.old
			} else {
				delete(s.vars, u.name)
			}
		}
		s.journal = s.journal[:start]
		outs = append(outs, out)
	}
	s.depth--
	seen := make(map[string]bool)
	for _, out := range outs {
		for name := range out {
			if seen[name] {
				continue
			}
			seen[name] = true
			before, _ := s.lookup(name)
			merged, first := val{}, true
			agree := func(v val) {
				if first {
					merged, first = v, false
				} else if !same(merged, v) {
					merged = val{}
				}
			}
			for _, o := range outs {
				if v, ok := o[name]; ok {
					agree(v)
				} else {
					agree(before)
				}
			}
			if skippable || len(outs) < len(arms) {
				agree(before)
			}
			s.set(name, merged)
		}
	}
}
