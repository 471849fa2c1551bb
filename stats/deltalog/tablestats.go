package deltalog

import (
	"maps"
	"slices"

	"github.com/lakelint/lakelint/stats"
)

// Stats summarises the snapshot as a stats.Table. threshold is the small
// file size; <= 0 means stats.DefaultSmallFileThreshold.
func (s *Snapshot) Stats(threshold int64) *stats.Table {
	t := &stats.Table{
		Location:          s.Location,
		Format:            "delta",
		Version:           s.Version,
		Source:            "delta-log",
		FetchedAt:         s.FetchedAt,
		NumFiles:          int64(s.NumFiles()),
		SizeInBytes:       s.SizeInBytes(),
		PartitionColumns:  append([]string{}, s.Metadata.PartitionColumns...),
		ClusteringColumns: s.ClusteringColumns(),
		Properties:        maps.Clone(s.Metadata.Configuration),
		MinReaderVersion:  s.Protocol.MinReaderVersion,
		MinWriterVersion:  s.Protocol.MinWriterVersion,
		ReaderFeatures:    slices.Clone(s.Protocol.ReaderFeatures),
		WriterFeatures:    slices.Clone(s.Protocol.WriterFeatures),
		History:           stats.SummarizeHistory(s.Commits),
	}
	if t.Properties == nil {
		t.Properties = map[string]string{}
	}

	sizes := make([]int64, 0, s.files.recs.n)
	perTuple := make([]stats.PartitionTuple, len(s.files.parts.tuples))
	for rec := range s.files.recs.all {
		sizes = append(sizes, rec.size)
		pt := &perTuple[rec.part]
		pt.Files++
		pt.Bytes += rec.size
	}
	for i := range perTuple {
		perTuple[i].Values = s.files.parts.tuples[i]
	}
	t.Sizes = stats.NewSizeDistribution(sizes, threshold)
	t.Partitions = stats.SummarizePartitions(t.PartitionColumns, perTuple)
	return t
}
