package deltalog

import (
	"context"
	"encoding/json"
)

// LastCheckpoint is the _last_checkpoint hint as found. The reader does not
// trust it (listing decides); it is kept so a linter can report a stale one.
type LastCheckpoint struct {
	Version       int64 `json:"version"`
	Size          int64 `json:"size"`  // actions in the checkpoint
	Parts         int   `json:"parts"` // 0 unless multi-part
	SizeInBytes   int64 `json:"sizeInBytes"`
	NumOfAddFiles int64 `json:"numOfAddFiles"`
}

// readLastCheckpoint returns the hint, or nil when it is absent or
// unreadable: a hint must never stop a read.
func readLastCheckpoint(ctx context.Context, store Storage) *LastCheckpoint {
	data, err := ReadAll(ctx, store, logDir+"/"+lastCPName)
	if err != nil {
		return nil
	}
	var raw struct {
		LastCheckpoint
		SizeInBytesSnake int64 `json:"size_in_bytes"` // delta-rs spelling
	}
	if json.Unmarshal(data, &raw) != nil {
		return nil
	}
	if raw.SizeInBytes == 0 {
		raw.SizeInBytes = raw.SizeInBytesSnake
	}
	return &raw.LastCheckpoint
}
