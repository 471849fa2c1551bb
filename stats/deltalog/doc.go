// Package deltalog rebuilds a Delta table's current snapshot from its
// _delta_log alone — no Spark, no JVM, no data files — and summarises it as
// a stats.Table.
//
// The newest complete checkpoint is found by listing the log (classic,
// multi-part, or UUID-named V2 with sidecars); _last_checkpoint is only
// recorded, since it may be stale. The JSON commits after the checkpoint
// are applied first and the checkpoint is then streamed, keeping only what
// no later commit touched, so memory grows with the live files rather than
// with every key in the checkpoint. Log compaction files are ignored: the
// commits they summarise are read instead.
//
// A log without a recent checkpoint can hold millions of add and remove
// actions in JSON. Commits are streamed line by line (small ones read
// ahead whole, a few at a time), add and remove lines are picked apart by a
// scanner that skips per-file stats without decoding them (anything unusual
// goes to encoding/json), and each file costs its path bytes plus a few
// dozen bytes of pointer-free records.
package deltalog
