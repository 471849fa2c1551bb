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
package deltalog
