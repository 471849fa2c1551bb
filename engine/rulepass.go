package engine

import (
	"sync"

	"github.com/sourcegraph/conc/pool"

	"github.com/lakelint/lakelint/catalog"
	"github.com/lakelint/lakelint/finding"
)

// checkAll is the rule pass: every linted unit is checked, and its findings
// go to Options.Emit in the order of units, or to res.Findings without it.
func (l *Linter) checkAll(units []*unit, store *factStore, cat *catalog.Catalog, plat platformChoice, record *runRecord, res *Result) {
	var mu sync.Mutex
	var catDigest [32]byte
	if record != nil {
		catDigest = digestCatalog(cat)
	}
	emit := l.emitter(units)
	p := pool.New().WithMaxGoroutines(Workers())
	for i, u := range units {
		if !u.linted {
			continue
		}
		p.Go(func() {
			fs, notes := l.check(u, store, cat, plat, recorded{record, i, catDigest})
			mu.Lock()
			defer mu.Unlock()
			res.Found += len(fs)
			res.Notes = append(res.Notes, notes...)
			if emit != nil {
				emit(i, fs)
			} else {
				res.Findings = append(res.Findings, fs...)
			}
		})
	}
	p.Wait()
}

// emitter returns what hands each file's findings to Options.Emit in the
// order of units, holding those that finish early; nil without Emit. It is
// called with the run's lock held.
func (l *Linter) emitter(units []*unit) func(i int, fs []finding.Finding) {
	if l.opts.Emit == nil {
		return nil
	}
	waiting := map[int][]finding.Finding{}
	next := 0
	return func(i int, fs []finding.Finding) {
		waiting[i] = fs
		for next < len(units) {
			if units[next].linted {
				fs, ok := waiting[next]
				if !ok {
					return
				}
				delete(waiting, next)
				if len(fs) > 0 {
					l.opts.Emit(fs)
				}
			}
			next++
		}
	}
}
