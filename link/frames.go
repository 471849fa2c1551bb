package link

import "github.com/lakelint/lakelint/facts"

// DataFrames returned by helpers (facts.Frame): a write whose DataFrame is
// what a call of a function the writing file does not know returns
// (df = add_columns(df); df.write...), through the steps the code takes
// after it. When the call resolves to a function that returns a DataFrame
// whose steps are known (facts.Func.Frame, facts.Func.Returns), the write's
// Transforms get, before its own, the steps of the DataFrame the call was
// given and those the function takes, as they do when the function is in
// the same file; FrameFromHelper is then cleared. The file's own writes
// get them through a Fill (HoleReturned), the copies of a helper's write
// applied at a call when the copy is made. A function may itself return
// what a function of a third file returns: the chain is followed to
// maxDepth calls.
//
// Left unresolved, the write keeping FrameFromHelper (what shaped the
// DataFrame is not known, and the rules that read its steps stay silent
// about it): a call that resolves to no function of the project (a
// library's) or to one whose result is not a DataFrame known here; a
// function that returns one of several DataFrames it is given, or one of
// its arguments other than the one the code passes its DataFrame in; a
// function of the writing file whose body gets the DataFrame it returns
// from another module's function (the extraction follows its result, not
// the call inside it); and CopyOf, which stays nil.

// frameSteps are the steps the calls of fr, written in file home, leave on
// the DataFrame they return, oldest first and placed for file dst: those
// of the DataFrame the first call is given (in, the steps of fr.Param's
// DataFrame when the caller gives them, then the argument's own), and of
// each call's function and the code between. ok is false when a call does
// not resolve to a function that returns a DataFrame whose steps are known.
func (l *linker) frameSteps(home, dst string, fr *facts.Frame, in []facts.Transform, depth int) ([]facts.Transform, bool) {
	if depth <= 0 {
		return nil, false
	}
	var cur []facts.Transform
	if fr.Param > 0 {
		cur = in
	}
	for i := range fr.Calls {
		fc := &fr.Calls[i]
		c := fc.Call
		if c == nil || c.CalleeParam > 0 {
			return nil, false
		}
		if fc.Arg >= 0 && fc.Arg < len(c.Args) {
			if a := &c.Args[fc.Arg]; a.Kind == facts.ArgFrame {
				cur = placeSteps(cur, a.Transforms(), home, dst)
			}
		}
		h, fn := l.resolve(home, c.Callee)
		if fn == nil {
			return nil, false
		}
		var ok bool
		if cur, ok = l.returnedSteps(h, dst, fn, c, fc.Arg, cur, depth-1); !ok {
			return nil, false
		}
	}
	return cur, true
}

// returnedSteps are the steps of the DataFrame that call c of fn (defined
// in file h) returns, placed for file dst, when argument k of c is a
// DataFrame whose steps are cur.
func (l *linker) returnedSteps(h, dst string, fn *facts.Func, c *facts.Call, k int, cur []facts.Transform, depth int) ([]facts.Transform, bool) {
	r := &fn.Returns
	fr := fn.Frame
	if fr == nil {
		switch {
		case r.Kind == facts.ArgFrame: // made there: its steps are all the function's
			return placeSteps(nil, r.Transforms(), h, dst), true
		case r.Kind == facts.ArgParam && r.Attr() == "" && l.passes(fn, c, r.Param, k): // return df
			return cur, true
		}
		return nil, false
	}
	if fr.Param > 0 && !l.passes(fn, c, fr.Param-1, k) {
		return nil, false // it returns steps of another of its arguments
	}
	pre, ok := l.frameSteps(h, dst, fr, cur, depth)
	if !ok {
		return nil, false
	}
	return placeSteps(pre, r.Transforms(), h, dst), true
}

// passes reports whether call c gives fn's parameter p its argument k.
func (l *linker) passes(fn *facts.Func, c *facts.Call, p, k int) bool {
	if k < 0 || k >= len(c.Args) || p < 0 || p >= len(fn.Params) || c.Args[k].Span == (facts.Span{}) {
		return false
	}
	mark := len(l.bounds)
	defer func() { l.bounds = l.bounds[:mark] }()
	args := l.bind(fn, c.Args, func(a *facts.Arg) bound { return bound{a: *a, ok: true} })
	return args[p].ok && !args[p].deflt && args[p].a.Span == c.Args[k].Span
}

// placeSteps appends to out a copy of steps ts, written in file home,
// placed for file dst (see copyArg). out is never appended to in place.
func placeSteps(out, ts []facts.Transform, home, dst string) []facts.Transform {
	if len(ts) == 0 {
		return out
	}
	a := facts.Arg{Kind: facts.ArgFrame}
	a.SetTransforms(ts)
	a = copyArg(a, foreignTo(home, dst))
	return append(out[:len(out):len(out)], a.Transforms()...)
}

// cutSteps is ts back to its last step that reshapes the rows (a join, an
// aggregation with its groupBy, where ways meet), which nothing before
// decides the written files past (see facts.Write.Transforms).
func cutSteps(ts []facts.Transform) []facts.Transform {
	for i := len(ts) - 1; i > 0; i-- {
		t := &ts[i]
		if t.IsNarrow() || t.IsShuffle() {
			continue
		}
		if facts.Aggregations[t.Name] && facts.Groupings[ts[i-1].Name] {
			i--
		}
		return ts[i:]
	}
	return ts
}

// framed adds, for write fr.At of file p (a module-level write, or the
// function's own write in its body), the steps the calls of fr take
// before its own, when they are known.
func (l *linker) framed(p string, fr *facts.Frame) {
	if len(fr.Calls) == 0 {
		return
	}
	pre, ok := l.frameSteps(p, p, fr, nil, maxDepth)
	if !ok {
		return
	}
	v := facts.Arg{Kind: facts.ArgFrame, Param: fr.Param, Span: fr.Calls[len(fr.Calls)-1].Call.Span}
	v.SetTransforms(pre)
	e := l.extra(p)
	e.Fills = append(e.Fills, Fill{Fact: facts.FactWrite, At: fr.At, Field: facts.HoleReturned, Value: v})
}

// returned puts the steps a frame's calls took (HoleReturned's argument)
// before write w's own.
func returned(w *facts.Write, a facts.Arg) {
	if a.Kind != facts.ArgFrame {
		return
	}
	ts := make([]facts.Transform, 0, len(a.Transforms())+len(w.Transforms))
	w.Transforms = cutSteps(append(append(ts, a.Transforms()...), w.Transforms...))
	w.FrameFromHelper = false
	if a.Param > 0 {
		w.FrameFromCaller = true // the steps start from the caller's DataFrame
	}
	if !a.Span.Foreign() {
		w.FrameCall = a.Span // zero when the call is in another file
	}
}

// framedOf is the Frame of the function's write w, nil when none.
func (in *instance) framedOf(w *facts.Write) *facts.Frame {
	for i := range in.fn.Framed {
		if fr := &in.fn.Framed[i]; fr.At == w.Span && len(fr.Calls) > 0 {
			return fr
		}
	}
	return nil
}

// frameArg is the binding of the parameter frame fr starts from, and
// whether the call gives it a DataFrame.
func (in *instance) frameArg(fr *facts.Frame) (bound, bool) {
	if fr.Param < 1 || fr.Param > len(in.args) {
		return bound{}, false
	}
	b := in.args[fr.Param-1]
	return b, b.ok && b.a.Kind == facts.ArgFrame
}

// reframe puts, on the copy w of the function's write for file dst, the
// steps the calls of its frame fr take before its own, with those of the
// DataFrame the call gives fr.Param (unless onlyDefaults).
func (in *instance) reframe(w *facts.Write, fr *facts.Frame, dst string, onlyDefaults bool) {
	var base []facts.Transform
	b, given := in.frameArg(fr)
	if given = given && (!onlyDefaults || b.deflt); given {
		a := b.a
		if b.home != dst {
			a = copyArg(a, b.home)
		}
		base = a.Transforms()
	}
	pre, ok := in.l.frameSteps(in.home, dst, fr, base, maxDepth)
	if !ok {
		return
	}
	v := facts.Arg{Kind: facts.ArgFrame}
	if fr.Param > 0 && !given {
		v.Param = fr.Param
	}
	if in.home == dst {
		v.Span = fr.Calls[len(fr.Calls)-1].Call.Span // else the helper's own write cites it
	}
	v.SetTransforms(pre)
	returned(w, v)
}
