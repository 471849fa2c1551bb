package engine

import "github.com/lakelint/lakelint/facts"

// markVia records on each write a call adds the call it comes from, so
// rules tell a helper's write applied at a call from the helper's own, and
// see which stream a foreachBatch function's writes belong to.
func markVia(call *facts.Call, w *facts.Write) {
	w.Via = &facts.Via{Call: call.Span, ForeachBatch: call.Kind == "foreachBatch"}
}
