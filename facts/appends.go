package facts

import "strings"

// Appends reports whether a batch write adds files to what its target
// holds: mode("append"), writeTo(...).append(), insertInto without
// overwrite, write_deltalake(mode="append"). Streams, rewrites (MERGE,
// UPDATE, DELETE), overwrites and writes whose mode is unknown do not.
func (w *Write) Appends() bool {
	mode := strings.ToLower(strings.TrimSpace(w.Mode.Str))
	switch w.API {
	case DataFrameWriter:
		if w.Sink == "insertInto" {
			return !w.Mode.Known() || mode == "append"
		}
		return w.Mode.Kind == String && mode == "append"
	case DataFrameWriterV2:
		return w.Sink == "append"
	case DeltaRSWrite:
		return w.Mode.Kind == String && mode == "append"
	case SQLInsert:
		return w.Sink == "INSERT INTO"
	}
	return false
}

// Overwrites reports whether a batch write replaces what its target held
// (mode("overwrite"), writeTo(...).overwrite/replace/createOrReplace,
// INSERT OVERWRITE): each run leaves the files it writes, not those plus
// the last run's. Unknown modes do not count.
func (w *Write) Overwrites() bool {
	mode := strings.ToLower(strings.TrimSpace(w.Mode.Str))
	switch w.API {
	case DataFrameWriter, DeltaRSWrite:
		return w.Mode.Kind == String && mode == "overwrite"
	case DataFrameWriterV2:
		switch w.Sink {
		case "overwrite", "overwritePartitions", "replace", "createOrReplace":
			return true
		}
	case SQLInsert:
		return w.Sink == "INSERT OVERWRITE"
	}
	return false
}

// Accumulates reports whether every run of the write commits files to a
// table that keeps what it held: an append, or a MERGE, which rewrites the
// files its matches touch and adds new ones for its inserts.
func (w *Write) Accumulates() bool {
	return w.Appends() || w.API == DeltaTableMerge || w.API == SQLMerge
}
