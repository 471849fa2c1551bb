package deltatest

import (
	"fmt"
	"strconv"
)

// Files returns n files of the given size under dir ("" for the table
// root), named like Spark names them and unique per dir and seq.
func Files(dir string, seq, n int, size int64) []File {
	out := make([]File, n)
	for i := range out {
		name := fmt.Sprintf("part-%05d-%08x-0000-4000-8000-%012x.c000.snappy.parquet", i, seq, i)
		if dir != "" {
			name = dir + "/" + name
		}
		out[i] = File{Path: name, Size: size}
	}
	return out
}

// StreamingCommits returns n STREAMING UPDATE commits, each adding
// filesPer files of size bytes and reporting rowsPer output rows, with the
// operationMetrics Delta writes for streaming appends.
func StreamingCommits(n, filesPer int, size, rowsPer int64) []Commit {
	out := make([]Commit, n)
	for i := range out {
		out[i] = Commit{
			Operation:  "STREAMING UPDATE",
			Parameters: map[string]string{"outputMode": "Append", "queryId": "6c6b6c74-5354-5245-414d-000000000001", "epochId": strconv.Itoa(i)},
			Metrics: map[string]string{
				"numAddedFiles":   strconv.Itoa(filesPer),
				"numRemovedFiles": "0",
				"numOutputRows":   strconv.FormatInt(rowsPer, 10),
				"numOutputBytes":  strconv.FormatInt(size*int64(filesPer), 10),
			},
			Adds: Files("", 1_000_000+i, filesPer, size),
		}
	}
	return out
}
