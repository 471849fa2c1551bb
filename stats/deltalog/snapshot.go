package deltalog

import (
	"encoding/json"
	"iter"
	"strings"
	"time"

	"github.com/lakelint/lakelint/stats"
)

// Snapshot is a table's state at its latest version, rebuilt from the log.
type Snapshot struct {
	Location  string
	Version   int64
	FetchedAt time.Time
	Metadata  Metadata
	Protocol  Protocol
	// Domains maps each live metadata domain to its configuration.
	Domains map[string]string
	// AppTransactions maps streaming/application ids to their last version.
	AppTransactions map[string]int64
	// Checkpoint is where the replay started; nil when it replayed JSON
	// commits from version 0.
	Checkpoint *CheckpointInfo
	// LastCheckpoint is the _last_checkpoint hint, nil when absent or unreadable.
	LastCheckpoint *LastCheckpoint
	// Commits holds the commitInfo of the JSON commits read, oldest first.
	// Commits removed by log cleanup, or beyond the history limit, are absent.
	Commits []stats.Commit
	// Tombstones counts remove actions still retained for VACUUM.
	Tombstones int64

	files fileTable
}

// File is one live data file.
type File struct {
	Path string // URI-decoded, relative to the table root unless absolute
	Size int64
	// Partition holds the file's partition values in the order of
	// Metadata.PartitionColumns; nil means null. Shared between files with
	// the same values: do not modify.
	Partition         []*string
	HasDeletionVector bool
}

func (s *Snapshot) fill(r *replay) {
	s.Metadata = *r.meta
	s.Protocol = *r.proto
	s.Domains = make(map[string]string, len(r.domains))
	for name, d := range r.domains {
		s.Domains[name] = d.Configuration
	}
	s.AppTransactions = r.txns
	s.Commits = r.commits
	s.Tombstones = r.tombstones
	s.files = r.files
}

// NumFiles is the number of live files.
func (s *Snapshot) NumFiles() int { return s.files.recs.n }

// SizeInBytes is the total size of the live files.
func (s *Snapshot) SizeInBytes() int64 { return s.files.bytes }

// DeletionVectors returns how many live files carry a deletion vector and
// how many rows those vectors delete.
func (s *Snapshot) DeletionVectors() (files, deletedRows int64) {
	return s.files.dvs, s.files.dvRows
}

// Files iterates over the live files. Each Path is built on demand, so
// ranging over a million files allocates only as much as the caller keeps.
func (s *Snapshot) Files() iter.Seq[File] {
	return func(yield func(File) bool) {
		for rec := range s.files.recs.all {
			f := File{
				Path:              s.files.arena.get(rec.path),
				Size:              rec.size,
				Partition:         s.files.parts.tuples[rec.part],
				HasDeletionVector: rec.dv,
			}
			if !yield(f) {
				return
			}
		}
	}
}

// ColumnMappingMode is "none", "name" or "id".
func (s *Snapshot) ColumnMappingMode() string {
	if m := s.Metadata.Configuration[propColumnMappingMode]; m != "" {
		return m
	}
	return "none"
}

const (
	domainClustering     = "delta.clustering"
	domainLiquidPreview  = "delta.liquid"                   // pre-GA liquid clustering
	propLiquidClustering = "delta.liquid.clusteringColumns" // pre-GA liquid clustering
)

// ClusteringColumns returns the liquid clustering columns by display name,
// nested ones joined with ".". GA tables record them in the delta.clustering
// domain as column paths (physical names under column mapping); tables
// from the preview used the delta.liquid domain and a comma-separated table
// property.
func (s *Snapshot) ClusteringColumns() []string {
	for _, domain := range []string{domainClustering, domainLiquidPreview} {
		if cfg, ok := s.Domains[domain]; ok {
			return clusteringFromDomain(cfg, newColumnNames(&s.Metadata))
		}
	}
	out := []string{}
	for c := range strings.SplitSeq(s.Metadata.Configuration[propLiquidClustering], ",") {
		if c = strings.TrimSpace(c); c != "" {
			out = append(out, c)
		}
	}
	return out
}

// clusteringFromDomain reads {"clusteringColumns": [...]} whose entries are
// a path (["a","b"]), a bare name ("a", the spec's example) or, in the
// preview domain, {"physicalName": ["a"]}.
func clusteringFromDomain(cfg string, names columnNames) []string {
	out := []string{}
	var d struct {
		ClusteringColumns []json.RawMessage `json:"clusteringColumns"`
	}
	if json.Unmarshal([]byte(cfg), &d) != nil {
		return out
	}
	for _, raw := range d.ClusteringColumns {
		var path []string
		var name string
		var preview struct {
			PhysicalName []string `json:"physicalName"`
		}
		switch {
		case json.Unmarshal(raw, &path) == nil:
		case json.Unmarshal(raw, &name) == nil:
			path = []string{name}
		case json.Unmarshal(raw, &preview) == nil:
			path = preview.PhysicalName
		}
		if len(path) > 0 {
			out = append(out, names.logicalPath(path))
		}
	}
	return out
}
