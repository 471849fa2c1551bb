// Package stats describes the live state of a table: its files, partitions,
// properties and recent history. Sources (a Delta log read directly, a
// Databricks workspace, a snapshot file) fill a Table; rules read it.
package stats

import "time"

// DefaultSmallFileThreshold is the file size below which a file counts as small.
const DefaultSmallFileThreshold = 32 << 20

// Table is what lakelint knows about one table's current state. Field names
// follow DESCRIBE DETAIL where one exists, so the JSON form reads familiarly.
type Table struct {
	Name      string    `json:"name,omitempty"`     // the name asked for, if any
	Location  string    `json:"location,omitempty"` // storage location (path or URL)
	Format    string    `json:"format,omitempty"`   // "delta"
	Version   int64     `json:"version"`            // latest table version
	Source    string    `json:"source"`             // "delta-log", "databricks", "snapshot"
	FetchedAt time.Time `json:"fetchedAt,omitempty"`

	NumFiles    int64 `json:"numFiles"`
	SizeInBytes int64 `json:"sizeInBytes"`
	// Sizes is the file-size distribution; nil when the source has no per-file sizes
	// (for example DESCRIBE DETAIL alone).
	Sizes *SizeDistribution `json:"fileSizes,omitempty"`

	PartitionColumns  []string `json:"partitionColumns"`
	ClusteringColumns []string `json:"clusteringColumns"`
	// Partitions summarises files per distinct partition tuple; nil when unknown.
	Partitions *PartitionSummary `json:"partitions,omitempty"`

	Properties       map[string]string `json:"properties"`
	MinReaderVersion int               `json:"minReaderVersion"`
	MinWriterVersion int               `json:"minWriterVersion"`
	ReaderFeatures   []string          `json:"readerFeatures,omitempty"`
	WriterFeatures   []string          `json:"writerFeatures,omitempty"`

	History *History `json:"history,omitempty"`
}

// SizeDistribution is the spread of live data file sizes, in bytes.
// Percentiles are nearest-rank: sorted[ceil(q*n)-1].
type SizeDistribution struct {
	Min int64 `json:"min"`
	P10 int64 `json:"p10"`
	P50 int64 `json:"p50"`
	P90 int64 `json:"p90"`
	Max int64 `json:"max"`
	// SmallThreshold is the threshold used for SmallCount; SmallShare is SmallCount/NumFiles.
	SmallThreshold int64   `json:"smallThreshold"`
	SmallCount     int64   `json:"smallCount"`
	SmallShare     float64 `json:"smallShare"`
	// Histogram buckets by powers of two, for terminal drawing.
	Histogram []Bucket `json:"histogram,omitempty"`
}

// Bucket counts files whose size is in [Lower, Upper).
type Bucket struct {
	Lower int64 `json:"lower"`
	Upper int64 `json:"upper"`
	Count int64 `json:"count"`
}

// PartitionSummary is how files spread over partition values.
type PartitionSummary struct {
	Distinct          int64            `json:"distinct"`                // distinct partition tuples
	DistinctPerColumn map[string]int64 `json:"distinctPerColumn"`       // by display column name
	MedianFiles       int64            `json:"medianFilesPerPartition"` // files in the median partition
	MaxFiles          int64            `json:"maxFilesPerPartition"`
	MedianBytes       int64            `json:"medianBytesPerPartition"`     // bytes in the median partition
	LargestPartitions []PartitionCount `json:"largestPartitions,omitempty"` // by file count, at most 10
}

// PartitionCount is one partition tuple ("year=2024/month=1") and its files.
type PartitionCount struct {
	Values string `json:"values"`
	Files  int64  `json:"files"`
	Bytes  int64  `json:"bytes"`
}

// History summarises the retained commits.
type History struct {
	Commits      int              `json:"commits"`    // commits whose info was available
	Operations   map[string]int   `json:"operations"` // count by operation, e.g. "WRITE", "STREAMING UPDATE"
	Streaming    StreamingSummary `json:"streaming"`
	LastOptimize *Commit          `json:"lastOptimize,omitempty"`
	LastVacuum   *Commit          `json:"lastVacuum,omitempty"`
	Recent       []Commit         `json:"recent,omitempty"` // newest first, at most 20
}

// StreamingSummary describes STREAMING UPDATE commits in the retained history.
type StreamingSummary struct {
	Commits            int     `json:"commits"`
	WithMetrics        int     `json:"commitsWithMetrics"`
	MedianAddedFiles   float64 `json:"medianAddedFiles"`
	MedianOutputRows   float64 `json:"medianOutputRows"`
	MedianBytesPerFile float64 `json:"medianBytesPerFile"` // numOutputBytes/numAddedFiles, median over commits
}

// Commit is one history entry.
type Commit struct {
	Version    int64             `json:"version"`
	Timestamp  time.Time         `json:"timestamp,omitempty"`
	Operation  string            `json:"operation"`
	Metrics    map[string]string `json:"operationMetrics,omitempty"`
	Parameters map[string]string `json:"operationParameters,omitempty"`
}
