package pyfacts

import "github.com/lakelint/lakelint/internal/blocks"

// scope holds the names bound in a module, function or class body.
type scope struct {
	// The bindings are changed in place (lookups copy them). Most scopes
	// (functions, lambdas, comprehensions) bind a few names, kept in few
	// and searched in order; once there are many, vars indexes them
	// instead. The bindings come from store, which the scopes of a module
	// share.
	few    []binding
	vars   map[string]*val
	store  *scopeStore
	parent *scope
	// journal records what each assignment replaced while a branch is being
	// analysed (depth > 0), so the branch can be undone and merged.
	journal []undo
	depth   int32
	class   bool // class bodies are not visible from the methods inside them
}

// scopeStore is where the scopes of a module and their bindings come from.
// Scopes end with their extraction, so the next one reuses their memory
// (see workObjects).
type scopeStore struct {
	vals   blocks.Recycled[val]
	scopes blocks.Recycled[scope]
	fews   blocks.Recycled[[maxFew]binding]
	// armLists are emptied lists for armBindings (see branches)
	armLists [][]armBinding
	// armWhen says when each arm of the next branches runs, and
	// after them when none does ("`flag` is false"); nil when not known
	armWhen []when
	// openGlobals is set for a file whose names something not read may
	// bind (a star import, a %run notebook): a name no code here binds is
	// not known to be unbound
	openGlobals bool
	// spareVars is an emptied map for the first scope that outgrows few,
	// the module's mostly
	spareVars map[string]*val
}

// maxKeptVars bounds the map kept for the next extraction.
const maxKeptVars = 1024

// reset empties the store for the next extraction; module is the scope the
// last one read the module with.
func (st *scopeStore) reset(module *scope) {
	if m := module.vars; m != nil && len(m) <= maxKeptVars {
		clear(m)
		st.spareVars = m
	}
	st.vals.Reset()
	st.scopes.Reset()
	st.fews.Reset()
}

type binding struct {
	name string
	v    *val
}

// maxFew is how many bindings a scope searches in order.
const maxFew = 8

// get returns the binding of name here.
func (s *scope) get(name string) (*val, bool) {
	if s.vars != nil {
		v, ok := s.vars[name]
		return v, ok
	}
	for _, b := range s.few {
		if b.name == name {
			return b.v, true
		}
	}
	return nil, false
}

// add binds a new name here to a zero val and returns it.
func (s *scope) add(name string) *val {
	p := s.store.vals.Take(12) // 40 bytes each
	switch {
	case s.vars != nil:
		s.vars[name] = p
	case len(s.few) < maxFew:
		if s.few == nil {
			s.few = s.store.fews.Take(4)[:0] // never outgrown
		}
		s.few = append(s.few, binding{name, p})
	default:
		// a scope past a few names is mostly a module's, which binds dozens:
		// sized for them at once, its map is not rebuilt as it grows
		if s.vars = s.store.spareVars; s.vars != nil {
			s.store.spareVars = nil
		} else {
			s.vars = make(map[string]*val, 32)
		}
		for _, b := range s.few {
			s.vars[b.name] = b.v
		}
		s.vars[name] = p
		s.few = nil
	}
	return p
}

// remove unbinds name here.
func (s *scope) remove(name string) {
	if s.vars != nil {
		delete(s.vars, name)
		return
	}
	for i, b := range s.few {
		if b.name == name {
			last := len(s.few) - 1
			s.few[i] = s.few[last]
			s.few[last] = binding{}
			s.few = s.few[:last]
			return
		}
	}
}

type undo struct {
	name string
	old  val
	had  bool
}

// newScope is a scope inside parent.
func newScope(parent *scope) *scope {
	s := parent.store.scopes.Take(6) // 80 bytes each
	s.parent, s.store = parent, parent.store
	return s
}

// moduleScope is the scope of a module, whose scopes come from st.
func moduleScope(st *scopeStore) *scope {
	s := st.scopes.Take(6)
	s.store = st
	st.openGlobals = false
	return s
}

// lookup finds name here or in an enclosing scope.
func (s *scope) lookup(name string) (val, bool) {
	for sc := s; sc != nil; sc = sc.parent {
		if v, ok := sc.get(name); ok {
			return *v, true
		}
	}
	return val{}, false
}

func (s *scope) set(name string, v val) {
	p, had := s.get(name)
	if s.depth > 0 {
		u := undo{name: name, had: had}
		if had {
			u.old = *p
		}
		s.journal = append(s.journal, u)
	}
	if !had {
		p = s.add(name)
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
//
// The arms are arm(0), ..., arm(arms-1).
func branches(s *scope, skippable bool, arms int, arm func(i int)) {
	start := len(s.journal)
	s.depth++
	// the labels are this statement's: branches nested in its arms have their own or none
	labels := s.store.armWhen
	s.store.armWhen = nil
	whenArm := func(i int) when {
		if i < len(labels) {
			return labels[i]
		}
		return when{}
	}
	bound := armBindings{list: s.store.takeArmList()}
	ran := 0
	for i := range arms {
		arm(i)
		for _, u := range s.journal[start:] {
			b := bound.get(u.name, ran)
			if b.last == ran {
				continue // the arm's final binding is recorded already
			}
			v, _ := s.get(u.name)
			if b.last < 0 {
				b.v, b.when = *v, whenArm(ran)
			} else {
				b.v, b.when = agreeWhen(b.v, *v, b.when, whenArm(ran)), when{}
			}
			b.last = ran
			b.arms++
		}
		s.undo(start)
		ran++
	}
	s.depth--
	for _, b := range bound.list {
		before, had := s.lookup(b.name)
		if _, own := s.get(b.name); !own && s.parent != nil {
			had = false // assigned in a function, the name is its local whatever encloses it
		}
		merged := b.v
		if !had && !s.store.openGlobals {
			// unbound on the ways that skip the arms binding it, where using
			// it raises NameError: the ways that go on are the arms'
			s.set(b.name, merged)
			continue
		}
		if b.first > 0 {
			merged = agreeWhen(before, merged, when{}, b.when) // the ways before the first binding kept before
		}
		if b.arms < ran || skippable {
			var none when
			if b.arms == ran {
				none = whenArm(ran)
			}
			merged = agreeWhen(merged, before, b.when, none)
		}
		s.set(b.name, merged)
	}
	s.store.giveArmList(bound.list)
}

// undo puts back the bindings the journal recorded from start on.
func (s *scope) undo(start int) {
	for i := len(s.journal) - 1; i >= start; i-- {
		u := s.journal[i]
		if u.had {
			v, _ := s.get(u.name)
			*v = u.old
		} else {
			s.remove(u.name)
		}
	}
	s.journal = s.journal[:start]
}

// untaken reads code that never runs here (the arm of an if whose
// condition is known) for its facts, and forgets what it binds.
func untaken(s *scope, read func()) {
	start := len(s.journal)
	s.depth++
	read()
	s.depth--
	s.undo(start)
}

// takeArmList returns an empty list for armBindings, reused.
func (st *scopeStore) takeArmList() []armBinding {
	n := len(st.armLists)
	if n == 0 {
		return nil
	}
	l := st.armLists[n-1]
	st.armLists[n-1] = nil
	st.armLists = st.armLists[:n-1]
	return l
}

// giveArmList keeps l for the next branches.
func (st *scopeStore) giveArmList(l []armBinding) {
	if cap(l) > 0 && len(st.armLists) < maxKeptBlocks {
		clear(l)
		st.armLists = append(st.armLists, l[:0])
	}
}

// armBinding is what the arms of a branch bound a name to.
type armBinding struct {
	name        string
	v           val  // the arms' bindings agreed
	first, last int  // the first and last arm binding the name (-1: none yet)
	arms        int  // how many arms bind it
	when        when // when the arm v comes from runs, while v is one arm's
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

// agreeWhen is agree, but a writer configured differently on two ways
// (whenA, whenB: when each runs) becomes one that knows both ways.
func agreeWhen(a, b val, whenA, whenB when) val {
	if !same(a, b) {
		if j, ok := joinWriters(a, b, whenA, whenB); ok {
			return j
		}
		if w, ok := waysOf(a, b, whenA, whenB); ok {
			return w
		}
		if m, ok := meetWhen(a, b, whenA, whenB); ok {
			return m
		}
	}
	return agree(a, b)
}

// agree is a when b is the same, the DataFrame where they meet when they
// are DataFrames made differently (see meet), and unknown otherwise.
func agree(a, b val) val {
	if same(a, b) {
		return a
	}
	if m, ok := meet(a, b); ok {
		return m
	}
	return val{}
}
