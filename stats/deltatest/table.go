// Package deltatest writes real Delta tables for tests: JSON commits,
// optional Parquet checkpoints and optional data files, so readers can be
// tested against tables whose contents the test chose.
package deltatest

import (
	"time"
)

// Table describes a Delta table to write.
type Table struct {
	// Columns is the schema. Partition columns missing from it are added as
	// strings; an empty schema gets an "id" long column.
	Columns          []Column
	PartitionColumns []string
	Configuration    map[string]string
	// Protocol defaults to reader 1 / writer 2.
	Protocol *Protocol
	// Commits are written as versions 0, 1, 2, ... Commit 0 also carries the
	// protocol and metaData actions.
	Commits []Commit
	// Checkpoint, if set, writes a checkpoint of the state after one commit.
	Checkpoint *Checkpoint
	// DataFiles creates each added file at its size (sparse, zero-filled).
	DataFiles bool
}

// Column is one top-level schema column.
type Column struct {
	Name string
	Type string // Delta type name: "long", "string", "date", ...
	// PhysicalName is used when the table enables column mapping
	// (delta.columnMapping.mode); partition values are then keyed by it.
	PhysicalName string
}

// Protocol is the protocol action written at version 0.
type Protocol struct {
	MinReaderVersion int      `json:"minReaderVersion"`
	MinWriterVersion int      `json:"minWriterVersion"`
	ReaderFeatures   []string `json:"readerFeatures,omitempty"`
	WriterFeatures   []string `json:"writerFeatures,omitempty"`
}

// Commit is one JSON commit.
type Commit struct {
	Operation  string // default "WRITE"
	Metrics    map[string]string
	Parameters map[string]string
	// Timestamp defaults to 2024-01-01 plus one minute per version.
	Timestamp time.Time
	Adds      []File
	Removes   []File
	// Configuration, when non-nil, replaces the table properties with a new
	// metaData action in this commit.
	Configuration map[string]string
	Domains       []Domain
}

// File is an add or remove. Path is the plain file path relative to the
// table root; the writer URI-encodes it in the log as Delta does.
type File struct {
	Path string
	Size int64
	// Partition maps display column names to values; a missing column or
	// an empty value is null. Files may share one map.
	Partition      map[string]string
	DeletionVector *DeletionVector
	// Stats is the per-file statistics JSON, written as is.
	Stats string
	// Tags are the add's tags, as Databricks writes them (INSERTION_TIME…).
	Tags map[string]string
}

// DeletionVector is an add's deletion vector descriptor.
type DeletionVector struct {
	StorageType    string // "u", "p" or "i"
	PathOrInlineDv string
	Offset         *int32
	SizeInBytes    int32
	Cardinality    int64
}

// Domain is a domainMetadata action.
type Domain struct {
	Name          string
	Configuration string
	Removed       bool
}

// Checkpoint describes a classic (single-file) or multi-part checkpoint.
type Checkpoint struct {
	Version int64 // the state after this commit is checkpointed
	Parts   int   // > 1 writes a multi-part checkpoint
	// CleanUp skips writing the JSON commits the checkpoint covers, as
	// Delta's log cleanup would have deleted them.
	CleanUp bool
	// NoLastCheckpoint skips writing _delta_log/_last_checkpoint.
	NoLastCheckpoint bool
	// RowGroupRows caps rows per Parquet row group (default 100,000).
	RowGroupRows int
}

var baseTime = time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)

func (c *Commit) timestamp(version int) time.Time {
	if !c.Timestamp.IsZero() {
		return c.Timestamp
	}
	return baseTime.Add(time.Duration(version) * time.Minute)
}
