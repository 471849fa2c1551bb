package engine

import (
	"crypto/sha256"
	"hash"

	"github.com/lakelint/lakelint/extract/params"
	"github.com/lakelint/lakelint/orchestration"
)

// withTaskParams gives each source the parameters the bundle jobs that run
// it pass (a notebook's widgets, a SQL file's markers), which fill its
// placeholders; srcs is not changed.
func (l *Linter) withTaskParams(srcs []Source) []Source {
	paths := make([]string, len(srcs))
	for i, s := range srcs {
		paths[i] = s.Path
	}
	bundles := orchestration.FindBundles(l.absAll(paths))
	if len(bundles) == 0 {
		return srcs
	}
	p := orchestration.Read(orchestration.Options{Bundles: bundles, Target: l.opts.BundleTarget, Files: l.absAll(paths)})
	out := srcs
	for i, s := range srcs {
		runs := p.For(l.abs(s.Path))
		if runs == nil {
			continue
		}
		var given []params.Given
		for _, t := range runs.Tasks {
			for _, c := range t.Params {
				given = append(given, params.Given{Source: params.Widget, Name: c.Key, Value: c.Value, Known: true})
			}
		}
		if len(given) == 0 {
			continue
		}
		if &out[0] == &srcs[0] {
			out = append([]Source(nil), srcs...)
		}
		out[i].params = given
	}
	return out
}

// writeParams adds a source's task parameters to a digest.
func writeParams(h hash.Hash, given []params.Given) {
	for _, g := range given {
		writeField(h, g.Name)
		writeField(h, g.Value)
	}
}

// paramsSum is sum with the task parameters a file's facts depend on.
func paramsSum(sum [32]byte, given []params.Given) [32]byte {
	if len(given) == 0 {
		return sum
	}
	h := sha256.New()
	h.Write(sum[:])
	writeField(h, "task parameters")
	writeParams(h, given)
	var out [32]byte
	h.Sum(out[:0])
	return out
}
