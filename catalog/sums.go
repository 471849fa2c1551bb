package catalog

import (
	"slices"
	"strings"

	"github.com/lakelint/lakelint/facts"
)

// sums keeps, by key, a sum of what the parts of a Builder hold under the
// key (a target's uses, a definition's appearances), and the sums in the
// order Catalog resolves their tables in. When a part comes or goes, only
// its keys are summed again, and the order is mended, not sorted again: an
// edit to one file costs what that file names, not the project.
type sums[K comparable, R, S any] struct {
	refs  map[K][]R // what each part holds under the key
	sum   map[K]*S
	order []*S // the sums, in the order of cmp (see update)
	dirty map[K]bool
}

// add records that a part holds r under k.
func (x *sums[K, R, S]) add(k K, r R) {
	if x.refs == nil {
		x.refs, x.sum, x.dirty = map[K][]R{}, map[K]*S{}, map[K]bool{}
	}
	x.refs[k] = append(x.refs[k], r)
	x.dirty[k] = true
}

// remove drops what gone says of k's parts.
func (x *sums[K, R, S]) remove(k K, gone func(R) bool) {
	if rs := slices.DeleteFunc(x.refs[k], gone); len(rs) > 0 {
		x.refs[k] = rs
	} else {
		delete(x.refs, k)
	}
	x.dirty[k] = true
}

// update sums each changed key again with sum and mends the order, which
// cmp decides: a total order, so that the result is the one sorting every
// sum would give.
func (x *sums[K, R, S]) update(sum func([]R) *S, cmp func(a, b *S) int) {
	if len(x.dirty) == 0 {
		return
	}
	stale := map[*S]bool{}
	var fresh []*S
	for k := range x.dirty {
		if old := x.sum[k]; old != nil {
			stale[old] = true
		}
		if rs := x.refs[k]; len(rs) > 0 {
			x.sum[k] = sum(rs)
			fresh = append(fresh, x.sum[k])
		} else {
			delete(x.sum, k)
		}
	}
	clear(x.dirty)
	kept := slices.DeleteFunc(x.order, func(s *S) bool { return stale[s] })
	slices.SortFunc(fresh, cmp)
	order := make([]*S, 0, len(kept)+len(fresh))
	for len(kept) > 0 && len(fresh) > 0 {
		if cmp(fresh[0], kept[0]) < 0 {
			order, fresh = append(order, fresh[0]), fresh[1:]
		} else {
			order, kept = append(order, kept[0]), kept[1:]
		}
	}
	x.order = append(append(order, kept...), fresh...)
}

// sumUses sums a target's uses over the parts that name it, in path order
// (a file's parts in the order added), so that the sum does not depend on
// the order files were added in. Their statements are left in the parts:
// the table they go to copies them once (see Catalog).
func sumUses(refs []partUse) *pendingUse {
	slices.SortStableFunc(refs, func(a, b partUse) int { return strings.Compare(a.path, b.path) })
	k := refs[0].use.key
	sum := &pendingUse{target: facts.Target{Table: k[0], Path: k[1]}, first: refs[0].first(), parts: refs}
	for _, r := range refs {
		sum.merge(r.use.use(r.path))
		if r.first().before(sum.first) {
			sum.first = r.first()
		}
	}
	return sum
}

// cmpUses orders uses by their first place; one place, two targets (a file
// added twice): the targets decide.
func cmpUses(a, b *pendingUse) int {
	switch {
	case a.first.before(b.first):
		return -1
	case b.first.before(a.first):
		return 1
	}
	return compareTargets(a.key(), b.key())
}

// sumPending is a definition's (or ALTER's) first and last places over the
// parts that hold it.
func sumPending[T any](refs []*partFact[T]) *pending[T] {
	slices.SortStableFunc(refs, func(a, b *partFact[T]) int {
		switch {
		case a.at.before(b.at):
			return -1
		case b.at.before(a.at):
			return 1
		}
		return 0
	})
	first := refs[0]
	return &pending[T]{target: first.target, content: first.key.content, fact: first.fact, first: first.at, last: refs[len(refs)-1].at}
}

// cmpPending orders definitions (or ALTERs) by where they first appear, the
// order in which they name their tables.
func cmpPending[T any](a, b *pending[T]) int {
	switch {
	case a.first.before(b.first):
		return -1
	case b.first.before(a.first):
		return 1
	}
	if c := compareTargets([2]string{a.target.Table, a.target.Path}, [2]string{b.target.Table, b.target.Path}); c != 0 {
		return c
	}
	return strings.Compare(a.content, b.content)
}

func compareTargets(a, b [2]string) int {
	if c := strings.Compare(a[0], b[0]); c != 0 {
		return c
	}
	return strings.Compare(a[1], b[1])
}
