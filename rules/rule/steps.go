package rule

import "github.com/lakelint/lakelint/facts"

// StepAt is where a finding about step t of the DataFrame write w writes
// is reported: t itself, or, when t is a step of a helper of another file
// that gave the DataFrame back (def one(df): return df.coalesce(1), called
// as one(df).write...), the call of the helper in this file
// (facts.Write.FrameCall), with t cited as related evidence. helper says
// it is the call; its finding has no fix here, since the step is the
// helper's, for every caller.
func StepAt(w *facts.Write, t *facts.Transform, what string) (at facts.Span, related []Related, helper bool) {
	if !t.Span.Foreign() || w.FrameCall == (facts.Span{}) || w.FrameCall.Foreign() {
		return t.Span, nil, false
	}
	return w.FrameCall, []Related{{At: t.Span, Message: what}}, true
}
